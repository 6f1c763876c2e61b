/**
 * The attachment calls (spec doc 1 section 7 "Files", base /files) and the voucher print call
 * (base /account). Uploads are multipart: field `file` (one or more), optional text field
 * `voucherId` before the files; the answer is the list of stored files. The shapes are declared
 * once as schemas in ./schemas/files.ts, where each field is described.
 */

export type { AttachFilesRequest, FileListQuery, FileRelation, PrintQuery, VoucherFilesResponse } from './schemas/files.js';

/** GET /account/api/certificate/print?ids=1,2&paper=a4|voucher → application/pdf. */
export const PRINT_PAPERS = ['a4', 'voucher'] as const;
export type PrintPaper = (typeof PRINT_PAPERS)[number];
export const PRINT_PAPER_NAMES: Record<PrintPaper, string> = {
  a4: 'A4 (210×297 mm)',
  voucher: '凭证纸 (240×140 mm)',
};
