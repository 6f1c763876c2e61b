/** Preview of one attachment in the browser: an image as it is, a PDF through pdfjs-dist. */
import { useEffect, useRef, useState } from 'react';
import type { FileRelation } from '../../shared/api/files.js';
import { extensionOf, previewKindOf } from '../../shared/files/upload-rules.js';
import { PdfViewer } from '../print/PdfViewer.js';
import { downloadFile, fetchFile } from './files-api.js';

interface Props {
  file: FileRelation;
  onClose: () => void;
}

export function FilePreview({ file, onClose }: Props) {
  const kind = previewKindOf(extensionOf(file.name));
  const [image, setImage] = useState<string | null>(null);
  const [pdf, setPdf] = useState<Uint8Array | null>(null);
  const [failed, setFailed] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => dialogRef.current?.focus(), []);
  useEffect(() => {
    let url: string | null = null;
    let current = true;
    fetchFile(file.fileId).then(
      async (blob) => {
        if (!current) return;
        if (kind === 'pdf') setPdf(new Uint8Array(await blob.arrayBuffer()));
        else {
          url = URL.createObjectURL(blob);
          setImage(url);
        }
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.fileId, kind]);

  return (
    <div className="mb-overlay">
      <div
        ref={dialogRef}
        tabIndex={-1}
        className="dialog file-preview"
        role="dialog"
        aria-modal="true"
        aria-labelledby="file-preview-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="mb-header">
          <span id="file-preview-title" className="mb-title">
            {file.name}
          </span>
          <span>
            <button type="button" className="btn" onClick={() => void downloadFile(file)}>
              下载
            </button>
            <button type="button" className="mb-x" aria-label="关闭" onClick={onClose}>
              ×
            </button>
          </span>
        </div>
        <div className="file-preview-body">
          {failed && <p role="alert">附件加载失败。</p>}
          {image && <img src={image} alt={file.name} className="file-preview-image" />}
          {pdf && <PdfViewer data={pdf} width={720} />}
        </div>
      </div>
    </div>
  );
}
