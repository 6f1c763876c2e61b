/**
 * The attachment calls (spec doc 1 section 7 "Files", base /files) and the voucher print call
 * (base /account). Uploads are multipart: field `file` (one or more), optional text field
 * `voucherId` before the files; the answer is the list of stored files.
 */

/** Spec Uploaded file (fileId, name, contentType, fileSuffix, fileSource, isContractFile, url) plus ours. */
export interface FileRelation {
  fileId: string;
  name: string;
  contentType: string;
  fileSuffix: string;
  fileSource: string;
  isContractFile: boolean;
  /** Path of the download call for this file (signed GET). */
  url: string;
  /** Bytes. */
  size: number;
  /** The voucher it is attached to, null while unattached. */
  voucherId: string | null;
  /** Spec fileRelations.canRemove: false once the voucher is reviewed or booked, or its period closed. */
  canRemove: boolean;
  /** Epoch ms. */
  createdAt: number;
}

/** GET fileRelation?voucherId= (or ?fileIds=a,b for files not yet attached). */
export interface FileListQuery {
  voucherId?: string;
  fileIds?: string;
}

/** POST fileRelation/attach: attach uploaded files to a saved voucher. */
export interface AttachFilesRequest {
  voucherId: string;
  fileIds: string[];
}

/** The answer of attach and delete: the voucher's files and its attached-document count. */
export interface VoucherFilesResponse {
  files: FileRelation[];
  numberOfDocument: number | null;
}

/** GET /account/api/certificate/print?ids=1,2&paper=a4|voucher → application/pdf. */
export const PRINT_PAPERS = ['a4', 'voucher'] as const;
export type PrintPaper = (typeof PRINT_PAPERS)[number];
export const PRINT_PAPER_NAMES: Record<PrintPaper, string> = {
  a4: 'A4 (210×297 mm)',
  voucher: '凭证纸 (240×140 mm)',
};
export interface PrintQuery {
  /** Voucher ids, comma-separated, in print order. */
  ids: string;
  paper?: PrintPaper;
}
