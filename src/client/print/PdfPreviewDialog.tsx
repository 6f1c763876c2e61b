/**
 * Print preview of a PDF the server lays out (trial balance, ledgers): previewed with pdfjs-dist;
 * 打印 hands the PDF to the browser's print dialog, 下载PDF saves it. Generic: the caller gives the
 * title, the paper's description and how to load the bytes.
 */
import { useEffect, useRef, useState } from 'react';
import { downloadBlob } from '../grid/export-xlsx.js';
import { PdfViewer } from './PdfViewer.js';
import { printPdf } from './print-pdf.js';
import './print.css';

interface Props {
  title: string;
  fileName: string;
  /** The paper, shown in the toolbar (e.g. 'A4 横向'). */
  paper: string;
  load: () => Promise<Uint8Array>;
  onClose: () => void;
}

export function PdfPreviewDialog({ title, fileName, paper, load, onClose }: Props) {
  const [pdf, setPdf] = useState<Uint8Array | null>(null);
  const [failed, setFailed] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const [loader] = useState(() => load);

  useEffect(() => dialogRef.current?.focus(), []);
  useEffect(() => {
    let current = true;
    loader().then(
      (bytes) => current && setPdf(bytes),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [loader]);

  return (
    <div className="mb-overlay">
      <div
        ref={dialogRef}
        tabIndex={-1}
        className="dialog print-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="pdf-preview-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="mb-header">
          <span id="pdf-preview-title" className="mb-title">
            打印{title}
          </span>
          <button type="button" className="mb-x" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="print-toolbar">
          <span className="muted">{paper}</span>
          <span className="print-actions">
            <button type="button" className="btn btn-primary" disabled={!pdf} onClick={() => pdf && printPdf(pdf)}>
              打印
            </button>
            <button
              type="button"
              className="btn"
              disabled={!pdf}
              onClick={() => pdf && downloadBlob(new Blob([pdf.slice()], { type: 'application/pdf' }), fileName)}
            >
              下载PDF
            </button>
          </span>
        </div>
        <div className="print-preview" aria-label="打印预览">
          {failed && <p role="alert">打印文件生成失败。</p>}
          {!pdf && !failed && <p className="muted">正在生成打印文件…</p>}
          {pdf && <PdfViewer data={pdf} width={paper.includes('横') ? 760 : 620} />}
        </div>
      </div>
    </div>
  );
}
