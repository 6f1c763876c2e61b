/**
 * 打印凭证: the selected vouchers as the server lays them out (PDF), previewed with pdfjs-dist.
 * The paper is A4 (two vouchers a sheet) or the 240 × 140 mm voucher paper; the choice is kept
 * for next time. 打印 hands the PDF to the browser's print dialog; 下载PDF saves it.
 */
import { useEffect, useRef, useState } from 'react';
import { PRINT_PAPERS, PRINT_PAPER_NAMES, type PrintPaper } from '../../shared/api/files.js';
import { downloadBlob } from '../grid/export-xlsx.js';
import { fetchVoucherPdf, savedPaper, savePaper } from './print-api.js';
import { PdfViewer } from './PdfViewer.js';
import { printPdf } from './print-pdf.js';
import './print.css';

interface Props {
  /** Voucher ids in print order. */
  ids: readonly string[];
  onClose: () => void;
}

export function PrintDialog({ ids, onClose }: Props) {
  const [paper, setPaper] = useState<PrintPaper>(savedPaper);
  const key = `${paper}:${ids.join(',')}`;
  const [result, setResult] = useState<{ key: string; pdf: Uint8Array | null; failed: boolean } | null>(null);
  const pdf = result?.key === key ? result.pdf : null;
  const failed = result?.key === key && result.failed;
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => dialogRef.current?.focus(), []);
  useEffect(() => {
    let current = true;
    fetchVoucherPdf(ids, paper).then(
      (bytes) => current && setResult({ key, pdf: bytes, failed: false }),
      () => current && setResult({ key, pdf: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [ids, paper, key]);

  const choose = (next: PrintPaper) => {
    savePaper(next);
    setPaper(next);
  };

  return (
    <div className="mb-overlay">
      <div
        ref={dialogRef}
        tabIndex={-1}
        className="dialog print-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="print-dialog-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="mb-header">
          <span id="print-dialog-title" className="mb-title">
            打印凭证（{ids.length} 张）
          </span>
          <button type="button" className="mb-x" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="print-toolbar">
          <fieldset className="print-paper">
            <legend>纸张</legend>
            {PRINT_PAPERS.map((p) => (
              <label key={p}>
                <input type="radio" name="print-paper" value={p} checked={paper === p} onChange={() => choose(p)} />
                {PRINT_PAPER_NAMES[p]}
              </label>
            ))}
          </fieldset>
          <span className="print-actions">
            <button type="button" className="btn btn-primary" disabled={!pdf} onClick={() => pdf && printPdf(pdf)}>
              打印
            </button>
            <button
              type="button"
              className="btn"
              disabled={!pdf}
              onClick={() =>
                pdf && downloadBlob(new Blob([pdf.slice()], { type: 'application/pdf' }), `记账凭证_${ids.length}张.pdf`)
              }
            >
              下载PDF
            </button>
          </span>
        </div>
        <div className="print-preview" aria-label="打印预览">
          {failed && <p role="alert">凭证打印文件生成失败。</p>}
          {!pdf && !failed && <p className="muted">正在生成打印文件…</p>}
          {pdf && <PdfViewer data={pdf} width={paper === 'a4' ? 620 : 760} />}
        </div>
      </div>
    </div>
  );
}
