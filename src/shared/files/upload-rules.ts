/**
 * The spec's upload rules (doc 1 section 5), shared by the attachment panel and the server: the
 * extension allow-list, the 50 MB limit and their messages. The server applies them again and
 * also checks the content against the extension (src/server/files/content-check.ts).
 */
import { UPLOAD_MAX_BYTES } from '../constants.js';

export const UPLOAD_EXTENSIONS = [
  'jpg',
  'png',
  'jpeg',
  'gif',
  'txt',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'pdf',
  'rar',
  'zip',
  '7z',
  'ceb',
] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** The `accept` attribute of the file input. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Most files one upload request may carry. */
export const UPLOAD_MAX_FILES = 20;

export const FileMessages = {
  badType: `支持${UPLOAD_EXTENSIONS.join(',')}格式`,
  tooLarge: (name: string) => `${name} 文件大小超出50M,请重新上传`,
  empty: (name: string) => `${name} 文件为空,请重新上传`,
  contentMismatch: (name: string) => `${name} 文件内容与扩展名不符,请重新上传`,
  noFile: '请选择要上传的文件',
  tooMany: `一次最多上传${UPLOAD_MAX_FILES}个文件`,
  notFound: '附件不存在或已删除',
  voucherNotFound: '凭证不存在',
  locked: '凭证已审核或已记账,不能修改附件',
  periodClosed: '该期间已结账,不能修改附件',
  deleted: '删除成功',
  uploaded: '上传成功',
} as const;

/** The lower-case extension of a file name ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isUploadExtension(ext: string): ext is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext);
}

/** The checks that need only the name and size (the client runs them before sending). */
export function checkUploadName(name: string, size: number): string | null {
  if (!isUploadExtension(extensionOf(name))) return FileMessages.badType;
  if (size > UPLOAD_MAX_BYTES) return FileMessages.tooLarge(name);
  if (size === 0) return FileMessages.empty(name);
  return null;
}

/** The Content-Type a stored file is served with. */
export const CONTENT_TYPES: Record<UploadExtension, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  rar: 'application/vnd.rar',
  zip: 'application/zip',
  '7z': 'application/x-7z-compressed',
  ceb: 'application/octet-stream',
};

/** What the browser can show itself (the attachment panel's preview). */
export type PreviewKind = 'image' | 'pdf' | null;
export function previewKindOf(ext: string): PreviewKind {
  if (ext === 'jpg' || ext === 'jpeg' || ext === 'png' || ext === 'gif') return 'image';
  if (ext === 'pdf') return 'pdf';
  return null;
}
