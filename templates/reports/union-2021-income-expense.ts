/**
 * 收入支出表 (工会02表) of the 2021 union accounting system, for 县级以上 and 基层 unions.
 *
 * Source: 《工会会计制度》(财会〔2021〕7号, in force from 2022-01-01), 附录1 第四部分 会计报表格式 (the form
 * images templates/reference/forms/union-2021-income-expense-1.png and -2.png, their text in
 * templates/reference/regulations/union-2021-accounting-system.txt) and 第五部分 二、收入支出表编制说明, as
 * compiled in templates/reference/union-accounting.md §5.2 (S1, S1-PDF).
 *
 * - The form prints no 行次; the line numbers 1-30 are ours, in form order.
 * - Columns 本月数 and 本年累计数; the annual report renames them 本年数 and 上年数 (the prior year's 本年数).
 * - 年初资金结转结余 and 年末资金结转结余 with their details are filled only in the annual report.
 * - 资金结转结余调整及变动: the period's movement of the 年初余额调整 details of 321/322/331/332 and of
 *   332 归集上缴, credit minus debit (a decrease shown with '-').
 * - 投资收益 (a loss) and 其他支出 (a credit amount) take their '-' from the signed movement.
 * - The 基层 variant keeps every printed line and drops the subjects its chart lacks (see the balance sheet).
 */
import type { ReportForm, ReportLine, ReportTemplate, SubjectTerm } from '../../src/shared/reports/types.js';
import { restrictToCodes } from '../../src/shared/reports/restrict.js';
import { unionCounty2021 } from '../charts/union-2021-county.js';
import { unionGrassroots2021 } from '../charts/union-2021-grassroots.js';

const sum = (...codes: string[]) => ({ sum: codes.map((code): SubjectTerm => ({ code })) });
const balances = (amount: 'opening' | 'closing', ...codes: string[]) => ({
  sum: codes.map((code): SubjectTerm => ({ code, amount })),
});
const range = (from: number, to: number) => ({ lines: Array.from({ length: to - from + 1 }, (_, i) => from + i) });

type Item = [name: string, code: string];

const REVENUE: readonly Item[] = [
  ['（一）会费收入', '401'],
  ['（二）拨缴经费收入', '402'],
  ['（三）上级补助收入', '403'],
  ['（四）政府补助收入', '404'],
  ['（五）行政补助收入', '405'],
  ['（六）附属单位上缴收入', '406'],
  ['（七）投资收益', '407'],
  ['（八）其他收入', '408'],
  ['（九）动用预算稳定调节基金', '411'],
];

const EXPENSE: readonly Item[] = [
  ['（一）职工活动支出', '501'],
  ['（二）职工活动组织支出', '502'],
  ['（三）职工服务支出', '503'],
  ['（四）维权支出', '504'],
  ['（五）业务支出', '505'],
  ['（六）行政支出', '506'],
  ['（七）资本性支出', '507'],
  ['（八）补助下级支出', '508'],
  ['（九）对附属单位的支出', '509'],
  ['（十）其他支出', '510'],
  ['（十一）安排预算稳定调节基金', '521'],
];

const REVENUE_FROM = 6;
const EXPENSE_FROM = REVENUE_FROM + REVENUE.length + 1;

const lines: readonly ReportLine[] = [
  {
    no: 1,
    name: '一、年初资金结转结余',
    part: 'left',
    row: 1,
    indent: 0,
    bold: true,
    side: 'credit',
    annualOnly: true,
    formula: range(2, 3),
  },
  {
    no: 2,
    name: '（一）年初资金结转',
    part: 'left',
    row: 2,
    indent: 1,
    side: 'credit',
    annualOnly: true,
    formula: balances('opening', '321', '331'),
  },
  {
    no: 3,
    name: '（二）年初资金结余',
    part: 'left',
    row: 3,
    indent: 1,
    side: 'credit',
    annualOnly: true,
    formula: balances('opening', '322', '332'),
  },
  {
    no: 4,
    name: '二、资金结转结余调整及变动',
    part: 'left',
    row: 4,
    indent: 0,
    bold: true,
    side: 'credit',
    formula: sum('32101', '32201', '33101', '33201', '33202'),
  },
  {
    no: 5,
    name: '三、收入合计',
    part: 'left',
    row: 5,
    indent: 0,
    bold: true,
    side: 'credit',
    formula: range(REVENUE_FROM, REVENUE_FROM + REVENUE.length - 1),
  },
  ...REVENUE.map(([name, code], i): ReportLine => ({
    no: REVENUE_FROM + i,
    name,
    part: 'left',
    row: REVENUE_FROM + i,
    indent: 1,
    side: 'credit',
    formula: sum(code),
  })),
  {
    no: EXPENSE_FROM - 1,
    name: '四、支出合计',
    part: 'left',
    row: EXPENSE_FROM - 1,
    indent: 0,
    bold: true,
    side: 'debit',
    formula: range(EXPENSE_FROM, EXPENSE_FROM + EXPENSE.length - 1),
  },
  ...EXPENSE.map(([name, code], i): ReportLine => ({
    no: EXPENSE_FROM + i,
    name,
    part: 'left',
    row: EXPENSE_FROM + i,
    indent: 1,
    side: 'debit',
    formula: sum(code),
  })),
  {
    no: 27,
    name: '五、本期收支差额',
    part: 'left',
    row: 27,
    indent: 0,
    bold: true,
    side: 'credit',
    formula: { lines: [5, { line: 15, sign: -1 }] },
  },
  {
    no: 28,
    name: '六、年末资金结转结余',
    part: 'left',
    row: 28,
    indent: 0,
    bold: true,
    side: 'credit',
    annualOnly: true,
    formula: range(29, 30),
  },
  {
    no: 29,
    name: '（一）年末资金结转',
    part: 'left',
    row: 29,
    indent: 1,
    side: 'credit',
    annualOnly: true,
    formula: balances('closing', '321', '331'),
  },
  {
    no: 30,
    name: '（二）年末资金结余',
    part: 'left',
    row: 30,
    indent: 1,
    side: 'credit',
    annualOnly: true,
    formula: balances('closing', '322', '332'),
  },
];

/** 工会02表 with the subjects of the whole 2021 union system (401, 405 and 501 are 基层 only, the rest 县级以上). */
export const unionIncomeExpenseForm2021 = {
  kind: 'income-expense',
  formNo: '工会02表',
  title: '收入支出表',
  source:
    '财会〔2021〕7号 附录1 第四部分 会计报表格式（工会02表）、第五部分 二、收入支出表编制说明；templates/reference/union-accounting.md §5.2 (S1, S1-PDF); templates/reference/forms/union-2021-income-expense-1.png, -2.png',
  lineNumbersPrinted: false,
  columns: [
    {
      id: 'current',
      name: '本月数',
      annualName: '本年数',
      interim: { balance: 'closing', movement: 'period', data: 'current' },
      annual: { balance: 'closing', movement: 'year', data: 'current' },
    },
    {
      id: 'cumulative',
      name: '本年累计数',
      annualName: '上年数',
      interim: { balance: 'closing', movement: 'year', data: 'current' },
      annual: { balance: 'closing', movement: 'year', data: 'priorYear' },
    },
  ],
  defaultAmount: 'movement',
  lines,
  covers: ['4', '5'],
  checks: [],
} as const satisfies ReportForm;

/** 工会02表 for a 县级以上 union. */
export const unionCountyIncomeExpense2021: ReportTemplate = restrictToCodes(
  unionIncomeExpenseForm2021,
  unionCounty2021.subjects.map((s) => s.code),
  { id: 'union-2021-county-income-expense', chartId: 'union-2021-county' },
);

/** 工会02表 for a 基层 union. */
export const unionGrassrootsIncomeExpense2021: ReportTemplate = restrictToCodes(
  unionIncomeExpenseForm2021,
  unionGrassroots2021.subjects.map((s) => s.code),
  { id: 'union-2021-grassroots-income-expense', chartId: 'union-2021-grassroots' },
);
