/**
 * The body of a print preview: a toolbar (the caller's paper part on the left, 打印 and 下载PDF on
 * the right) over the pages, previewed with pdfjs-dist. 打印 hands the PDF to the browser's print
 * dialog, 下载PDF saves it. A new `load` (another paper, say) loads again, and the pages wait for
 * its answer rather than showing the last one's.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { downloadBlob } from '../grid/export-xlsx.js';
import { PdfViewer } from './PdfViewer.js';
import { printPdf } from './print-pdf.js';

type Load = () => Promise<Uint8Array>;

export function PdfPrintPane({
  load,
  fileName,
  width,
  failedText,
  children,
}: {
  load: Load;
  fileName: string;
  /** The pages' width on screen (a landscape sheet wider). */
  width: number;
  failedText: string;
  /** The toolbar's left part: the paper. */
  children: ReactNode;
}) {
  const { pdf, failed } = usePdf(load);
  return (
    <>
      <div className="print-toolbar">
        {children}
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
        {failed && <p role="alert">{failedText}</p>}
        {!pdf && !failed && <p className="muted">正在生成打印文件…</p>}
        {pdf && <PdfViewer data={pdf} width={width} />}
      </div>
    </>
  );
}

/** The bytes `load` answered (null: not yet, or failed), kept with the load they came from. */
function usePdf(load: Load): { pdf: Uint8Array | null; failed: boolean } {
  const [result, setResult] = useState<{ load: Load; pdf: Uint8Array | null } | null>(null);
  useEffect(() => {
    let current = true;
    load().then(
      (pdf) => current && setResult({ load, pdf }),
      () => current && setResult({ load, pdf: null }),
    );
    return () => {
      current = false;
    };
  }, [load]);
  const mine = result?.load === load ? result : null;
  return { pdf: mine?.pdf ?? null, failed: mine !== null && mine.pdf === null };
}
