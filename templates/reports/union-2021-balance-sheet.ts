/**
 * 资产负债表 (工会01表) of the 2021 union accounting system, for 县级以上 and 基层 unions.
 *
 * Source: 《工会会计制度》(财会〔2021〕7号, in force from 2022-01-01), 附录1 第四部分 会计报表格式 (the form
 * image templates/reference/forms/union-2021-balance-sheet.png, its text in
 * templates/reference/regulations/union-2021-accounting-system.txt) and 第五部分 一、资产负债表编制说明 (which
 * subject feeds each line), as compiled in templates/reference/union-accounting.md §5.1 (S1, S1-PDF).
 *
 * - The form prints no 行次; the line numbers 1-34 are those of union-accounting.md §5.1 (form order,
 *   assets first). `row` is the body row of the printed form, so the two halves pair up as printed.
 * - Names as printed; the form spaces some two-character names for typesetting (投 资, 一、资 产), which is
 *   not part of the name.
 * - 零余额账户用款额度 is printed in interim reports only (注：“*”标识项目为中期报表项目，年报中不需列示).
 * - 待处理财产损溢: the 借方余额, a 贷方余额 shown with '-' (a signed debit line does exactly that).
 * - The form is the same for 各级工会. The 基层 variant keeps every printed line and drops the subjects its
 *   chart lacks (those lines then read 0); a 基层 set that adds 县级以上 subjects (allowed by the chart's
 *   note) is evaluated with restrictToCodes(unionBalanceSheetForm2021, its own codes).
 * - carryOver (not in the 制度): revenue and expense not yet closed are added to 工会资金结余, where the
 *   non-project closing entries take them (本年收支结转); project (321) and 财政拨款 (331) parts cannot be
 *   told from the balances alone.
 */
import type { ReportForm, ReportLine, ReportTemplate } from '../../src/shared/reports/types.js';
import { restrictToCodes } from '../../src/shared/reports/restrict.js';
import { unionCounty2021 } from '../charts/union-2021-county.js';
import { unionGrassroots2021 } from '../charts/union-2021-grassroots.js';

const sum = (...codes: string[]) => ({ sum: codes.map((code) => ({ code })) });
const range = (from: number, to: number) => ({ lines: Array.from({ length: to - from + 1 }, (_, i) => from + i) });

const lines: readonly ReportLine[] = [
  // 资产 (left)
  { no: null, name: '一、资产', part: 'left', row: 1, indent: 0, bold: true, center: true, side: 'debit' },
  { no: null, name: '流动资产：', part: 'left', row: 2, indent: 0, side: 'debit' },
  { no: 1, name: '货币资金', part: 'left', row: 3, indent: 1, side: 'debit', formula: sum('101', '102') },
  {
    no: 2,
    name: '零余额账户用款额度',
    part: 'left',
    row: 4,
    indent: 1,
    side: 'debit',
    interimOnly: true,
    formula: sum('111'),
  },
  { no: 3, name: '财政应返还额度', part: 'left', row: 5, indent: 1, side: 'debit', formula: sum('121') },
  { no: 4, name: '应收上级经费', part: 'left', row: 6, indent: 1, side: 'debit', formula: sum('131') },
  { no: 5, name: '应收下级经费', part: 'left', row: 7, indent: 1, side: 'debit', formula: sum('132') },
  { no: 6, name: '其他应收款', part: 'left', row: 8, indent: 1, side: 'debit', formula: sum('135') },
  { no: 7, name: '库存物品', part: 'left', row: 9, indent: 1, side: 'debit', formula: sum('141') },
  { no: 8, name: '流动资产合计', part: 'left', row: 10, indent: 2, side: 'debit', formula: range(1, 7) },
  { no: 9, name: '投资', part: 'left', row: 11, indent: 0, side: 'debit', formula: sum('151') },
  { no: 10, name: '在建工程', part: 'left', row: 12, indent: 0, side: 'debit', formula: sum('161') },
  { no: 11, name: '固定资产原值', part: 'left', row: 13, indent: 0, side: 'debit', formula: sum('162') },
  { no: 12, name: '减：累计折旧', part: 'left', row: 14, indent: 1, side: 'credit', formula: sum('163') },
  {
    no: 13,
    name: '固定资产净值',
    part: 'left',
    row: 15,
    indent: 1,
    side: 'debit',
    formula: { lines: [11, { line: 12, sign: -1 }] },
  },
  { no: 14, name: '无形资产原值', part: 'left', row: 16, indent: 0, side: 'debit', formula: sum('171') },
  { no: 15, name: '减：累计摊销', part: 'left', row: 17, indent: 1, side: 'credit', formula: sum('172') },
  {
    no: 16,
    name: '无形资产净值',
    part: 'left',
    row: 18,
    indent: 1,
    side: 'debit',
    formula: { lines: [14, { line: 15, sign: -1 }] },
  },
  { no: 17, name: '长期待摊费用', part: 'left', row: 19, indent: 0, side: 'debit', formula: sum('181') },
  { no: 18, name: '待处理财产损溢', part: 'left', row: 20, indent: 0, side: 'debit', formula: sum('182') },
  {
    no: 19,
    name: '资产总计',
    part: 'left',
    row: 22,
    indent: 0,
    bold: true,
    side: 'debit',
    formula: { lines: [8, 9, 10, 13, 16, 17, 18] },
  },
  // 负债 and 净资产 (right)
  { no: null, name: '二、负债', part: 'right', row: 1, indent: 0, bold: true, center: true, side: 'credit' },
  { no: 20, name: '应付职工薪酬', part: 'right', row: 2, indent: 0, side: 'credit', formula: sum('201') },
  { no: 21, name: '应付上级经费', part: 'right', row: 3, indent: 0, side: 'credit', formula: sum('211') },
  { no: 22, name: '应付下级经费', part: 'right', row: 4, indent: 0, side: 'credit', formula: sum('212') },
  { no: 23, name: '其他应付款', part: 'right', row: 5, indent: 0, side: 'credit', formula: sum('215') },
  { no: 24, name: '代管经费', part: 'right', row: 6, indent: 0, side: 'credit', formula: sum('221') },
  {
    no: 25,
    name: '负债合计',
    part: 'right',
    row: 7,
    indent: 0,
    bold: true,
    center: true,
    side: 'credit',
    formula: range(20, 24),
  },
  { no: null, name: '三、净资产', part: 'right', row: 9, indent: 0, bold: true, center: true, side: 'credit' },
  { no: 26, name: '资产基金', part: 'right', row: 10, indent: 0, side: 'credit', formula: sum('301') },
  { no: 27, name: '专用基金', part: 'right', row: 11, indent: 0, side: 'credit', formula: sum('311') },
  { no: 28, name: '工会资金结转', part: 'right', row: 12, indent: 0, side: 'credit', formula: sum('321') },
  { no: 29, name: '工会资金结余', part: 'right', row: 13, indent: 0, side: 'credit', formula: sum('322') },
  { no: 30, name: '财政拨款结转', part: 'right', row: 14, indent: 0, side: 'credit', formula: sum('331') },
  { no: 31, name: '财政拨款结余', part: 'right', row: 15, indent: 0, side: 'credit', formula: sum('332') },
  { no: 32, name: '预算稳定调节基金', part: 'right', row: 16, indent: 0, side: 'credit', formula: sum('341') },
  {
    no: 33,
    name: '净资产合计',
    part: 'right',
    row: 17,
    indent: 0,
    bold: true,
    center: true,
    side: 'credit',
    formula: range(26, 32),
  },
  {
    no: 34,
    name: '负债与净资产总计',
    part: 'right',
    row: 22,
    indent: 0,
    bold: true,
    side: 'credit',
    formula: { lines: [25, 33] },
  },
];

const BALANCE_COLUMNS = [
  {
    id: 'opening',
    name: '年初余额',
    interim: { balance: 'opening', movement: 'year', data: 'current' },
    annual: { balance: 'opening', movement: 'year', data: 'current' },
  },
  {
    id: 'closing',
    name: '期末余额',
    annualName: '年末余额',
    interim: { balance: 'closing', movement: 'year', data: 'current' },
    annual: { balance: 'closing', movement: 'year', data: 'current' },
  },
] as const;

/** 工会01表 with the subjects of the whole 2021 union system (every code exists in union-2021-county). */
export const unionBalanceSheetForm2021 = {
  kind: 'balance-sheet',
  formNo: '工会01表',
  title: '资产负债表',
  source:
    '财会〔2021〕7号 附录1 第四部分 会计报表格式（工会01表）、第五部分 一、资产负债表编制说明；templates/reference/union-accounting.md §5.1 (S1, S1-PDF); templates/reference/forms/union-2021-balance-sheet.png',
  lineNumbersPrinted: false,
  columns: BALANCE_COLUMNS,
  defaultAmount: 'balance',
  lines,
  covers: ['1', '2', '3'],
  checks: [{ name: '资产总计 = 负债与净资产总计', left: 19, right: 34 }],
  carryOver: { from: ['4', '5'], interimLine: 29, annualLine: 29 },
} as const satisfies ReportForm;

/** 工会01表 for a 县级以上 union. */
export const unionCountyBalanceSheet2021: ReportTemplate = restrictToCodes(
  unionBalanceSheetForm2021,
  unionCounty2021.subjects.map((s) => s.code),
  { id: 'union-2021-county-balance-sheet', chartId: 'union-2021-county' },
);

/** 工会01表 for a 基层 union: the same printed lines, taking only the subjects of union-2021-grassroots. */
export const unionGrassrootsBalanceSheet2021: ReportTemplate = restrictToCodes(
  unionBalanceSheetForm2021,
  unionGrassroots2021.subjects.map((s) => s.code),
  { id: 'union-2021-grassroots-balance-sheet', chartId: 'union-2021-grassroots' },
);
