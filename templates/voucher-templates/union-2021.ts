/**
 * Built-in voucher templates of the 2021 union accounting system (基层 and 县级以上 charts).
 *
 * Source: 《工会会计制度》(财会〔2021〕7号) 第三部分 会计科目使用说明, as summarised in
 * templates/reference/union-accounting.md §2.2: receipts debit 102 银行存款 and credit the revenue
 * subject; expenses debit the 5xx detail and credit 102; a bought asset is entered twice (Dr
 * 支出 / Cr 银行存款, and Dr 资产 / Cr 301 资产基金—X); depreciation is Dr 30104 / Cr 163, not an
 * expense. Amounts are left to the bookkeeper. A template whose subjects a set's chart lacks is
 * not offered to that set.
 */
import type { BuiltInTemplate } from './types.js';

export const union2021Templates: readonly BuiltInTemplate[] = [
  {
    key: 'dues',
    name: '收到会员会费',
    policyBasis: '《工会会计制度》401 会费收入：收到会员缴纳的会费，借记“银行存款”，贷记本科目',
    template: 1,
    lines: [
      { summary: '收到会员会费', subjectCode: '102', side: 1 },
      { summary: '收到会员会费', subjectCode: '401', side: 2 },
    ],
  },
  {
    key: 'upper-subsidy',
    name: '收到上级一般性转移支付补助',
    policyBasis: '《工会会计制度》403 上级补助收入：收到上级补助，借记“银行存款”，贷记本科目（一般性转移支付补助）',
    template: 1,
    lines: [
      { summary: '收到上级补助', subjectCode: '102', side: 1 },
      { summary: '收到上级补助', subjectCode: '40301', side: 2 },
    ],
  },
  {
    key: 'admin-subsidy',
    name: '收到行政补助',
    policyBasis: '《工会会计制度》405 行政补助收入：收到所在单位行政补助，借记“银行存款”，贷记本科目',
    template: 1,
    lines: [
      { summary: '收到行政补助', subjectCode: '102', side: 1 },
      { summary: '收到行政补助', subjectCode: '405', side: 2 },
    ],
  },
  {
    key: 'cash-withdrawal',
    name: '提取现金',
    policyBasis: '《工会会计制度》101 库存现金：从银行提取现金，借记本科目，贷记“银行存款”',
    template: 1,
    lines: [
      { summary: '提取现金', subjectCode: '101', side: 1 },
      { summary: '提取现金', subjectCode: '102', side: 2 },
    ],
  },
  {
    key: 'sports',
    name: '支付文体活动支出',
    policyBasis: '《工会会计制度》501 职工活动支出—文体活动支出：发生支出时，借记本科目，贷记“银行存款”',
    template: 1,
    lines: [
      { summary: '支付文体活动费用', subjectCode: '50102', side: 1 },
      { summary: '支付文体活动费用', subjectCode: '102', side: 2 },
    ],
  },
  {
    key: 'hardship',
    name: '支付困难职工帮扶支出',
    policyBasis: '《工会会计制度》504 维权支出—困难职工帮扶支出：发生支出时，借记本科目，贷记“银行存款”',
    template: 1,
    lines: [
      { summary: '困难职工帮扶', subjectCode: '50404', side: 1 },
      { summary: '困难职工帮扶', subjectCode: '102', side: 2 },
    ],
  },
  {
    key: 'office-equipment',
    name: '购置办公设备',
    policyBasis:
      '《工会会计制度》507 资本性支出、162 固定资产、301 资产基金：购入固定资产按支出入账，同时借记“固定资产”，贷记“资产基金—固定资产”',
    template: 5,
    lines: [
      { summary: '购置办公设备', subjectCode: '50702', side: 1 },
      { summary: '购置办公设备', subjectCode: '102', side: 2 },
      { summary: '购置办公设备', subjectCode: '162', side: 1 },
      { summary: '购置办公设备', subjectCode: '30104', side: 2 },
    ],
  },
  {
    key: 'depreciation',
    name: '计提固定资产折旧',
    policyBasis: '《工会会计制度》163 累计折旧：计提折旧时，借记“资产基金—固定资产”，贷记本科目（不作为支出）',
    template: 6,
    lines: [
      { summary: '计提固定资产折旧', subjectCode: '30104', side: 1 },
      { summary: '计提固定资产折旧', subjectCode: '163', side: 2 },
    ],
  },
  {
    key: 'fixed-disposal',
    name: '处置固定资产',
    policyBasis:
      '《工会会计制度》162 固定资产、163 累计折旧、301 资产基金：处置固定资产时，按已计提折旧借记“累计折旧”，按账面价值借记“资产基金—固定资产”，按原值贷记本科目',
    template: 7,
    lines: [
      { summary: '处置固定资产', subjectCode: '163', side: 1, amount: 'accumulated' },
      { summary: '处置固定资产', subjectCode: '30104', side: 1, amount: 'net' },
      { summary: '处置固定资产', subjectCode: '162', side: 2, amount: 'original' },
    ],
  },
  {
    key: 'intangible-addition',
    name: '取得无形资产',
    policyBasis:
      '《工会会计制度》171 无形资产、301 资产基金：取得无形资产按支出入账，同时借记“无形资产”，贷记“资产基金—无形资产”',
    template: 8,
    lines: [
      { summary: '取得无形资产', subjectCode: '50707', side: 1 },
      { summary: '取得无形资产', subjectCode: '102', side: 2 },
      { summary: '取得无形资产', subjectCode: '171', side: 1 },
      { summary: '取得无形资产', subjectCode: '30105', side: 2 },
    ],
  },
  {
    key: 'amortisation',
    name: '计提无形资产摊销',
    policyBasis: '《工会会计制度》172 累计摊销：按月计提摊销时，借记“资产基金—无形资产”，贷记本科目（不作为支出）',
    template: 9,
    lines: [
      { summary: '计提无形资产摊销', subjectCode: '30105', side: 1 },
      { summary: '计提无形资产摊销', subjectCode: '172', side: 2 },
    ],
  },
  {
    key: 'intangible-disposal',
    name: '处置无形资产',
    policyBasis:
      '《工会会计制度》171 无形资产、172 累计摊销、301 资产基金：处置无形资产时，按已计提摊销借记“累计摊销”，按账面价值借记“资产基金—无形资产”，按原值贷记本科目',
    template: 10,
    lines: [
      { summary: '处置无形资产', subjectCode: '172', side: 1, amount: 'accumulated' },
      { summary: '处置无形资产', subjectCode: '30105', side: 1, amount: 'net' },
      { summary: '处置无形资产', subjectCode: '171', side: 2, amount: 'original' },
    ],
  },
  {
    key: 'inventory-addition',
    name: '购入库存物品',
    policyBasis:
      '《工会会计制度》141 库存物品、301 资产基金：购入库存物品按支出入账，同时借记“库存物品”，贷记“资产基金—库存物品”',
    template: 11,
    lines: [
      { summary: '购入库存物品', subjectCode: '50106', side: 1 },
      { summary: '购入库存物品', subjectCode: '102', side: 2 },
      { summary: '购入库存物品', subjectCode: '141', side: 1 },
      { summary: '购入库存物品', subjectCode: '30101', side: 2 },
    ],
  },
  {
    key: 'inventory-issue',
    name: '库存物品出库',
    policyBasis: '《工会会计制度》141 库存物品：领用、发出库存物品时，借记“资产基金—库存物品”，贷记本科目',
    template: 13,
    lines: [
      { summary: '库存物品出库', subjectCode: '30101', side: 1 },
      { summary: '库存物品出库', subjectCode: '141', side: 2 },
    ],
  },
];
