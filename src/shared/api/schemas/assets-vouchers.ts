/**
 * The vouchers lane's calls (issue 23): a class's month list, a month's depreciation or amortisation run (and its
 * undo), the month's detail (spec "Depreciation row", footer.accruedValueSum), the classification detail (item1
 * nature, item2 type, item3 department) and the detail workbook. Amounts are yuan on the wire.
 */
import { Type, type Static } from 'typebox';
import { AssetClassField } from './assets-voucher.js';
import { Count, Month, Year, YearMonth, YuanOut } from './common.js';

/** Depreciation and amortisation are of fixed (1) and intangible (2) assets only. */
export const ProvisionClassField = () =>
  Type.Union([Type.Literal(1), Type.Literal(2)], {
    description: '资产类别：1 固定资产（折旧），2 无形资产（摊销）',
    'x-message': '资产类别须为1或2',
  });

export const ProvisionMonthsQuerySchema = Type.Object({ assetClass: ProvisionClassField(), year: Year() });
export type ProvisionMonthsQuery = Static<typeof ProvisionMonthsQuerySchema>;

export const ProvisionMonthRowSchema = Type.Object({
  month: Month(),
  isProvision: Type.Boolean({ description: '已计提' }),
  unGenerateCertificate: Type.Boolean({ description: '已计提但尚未生成凭证（凭证删除后亦为true）' }),
  cardCount: Count('计提卡片数'),
  total: YuanOut('本月计提金额'),
  /** The month may be run now: not run, the previous one run (or the first since initialisation), open. */
  canRun: Type.Boolean(),
  /** The month may be undone: the last run, none of its vouchers exists. */
  canUndo: Type.Boolean(),
});
export type ProvisionMonthRow = Static<typeof ProvisionMonthRowSchema>;

export const ProvisionRunBodySchema = Type.Object({ assetClass: ProvisionClassField(), year: Year(), month: Month() });
export type ProvisionRunBody = Static<typeof ProvisionRunBodySchema>;

export const ProvisionRunResultSchema = Type.Object({ cardCount: Count('计提卡片数'), total: YuanOut('计提金额') });
export type ProvisionRunResult = Static<typeof ProvisionRunResultSchema>;

const IdList = () =>
  Type.String({ maxLength: 4000, pattern: '^(\\d+(,\\d+)*)?$', description: '逗号分隔的id', 'x-message': 'id列表格式不正确' });

/** The filters of the dialog and the page (spec: departmentId, nature, aetTypeArr). */
export const ProvisionFilterFields = {
  assetClass: ProvisionClassField(),
  accruedStage: YearMonth('计提期间 yyyy-MM'),
  departmentId: Type.Optional(Type.Integer({ minimum: 1, description: '部门' })),
  nature: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 工会资产，2 国有资产' })),
  aetTypeArr: Type.Optional(IdList()),
};

export const ProvisionDetailQuerySchema = Type.Object({
  ...ProvisionFilterFields,
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: '页码，从1起' })),
  pageSize: Type.Optional(
    Type.Union([Type.Literal(20), Type.Literal(30), Type.Literal(40), Type.Literal(50)], {
      default: 20,
      description: '每页条数：20、30、40或50',
      'x-message': '每页条数须为20、30、40或50',
    }),
  ),
});
export type ProvisionDetailQuery = Static<typeof ProvisionDetailQuerySchema>;

/** Spec "Depreciation row". */
export const ProvisionRowSchema = Type.Object({
  cardId: Type.String(),
  detailFixedNo: Type.String({ description: '卡片编号' }),
  fixedName: Type.String({ description: '资产名称' }),
  sortsTypeName: Type.String({ description: '资产分类' }),
  departmentName: Type.String(),
  accruedStage: Type.String({ description: 'yyyy-MM' }),
  accrueddate: Type.String({ description: '已计提月数' }),
  accruedStageMonthsString: Type.String({ description: '计提期间（中文）' }),
  accrueddateString: Type.String({ description: '已计提月数/使用月数' }),
  originalValue: YuanOut('原值'),
  residualValue: YuanOut('净值（本月计提后）'),
  accruedValue: YuanOut('本月计提'),
  cumulativeValue: YuanOut('累计折旧（摊销）'),
  dateOfActivation: Type.String(),
  estimatedServiceLife: Type.Integer({ description: '预计使用月数' }),
});
export type ProvisionRow = Static<typeof ProvisionRowSchema>;

export const ProvisionDetailPageSchema = Type.Object({
  currentPageItems: Type.Array(ProvisionRowSchema),
  totalItemCount: Count('行数'),
  footer: Type.Object({
    accruedValueSum: YuanOut('本月计提合计（全部行）'),
    originalValueSum: YuanOut('原值合计'),
    cumulativeValueSum: YuanOut('累计合计'),
  }),
});
export type ProvisionDetailPage = Static<typeof ProvisionDetailPageSchema>;

export const ProvisionClassificationQuerySchema = Type.Object({ ...ProvisionFilterFields });
export type ProvisionClassificationQuery = Static<typeof ProvisionClassificationQuerySchema>;

const ClassRow = Type.Object({ sortsTypeName: Type.String(), accruedValue: YuanOut(), cardCount: Count('卡片数') });
export const ProvisionClassificationSchema = Type.Object({
  item1: Type.Array(ClassRow, { description: '按资产性质' }),
  item2: Type.Array(ClassRow, { description: '按资产分类' }),
  item3: Type.Array(ClassRow, { description: '按部门' }),
});
export type ProvisionClassification = Static<typeof ProvisionClassificationSchema>;

export const ProvisionExportQuerySchema = Type.Object({ ...ProvisionFilterFields });
export type ProvisionExportQuery = Static<typeof ProvisionExportQuerySchema>;

export { AssetClassField };
