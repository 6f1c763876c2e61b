/**
 * 打印凭证: the selected vouchers as the server lays them out (PDF), previewed with pdfjs-dist.
 * The paper is A4 (two vouchers a sheet) or the 240 × 140 mm voucher paper; the choice is kept
 * for next time, as is 金额线 (the user's own choice, shared with 凭证录入). 打印 hands the PDF to the browser's print dialog; 下载PDF saves it.
 */
import { useCallback, useState } from 'react';
import { PRINT_PAPERS, PRINT_PAPER_NAMES, type PrintPaper } from '../../shared/api/files.js';
import { ViewDialog } from '../message-box/ViewDialog.js';
import { fetchVoucherPdf, savedPaper, savePaper } from './print-api.js';
import { PdfPrintPane } from './PdfPrintPane.js';
import { UserPreference, useUserFlag } from '../shell/user-preferences.js';
import './print.css';

interface Props {
  /** Voucher ids in print order. */
  ids: readonly string[];
  onClose: () => void;
}

export function PrintDialog({ ids, onClose }: Props) {
  const [paper, setPaper] = useState<PrintPaper>(savedPaper);
  // 金额线 is the same per-user choice as in 凭证录入: set there or here, it holds for both.
  const [moneyLines, setMoneyLines] = useUserFlag(UserPreference.voucherMoneyLines);
  const load = useCallback(() => fetchVoucherPdf(ids, paper, moneyLines), [ids, paper, moneyLines]);

  const choose = (next: PrintPaper) => {
    savePaper(next);
    setPaper(next);
  };

  return (
    <ViewDialog title={`打印凭证（${ids.length} 张）`} className="print-dialog" onClose={onClose}>
      <PdfPrintPane
        load={load}
        fileName={`记账凭证_${ids.length}张.pdf`}
        width={paper === 'a4' ? 620 : 760}
        failedText="凭证打印文件生成失败。"
      >
        <fieldset className="print-paper">
          <legend>纸张</legend>
          {PRINT_PAPERS.map((p) => (
            <label key={p}>
              <input type="radio" name="print-paper" value={p} checked={paper === p} onChange={() => choose(p)} />
              {PRINT_PAPER_NAMES[p]}
            </label>
          ))}
        </fieldset>
        <label className="print-money-lines">
          <input type="checkbox" checked={moneyLines} onChange={(e) => setMoneyLines(e.target.checked)} />
          金额线
        </label>
      </PdfPrintPane>
    </ViewDialog>
  );
}
