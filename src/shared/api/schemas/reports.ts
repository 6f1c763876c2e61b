/**
 * Schemas of the official reports (spec doc 1: balance sheet 资产负债表, income and expense
 * statement 收入支出表; base /account): the report as JSON, as an xlsx workbook and as a PDF.
 *
 * Figures travel in yuan (a number with at most two decimals); the report evaluator
 * (src/shared/reports) computes them in integer fen and the server converts at the edge
 * (src/shared/reports/answer-amounts.ts). A figure is signed as its line shows it: a line of
 * side 'debit' shows debit minus credit, one of side 'credit' credit minus debit, so an asset
 * shows positive on the balance sheet and a liability too; a negative figure is a balance
 * against the line's side.
 */
import { Type, type Static } from 'typebox';
import { Envelope, FileAnswer, Nullable, Year, YearMonth, YuanOut } from './common.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const period = {
  beginYearMonth: YearMonth('起始期间 yyyy-MM，须在会话年度内，不晚于结束期间'),
  endYearMonth: YearMonth('结束期间 yyyy-MM，须在会话年度内；1月至12月为年报，其余为中期报表'),
  book: Type.Optional(Type.Boolean({ description: '只含已记账凭证（true），或全部凭证（false，缺省）' })),
};

/** GET /account/api/report/balanceSheet (spec: departNo, beginYearMonth, endYearMonth, book, carryOver). */
export const BalanceSheetQuerySchema = Type.Object({
  departNo: Type.Optional(Type.String({ maxLength: 64, description: '部门编号（规范字段）：账套不分部门，接受而不使用' })),
  ...period,
  carryOver: Type.Optional(
    Type.Boolean({
      description: '把尚未结转的本年收入和支出（收入减支出）计入净资产（工会资金结余 / 本期盈余），如同已做结转凭证（缺省false）',
    }),
  ),
});
export type BalanceSheetQuery = Static<typeof BalanceSheetQuerySchema>;

/** GET /account/api/report/incomeExpense. */
export const IncomeExpenseQuerySchema = Type.Object(period);
export type IncomeExpenseQuery = Static<typeof IncomeExpenseQuerySchema>;

const ColumnId = '栏目id（如 closing 期末余额、opening 年初余额、current 本月数、cumulative 本年累计数），见 columns';

export const ReportLineViewSchema = Type.Object({
  no: Nullable(Type.Integer({ minimum: 1, description: '行次；标题行为null' })),
  name: Type.String({ description: '项目名称，按表样印出（只在中期报表列示的行带 *）' }),
  part: Type.Unsafe<'left' | 'right'>({
    type: 'string',
    enum: ['left', 'right'],
    description: '左半（资产，或收入支出表的全部）或右半（负债和净资产）',
  }),
  row: Type.Integer({ minimum: 1, description: '表体中的行号；资产负债表的左右两半共用行' }),
  indent: Type.Unsafe<0 | 1 | 2>({ type: 'integer', enum: [0, 1, 2], description: '缩进级次' }),
  bold: Type.Boolean({ description: '粗体' }),
  center: Type.Boolean({ description: '居中' }),
  side: Type.Unsafe<'debit' | 'credit'>({
    type: 'string',
    enum: ['debit', 'credit'],
    description: '金额的符号：debit 为借减贷，credit 为贷减借',
  }),
  total: Type.Boolean({ description: '由其他行相加的行（合计、总计、净值、差额）：工作簿中为公式' }),
  amounts: Type.Record(
    Type.String(),
    Nullable(YuanOut('金额（元），按side的符号，可为负数；标题或空白格（——、年报专用行、无上年数）为null')),
    { description: `各栏的金额，键为${ColumnId}` },
  ),
  dashed: Type.Array(Type.String(), { description: '印作 —— 的栏目id' }),
  codes: Type.Array(Type.String(), { description: '该行取数的科目代码（账套中有的），用于联查明细账' }),
});
export type ReportLineView = Static<typeof ReportLineViewSchema>;

export const ReportCheckViewSchema = Type.Object({
  name: Type.String({ description: '表内平衡关系，如 资产总计 = 负债与净资产总计' }),
  columns: Type.Record(
    Type.String(),
    Type.Object({
      left: Nullable(YuanOut('左边的金额（元）；空白栏为null')),
      right: Nullable(YuanOut('右边的金额（元）；空白栏为null')),
      balanced: Nullable(Type.Boolean({ description: '两边相等；空白栏为null' })),
    }),
    { description: `各栏的检查，键为${ColumnId}` },
  ),
});
export type ReportCheckView = Static<typeof ReportCheckViewSchema>;

export const ReportResponseSchema = Type.Object({
  kind: Type.Unsafe<'balance-sheet' | 'income-expense'>({
    type: 'string',
    enum: ['balance-sheet', 'income-expense'],
    description: 'balance-sheet 资产负债表，income-expense 收入支出表',
  }),
  formNo: Type.String({ description: '表号，如 工会01表' }),
  title: Type.String({ description: '报表名称' }),
  unitName: Type.String({ description: '编制单位：账套名称' }),
  year: Year('会计年度（会话年度）'),
  beginMonth: Type.Integer({ minimum: 1, maximum: 12, description: '起始月份' }),
  endMonth: Type.Integer({ minimum: 1, maximum: 12, description: '结束月份' }),
  period: Type.String({ description: '期间，如 2026年1月至3月、2026年度' }),
  mode: Type.Unsafe<'interim' | 'annual'>({
    type: 'string',
    enum: ['interim', 'annual'],
    description: 'annual 年报（1月至12月），interim 中期报表',
  }),
  book: Type.Boolean({ description: '只含已记账凭证' }),
  carryOver: Type.Boolean({ description: '是否已把未结转的收入和支出计入净资产（资产负债表）' }),
  lineNumbersPrinted: Type.Boolean({ description: '表样是否印行次栏' }),
  columns: Type.Array(
    Type.Object({
      id: Type.String({ description: '栏目id' }),
      name: Type.String({ description: '栏目名称（年报与中期报表可不同）' }),
      hasData: Type.Boolean({ description: '该栏有金额；年报的上年数栏在没有上年账时为false（全空）' }),
    }),
    { description: '金额栏，按表样顺序' },
  ),
  lines: Type.Array(ReportLineViewSchema, { description: '印出的行，按表样顺序（本模式不印的行不列）' }),
  checks: Type.Array(ReportCheckViewSchema, { description: '表内平衡关系的检查' }),
  balanced: Type.Boolean({ description: '每个有金额的栏目中每个检查都相等' }),
  carriedOver: Type.Record(Type.String(), YuanOut('carryOver 计入净资产的收入减支出（元），可为负数；未选carryOver为0'), {
    description: `键为${ColumnId}`,
  }),
  uncovered: Type.Array(Type.String(), { description: '有余额却没有任何印出行取数的科目代码（表样未覆盖的科目）' }),
});
export type ReportResponse = Static<typeof ReportResponseSchema>;

export const ReportSchemas = {
  balanceSheet: { querystring: BalanceSheetQuerySchema, response: { 200: Envelope(ReportResponseSchema) } },
  balanceSheetExport: {
    querystring: BalanceSheetQuerySchema,
    response: { 200: FileAnswer(XLSX, '资产负债表工作簿（附件），金额以元为单位，合计行为公式') },
  },
  balanceSheetPrint: {
    querystring: BalanceSheetQuerySchema,
    response: { 200: FileAnswer('application/pdf', '资产负债表的PDF（内联打开）') },
  },
  incomeExpense: { querystring: IncomeExpenseQuerySchema, response: { 200: Envelope(ReportResponseSchema) } },
  incomeExpenseExport: {
    querystring: IncomeExpenseQuerySchema,
    response: { 200: FileAnswer(XLSX, '收入支出表工作簿（附件），金额以元为单位，合计行为公式') },
  },
  incomeExpensePrint: {
    querystring: IncomeExpenseQuerySchema,
    response: { 200: FileAnswer('application/pdf', '收入支出表的PDF（内联打开）') },
  },
  /** GET /account/api/reportToExcle/multipleExportsDataOut: the period's reports in one workbook. */
  multipleExports: {
    querystring: BalanceSheetQuerySchema,
    response: {
      200: FileAnswer(
        XLSX,
        '期间的会计报表工作簿（附件）：科目余额表、资产负债表、收入支出表各一张工作表，报表每行为对科目余额表各行的公式；carryOver 只作用于资产负债表',
      ),
    },
  },
} as const;
