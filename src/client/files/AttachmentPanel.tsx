/**
 * A voucher's attachments (附件): upload (the spec's extensions and 50 MB, checked here before
 * sending and again by the server with the content), the list with size, preview for images and
 * PDFs (pdfjs-dist), download and delete. A voucher not yet saved keeps its uploads unattached;
 * the editor passes their ids back here and attaches them after saving (attachFiles).
 */
import { useEffect, useRef, useState } from 'react';
import type { FileRelation } from '../../shared/api/files.js';
import {
  checkUploadName,
  extensionOf,
  FileMessages,
  previewKindOf,
  UPLOAD_ACCEPT,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_FILES,
} from '../../shared/files/upload-rules.js';
import { messageBox } from '../message-box/message-box.js';
import { deleteFile, downloadFile, listFilesById, listVoucherFiles, uploadFiles } from './files-api.js';
import { FilePreview } from './FilePreview.js';
import './files.css';

interface Props {
  /** The saved voucher, or null while it is new. */
  voucherId: string | null;
  /** Uploads of a voucher not yet saved (ids the editor keeps). */
  pendingFileIds?: readonly string[];
  /** Upload and delete hidden (reviewed or booked voucher, or no right to edit). */
  readOnly?: boolean;
  /** The list changed: the files, and the voucher's attached-document count when the server says it. */
  onChange?: (files: FileRelation[], numberOfDocument: number | null) => void;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function AttachmentPanel({ voucherId, pendingFileIds = [], readOnly = false, onChange }: Props) {
  const [files, setFiles] = useState<FileRelation[]>([]);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<FileRelation | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const pendingKey = pendingFileIds.join(',');

  useEffect(() => {
    let current = true;
    const load = voucherId ? listVoucherFiles(voucherId) : listFilesById(pendingKey ? pendingKey.split(',') : []);
    load.then(
      (list) => current && setFiles(list),
      () => current && setFiles([]),
    );
    return () => {
      current = false;
    };
  }, [voucherId, pendingKey]);

  const upload = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    if (chosen.length > UPLOAD_MAX_FILES) return void messageBox.alert(FileMessages.tooMany, { tone: 'warning' });
    for (const file of chosen) {
      const problem = checkUploadName(file.name, file.size);
      if (problem) return void messageBox.alert(problem, { tone: 'warning' });
    }
    setBusy(true);
    try {
      const stored = await uploadFiles(chosen, voucherId);
      const list = voucherId ? await listVoucherFiles(voucherId) : [...files, ...stored];
      setFiles(list);
      onChange?.(list, voucherId ? list.length : null);
    } catch {
      // the request wrapper has shown the server's message
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async (file: FileRelation) => {
    try {
      await messageBox.confirm(`确定删除附件“${file.name}”吗？`);
    } catch {
      return;
    }
    try {
      const answer = await deleteFile(file.fileId);
      const list = files.filter((f) => f.fileId !== file.fileId);
      setFiles(list);
      onChange?.(list, answer.numberOfDocument);
    } catch {
      // shown by the request wrapper
    }
  };

  return (
    <section className="attachment-panel" aria-label="附件">
      <div className="attachment-head">
        <span className="attachment-title">附件（{files.length}）</span>
        {!readOnly && (
          <>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => input.current?.click()}>
              {busy ? '上传中…' : '上传附件'}
            </button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept={UPLOAD_ACCEPT}
              data-testid="attachment-input"
              onChange={(e) => void upload([...(e.target.files ?? [])])}
            />
            <span className="muted attachment-hint">支持{UPLOAD_EXTENSIONS.join('、')}，单个文件不超过50M</span>
          </>
        )}
      </div>
      {files.length === 0 ? (
        <p className="muted attachment-empty">暂无附件</p>
      ) : (
        <table className="attachment-list">
          <tbody>
            {files.map((f) => (
              <tr key={f.fileId} data-file-id={f.fileId}>
                <td className="attachment-name">
                  {previewKindOf(extensionOf(f.name)) ? (
                    <button type="button" className="link-button" title="预览" onClick={() => setPreview(f)}>
                      {f.name}
                    </button>
                  ) : (
                    f.name
                  )}
                </td>
                <td className="attachment-size">{formatSize(f.size)}</td>
                <td className="attachment-actions">
                  <button type="button" className="link-button" onClick={() => void downloadFile(f)}>
                    下载
                  </button>
                  {!readOnly && f.canRemove && (
                    <button type="button" className="link-button danger" onClick={() => void remove(f)}>
                      删除
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview && <FilePreview file={preview} onClose={() => setPreview(null)} />}
    </section>
  );
}
