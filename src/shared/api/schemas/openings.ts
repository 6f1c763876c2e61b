/**
 * Schemas of the opening-balance calls (base /account): the setting list (tabs, rows, config, trial
 * check), the batch save, and the workbook export and import. Amounts travel in yuan, as every
 * amount of the API; the server and the page keep them in fen and convert at the edge
 * (src/shared/subjects/opening-amounts.ts).
 */
import { Type, type Static } from 'typebox';
import { Envelope, FileAnswer, Month, NoParams, Nullable, Year, YuanIn, YuanOut } from './common.js';
import { AuxiTypeRefSchema, DirectionOut, SubjectTypeField } from './subjects.js';

const OpeningAuxiSchema = Type.Object({
  typeNo: Type.String({ description: '辅助核算类型编码' }),
  typeName: Type.String({ description: '辅助核算类型名称' }),
  infoNo: Type.String({ description: '辅助项编码' }),
  infoName: Type.String({ description: '辅助项名称' }),
});

/** One row of the opening-balance page: a subject, or an auxiliary detail row under one. */
export const OpeningRowSchema = Type.Object({
  rowId: Type.String({ description: 'stable: the code for a subject row, `code#auxiKey` for an auxiliary row' }),
  code: Type.String({ description: '科目代码 (of its subject, for an auxiliary row)' }),
  codeName: Type.String({ description: 'the subject’s name, or the item names of an auxiliary row joined by /' }),
  codeAndFullName: Type.String(),
  type: SubjectTypeField(),
  level: Type.Integer({ minimum: 1, description: '级次 (an auxiliary row: one below its subject)' }),
  parentCode: Nullable(Type.String({ description: '上级科目代码; for an auxiliary row its subject’s code' })),
  lastLevel: Type.Boolean(),
  balanceDirection: DirectionOut(),
  isGovernment: Type.Boolean({ description: 'budget accounting, checked apart in the trial check' }),
  isStandard: Type.Boolean(),
  enable: Type.Boolean(),
  initAmount: YuanOut('期初余额（元）, positive in the subject’s direction; a parent’s is the signed sum of its children'),
  cumuleDebitAmount: YuanOut('本年累计借方（元）, only for a set that starts mid-year'),
  cumuleCreditAmount: YuanOut('本年累计贷方（元）, only for a set that starts mid-year'),
  yearInitAmount: YuanOut('年初余额（元）: the opening less the turnover before the start month, in the subject’s direction'),
  incloudAuxi: Type.Boolean({ description: 'whether the subject carries auxiliary accounting' }),
  auxiTypeList: Type.Array(AuxiTypeRefSchema),
  isAuxiliary: Type.Boolean({ description: 'an auxiliary detail row' }),
  auxiKey: Nullable(
    Type.String({ description: 'the items of an auxiliary row, `typeNo:infoNo|…` sorted by type; null for a subject row' }),
  ),
  auxis: Type.Array(OpeningAuxiSchema, { description: 'the items of an auxiliary row (empty for a subject row)' }),
  editable: Type.Boolean({
    description: 'whether the amounts are entered (a detail without auxiliary types, or an auxiliary row)',
  }),
});
export type OpeningRow = Static<typeof OpeningRowSchema>;

export const TrialSideSchema = Type.Object({
  debit: YuanOut('借方合计（元）: first-level subjects on the debit side'),
  credit: YuanOut('贷方合计（元）: first-level subjects on the credit side'),
  difference: YuanOut('差额（元）: debit - credit'),
  cumuleDebit: YuanOut('本年累计借方合计（元）'),
  cumuleCredit: YuanOut('本年累计贷方合计（元）'),
  cumuleDifference: YuanOut('累计差额（元）: cumuleDebit - cumuleCredit'),
  balanced: Type.Boolean({ description: 'both differences zero' }),
});
export type TrialSide = Static<typeof TrialSideSchema>;

/** The trial check of opening balances (grids/opening-balance-trial.ts computes it, in fen, for page and server). */
export const TrialResultSchema = Type.Object({
  financial: TrialSideSchema,
  budget: Type.Object(TrialSideSchema.properties, {
    description: 'budget accounting, checked apart; all zero and balanced in a chart without budget subjects (config.hasBudget)',
  }),
  balanced: Type.Boolean({ description: 'both sides balanced' }),
});
export type TrialResult = Static<typeof TrialResultSchema>;

export const SubjectSettingResponseSchema = Type.Object({
  subTypeList: Type.Array(
    Type.Object({
      type: SubjectTypeField(),
      typeName: Type.String({ description: '类别名称 (资产, 负债 …)' }),
      isGovernment: Type.Boolean({ description: 'a budget type' }),
    }),
    { description: 'the tabs: subject types present in the chart, in order' },
  ),
  subInfoList: Type.Array(OpeningRowSchema, { description: 'every subject in code order, each followed by its auxiliary rows' }),
  config: Type.Object({
    year: Year('the session year'),
    startMonth: Month('the month the set starts keeping books in this year (1: at the start of the year)'),
    isMidYear: Type.Boolean({ description: 'startMonth > 1: cumulative amounts are entered' }),
    hasBudget: Type.Boolean({ description: 'the chart has budget subjects' }),
    isInitialised: Type.Boolean({
      description: 'whether the openings of this year have been saved (the financial state is normal)',
    }),
  }),
  trial: TrialResultSchema,
});
export type SubjectSettingResponse = Static<typeof SubjectSettingResponseSchema>;

/** The most rows one save takes. */
export const MAX_OPENING_ROWS = 50_000;

export const OpeningDetailSchema = Type.Object({
  rowId: Type.Optional(
    Type.String({
      maxLength: 300,
      description: 'echoed in validation messages so the grid marks the cell; default the code / code#key',
    }),
  ),
  code: Type.String({
    maxLength: 40,
    description: '科目代码 of a detail (rows of parents are ignored: their sums are recomputed)',
  }),
  auxis: Type.Optional(
    Type.Array(
      Type.Object({
        typeNo: Type.String({ maxLength: 100, description: '辅助核算类型编码' }),
        infoNo: Type.String({ maxLength: 100, description: '辅助项编码 (a leaf item)' }),
      }),
      { maxItems: 100, description: 'an auxiliary row: one item per auxiliary type of the subject' },
    ),
  ),
  initAmount: YuanIn('期初余额（元）, positive in the subject’s direction, at most two decimals'),
  cumuleDebitAmount: Type.Optional(YuanIn('本年累计借方（元）: only for a set that starts mid-year')),
  cumuleCreditAmount: Type.Optional(YuanIn('本年累计贷方（元）: only for a set that starts mid-year')),
});
export type OpeningDetail = Static<typeof OpeningDetailSchema>;

/**
 * POST branchSave. Rows of details and auxiliary rows are upserted (an auxiliary row all zero is
 * removed); rows of parents are ignored, their sums are recomputed. An unbalanced trial check is
 * refused (4011, data: the trial result in yuan) unless confirmPrompt is true.
 */
export const BranchSaveRequestSchema = Type.Object({
  detailList: Type.Array(OpeningDetailSchema, { maxItems: MAX_OPENING_ROWS, description: 'the rows whose amounts are entered' }),
  confirmPrompt: Type.Optional(Type.Boolean({ description: 'true: save even when the trial check does not balance' })),
  autoUnderAllAcc: Type.Optional(Type.Boolean({ description: 'spec flag; parents are always recomputed by the server' })),
});
export type BranchSaveRequest = Static<typeof BranchSaveRequestSchema>;

export const BranchSaveResponseSchema = Type.Object({
  saved: Type.Integer({ minimum: 0, description: 'rows written' }),
  trial: TrialResultSchema,
});
export type BranchSaveResponse = Static<typeof BranchSaveResponseSchema>;

export const OpeningSchemas = {
  setting: { querystring: NoParams, response: { 200: Envelope(SubjectSettingResponseSchema) } },
  branchSave: { body: BranchSaveRequestSchema, response: { 200: Envelope(BranchSaveResponseSchema) } },
  export: {
    querystring: NoParams,
    response: {
      200: FileAnswer(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'the openings as the grid’s workbook (amounts in yuan) with a 辅助核算 column, so that it can be imported again',
      ),
    },
  },
  /**
   * Multipart: field `file` (xlsx, at most 50 MB, the export's layout, amounts in yuan) and
   * optionally `confirmPrompt` = 'true' before it. The rows are saved as branchSave saves them.
   */
  import: { consumes: ['multipart/form-data'], response: { 200: Envelope(BranchSaveResponseSchema) } },
} as const;
