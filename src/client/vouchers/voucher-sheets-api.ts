/**
 * 导出 of vouchers: the server's 记账凭证 workbook (one sheet per voucher, laid out like the paper
 * voucher, with the subjects' full names and the auxiliary items' names) saved as a download.
 */
import { Paths } from '../../shared/api/paths.js';
import { fileNameOf } from '../accounting/opening-api.js';
import { downloadBlob } from '../grid/export-xlsx.js';
import { requestBlob } from '../shell/request.js';

export async function exportVoucherSheets(ids: readonly string[]): Promise<void> {
  const { blob, headers } = await requestBlob('GET', Paths.certificateSheets, { ids: ids.join(',') });
  const disposition = headers['content-disposition'] as string | undefined;
  downloadBlob(blob, fileNameOf(disposition, `记账凭证_${ids.length}张.xlsx`));
}
