/**
 * 基层工会 chart of accounts of the 2021 union accounting system.
 *
 * Source: 《工会会计制度》(财会〔2021〕7号, in force from 2022-01-01), 附录1 第二部分 "基层工会主要会计科目名称和编号"
 * (the 24 first-level subjects) and 第三部分 会计科目使用说明 (the coded 5-digit detail subjects), as compiled in
 * templates/reference/union-accounting.md §2 and §2.1 (sources S1 and S1-PDF; text in
 * templates/reference/regulations/union-2021-accounting-system.txt).
 *
 * - Directions: the 正常余额方向 column of §2 (期末借方/贷方余额; revenue 贷, expense 借 for the accruing side).
 * - Details carry their parent's type and direction. Only details whose first-level subject is in this chart are
 *   included. 30101-30106 are printed in the 县级以上 list only, but the 301 usage text requires them for every union.
 * - The official note lets a 基层工会 use any 县级以上 subject when needed (union-2021-county.ts); they are not repeated here.
 */
import type { ChartTemplate } from '../../src/shared/chart.js';

export const unionGrassroots2021 = {
  id: 'union-2021-grassroots',
  name: '工会会计制度（2021）基层工会会计科目',
  source:
    '财会〔2021〕7号 附录1 第二部分“基层工会主要会计科目名称和编号”、第三部分会计科目使用说明；templates/reference/union-accounting.md §2, §2.1 (S1, S1-PDF)',
  codeLengths: { first: 3, child: 2 },
  subjects: [
    { code: '101', name: '库存现金', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '102', name: '银行存款', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '131', name: '应收上级经费', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '13101', name: '应收上级补助', type: 1, balanceDirection: 1, level: 2, parentCode: '131', isBudget: false },
    { code: '13102', name: '应收上级转拨经费', type: 1, balanceDirection: 1, level: 2, parentCode: '131', isBudget: false },
    { code: '135', name: '其他应收款', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '141', name: '库存物品', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '162', name: '固定资产', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '163', name: '累计折旧', type: 1, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    // reference: 借/贷(双向，年末一般无余额), bidirectional; first-listed (借) used
    { code: '182', name: '待处理财产损溢', type: 1, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '211', name: '应付上级经费', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '215', name: '其他应付款', type: 2, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '301', name: '资产基金', type: 3, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '30101', name: '库存物品', type: 3, balanceDirection: 2, level: 2, parentCode: '301', isBudget: false },
    { code: '30102', name: '投资', type: 3, balanceDirection: 2, level: 2, parentCode: '301', isBudget: false },
    { code: '30103', name: '在建工程', type: 3, balanceDirection: 2, level: 2, parentCode: '301', isBudget: false },
    { code: '30104', name: '固定资产', type: 3, balanceDirection: 2, level: 2, parentCode: '301', isBudget: false },
    { code: '30105', name: '无形资产', type: 3, balanceDirection: 2, level: 2, parentCode: '301', isBudget: false },
    { code: '30106', name: '长期待摊费用', type: 3, balanceDirection: 2, level: 2, parentCode: '301', isBudget: false },
    { code: '321', name: '工会资金结转', type: 3, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '32101', name: '年初余额调整', type: 3, balanceDirection: 2, level: 2, parentCode: '321', isBudget: false },
    { code: '32102', name: '单位内部调剂', type: 3, balanceDirection: 2, level: 2, parentCode: '321', isBudget: false },
    { code: '32103', name: '本年收支结转', type: 3, balanceDirection: 2, level: 2, parentCode: '321', isBudget: false },
    { code: '32104', name: '累计结转', type: 3, balanceDirection: 2, level: 2, parentCode: '321', isBudget: false },
    { code: '322', name: '工会资金结余', type: 3, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '32201', name: '年初余额调整', type: 3, balanceDirection: 2, level: 2, parentCode: '322', isBudget: false },
    { code: '32202', name: '单位内部调剂', type: 3, balanceDirection: 2, level: 2, parentCode: '322', isBudget: false },
    { code: '32203', name: '本年收支结转', type: 3, balanceDirection: 2, level: 2, parentCode: '322', isBudget: false },
    { code: '32204', name: '结转转入', type: 3, balanceDirection: 2, level: 2, parentCode: '322', isBudget: false },
    { code: '32205', name: '累计结余', type: 3, balanceDirection: 2, level: 2, parentCode: '322', isBudget: false },
    { code: '401', name: '会费收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '402', name: '拨缴经费收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '403', name: '上级补助收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '40301', name: '一般性转移支付补助', type: 4, balanceDirection: 2, level: 2, parentCode: '403', isBudget: false },
    { code: '40302', name: '专项转移支付补助', type: 4, balanceDirection: 2, level: 2, parentCode: '403', isBudget: false },
    { code: '405', name: '行政补助收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '408', name: '其他收入', type: 4, balanceDirection: 2, level: 1, parentCode: null, isBudget: false },
    { code: '501', name: '职工活动支出', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '50101', name: '职工教育支出', type: 5, balanceDirection: 1, level: 2, parentCode: '501', isBudget: false },
    { code: '50102', name: '文体活动支出', type: 5, balanceDirection: 1, level: 2, parentCode: '501', isBudget: false },
    { code: '50103', name: '宣传活动支出', type: 5, balanceDirection: 1, level: 2, parentCode: '501', isBudget: false },
    { code: '50104', name: '劳模职工疗休养支出', type: 5, balanceDirection: 1, level: 2, parentCode: '501', isBudget: false },
    { code: '50105', name: '会员活动支出', type: 5, balanceDirection: 1, level: 2, parentCode: '501', isBudget: false },
    { code: '50106', name: '其他活动支出', type: 5, balanceDirection: 1, level: 2, parentCode: '501', isBudget: false },
    { code: '503', name: '职工服务支出', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '50301', name: '劳动和技能竞赛活动支出', type: 5, balanceDirection: 1, level: 2, parentCode: '503', isBudget: false },
    { code: '50302', name: '建家活动支出', type: 5, balanceDirection: 1, level: 2, parentCode: '503', isBudget: false },
    { code: '50303', name: '职工创新活动支出', type: 5, balanceDirection: 1, level: 2, parentCode: '503', isBudget: false },
    { code: '50304', name: '职工书屋活动支出', type: 5, balanceDirection: 1, level: 2, parentCode: '503', isBudget: false },
    { code: '50305', name: '其他服务支出', type: 5, balanceDirection: 1, level: 2, parentCode: '503', isBudget: false },
    { code: '504', name: '维权支出', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '50401', name: '劳动关系协调支出', type: 5, balanceDirection: 1, level: 2, parentCode: '504', isBudget: false },
    { code: '50402', name: '劳动保护支出', type: 5, balanceDirection: 1, level: 2, parentCode: '504', isBudget: false },
    { code: '50403', name: '法律援助支出', type: 5, balanceDirection: 1, level: 2, parentCode: '504', isBudget: false },
    { code: '50404', name: '困难职工帮扶支出', type: 5, balanceDirection: 1, level: 2, parentCode: '504', isBudget: false },
    { code: '50405', name: '送温暖支出', type: 5, balanceDirection: 1, level: 2, parentCode: '504', isBudget: false },
    { code: '50406', name: '其他维权支出', type: 5, balanceDirection: 1, level: 2, parentCode: '504', isBudget: false },
    { code: '505', name: '业务支出', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '50501', name: '培训支出', type: 5, balanceDirection: 1, level: 2, parentCode: '505', isBudget: false },
    { code: '50502', name: '会议支出', type: 5, balanceDirection: 1, level: 2, parentCode: '505', isBudget: false },
    { code: '50503', name: '专项业务支出', type: 5, balanceDirection: 1, level: 2, parentCode: '505', isBudget: false },
    { code: '50504', name: '其他业务支出', type: 5, balanceDirection: 1, level: 2, parentCode: '505', isBudget: false },
    { code: '507', name: '资本性支出', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
    { code: '50701', name: '房屋建筑物购建', type: 5, balanceDirection: 1, level: 2, parentCode: '507', isBudget: false },
    { code: '50702', name: '办公设备购置', type: 5, balanceDirection: 1, level: 2, parentCode: '507', isBudget: false },
    { code: '50703', name: '专用设备购置', type: 5, balanceDirection: 1, level: 2, parentCode: '507', isBudget: false },
    { code: '50704', name: '交通工具购置', type: 5, balanceDirection: 1, level: 2, parentCode: '507', isBudget: false },
    { code: '50705', name: '大型修缮', type: 5, balanceDirection: 1, level: 2, parentCode: '507', isBudget: false },
    { code: '50706', name: '信息网络购建', type: 5, balanceDirection: 1, level: 2, parentCode: '507', isBudget: false },
    { code: '50707', name: '其他资本性支出', type: 5, balanceDirection: 1, level: 2, parentCode: '507', isBudget: false },
    { code: '510', name: '其他支出', type: 5, balanceDirection: 1, level: 1, parentCode: null, isBudget: false },
  ],
} as const satisfies ChartTemplate;
