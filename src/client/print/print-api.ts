/** The voucher print call: the PDF of the named vouchers on the chosen paper. */
import type { PrintPaper } from '../../shared/api/files.js';
import { Paths } from '../../shared/api/paths.js';
import { requestBlob } from '../shell/request.js';

export async function fetchVoucherPdf(ids: readonly string[], paper: PrintPaper, moneyLines = false): Promise<Uint8Array> {
  const { blob } = await requestBlob('GET', Paths.certificatePrint, { ids: ids.join(','), paper, moneyLines });
  return new Uint8Array(await blob.arrayBuffer());
}

const PAPER_KEY = 'ufc.printPaper';

/** The paper chosen last time on this browser (A4 at first). */
export function savedPaper(): PrintPaper {
  try {
    return localStorage.getItem(PAPER_KEY) === 'voucher' ? 'voucher' : 'a4';
  } catch {
    return 'a4';
  }
}

export function savePaper(paper: PrintPaper): void {
  try {
    localStorage.setItem(PAPER_KEY, paper);
  } catch {
    // private mode: the choice is not kept
  }
}
