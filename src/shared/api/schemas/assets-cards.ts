/**
 * Schemas of the asset settings, cards and initialisation (issue 23 §1, base /fixedassets, and the spec's
 * UpdateSysInfoIsProvision under /account). Amounts are yuan on the wire, fen inside; a card's service life is
 * months (预计使用月数), a category's default life is years (stored as months).
 */
import { Type, type Static } from 'typebox';
import { AssetClassField } from './assets-voucher.js';
import { DateText, Envelope, FileAnswer, Id, Nullable, PageQueryFields, Paged, YuanIn, YuanOut } from './common.js';

const CategoryId = (description = '资产类别id') =>
  Type.Integer({ minimum: 1, maximum: 2_000_000_000, description, 'x-message': '资产类别无效' });
const DepartmentId = (description = '部门id') =>
  Type.Integer({ minimum: 1, maximum: 2_000_000_000, description, 'x-message': '部门无效' });
const Code = (values: readonly number[], description: string, message: string) =>
  Type.Integer({ minimum: Math.min(...values), maximum: Math.max(...values), description, 'x-message': message });

export const AssetCategorySchema = Type.Object({
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  assetClass: Type.Integer({ description: '资产大类' }),
  code: Type.String(),
  name: Type.String(),
  lifeYears: Type.Number({ description: '默认使用年限（年）' }),
  lifeMonths: Type.Integer({ description: '默认使用月数' }),
  depreciates: Type.Boolean({ description: '是否计提折旧（摊销）' }),
  builtin: Type.Boolean(),
  used: Type.Boolean({ description: '已被资产卡片使用' }),
  leaf: Type.Boolean({ description: '末级类别' }),
});
export type AssetCategory = Static<typeof AssetCategorySchema>;

export const AssetCategorySaveSchema = Type.Object({
  id: Type.Optional(CategoryId('已有类别的id；新增不传')),
  parentId: Type.Optional(Nullable(CategoryId('上级类别id；顶级为null'))),
  assetClass: AssetClassField(),
  code: Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9A-Za-z]+$', 'x-message': '类别编码只能是数字或字母' }),
  name: Type.String({ minLength: 1, maxLength: 60, 'x-message': '请输入类别名称' }),
  lifeYears: Type.Number({ minimum: 0, maximum: 100, 'x-message': '使用年限须在0到100年之间' }),
  depreciates: Type.Boolean(),
});
export type AssetCategorySave = Static<typeof AssetCategorySaveSchema>;

export const AssetDepartmentSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

/** A card on the wire (spec: Asset card). */
export const AssetCardSchema = Type.Object({
  id: Type.String(),
  revision: Type.Integer(),
  assetClass: Type.Integer(),
  cardNo: Type.String(),
  categoryId: Type.Integer(),
  aetTypeName: Type.String({ description: '资产类别名称' }),
  name: Type.String(),
  spec: Type.String(),
  unit: Type.String(),
  quantity: Type.Integer(),
  originalValue: YuanOut('原值（元）'),
  initDepreciation: YuanOut('初始化时的累计折旧（元）'),
  accumulatedDepreciation: YuanOut('累计折旧（摊销）（元）'),
  estimatedServiceLife: Type.Integer({ description: '预计使用月数' }),
  dateOfActivation: Type.String(),
  purchasingMethod: Type.Integer(),
  purchasingMethodName: Type.String(),
  departmentId: Nullable(Type.Integer()),
  department: Type.String(),
  nature: Type.Integer(),
  natureName: Type.String(),
  usage: Type.Integer(),
  usageName: Type.String(),
  keeper: Type.String(),
  remark: Type.String(),
  isInit: Type.Boolean(),
  isReview: Type.Boolean(),
  isGenerateCertificate: Type.Boolean(),
  state: Type.String({ description: '未审核 / 已审核 / 已生成凭证' }),
  hasProvisions: Type.Boolean(),
});
export type AssetCard = Static<typeof AssetCardSchema>;

export const AssetCardStateFilter = { Unreviewed: 1, Reviewed: 2, Generated: 3 } as const;

export const AssetCardQuerySchema = Type.Object({
  assetClass: AssetClassField(),
  ...PageQueryFields,
  departmentId: Type.Optional(DepartmentId()),
  categoryIds: Type.Optional(
    Type.String({ maxLength: 2000, pattern: '^[0-9,]*$', description: '资产类别id，逗号分隔（含下级）' }),
  ),
  nature: Type.Optional(Code([1, 2], '资产性质', '资产性质无效')),
  usage: Type.Optional(Code([1, 2, 3, 4, 5], '用途', '用途无效')),
  state: Type.Optional(Code([1, 2, 3], '状态：1 未审核，2 已审核，3 已生成凭证', '状态无效')),
  text: Type.Optional(Type.String({ maxLength: 100, description: '编号或名称包含' })),
  isInit: Type.Optional(Type.Boolean({ description: 'true：仅初始化卡片' })),
});
export type AssetCardQuery = Static<typeof AssetCardQuerySchema>;

export const AssetCardSaveSchema = Type.Object({
  id: Type.Optional(Id('已有卡片的id；新增不传')),
  revision: Type.Optional(Type.Integer({ minimum: 1, description: '修改时读到的版本' })),
  assetClass: AssetClassField(),
  cardNo: Type.String({ maxLength: 40 }),
  categoryId: Type.Integer({ minimum: 0, maximum: 2_000_000_000 }),
  name: Type.String({ maxLength: 100 }),
  spec: Type.Optional(Type.String({ maxLength: 100 })),
  unit: Type.Optional(Type.String({ maxLength: 20 })),
  quantity: Type.Integer({ minimum: 0, maximum: 1_000_000_000, 'x-message': '数量无效' }),
  originalValue: YuanIn('原值（元）'),
  accumulatedDepreciation: Type.Optional(YuanIn('累计折旧（元），仅初始化卡片')),
  estimatedServiceLife: Type.Integer({ minimum: 0, maximum: 1200, 'x-message': '预计使用月数须在0到1200之间' }),
  dateOfActivation: Type.Union([DateText('启用日期'), Type.Literal('')]),
  purchasingMethod: Code([1, 2, 3, 4, 5, 6], '取得方式', '取得方式无效'),
  departmentId: Type.Optional(Nullable(DepartmentId())),
  nature: Code([1, 2], '资产性质', '资产性质无效'),
  usage: Type.Optional(Code([1, 2, 3, 4, 5], '用途', '用途无效')),
  keeper: Type.Optional(Type.String({ maxLength: 50 })),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
  belowThreshold: Type.Optional(Type.Boolean({ description: '用户已确认单价低于固定资产标准仍按固定资产入账' })),
});
export type AssetCardSave = Static<typeof AssetCardSaveSchema>;

const Ids = Type.Array(Id('卡片id'), { minItems: 1, maxItems: 1000 });

export const AssetInitClassSchema = Type.Object({
  assetClass: Type.Integer(),
  name: Type.String(),
  costSubject: Type.String(),
  provisionSubject: Nullable(Type.String()),
  cardsOriginal: YuanOut(),
  ledgerOriginal: YuanOut(),
  cardsAccumulated: YuanOut(),
  ledgerAccumulated: YuanOut(),
  agrees: Type.Boolean(),
});
export const AssetInitStateSchema = Type.Object({
  initDone: Type.Boolean(),
  initYear: Type.Integer(),
  classes: Type.Array(AssetInitClassSchema),
  agrees: Type.Boolean(),
  hasVouchers: Type.Boolean(),
});
export type AssetInitState = Static<typeof AssetInitStateSchema>;

export const AssetImportIssueSchema = Type.Object({ row: Type.Integer(), message: Type.String() });
export const AssetImportResultSchema = Type.Object({
  imported: Type.Integer(),
  issues: Type.Array(AssetImportIssueSchema),
});
export type AssetImportResult = Static<typeof AssetImportResultSchema>;

export const AccrualPreviewRowSchema = Type.Object({
  cardId: Type.String(),
  cardNo: Type.String(),
  name: Type.String(),
  assetClass: Type.Integer(),
  amount: YuanOut('补提金额（元）'),
});
export const AccrualPreviewSchema = Type.Object({
  rows: Type.Array(AccrualPreviewRowSchema),
  total: YuanOut(),
  entries: Type.Array(
    Type.Object({ summary: Type.String(), subjectCode: Type.String(), balanceDirection: Type.Integer(), moneyAmount: YuanOut() }),
  ),
});
export type AccrualPreview = Static<typeof AccrualPreviewSchema>;

const Msg = (description: string) => Envelope(Type.Null({ description }));

export const AssetCardSchemas = {
  categories: {
    querystring: Type.Object({ assetClass: Type.Optional(AssetClassField()) }),
    response: { 200: Envelope(Type.Array(AssetCategorySchema)) },
  },
  categorySave: { body: AssetCategorySaveSchema, response: { 200: Envelope(AssetCategorySchema) } },
  categoryDelete: { querystring: Type.Object({ id: CategoryId() }), response: { 200: Msg('删除成功') } },
  departments: { querystring: Type.Object({}), response: { 200: Envelope(Type.Array(AssetDepartmentSchema)) } },
  cards: { querystring: AssetCardQuerySchema, response: { 200: Envelope(Paged(AssetCardSchema)) } },
  cardSave: { body: AssetCardSaveSchema, response: { 200: Envelope(AssetCardSchema) } },
  cardDelete: {
    querystring: Type.Object({
      ids: Type.String({ minLength: 1, maxLength: 40_000, pattern: '^[\\w:.-]+(,[\\w:.-]+)*$', description: '卡片id，逗号分隔' }),
    }),
    response: { 200: Msg('删除成功') },
  },
  review: {
    body: Type.Object({ ids: Ids, isReview: Type.Boolean() }),
    response: { 200: Envelope(Type.Object({ changed: Type.Integer() })) },
  },
  allot: {
    body: Type.Object({
      ids: Ids,
      departmentId: Type.Optional(Nullable(DepartmentId())),
      usage: Type.Optional(Code([1, 2, 3, 4, 5], '用途', '用途无效')),
      keeper: Type.Optional(Type.String({ maxLength: 50 })),
    }),
    response: { 200: Envelope(Type.Object({ changed: Type.Integer() })) },
  },
  nextNo: { querystring: Type.Object({ assetClass: AssetClassField() }), response: { 200: Envelope(Type.String()) } },
  oldList: { querystring: AssetCardQuerySchema, response: { 200: Envelope(Paged(AssetCardSchema)) } },
  oldUpdate: { body: AssetCardSaveSchema, response: { 200: Envelope(AssetCardSchema) } },
  initState: { querystring: Type.Object({}), response: { 200: Envelope(AssetInitStateSchema) } },
  initFinish: { body: Type.Object({}), response: { 200: Envelope(AssetInitStateSchema) } },
  initCancel: { body: Type.Object({}), response: { 200: Envelope(AssetInitStateSchema) } },
  initImport: { consumes: ['multipart/form-data'], response: { 200: Envelope(AssetImportResultSchema) } },
  initTemplate: {
    querystring: Type.Object({}),
    response: { 200: FileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '资产初始化导入模板') },
  },
  accrualCheck: {
    querystring: Type.Object({}),
    response: { 200: Envelope(Type.Object({ year: Type.Integer(), isProvision: Type.Boolean() })) },
  },
  accrualPreview: { querystring: Type.Object({}), response: { 200: Envelope(AccrualPreviewSchema) } },
  accrualAdd: {
    body: Type.Object({ certificateDateTime: Type.Optional(DateText('凭证日期，默认2022-01-01')) }),
    response: { 200: Envelope(Type.Object({ voucherId: Type.String(), total: YuanOut() })) },
  },
  isProvision: {
    body: Type.Object({ isProvision: Type.Boolean() }),
    response: { 200: Envelope(Type.Object({ isProvision: Type.Boolean() })) },
  },
} as const;
