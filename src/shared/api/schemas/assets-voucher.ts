/**
 * The asset voucher dialog's contract (spec doc 1 §3 "Asset voucher request"), shared by every lane that makes
 * vouchers from assets: additions from cards, a month's depreciation or amortisation, documents (disposal, inventory
 * issue) and the long-term deferred expenses. Preview answers the dialog's defaults (the template's entries, this
 * accrual's amount, the category, the maker, the date); save makes the vouchers. Amounts are yuan on the wire.
 */
import { Type, type Static } from 'typebox';
import { DateText, Direction, Id, YearMonth, YuanIn, YuanOut } from './common.js';
import { GeneratedVoucherSchema } from './funds-entry.js';

export const AssetClassField = () =>
  Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
    description: '资产类别：1 固定资产，2 无形资产，3 库存物品',
    'x-message': '资产类别须为1、2或3',
  });

export const PzAssetTypeField = () =>
  Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(5), Type.Literal(6)], {
    description:
      '凭证来源：1 资产新增（卡片），2 计提折旧/摊销，3 处置或出库单据，4 资产变动，5 长期待摊费用摊销，6 长期待摊费用新增',
    'x-message': '凭证来源无效',
  });

const AuxiIn = Type.Object({
  typeNo: Type.String({ maxLength: 20, description: '辅助核算类别编码' }),
  infoNo: Type.String({ maxLength: 40, description: '辅助核算项目编码' }),
});

export const AssetEntryInSchema = Type.Object({
  summary: Type.String({ maxLength: 200, description: '摘要' }),
  moneyAmount: YuanIn('金额（元）'),
  balanceDirection: Direction(),
  subjectCode: Type.String({ maxLength: 40, description: '科目代码（末级）；空：未选择' }),
  subjectName: Type.Optional(Type.String({ maxLength: 200, description: '科目名称（仅显示）' })),
  auxis: Type.Optional(Type.Array(AuxiIn, { maxItems: 20, description: '辅助核算' })),
});
export type AssetEntryIn = Static<typeof AssetEntryInSchema>;

export const AssetEntryOutSchema = Type.Object({
  summary: Type.String(),
  moneyAmount: YuanOut(),
  balanceDirection: Type.Union([Type.Literal(1), Type.Literal(2)]),
  subjectCode: Type.String(),
  subjectName: Type.String(),
  auxis: Type.Array(Type.Object({ typeNo: Type.String(), infoNo: Type.String(), infoName: Type.String() })),
});
export type AssetEntryOut = Static<typeof AssetEntryOutSchema>;

export const AssetVoucherRequestSchema = Type.Object({
  pzAssetType: PzAssetTypeField(),
  assetClass: Type.Optional(AssetClassField()),
  czy: Type.Optional(Type.String({ maxLength: 50, description: '制单人' })),
  certificateType: Type.Optional(Type.Integer({ minimum: 1, description: '凭证分类' })),
  assetsDateTime: Type.Optional(DateText('凭证日期；计提时须在计提月份内（is_dfzc除外）')),
  isAuto: Type.Optional(Type.Boolean({ description: 'true：按模板生成分录（忽略subjectInfos）' })),
  subjectInfos: Type.Optional(Type.Array(AssetEntryInSchema, { maxItems: 200, description: '分录' })),
  accruedStage: Type.Optional(YearMonth('计提期间 yyyy-MM')),
  accruedStageMoney: Type.Optional(YuanIn('本次计提金额（元）；服务器重算并核对')),
  isProvision: Type.Optional(Type.Boolean()),
  isAssetsInit: Type.Optional(Type.Boolean({ description: '初始化模式（2022年补提，凭证分类10000）' })),
  isOnePz: Type.Optional(Type.Boolean({ description: 'true：所有卡片（单据）合并生成一张凭证' })),
  assetsCards: Type.Optional(Type.Array(Id('卡片id'), { maxItems: 50000 })),
  assetsDocs: Type.Optional(Type.Array(Type.Object({ documentId: Id('单据id') }), { maxItems: 5000 })),
  longAmortions: Type.Optional(Type.Array(Id('长期待摊费用id'), { maxItems: 5000 })),
  departmentId: Type.Optional(Type.Integer({ minimum: 1, description: '筛选：部门' })),
  aetTypeArr: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500, description: '筛选：资产类别（分类树）' })),
  nature: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)], { description: '筛选：1 工会资产，2 国有资产' })),
});
export type AssetVoucherRequest = Static<typeof AssetVoucherRequestSchema>;

export const AssetVoucherPreviewSchema = Type.Object({
  accruedStageMoney: YuanOut('本次计提（生成）金额'),
  subjectInfos: Type.Array(AssetEntryOutSchema, { description: '默认分录（模板类型5–13）' }),
  certificateType: Type.Integer({ description: '默认凭证分类（初始化模式为10000）' }),
  czy: Type.String({ description: '默认制单人' }),
  assetsDateTime: Type.String({ description: '默认凭证日期' }),
  dateLocked: Type.Boolean({ description: 'true：日期须在计提月份内' }),
});
export type AssetVoucherPreview = Static<typeof AssetVoucherPreviewSchema>;

export const AssetVoucherSaveResponseSchema = Type.Object({
  vouchers: Type.Array(GeneratedVoucherSchema, { description: '生成的凭证' }),
});
export type AssetVoucherSaveResponse = Static<typeof AssetVoucherSaveResponseSchema>;
