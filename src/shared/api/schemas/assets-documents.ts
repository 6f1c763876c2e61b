/**
 * The documents lane's calls (issue 23): the disposal and inventory-issue documents (资产处置、库存物品出库), the
 * cards a document may take out, the documents without a voucher, the subjects their vouchers offer, and the asset
 * changes (后续支出) with the asset-change voucher (PZAssetType 4). Amounts are yuan on the wire.
 */
import { Type, type Static } from 'typebox';
import { AssetClassField, AssetEntryInSchema, AssetEntryOutSchema } from './assets-voucher.js';
import { DateText, Id, Month, Paged, PageQueryFields, Year, YuanIn, YuanOut } from './common.js';
import { GeneratedVoucherSchema } from './funds-entry.js';

export const AssetDocumentLineOutSchema = Type.Object({
  cardId: Type.String(),
  cardNo: Type.String(),
  name: Type.String(),
  quantity: Type.Integer({ description: '数量（库存物品：出库数量）' }),
  originalAmount: YuanOut('原值（出库：出库金额）'),
  cumulativeAmount: YuanOut('累计折旧（摊销）'),
  residualAmount: YuanOut('净值'),
});

export const AssetDocumentRowSchema = Type.Object({
  id: Type.String(),
  documentNo: Type.String({ description: '单据编号' }),
  assetClass: Type.Integer(),
  kind: Type.Integer({ description: '1 处置，2 出库，3 资产变动' }),
  createTimeSpan: Type.String({ description: '制单时间 yyyy-MM-dd HH:mm' }),
  repayDate: Type.String({ description: '处置（出库、变动）日期' }),
  disposeOfType: Type.Integer(),
  disposeOfTypeName: Type.String(),
  disposeOfAmount: YuanOut('变价收入'),
  disposeCost: YuanOut('处置费用'),
  originalAmount: YuanOut('原值合计'),
  cumulativeAmount: YuanOut('累计折旧（摊销）合计'),
  residualAmount: YuanOut('净值合计'),
  isGenerateCertificate: Type.Boolean({ description: '已生成凭证（凭证存在）' }),
  voucherText: Type.String({ description: '凭证字号；未生成为空' }),
  remark: Type.String(),
  revision: Type.Integer(),
  lines: Type.Array(AssetDocumentLineOutSchema),
});
export type AssetDocumentRow = Static<typeof AssetDocumentRowSchema>;

export const AssetDocumentsQuerySchema = Type.Object({
  assetClass: AssetClassField(),
  ...PageQueryFields,
});
export type AssetDocumentsQuery = Static<typeof AssetDocumentsQuerySchema>;

export const AssetDocumentsPageSchema = Paged(AssetDocumentRowSchema);

export const SaveAssetDocumentSchema = Type.Object({
  id: Type.Optional(Id('单据id；空：新增')),
  revision: Type.Optional(Type.Integer({ minimum: 1, description: '修改时：读到的版本' })),
  assetClass: AssetClassField(),
  docDate: DateText('处置（出库）日期'),
  disposeOfType: Type.Optional(Type.Integer({ minimum: 1, maximum: 6, description: '处置方式（处置单据必填）' })),
  disposeOfAmount: Type.Optional(YuanIn('变价收入（元）')),
  disposeCost: Type.Optional(YuanIn('处置费用（元）')),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
  lines: Type.Array(
    Type.Object({
      cardId: Id('卡片id'),
      quantity: Type.Optional(Type.Integer({ minimum: 1, description: '出库数量（库存物品）' })),
    }),
    { minItems: 1, maxItems: 1000, 'x-message': '请选择要处置的资产' },
  ),
});
export type SaveAssetDocument = Static<typeof SaveAssetDocumentSchema>;

export const DeleteAssetDocumentsSchema = Type.Object({
  ids: Type.String({ minLength: 1, maxLength: 40000, pattern: '^[\\w:.-]+(,[\\w:.-]+)*$', description: '逗号分隔的单据id' }),
});

/** The ids of a DELETE's query. */
export function idsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export const AssetDocumentCardsQuerySchema = Type.Object({
  assetClass: AssetClassField(),
  documentId: Type.Optional(Id('修改中的单据：其卡片一并列出')),
  docDate: Type.Optional(DateText('单据日期：累计折旧按此时')),
});
export const AssetDocumentCardSchema = Type.Object({
  id: Type.String(),
  cardNo: Type.String(),
  name: Type.String(),
  categoryName: Type.String(),
  activationDate: Type.String(),
  originalValue: YuanOut('原值（库存物品：库存金额）'),
  accumulatedDepreciation: YuanOut('累计折旧（摊销）'),
  residualValue: YuanOut('净值'),
  quantity: Type.Integer({ description: '库存数量（库存物品）' }),
});
export type AssetDocumentCard = Static<typeof AssetDocumentCardSchema>;

export const AssetDocAmountsRequestSchema = Type.Object({
  documentIds: Type.Array(Id('单据id'), { maxItems: 5000 }),
});
export const AssetDocAmountSchema = Type.Object({
  documentId: Type.String(),
  documentNo: Type.String(),
  originalAmount: YuanOut(),
  cumulativeAmount: YuanOut(),
  residualAmount: YuanOut(),
  disposeOfAmount: YuanOut(),
  disposeCost: YuanOut(),
});

export const NotGeneratedQuerySchema = Type.Object({
  year: Type.Optional(Year()),
  month: Type.Optional(Month()),
});
export const NotGeneratedSchema = Type.Object({
  count: Type.Integer({ description: '单据数' }),
  unGenerateCertificate: Type.Integer({ description: '未生成凭证的单据数' }),
  monthAssets: Type.Array(Type.Object({ month: Type.Integer(), unGenerateCertificate: Type.Integer() })),
  documents: Type.Array(AssetDocAmountSchema),
});
export type NotGenerated = Static<typeof NotGeneratedSchema>;

export const SubInfoSchema = Type.Object({
  subjectCode: Type.String(),
  subjectName: Type.String(),
  balanceDirection: Type.Union([Type.Literal(1), Type.Literal(2)]),
  role: Type.String({ description: '分录中的作用：cost、provision、fund、proceeds …' }),
});

// The asset change (后续支出) and its voucher (spec: asset-change request).
export const SaveAssetChangeSchema = Type.Object({
  cardId: Id('卡片id'),
  changeDate: DateText('变动日期'),
  amount: YuanIn('原值变动金额（元）；增加为正，减少为负'),
  lifeMonths: Type.Optional(Type.Integer({ minimum: 1, maximum: 1200, description: '变动后的预计使用月数' })),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SaveAssetChange = Static<typeof SaveAssetChangeSchema>;

export const AssetChangeMoneySchema = Type.Object({
  documentId: Type.String(),
  documentNo: Type.String(),
  cardId: Type.String(),
  cardNo: Type.String(),
  name: Type.String(),
  assetClass: Type.Integer(),
  changeDate: Type.String(),
  amount: YuanOut('变动金额'),
  isGenerateCertificate: Type.Boolean(),
});
export type AssetChangeMoney = Static<typeof AssetChangeMoneySchema>;

export const AssetChangeCertificateQuerySchema = Type.Object({
  documentIds: Type.Optional(Type.String({ maxLength: 20000, description: '逗号分隔的变动单据id；空：全部未生成' })),
});

export const AssetChangeRequestSchema = Type.Object({
  czy: Type.Optional(Type.String({ maxLength: 50, description: '制单人（必填：请选择制单人）' })),
  certificateType: Type.Optional(Type.Integer({ minimum: 0, description: '凭证分类（必填：请选择凭证分类）' })),
  certificateDateTime: Type.Optional(DateText('凭证日期；不能早于或等于2021-12-31（初始化模式必填）')),
  subjectInfos: Type.Array(AssetEntryInSchema, { maxItems: 200 }),
  isAuto: Type.Optional(Type.Boolean()),
  PZAssetType: Type.Literal(4),
  isAssetsInit: Type.Optional(Type.Boolean()),
  documentIds: Type.Optional(Type.Array(Id('变动单据id'), { maxItems: 5000 })),
});
export type AssetChangeRequest = Static<typeof AssetChangeRequestSchema>;

export const AssetChangePreviewSchema = Type.Object({
  amount: YuanOut('变动金额合计'),
  subjectInfos: Type.Array(AssetEntryOutSchema),
  certificateType: Type.Integer(),
  czy: Type.String(),
  certificateDateTime: Type.String(),
  documentIds: Type.Array(Type.String()),
});

export const VouchersAnswerSchema = Type.Object({ vouchers: Type.Array(GeneratedVoucherSchema) });
