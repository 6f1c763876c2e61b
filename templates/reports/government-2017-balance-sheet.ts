/**
 * 资产负债表 (会政财01表) of the government accounting system, for ledger sets on the government-2017 chart.
 *
 * Source: 《政府会计制度——行政事业单位会计科目和报表》(财会〔2017〕25号), 第四部分 报表格式 (会政财01表) and
 * 第五部分 一、资产负债表编制说明, text in templates/reference/regulations/government-2017-accounting-system.txt
 * (source S4 of templates/reference/union-accounting.md).
 *
 * - The form prints no 行次; the line numbers 1-68 are ours, in form order, assets first. `row` is the body
 *   row of the printed form (the two halves pair up as in the text of the form).
 * - Columns as printed: 期末余额 first, then 年初余额.
 * - 无偿调拨净资产 and 本期盈余 are monthly items (注：“*”标识项目为月报项目，年报中不需列示) and print '——'
 *   in the 年初余额 column.
 * - Financial accounting only: the budget subjects 6xxx-8xxx are a separate set of books and feed no line.
 * - Where the 编制说明 says "分析填列" from the unit's own detail subjects (一年内到期的非流动资产/非流动负债,
 *   其他流动资产/负债, 其他非流动资产/负债, the 受托代理资产 details of 库存现金 and 银行存款, the split of
 *   坏账准备 between 应收账款 and 其他应收款), the chart has no coded details to read: those lines take no
 *   subject (0) and the whole subject stays on its main line (1219 坏账准备 is deducted in 应收账款净额).
 * - 累计盈余 also takes 3302 本年盈余分配 and 3501 以前年度盈余调整, transit subjects that close into 3001 and
 *   have no balance once closed; taking them keeps the sheet balanced before they are closed.
 * - carryOver: revenue 4xxx less expense 5xxx not yet closed goes to 本期盈余 (monthly) or 累计盈余 (annual),
 *   where 3301 and then 3302 carry it.
 * - Indentation: the reference has the form's text but no image; levels follow the union form (items
 *   indented under their heading, 减：and 净值 one step further).
 */
import type { ReportLine, ReportTemplate } from '../../src/shared/reports/types.js';

const sum = (...codes: string[]) => ({ sum: codes.map((code) => ({ code })) });
const range = (from: number, to: number) => ({ lines: Array.from({ length: to - from + 1 }, (_, i) => from + i) });
const net = (gross: number) => ({ lines: [gross, { line: gross + 1, sign: -1 as const }] });

type Left = [no: number, name: string, row: number, codes: string[]];
const item = ([no, name, row, codes]: Left, part: 'left' | 'right'): ReportLine => ({
  no,
  name,
  part,
  row,
  indent: 1,
  side: part === 'left' ? 'debit' : 'credit',
  formula: sum(...codes),
});

const ANALYSED = '根据有关科目的明细科目分析填列；本科目表无对应的明细科目，此处不取数';

const lines: readonly ReportLine[] = [
  // 资产 (left)
  { no: null, name: '流动资产：', part: 'left', row: 1, indent: 0, side: 'debit' },
  ...(
    [
      [1, '货币资金', 2, ['1001', '1002', '1011', '1021']],
      [2, '短期投资', 3, ['1101']],
      [3, '财政应返还额度', 4, ['1201']],
      [4, '应收票据', 5, ['1211']],
      [5, '应收账款净额', 6, ['1212', '1219']],
      [6, '预付账款', 7, ['1214']],
      [7, '应收股利', 8, ['1215']],
      [8, '应收利息', 9, ['1216']],
      [9, '其他应收款净额', 10, ['1218']],
      [10, '存货', 11, ['1301', '1302', '1303']],
      [11, '待摊费用', 12, ['1401']],
    ] satisfies Left[]
  ).map((l) => item(l, 'left')),
  { no: 12, name: '一年内到期的非流动资产', part: 'left', row: 13, indent: 1, side: 'debit', formula: sum(), note: ANALYSED },
  { no: 13, name: '其他流动资产', part: 'left', row: 14, indent: 1, side: 'debit', formula: sum(), note: ANALYSED },
  { no: 14, name: '流动资产合计', part: 'left', row: 15, indent: 2, side: 'debit', formula: range(1, 13) },
  { no: null, name: '非流动资产：', part: 'left', row: 16, indent: 0, side: 'debit' },
  item([15, '长期股权投资', 17, ['1501']], 'left'),
  item([16, '长期债券投资', 18, ['1502']], 'left'),
  item([17, '固定资产原值', 19, ['1601']], 'left'),
  { no: 18, name: '减：固定资产累计折旧', part: 'left', row: 20, indent: 2, side: 'credit', formula: sum('1602') },
  { no: 19, name: '固定资产净值', part: 'left', row: 21, indent: 2, side: 'debit', formula: net(17) },
  item([20, '工程物资', 22, ['1611']], 'left'),
  item([21, '在建工程', 23, ['1613']], 'left'),
  item([22, '无形资产原值', 24, ['1701']], 'left'),
  { no: 23, name: '减：无形资产累计摊销', part: 'left', row: 25, indent: 2, side: 'credit', formula: sum('1702') },
  { no: 24, name: '无形资产净值', part: 'left', row: 26, indent: 2, side: 'debit', formula: net(22) },
  item([25, '研发支出', 27, ['1703']], 'left'),
  item([26, '公共基础设施原值', 28, ['1801']], 'left'),
  {
    no: 27,
    name: '减：公共基础设施累计折旧（摊销）',
    part: 'left',
    row: 29,
    indent: 2,
    side: 'credit',
    formula: sum('1802'),
  },
  { no: 28, name: '公共基础设施净值', part: 'left', row: 30, indent: 2, side: 'debit', formula: net(26) },
  item([29, '政府储备物资', 31, ['1811']], 'left'),
  item([30, '文物文化资产', 32, ['1821']], 'left'),
  item([31, '保障性住房原值', 33, ['1831']], 'left'),
  { no: 32, name: '减：保障性住房累计折旧', part: 'left', row: 34, indent: 2, side: 'credit', formula: sum('1832') },
  { no: 33, name: '保障性住房净值', part: 'left', row: 35, indent: 2, side: 'debit', formula: net(31) },
  item([34, '长期待摊费用', 36, ['1901']], 'left'),
  item([35, '待处理财产损溢', 37, ['1902']], 'left'),
  { no: 36, name: '其他非流动资产', part: 'left', row: 38, indent: 1, side: 'debit', formula: sum(), note: ANALYSED },
  {
    no: 37,
    name: '非流动资产合计',
    part: 'left',
    row: 39,
    indent: 2,
    side: 'debit',
    formula: { lines: [15, 16, 19, 20, 21, 24, 25, 28, 29, 30, 33, 34, 35, 36] },
  },
  { no: 38, name: '受托代理资产', part: 'left', row: 40, indent: 0, side: 'debit', formula: sum('1891') },
  { no: 39, name: '资产总计', part: 'left', row: 41, indent: 0, bold: true, side: 'debit', formula: { lines: [14, 37, 38] } },
  // 负债 and 净资产 (right)
  { no: null, name: '流动负债：', part: 'right', row: 1, indent: 0, side: 'credit' },
  ...(
    [
      [40, '短期借款', 2, ['2001']],
      [41, '应交增值税', 3, ['2101']],
      [42, '其他应交税费', 4, ['2102']],
      [43, '应缴财政款', 5, ['2103']],
      [44, '应付职工薪酬', 6, ['2201']],
      [45, '应付票据', 7, ['2301']],
      [46, '应付账款', 8, ['2302']],
      [47, '应付政府补贴款', 9, ['2303']],
      [48, '应付利息', 10, ['2304']],
      [49, '预收账款', 11, ['2305']],
      [50, '其他应付款', 12, ['2307']],
      [51, '预提费用', 13, ['2401']],
    ] satisfies Left[]
  ).map((l) => item(l, 'right')),
  { no: 52, name: '一年内到期的非流动负债', part: 'right', row: 14, indent: 1, side: 'credit', formula: sum(), note: ANALYSED },
  { no: 53, name: '其他流动负债', part: 'right', row: 15, indent: 1, side: 'credit', formula: sum(), note: ANALYSED },
  { no: 54, name: '流动负债合计', part: 'right', row: 16, indent: 2, side: 'credit', formula: range(40, 53) },
  { no: null, name: '非流动负债：', part: 'right', row: 17, indent: 0, side: 'credit' },
  item([55, '长期借款', 18, ['2501']], 'right'),
  item([56, '长期应付款', 19, ['2502']], 'right'),
  item([57, '预计负债', 20, ['2601']], 'right'),
  { no: 58, name: '其他非流动负债', part: 'right', row: 21, indent: 1, side: 'credit', formula: sum(), note: ANALYSED },
  { no: 59, name: '非流动负债合计', part: 'right', row: 22, indent: 2, side: 'credit', formula: range(55, 58) },
  { no: 60, name: '受托代理负债', part: 'right', row: 23, indent: 0, side: 'credit', formula: sum('2901') },
  { no: 61, name: '负债合计', part: 'right', row: 24, indent: 0, bold: true, side: 'credit', formula: { lines: [54, 59, 60] } },
  { no: null, name: '净资产：', part: 'right', row: 34, indent: 0, side: 'credit' },
  item([62, '累计盈余', 35, ['3001', '3302', '3501']], 'right'),
  item([63, '专用基金', 36, ['3101']], 'right'),
  item([64, '权益法调整', 37, ['3201']], 'right'),
  {
    ...item([65, '无偿调拨净资产', 38, ['3401']], 'right'),
    interimOnly: true,
    blankColumns: ['opening'],
  },
  {
    ...item([66, '本期盈余', 39, ['3301']], 'right'),
    interimOnly: true,
    blankColumns: ['opening'],
  },
  { no: 67, name: '净资产合计', part: 'right', row: 40, indent: 0, bold: true, side: 'credit', formula: range(62, 66) },
  {
    no: 68,
    name: '负债和净资产总计',
    part: 'right',
    row: 41,
    indent: 0,
    bold: true,
    side: 'credit',
    formula: { lines: [61, 67] },
  },
];

export const governmentBalanceSheet2017 = {
  id: 'government-2017-balance-sheet',
  chartId: 'government-2017',
  kind: 'balance-sheet',
  formNo: '会政财01表',
  title: '资产负债表',
  source:
    '财会〔2017〕25号 第四部分 报表格式（会政财01表）、第五部分 一、资产负债表编制说明；templates/reference/regulations/government-2017-accounting-system.txt (S4)',
  lineNumbersPrinted: false,
  columns: [
    {
      id: 'closing',
      name: '期末余额',
      interim: { balance: 'closing', movement: 'year', data: 'current' },
      annual: { balance: 'closing', movement: 'year', data: 'current' },
    },
    {
      id: 'opening',
      name: '年初余额',
      interim: { balance: 'opening', movement: 'year', data: 'current' },
      annual: { balance: 'opening', movement: 'year', data: 'current' },
    },
  ],
  defaultAmount: 'balance',
  lines,
  covers: ['1', '2', '3'],
  checks: [{ name: '资产总计 = 负债和净资产总计', left: 39, right: 68 }],
  carryOver: { from: ['4', '5'], interimLine: 66, annualLine: 62 },
} as const satisfies ReportTemplate;
