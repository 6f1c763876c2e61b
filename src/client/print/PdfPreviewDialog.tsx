/**
 * Print preview of a PDF the server lays out (trial balance, ledgers): previewed with pdfjs-dist;
 * 打印 hands the PDF to the browser's print dialog, 下载PDF saves it. Generic: the caller gives the
 * title, the paper's description and how to load the bytes.
 */
import { useState } from 'react';
import { ViewDialog } from '../message-box/ViewDialog.js';
import { PdfPrintPane } from './PdfPrintPane.js';
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
  // The first load only: callers pass a new function each render.
  const [loader] = useState(() => load);
  return (
    <ViewDialog title={`打印${title}`} className="print-dialog" onClose={onClose}>
      <PdfPrintPane load={loader} fileName={fileName} width={paper.includes('横') ? 760 : 620} failedText="打印文件生成失败。">
        <span className="muted">{paper}</span>
      </PdfPrintPane>
    </ViewDialog>
  );
}
