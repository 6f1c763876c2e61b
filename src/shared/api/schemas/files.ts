/**
 * Schemas of the attachment calls (spec doc 1 section 7 "Files", base /files) and the voucher
 * print call (base /account). Uploads are multipart: field `file` (one or more), optional text
 * field `voucherId` before the files; the answer is the list of stored files.
 */
import { Type, type Static } from 'typebox';
import { PRINT_PAPERS } from '../files.js';
import { Envelope, FileAnswer, Nullable } from './common.js';
import { OneOf, VoucherId } from './vouchers.js';

/** An attachment's id (as the upload answered it). */
export const FileId = (description = '附件id') =>
  Type.String({ pattern: '^[0-9a-f]{32}$', description, 'x-message': '附件id无效' });

/** Spec Uploaded file (fileId, name, contentType, fileSuffix, fileSource, isContractFile, url) plus ours. */
export const FileRelationSchema = Type.Object({
  fileId: Type.String({ description: '附件id' }),
  name: Type.String({ description: '文件名' }),
  contentType: Type.String({ description: '媒体类型' }),
  fileSuffix: Type.String({ description: '扩展名' }),
  fileSource: Type.String(),
  isContractFile: Type.Boolean(),
  url: Type.String({ description: '下载调用的路径（签名的GET）' }),
  size: Type.Integer({ description: '字节数' }),
  voucherId: Nullable(Type.String({ description: '所附凭证的id；未附时为null' })),
  canRemove: Type.Boolean({ description: '可删除：凭证审核、记账或期间结账后为false' }),
  createdAt: Type.Integer({ description: '上传时间（epoch毫秒）' }),
});
export type FileRelation = Static<typeof FileRelationSchema>;

/** GET fileRelation?voucherId= (or ?fileIds=a,b for files not yet attached). */
export const FileListQuerySchema = Type.Object({
  voucherId: Type.Optional(VoucherId('凭证id：列出该凭证的附件')),
  fileIds: Type.Optional(
    Type.String({
      pattern: '^([0-9a-f]{32}(,[0-9a-f]{32})*)?$',
      maxLength: 33 * 1000,
      description: '附件id，逗号分隔（尚未附到凭证上的附件）',
      'x-message': '附件id无效',
    }),
  ),
});
export type FileListQuery = Static<typeof FileListQuerySchema>;

/** POST fileRelation/attach: attach uploaded files to a saved voucher. */
export const AttachFilesRequestSchema = Type.Object({
  voucherId: VoucherId('要附到的凭证'),
  fileIds: Type.Array(FileId(), { minItems: 1, maxItems: 1000 }),
});
export type AttachFilesRequest = Static<typeof AttachFilesRequestSchema>;

/** The answer of attach and delete: the voucher's files and its attached-document count. */
export const VoucherFilesResponseSchema = Type.Object({
  files: Type.Array(FileRelationSchema),
  numberOfDocument: Nullable(Type.Integer({ description: '凭证的附单据数（不少于附件数）；附件未附凭证时为null' })),
});
export type VoucherFilesResponse = Static<typeof VoucherFilesResponseSchema>;

export const FileIdQuerySchema = Type.Object({ fileId: FileId() });

/** GET /account/api/certificate/print?ids=a,b&paper=a4|voucher → application/pdf. */
export const PrintQuerySchema = Type.Object({
  ids: Type.String({
    pattern: '^[\\w\\-, ]*$',
    maxLength: 40_000,
    description: '凭证id，逗号分隔，按打印顺序（每次最多500张）',
    'x-message': '凭证id无效',
  }),
  paper: Type.Optional(
    OneOf(PRINT_PAPERS, {
      default: 'a4',
      description: 'a4 A4纸（每页两张），voucher 凭证纸240×140mm',
      'x-message': '纸张只能为a4或voucher',
    }),
  ),
  moneyLines: Type.Optional(Type.Boolean({ description: 'Ours: 金额按金额线（亿千百十万千百十元角分）分栏打印（缺省为false）' })),
});
export type PrintQuery = Static<typeof PrintQuerySchema>;

export const FileSchemas = {
  upload: {
    consumes: ['multipart/form-data'],
    description: 'multipart/form-data：字段file（一个或多个，不超过上传限制），可选文本字段voucherId在文件之前',
    response: { 200: Envelope(Type.Array(FileRelationSchema)) },
  },
  list: { querystring: FileListQuerySchema, response: { 200: Envelope(Type.Array(FileRelationSchema)) } },
  download: {
    querystring: FileIdQuerySchema,
    response: { 200: FileAnswer('application/octet-stream', '附件的内容，媒体类型为其contentType（inline下载）') },
  },
  attach: { body: AttachFilesRequestSchema, response: { 200: Envelope(VoucherFilesResponseSchema) } },
  delete: { querystring: FileIdQuerySchema, response: { 200: Envelope(VoucherFilesResponseSchema) } },
} as const;

export const PrintSchemas = {
  vouchers: {
    querystring: PrintQuerySchema,
    response: { 200: FileAnswer('application/pdf', '所列凭证的PDF（inline，浏览器预览）') },
  },
} as const;
