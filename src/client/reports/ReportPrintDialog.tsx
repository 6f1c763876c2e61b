/**
 * 打印报表: the report as the server lays it out (PDF, A4, the form's layout), previewed with
 * pdfjs-dist. 打印 hands the PDF to the browser's print dialog; 下载PDF saves it.
 */
import { useEffect, useRef, useState } from 'react';
import { downloadBlob } from '../grid/export-xlsx.js';
import { PdfViewer } from '../print/PdfViewer.js';
import '../print/print.css';

interface Props {
  title: string;
  fileName: string;
  load: () => Promise<Uint8Array>;
  onClose: () => void;
}

function printPdf(pdf: Uint8Array): void {
  const url = URL.createObjectURL(new Blob([pdf.slice()], { type: 'application/pdf' }));
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.src = url;
  frame.onload = () => frame.contentWindow?.print();
  document.body.appendChild(frame);
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, 60_000);
}

export function ReportPrintDialog({ title, fileName, load, onClose }: Props) {
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
        aria-labelledby="report-print-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="mb-header">
          <span id="report-print-title" className="mb-title">
            打印{title}
          </span>
          <button type="button" className="mb-x" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="print-toolbar">
          <span className="muted">A4 纵向</span>
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
          {failed && <p role="alert">报表打印文件生成失败。</p>}
          {!pdf && !failed && <p className="muted">正在生成打印文件…</p>}
          {pdf && <PdfViewer data={pdf} width={620} />}
        </div>
      </div>
    </div>
  );
}
