/**
 * Chart of accounts of the government accounting system (行政事业单位), financial and budget accounting in parallel.
 *
 * Source: 《政府会计制度——行政事业单位会计科目和报表》(财会〔2017〕25号), 第二部分 会计科目名称和编号 (一、财务会计科目
 * 1xxx-5xxx: 77; 二、预算会计科目 6xxx-8xxx: 26) and 第三部分 会计科目使用说明 for the directions, as compiled in
 * templates/reference/union-accounting.md §6 (source S4; text in templates/reference/regulations/government-2017-accounting-system.txt).
 *
 * - Types: 1 资产, 2 负债, 3 净资产, 4 收入, 5 费用 (financial, isBudget false); 6 预算收入, 7 预算支出, 8 预算结余
 *   (budget, isBudget true).
 * - Revenue, expense, 预算收入 and 预算支出 subjects close to zero; the direction is the side on which they accrue.
 * - The 制度 defines no coded details at this level; child is the length of one further level for units' own details.
 */
import type { ChartTemplate } from '../../src/shared/chart.js';

export const government2017 = {
  id: 'government-2017',
  name: '政府会计制度（行政事业单位）会计科目',
  source:
    '财会〔2017〕25号 第二部分 会计科目名称和编号、第三部分 会计科目使用说明；templates/reference/union-accounting.md §6 (S4)',
  codeLengths: { first: 4, child: 2 },
  subjects: [
    { code: '1001', name: '库存现金', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1002', name: '银行存款', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1011', name: '零余额账户用款额度', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1021', name: '其他货币资金', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1101', name: '短期投资', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1201', name: '财政应返还额度', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1211', name: '应收票据', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1212', name: '应收账款', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1214', name: '预付账款', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1215', name: '应收股利', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1216', name: '应收利息', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1218', name: '其他应收款', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1219', name: '坏账准备', type: 1, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '1301', name: '在途物品', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1302', name: '库存物品', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1303', name: '加工物品', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1401', name: '待摊费用', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1501', name: '长期股权投资', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1502', name: '长期债券投资', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1601', name: '固定资产', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1602', name: '固定资产累计折旧', type: 1, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '1611', name: '工程物资', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1613', name: '在建工程', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1701', name: '无形资产', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1702', name: '无形资产累计摊销', type: 1, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '1703', name: '研发支出', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1801', name: '公共基础设施', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    {
      code: '1802',
      name: '公共基础设施累计折旧（摊销）',
      type: 1,
      balanceDirection: 2,
      level: 1,
      parentCode: null,
      isBudget: false,
    },
    { code: '1811', name: '政府储备物资', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1821', name: '文物文化资产', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1831', name: '保障性住房', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1832', name: '保障性住房累计折旧', type: 1, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '1891', name: '受托代理资产', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '1901', name: '长期待摊费用', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    // reference: 借/贷(一般无余额), bidirectional; first-listed (借) used
    { code: '1902', name: '待处理财产损溢', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '2001', name: '短期借款', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    // reference: 贷(可借), may carry a debit balance; normal side 贷 used
    { code: '2101', name: '应交增值税', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    // reference: 贷(可借), may carry a debit balance; normal side 贷 used
    { code: '2102', name: '其他应交税费', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '2103', name: '应缴财政款', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '2201', name: '应付职工薪酬', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '2301', name: '应付票据', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '2302', name: '应付账款', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '2303', name: '应付政府补贴款', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '2304', name: '应付利息', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '2305', name: '预收账款', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '2307', name: '其他应付款', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '2401', name: '预提费用', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '2501', name: '长期借款', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '2502', name: '长期应付款', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '2601', name: '预计负债', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '2901', name: '受托代理负债', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '3001', name: '累计盈余', type: 3, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '3101', name: '专用基金', type: 3, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    // reference: 贷/借, bidirectional; first-listed (贷) used
    { code: '3201', name: '权益法调整', type: 3, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    // reference: 贷/借(年末结转), bidirectional; first-listed (贷) used
    { code: '3301', name: '本期盈余', type: 3, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    // reference: 借/贷(年末结转无余额), bidirectional; first-listed (借) used
    { code: '3302', name: '本年盈余分配', type: 3, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    // reference: 借/贷(年末结转无余额), bidirectional; first-listed (借) used
    { code: '3401', name: '无偿调拨净资产', type: 3, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    // reference: 借/贷(年末结转无余额), bidirectional; first-listed (借) used
    { code: '3501', name: '以前年度盈余调整', type: 3, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '4001', name: '财政拨款收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '4101', name: '事业收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '4201', name: '上级补助收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '4301', name: '附属单位上缴收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '4401', name: '经营收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '4601', name: '非同级财政拨款收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '4602', name: '投资收益', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '4603', name: '捐赠收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '4604', name: '利息收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '4605', name: '租金收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '4609', name: '其他收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '5001', name: '业务活动费用', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '5101', name: '单位管理费用', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '5201', name: '经营费用', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '5301', name: '资产处置费用', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '5401', name: '上缴上级费用', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '5501', name: '对附属单位补助费用', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '5801', name: '所得税费用', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '5901', name: '其他费用', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '6001', name: '财政拨款预算收入', type: 6, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    { code: '6101', name: '事业预算收入', type: 6, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    { code: '6201', name: '上级补助预算收入', type: 6, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    { code: '6301', name: '附属单位上缴预算收入', type: 6, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    { code: '6401', name: '经营预算收入', type: 6, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    { code: '6501', name: '债务预算收入', type: 6, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    { code: '6601', name: '非同级财政拨款预算收入', type: 6, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    { code: '6602', name: '投资预算收益', type: 6, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    { code: '6609', name: '其他预算收入', type: 6, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    { code: '7101', name: '行政支出', type: 7, balanceDirection: 1, level: 1, parentCode: null, isBudget: true },
    { code: '7201', name: '事业支出', type: 7, balanceDirection: 1, level: 1, parentCode: null, isBudget: true },
    { code: '7301', name: '经营支出', type: 7, balanceDirection: 1, level: 1, parentCode: null, isBudget: true },
    { code: '7401', name: '上缴上级支出', type: 7, balanceDirection: 1, level: 1, parentCode: null, isBudget: true },
    { code: '7501', name: '对附属单位补助支出', type: 7, balanceDirection: 1, level: 1, parentCode: null, isBudget: true },
    { code: '7601', name: '投资支出', type: 7, balanceDirection: 1, level: 1, parentCode: null, isBudget: true },
    { code: '7701', name: '债务还本支出', type: 7, balanceDirection: 1, level: 1, parentCode: null, isBudget: true },
    { code: '7901', name: '其他支出', type: 7, balanceDirection: 1, level: 1, parentCode: null, isBudget: true },
    // debit-balance subject inside 预算结余 (budget-side mirror of cash)
    { code: '8001', name: '资金结存', type: 8, balanceDirection: 1, level: 1, parentCode: null, isBudget: true },
    { code: '8101', name: '财政拨款结转', type: 8, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    { code: '8102', name: '财政拨款结余', type: 8, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    { code: '8201', name: '非财政拨款结转', type: 8, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    { code: '8202', name: '非财政拨款结余', type: 8, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    { code: '8301', name: '专用结余', type: 8, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    // reference: 贷/借(亏损时借), bidirectional; first-listed (贷) used
    { code: '8401', name: '经营结余', type: 8, balanceDirection: 2, level: 1, parentCode: null, isBudget: true },
    // reference: 借/贷(年末结转无余额), bidirectional; first-listed (借) used
    { code: '8501', name: '其他结余', type: 8, balanceDirection: 1, level: 1, parentCode: null, isBudget: true },
    // reference: 借/贷(年末结转无余额), bidirectional; first-listed (借) used
    { code: '8701', name: '非财政拨款结余分配', type: 8, balanceDirection: 1, level: 1, parentCode: null, isBudget: true },
  ],
} as const satisfies ChartTemplate;
