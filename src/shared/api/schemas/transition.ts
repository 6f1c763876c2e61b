/**
 * The transition worksheet's calls (issue 22, 新旧衔接; spec doc 2: codeJoin, DraftContentControl,
 * reconciliationFinish, unReconciliationFinish and the export; the save calls are ours, the spec shows no path).
 * Amounts on the wire in yuan, each in its subject's balance direction; fen inside.
 */
import { Type, type Static } from 'typebox';
import { Direction, Envelope, NoParams, SubjectCode, YuanIn, YuanOut } from './common.js';

export const TransitionLevelField = Type.Union([Type.Literal('grassroots'), Type.Literal('county')], {
  description: '衔接对照表的工会级别：grassroots 基层工会，county 县级以上工会（缺省按账套的会计制度）',
  'x-message': '工会级别须为grassroots或county',
});

export const CodeJoinQuerySchema = Type.Object({
  item1: Type.Optional(
    Type.Union([Type.Literal(1), Type.Literal(2)], {
      description: '1 年末数（原制度科目及其余额）；2 新旧衔接底稿（缺省）',
      'x-message': 'item1须为1或2',
    }),
  ),
  isReconciliation: Type.Optional(Type.Boolean({ description: '底稿是否并入调账凭证的调整；缺省true' })),
});
export type CodeJoinQuery = Static<typeof CodeJoinQuerySchema>;

export const OldSubjectSchema = Type.Object({
  code: Type.String({ description: '原制度（2009）科目编码' }),
  name: Type.String(),
  parentCode: Type.Union([Type.String(), Type.Null()]),
  level: Type.Integer({ description: '1 一级科目，2 明细科目' }),
  type: Type.Integer({ description: '1 资产 2 负债 3 净资产 4 收入 5 支出' }),
  balanceDirection: Direction(),
  lastLevel: Type.Boolean({ description: '末级科目：年末数录在末级' }),
  amount: YuanOut('年末余额（元，科目余额方向；上级为下级合计）'),
});
export type OldSubject = Static<typeof OldSubjectSchema>;

export const WorksheetPartSchema = Type.Object({
  key: Type.String({ description: '拆分项的键（保存拆分金额时回传）' }),
  newCode: Type.String({ description: '新制度科目编码' }),
  newName: Type.String({ description: '新制度科目名称（账套科目表中没有时取县级以上工会科目表）' }),
  basis: Type.String({ description: '拆分依据；整体转入时为空' }),
  remainder: Type.Boolean({ description: 'true：取原余额减其他拆分项（不可录入）' }),
  amount: YuanOut('转入新科目的金额'),
});

export const WorksheetRowSchema = Type.Object({
  no: Type.String({ description: '对照表序号' }),
  oldCode: Type.Union([Type.String(), Type.Null()], { description: '原科目编码；新增科目为null' }),
  oldName: Type.String(),
  rule: Type.String({ description: '转账规则' }),
  noBalance: Type.Boolean({ description: '收入支出类：年末无余额，不转账' }),
  oldAmount: YuanOut('原科目年末余额'),
  parts: Type.Array(WorksheetPartSchema),
});
export type WorksheetRow = Static<typeof WorksheetRowSchema>;

export const WorksheetAdjustmentSchema = Type.Object({
  voucherId: Type.String(),
  voucherNo: Type.String({ description: '调账凭证号，如 调-1' }),
  lineNo: Type.Integer(),
  summary: Type.String(),
  subjectCode: Type.String({ description: '新制度科目编码' }),
  subjectName: Type.String(),
  auxiKey: Type.String({ description: '辅助核算项组合；无为空' }),
  increase: YuanOut('调增（科目余额方向）'),
  decrease: YuanOut('调减'),
});

export const OpeningSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  auxiKey: Type.String(),
  balanceDirection: Direction(),
  amount: YuanOut('新制度期初余额'),
});

export const WorksheetTotalsSchema = Type.Object({
  old: YuanOut('原余额合计'),
  increase: YuanOut('调增合计'),
  decrease: YuanOut('调减合计'),
  new: YuanOut('新制度金额合计'),
  oldDebit: YuanOut('年末数借方合计'),
  oldCredit: YuanOut('年末数贷方合计'),
  newDebit: YuanOut('新制度借方合计'),
  newCredit: YuanOut('新制度贷方合计'),
});

export const CodeJoinResponseSchema = Type.Object({
  year: Type.Integer({ description: '新制度首个年度（年末数为其上年）' }),
  level: TransitionLevelField,
  isSaved: Type.Boolean({ description: '年末数已保存' }),
  reconciled: Type.Boolean({ description: '已完成衔接' }),
  oldSubjects: Type.Array(OldSubjectSchema, { description: '原制度科目及年末数（item1=1 时；否则为空）' }),
  rows: Type.Array(WorksheetRowSchema, { description: '底稿行（item1=2 时；否则为空）' }),
  adjustments: Type.Array(WorksheetAdjustmentSchema, { description: '调账凭证分录（isReconciliation 为 false 时为空）' }),
  openings: Type.Array(OpeningSchema, { description: '按新科目（及辅助项）汇总的新制度期初余额' }),
  totals: WorksheetTotalsSchema,
  problems: Type.Array(Type.Object({ at: Type.String(), message: Type.String() }), {
    description: '检查未通过之处；为空才可完成衔接',
  }),
});
export type CodeJoinResponse = Static<typeof CodeJoinResponseSchema>;

export const SaveFiguresRequestSchema = Type.Object({
  balances: Type.Array(Type.Object({ code: SubjectCode('原制度末级科目编码'), amount: YuanIn('年末余额（元，科目余额方向）') }), {
    maxItems: 500,
    description: '原制度末级科目的年末余额；未列出的科目为0',
  }),
});
export type SaveFiguresRequest = Static<typeof SaveFiguresRequestSchema>;

export const SaveSplitsRequestSchema = Type.Object({
  splits: Type.Array(
    Type.Object({
      key: Type.String({ maxLength: 40, description: '拆分项的键' }),
      amount: YuanIn('拆分金额'),
      newCode: Type.Optional(SubjectCode('改为该新科目的下级明细科目')),
    }),
    { maxItems: 200 },
  ),
});
export type SaveSplitsRequest = Static<typeof SaveSplitsRequestSchema>;

/** Spec DraftContentControl: what the page shows and allows. */
export const DraftContentControlSchema = Type.Object({
  showSubject: Type.Boolean({ description: '可打开新旧衔接底稿（年末数已保存）' }),
  isSaved: Type.Boolean({ description: '年末数已保存' }),
  edit: Type.Boolean({ description: '可编辑年末数与拆分（未衔接且有编辑权限）' }),
  reconciliationVoucher: Type.Boolean({ description: '可新增、删除调账凭证（未衔接且有调账凭证权限）' }),
  unReconciliationFinish: Type.Boolean({ description: '可取消衔接（已衔接、有权限且该年度无结账月份）' }),
  reconciled: Type.Boolean({ description: 'ours: 已完成衔接（完成衔接按钮只在未衔接时显示）' }),
  reconciliation: Type.Boolean({ description: 'ours: 有完成/取消衔接的权限' }),
});
export type DraftContentControl = Static<typeof DraftContentControlSchema>;

export const TransitionSchemas = {
  codeJoin: { querystring: CodeJoinQuerySchema, response: { 200: Envelope(CodeJoinResponseSchema) } },
  saveFigures: { body: SaveFiguresRequestSchema, response: { 200: Envelope(CodeJoinResponseSchema) } },
  saveSplits: { body: SaveSplitsRequestSchema, response: { 200: Envelope(CodeJoinResponseSchema) } },
  control: { querystring: NoParams, response: { 200: Envelope(DraftContentControlSchema) } },
} as const;
