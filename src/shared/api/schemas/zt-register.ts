/**
 * Schemas of 账套注册 (register-ztList, issue 18 §1): the import workbook's template, the import
 * (every set of a workbook or none) and the rewrite import, the export of the managed sets, and
 * the ledger-set templates (tempSave, tempPageList, tempInfo, tempElect, tempDelete).
 */
import { Type, type Static } from 'typebox';
import { AccountingSystemSchema } from './zt.js';
import { Envelope, FileAnswer, NoParams, Paged, Year, ZtId } from './common.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const ImportResultSchema = Type.Object({
  created: Type.Integer({ minimum: 0, description: '新建的账套数' }),
  updated: Type.Integer({ minimum: 0, description: '覆盖导入时修改的已有账套数' }),
});
export type ImportResult = Static<typeof ImportResultSchema>;

/** One bad row of a refused import (the refusal's data is the list of them, 4003 or 4005). */
export const ImportIssueSchema = Type.Object({
  row: Type.Integer({ description: '工作表行号' }),
  column: Type.String({ description: '列名（表头）' }),
  message: Type.String({ description: '错误' }),
  scope: Type.Optional(Type.Boolean({ description: 'true: 超出管理范围' })),
});
export type ImportIssue = Static<typeof ImportIssueSchema>;

const TemplateId = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: '账套模板id', 'x-message': '模板id无效' });

export const TemplateCountsSchema = Type.Object({
  subjects: Type.Integer({ description: '标准科目表以外的科目数' }),
  auxiTypes: Type.Integer({ description: '自定义辅助核算类型数' }),
  auxiInfos: Type.Integer({ description: '辅助核算项目数（内置项目除外）' }),
  voucherTemplates: Type.Integer({ description: '凭证模板数' }),
  carryForwardTemplates: Type.Integer({ description: '结转模板数' }),
});

export const ZtTemplateSchema = Type.Object({
  id: TemplateId,
  name: Type.String({ description: '模板名称' }),
  accountingSystem: AccountingSystemSchema,
  memo: Type.String({ description: '说明' }),
  sourceCode: Type.String({ description: '取自账套的编码' }),
  sourceName: Type.String({ description: '取自账套的名称' }),
  sourceYear: Year('取自的年度'),
  createdBy: Type.String({ description: '保存人（登录名）' }),
  createdAt: Type.Integer({ description: '保存时间（毫秒）' }),
  counts: TemplateCountsSchema,
});
export type ZtTemplate = Static<typeof ZtTemplateSchema>;

export const ZtTemplateInfoSchema = Type.Object({
  ...ZtTemplateSchema.properties,
  subjects: Type.Array(Type.Object({ code: Type.String(), name: Type.String() }), { description: '模板的科目（标准科目以外）' }),
  auxiTypes: Type.Array(Type.Object({ typeNo: Type.String(), typeName: Type.String() }), { description: '自定义辅助核算类型' }),
  voucherTemplates: Type.Array(Type.Object({ name: Type.String(), carryForward: Type.Boolean() }), {
    description: '凭证模板和结转模板',
  }),
});
export type ZtTemplateInfo = Static<typeof ZtTemplateInfoSchema>;

const PageSize = Type.Integer({
  enum: [20, 30, 40, 50],
  default: 20,
  description: '每页条数：20、30、40或50',
  'x-message': '每页条数须为20、30、40或50',
});

export const TemplatePageQuery = Type.Object({
  pageIndex: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: '页码，从1开始' }),
  pageSize: PageSize,
  name: Type.Optional(Type.String({ maxLength: 64, description: '名称包含' })),
  accountingSystem: Type.Optional(AccountingSystemSchema),
});

export const TemplateSaveBody = Type.Object({
  id: Type.Optional(TemplateId),
  name: Type.String({ minLength: 1, maxLength: 64, description: '模板名称，唯一', 'x-message': '模板名称不能为空，最长64个字' }),
  memo: Type.Optional(Type.String({ maxLength: 255, description: '说明' })),
  ztId: ZtId('取自的账套（须在管理范围内）'),
  year: Type.Optional(Year('取自的年度（缺省为该账套最近的年度）')),
});

export const ExportBody = Type.Object({
  ids: Type.Optional(
    Type.Array(ZtId('账套id'), { maxItems: 100_000, description: '只导出这些账套（缺省为管理范围内的全部账套）' }),
  ),
});

const TemplateIdQuery = Type.Object({ id: TemplateId });

export const ZtRegisterSchemas = {
  downLoadTemplate: { querystring: NoParams, response: { 200: FileAnswer(XLSX, '账套注册模板（附件）') } },
  import: { consumes: ['multipart/form-data'], response: { 200: Envelope(ImportResultSchema) } },
  export: { body: ExportBody, response: { 200: FileAnswer(XLSX, '账套列表（附件），列与导入模板相同') } },
  tempSave: { body: TemplateSaveBody, response: { 200: Envelope(Type.Object({ id: TemplateId })) } },
  tempPageList: { querystring: TemplatePageQuery, response: { 200: Envelope(Paged(ZtTemplateSchema)) } },
  tempInfo: { querystring: TemplateIdQuery, response: { 200: Envelope(ZtTemplateInfoSchema) } },
  tempElect: {
    querystring: Type.Object({ accountingSystem: Type.Optional(AccountingSystemSchema) }),
    response: {
      200: Envelope(
        Type.Array(Type.Object({ id: TemplateId, name: Type.String(), accountingSystem: AccountingSystemSchema }), {
          description: '可选的账套模板（按名称）',
        }),
      ),
    },
  },
  tempDelete: { querystring: TemplateIdQuery, response: { 200: Envelope(Type.Null()) } },
} as const;
