/** Preview of one attachment in the browser: an image as it is, a PDF through pdfjs-dist. */
import { useEffect, useState } from 'react';
import type { FileRelation } from '../../shared/api/files.js';
import { extensionOf, previewKindOf } from '../../shared/files/upload-rules.js';
import { ViewDialog } from '../message-box/ViewDialog.js';
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
    <ViewDialog
      title={file.name}
      className="file-preview"
      tools={
        <button type="button" className="btn" onClick={() => void downloadFile(file)}>
          下载
        </button>
      }
      onClose={onClose}
    >
      <div className="file-preview-body">
        {failed && <p role="alert">附件加载失败。</p>}
        {image && <img src={image} alt={file.name} className="file-preview-image" />}
        {pdf && <PdfViewer data={pdf} width={720} />}
      </div>
    </ViewDialog>
  );
}
