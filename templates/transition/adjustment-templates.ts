/**
 * The standard adjustments of the transition as voucher templates of the zero period (调账凭证): the entries the
 * regulation prescribes for items the old books did not record and for adjustments made on the new books,
 * 《工会新旧会计制度有关衔接问题的处理规定》(财会〔2021〕16号) §三 and §四, compiled in
 * templates/reference/union-accounting.md §4.2 and §4.3 (source S2).
 *
 * Each template is one debit and one credit line of the 2021 chart, at the last level (the 资产基金 and 工会资金结余
 * entries name their details: 301—无形资产 is 30105, 322 is 32205 累计结余); the user keys the amount once (= on the
 * second line balances it) and may change a subject to a detail of the set (a liability other than 215, an asset
 * other than the one named). Codes a 基层 chart lacks (171, 172, 221) are taken from the county chart, as the
 * worksheet does, and added to the set when the transition finishes.
 */
export interface AdjustmentTemplateLine {
  readonly summary: string;
  /** A last-level code of the 2021 county chart. */
  readonly subjectCode: string;
  /** 1 借 (debit), 2 贷 (credit). */
  readonly side: 1 | 2;
}

export interface AdjustmentTemplate {
  readonly key: string;
  readonly name: string;
  /** Where the regulation prescribes the entry. */
  readonly basis: string;
  readonly lines: readonly AdjustmentTemplateLine[];
}

const entry = (key: string, name: string, basis: string, debit: string, credit: string, summary = name): AdjustmentTemplate => ({
  key,
  name,
  basis,
  lines: [
    { summary, subjectCode: debit, side: 1 },
    { summary, subjectCode: credit, side: 2 },
  ],
});

const S3 = '财会〔2021〕16号 §三 未入账事项';
const S4 = '财会〔2021〕16号 §四 新账调整';

export const adjustmentTemplates: readonly AdjustmentTemplate[] = [
  entry('unrecorded-intangibles', '补记无形资产', `${S3}：借 171 无形资产，贷 301 资产基金—无形资产`, '171', '30105'),
  entry(
    'unrecorded-fixed-assets',
    '补记其他资产（固定资产）',
    `${S3}：借 有关资产科目，贷 有关净资产科目（如 借 162 固定资产，贷 301 资产基金—固定资产）`,
    '162',
    '30104',
    '补记固定资产',
  ),
  entry('unrecorded-liabilities', '补记负债', `${S3}：借 322 工会资金结余，贷 有关负债科目（如 215 其他应付款）`, '32205', '215'),
  entry('catch-up-depreciation', '补提折旧', `${S4}：借 301 资产基金—固定资产，贷 163 累计折旧`, '30104', '163'),
  entry('catch-up-amortisation', '补提摊销', `${S4}：借 301 资产基金—无形资产，贷 172 累计摊销`, '30105', '172'),
  entry('custody-funds-written-off', '核销代管经费', `${S4}：不符合代管经费性质的，借 221 代管经费，贷 101/102`, '221', '102'),
  entry(
    'stock-below-threshold',
    '已领用低于标准的库存物品',
    `${S4}：原在162核算、低于固定资产标准且已领用的，借 301 资产基金—库存物品，贷 141 库存物品`,
    '30101',
    '141',
    '核销已领用库存物品',
  ),
];
