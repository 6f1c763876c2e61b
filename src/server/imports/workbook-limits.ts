/**
 * The limits every Excel import is read under (stated in the README), and their messages. A
 * 2 MB workbook can inflate to 500 MB: these are checked on the zip's central directory before
 * anything is inflated, again while inflating (a directory may lie), and while the sheet is read.
 */
export interface WorkbookLimits {
  /** Entries in the archive. */
  maxEntries: number;
  /** Uncompressed bytes of all entries together. */
  maxTotalBytes: number;
  /** Uncompressed size over compressed size of one entry, for entries larger than ratioFloorBytes. */
  maxRatio: number;
  ratioFloorBytes: number;
  /** Rows and cells read from the sheet. */
  maxRows: number;
  maxCells: number;
}

export const WORKBOOK_LIMITS: WorkbookLimits = {
  maxEntries: 1000,
  maxTotalBytes: 64 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
  maxRows: 100_000,
  maxCells: 1_000_000,
};

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`;

export const WorkbookMessages = {
  notXlsx: '文件内容不是有效的xlsx文件，请上传从本系统导出的Excel文件',
  tooManyEntries: (limit: number) => `Excel文件内部的文件数超过${limit}个，不予导入`,
  tooLarge: (limit: number) => `Excel文件解压后超过${mb(limit)}，不予导入，请删除多余的工作表、图片或行后重试`,
  ratio: (name: string, limit: number) => `Excel文件中的“${name}”压缩比超过${limit}:1，疑似压缩炸弹，不予导入`,
  lies: (name: string) => `Excel文件中的“${name}”解压后的大小与文件目录不符，文件已损坏或被篡改`,
  encrypted: 'Excel文件已加密，请取消密码后再导入',
  tooManyRows: (limit: number) => `工作表超过${limit}行，不予导入，请分批导入`,
  tooManyCells: (limit: number) => `工作表超过${limit}个单元格，不予导入，请删除多余的列或分批导入`,
  noSheet: '工作簿中没有工作表',
} as const;
