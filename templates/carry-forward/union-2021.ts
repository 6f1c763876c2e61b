/**
 * Built-in carry-forward templates of the 2021 union accounting system, one list per chart.
 *
 * Source: 《工会会计制度》(财会〔2021〕7号) 第三部分, the usage text of 321, 322, 331, 332 and of every
 * 4xx and 5xx subject (templates/reference/regulations/union-2021-accounting-system.txt; summarised in
 * templates/reference/union-accounting.md §2.2):
 * - 期末: non-project (非专项) revenue and expense → 322 工会资金结余—本年收支结转 (32203), with 411
 *   动用预算稳定调节基金 and 521 安排预算稳定调节基金; project (专项) revenue and expense → 321
 *   工会资金结转—本年收支结转 (32103); 财政拨款 revenue and expense → 331 财政拨款结转—本年收支结转
 *   (33103), 县级以上 only.
 * - 年末: 321 (本年收支结转、年初余额调整、单位内部调剂) → 32104 累计结转; 322 (本年收支结转、年初余额调整、
 *   单位内部调剂、结转转入) → 32205 累计结余; 331 likewise → 33104; 332 (年初余额调整、归集上缴、单位内部调剂、
 *   结转转入) → 33205. Moving a finished project's remainder from 321 to 322 (结转转入) is a judgement
 *   the regulation leaves to the union ("按照有关规定"), so no template does it.
 *
 * The chart codes only some of the split: 40302 专项转移支付补助 is project revenue, 40401 财政拨款收入
 * fiscal revenue. Expense subjects are split by the auxiliary items every set is given
 * (shared/subjects/auxiliary-rules.ts): 经费核算 JFHS 002 项目支出 marks project expense, 资金来源
 * ZJLY 002 财政拨款 fiscal expense. A row naming auxiliary items is more specific than one naming the
 * same subject without, so the project and fiscal rows take their part first and the plain row the
 * rest (src/server/templates/carry-forward-calc.ts); an expense subject without those auxiliary
 * types is carried whole by the plain row. The fiscal template comes first, so an expense that is
 * both fiscal and project goes to 331 as the regulation says.
 */
import type { BuiltInCarryForward, BuiltInCarryRow } from './types.js';

const PROJECT = [{ typeNo: 'JFHS', infoNo: '002' }] as const;
const FISCAL = [{ typeNo: 'ZJLY', infoNo: '002' }] as const;

const rows = (codes: readonly string[], into: string, auxis?: BuiltInCarryRow['auxis']): BuiltInCarryRow[] =>
  codes.map((subjectCode) => ({ subjectCode, ...(auxis ? { auxis } : {}), carryOverAmountType: 1, intoSubjectCode: into }));

const GRASSROOTS_EXPENSE = ['501', '503', '504', '505', '507', '510'];
const COUNTY_EXPENSE = ['502', '503', '504', '505', '506', '507', '508', '509', '510'];

const projectTemplate = (expense: readonly string[]): BuiltInCarryForward => ({
  key: 'month-project',
  name: '专项资金收支结转',
  isMonth: true,
  summary: '结转本期专项资金收支',
  memo: '期末，将工会经费专项资金的收入、支出本期发生额转入“工会资金结转——本年收支结转”（321号科目（三））',
  carryOverAmountType: 1,
  rows: [...rows(['40302'], '32103'), ...rows(expense, '32103', PROJECT)],
});

const yearUnionRows: BuiltInCarryRow[] = [
  ...rows(['32101', '32102', '32103'], '32104'),
  ...rows(['32201', '32202', '32203', '32204'], '32205'),
];

const YEAR_MEMO_UNION =
  '年末，将工会资金结转（本年收支结转、年初余额调整、单位内部调剂）余额转入“累计结转”，工会资金结余（本年收支结转、年初余额调整、单位内部调剂、结转转入）余额转入“累计结余”（321号科目（四）、322号科目（六））';

export const unionGrassroots2021Carry: readonly BuiltInCarryForward[] = [
  projectTemplate(GRASSROOTS_EXPENSE),
  {
    key: 'month-general',
    name: '非专项资金收支结转',
    isMonth: true,
    summary: '结转本期非专项资金收支',
    memo: '期末，将非专项资金的收入、支出本期发生额转入“工会资金结余——本年收支结转”（322号科目（四））',
    carryOverAmountType: 1,
    rows: [...rows(['401', '402', '40301', '405', '408'], '32203'), ...rows(GRASSROOTS_EXPENSE, '32203')],
  },
  {
    key: 'year-roll',
    name: '年末结转结余明细转入累计',
    isMonth: false,
    summary: '年末结转本年收支结转等明细',
    memo: YEAR_MEMO_UNION,
    carryOverAmountType: 1,
    rows: yearUnionRows,
  },
];

export const unionCounty2021Carry: readonly BuiltInCarryForward[] = [
  {
    key: 'month-fiscal',
    name: '财政拨款收支结转',
    isMonth: true,
    summary: '结转本期财政拨款收支',
    memo: '期末，将财政拨款收入、支出的本期发生额转入“财政拨款结转——本年收支结转”（331号科目（三））',
    carryOverAmountType: 1,
    rows: [...rows(['40401'], '33103'), ...rows(COUNTY_EXPENSE, '33103', FISCAL)],
  },
  projectTemplate(COUNTY_EXPENSE),
  {
    key: 'month-general',
    name: '非专项资金收支结转',
    isMonth: true,
    summary: '结转本期非专项资金收支',
    memo: '期末，将除财政拨款以外的非专项资金的收入、支出本期发生额和预算稳定调节基金的动用、安排转入“工会资金结余——本年收支结转”（322号科目（四））',
    carryOverAmountType: 1,
    rows: [...rows(['402', '40301', '40402', '406', '407', '408', '411'], '32203'), ...rows([...COUNTY_EXPENSE, '521'], '32203')],
  },
  {
    key: 'year-roll',
    name: '年末结转结余明细转入累计',
    isMonth: false,
    summary: '年末结转本年收支结转等明细',
    memo: `${YEAR_MEMO_UNION}；财政拨款结转、财政拨款结余同样转入“累计结转”、“累计结余”（331号科目（四）、332号科目（五））`,
    carryOverAmountType: 1,
    rows: [
      ...yearUnionRows,
      ...rows(['33101', '33102', '33103'], '33104'),
      ...rows(['33201', '33202', '33203', '33204'], '33205'),
    ],
  },
];
