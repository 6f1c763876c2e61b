/**
 * The demo books of 示范市第一机械厂工会 (基层 chart, 2021 union accounting system): its openings of
 * 2026-01-01 and the first quarter of 2026, as the bookkeeper would key them. demo-ledger.ts writes
 * them through the product's own services. The entries follow the usage text of 财会〔2021〕7号
 * (templates/reference/union-accounting.md §2.2): receipts debit 102 and credit the revenue, the
 * 拨缴经费 received is split between 402 (the part kept) and 211 (the part owed to the upper union),
 * expenses debit a 5xx detail, a bought fixed asset is entered twice (支出 / 银行存款 and 固定资产 /
 * 资产基金—固定资产), depreciation is 资产基金—固定资产 / 累计折旧 and not an expense; 专项 money (the
 * upper union's 40302 and what is spent of it, marked 经费核算 项目支出) is carried to 321, the rest
 * to 322.
 */

/** A voucher line: subject, debit or credit in yuan, and the auxiliary items (type → item). */
export type DemoLine = readonly [
  code: string,
  debit: string | null,
  credit: string | null,
  auxis?: Readonly<Record<string, string>>,
];

export interface DemoVoucher {
  date: string;
  summary: string;
  /** Attached documents (附单据数). */
  documents: number;
  lines: readonly DemoLine[];
  /** What is done with it after entry: reviewed (审核), booked (审核 and 记账), or nothing yet. */
  state: 'entered' | 'reviewed' | 'booked';
  /** The cashier's signature (出纳签字). */
  signed?: boolean;
}

export const DEMO_LEDGER_YEAR = 2026;

/** Items added to the built-in auxiliary types 部门 and 项目支出. */
export const FACTORY_AUXI_ITEMS: readonly { typeNo: string; infoNo: string; infoName: string }[] = [
  { typeNo: 'DEPARTMENT', infoNo: '01', infoName: '一车间' },
  { typeNo: 'DEPARTMENT', infoNo: '02', infoName: '二车间' },
  { typeNo: 'DEPARTMENT', infoNo: '03', infoName: '装配车间' },
  { typeNo: 'DEPARTMENT', infoNo: '04', infoName: '机关科室' },
  { typeNo: 'XMZC', infoNo: '001', infoName: '春节送温暖' },
  { typeNo: 'XMZC', infoNo: '002', infoName: '困难职工帮扶' },
];

/** Expense details kept by department or project, and all by 经费核算 (基本支出 / 项目支出, as 财会〔2021〕7号 总说明 asks). */
export const FACTORY_SUBJECT_AUXI: readonly { code: string; types: readonly string[] }[] = [
  { code: '50101', types: ['DEPARTMENT', 'JFHS'] },
  { code: '50102', types: ['DEPARTMENT', 'JFHS'] },
  { code: '50105', types: ['DEPARTMENT', 'JFHS'] },
  { code: '50404', types: ['JFHS', 'XMZC'] },
  { code: '50405', types: ['JFHS', 'XMZC'] },
];

/** Openings of 2026-01-01 in fen, each in its subject's direction (163 累计折旧 is a credit). */
export const FACTORY_OPENINGS: readonly { code: string; fen: number }[] = [
  { code: '101', fen: 352_000 },
  { code: '102', fen: 48_635_000 },
  { code: '13101', fen: 1_200_000 },
  { code: '135', fen: 200_000 },
  { code: '141', fen: 860_000 },
  { code: '162', fen: 12_600_000 },
  { code: '163', fen: 3_840_000 },
  { code: '211', fen: 1_800_000 },
  { code: '215', fen: 500_000 },
  { code: '30101', fen: 860_000 },
  { code: '30104', fen: 8_760_000 },
  { code: '32104', fen: 2_000_000 },
  { code: '32205', fen: 46_087_000 },
];

const PUBLIC = 'JFHS:001002';
const PROJECT = 'JFHS:002';

/** "DEPARTMENT:01", "JFHS:002" … as the line's items. */
const items = (...pairs: string[]): Record<string, string> =>
  Object.fromEntries(pairs.map((p) => p.split(':') as [string, string]));

export const FACTORY_VOUCHERS: readonly DemoVoucher[] = [
  // January: booked, signed by the cashier, carried forward and closed (demo-ledger.ts).
  {
    date: '2026-01-05',
    summary: '收到上级补助（上年应收）',
    documents: 1,
    state: 'booked',
    signed: true,
    lines: [
      ['102', '12000.00', null],
      ['13101', null, '12000.00'],
    ],
  },
  {
    date: '2026-01-06',
    summary: '提取现金备用',
    documents: 1,
    state: 'booked',
    signed: true,
    lines: [
      ['101', '5000.00', null],
      ['102', null, '5000.00'],
    ],
  },
  {
    date: '2026-01-09',
    summary: '收到1月会员会费',
    documents: 2,
    state: 'booked',
    signed: true,
    lines: [
      ['102', '3260.00', null],
      ['401', null, '3260.00'],
    ],
  },
  {
    date: '2026-01-12',
    summary: '上缴上年应上缴上级经费',
    documents: 1,
    state: 'booked',
    signed: true,
    lines: [
      ['211', '18000.00', null],
      ['102', null, '18000.00'],
    ],
  },
  {
    date: '2026-01-15',
    summary: '收到行政拨缴工会经费（12月工资总额2%）',
    documents: 2,
    state: 'booked',
    signed: true,
    lines: [
      ['102', '48000.00', null],
      ['402', null, '28800.00'],
      ['211', null, '19200.00'],
    ],
  },
  {
    date: '2026-01-19',
    summary: '收到上级春节送温暖专项补助',
    documents: 1,
    state: 'booked',
    signed: true,
    lines: [
      ['102', '30000.00', null],
      ['40302', null, '30000.00'],
    ],
  },
  {
    date: '2026-01-22',
    summary: '春节走访慰问困难职工（32户）',
    documents: 3,
    state: 'booked',
    signed: true,
    lines: [
      ['50405', '24000.00', null, items(PROJECT, 'XMZC:001')],
      ['102', null, '24000.00'],
    ],
  },
  {
    date: '2026-01-26',
    summary: '迎新春职工文艺汇演',
    documents: 4,
    state: 'booked',
    signed: true,
    lines: [
      ['50102', '2800.00', null, items('DEPARTMENT:01', PUBLIC)],
      ['50102', '2350.00', null, items('DEPARTMENT:02', PUBLIC)],
      ['50102', '1200.00', null, items('DEPARTMENT:04', PUBLIC)],
      ['102', null, '6350.00'],
    ],
  },
  {
    date: '2026-01-28',
    summary: '一月会员生日慰问',
    documents: 2,
    state: 'booked',
    signed: true,
    lines: [
      ['50105', '960.00', null, items('DEPARTMENT:01', PUBLIC)],
      ['50105', '890.00', null, items('DEPARTMENT:02', PUBLIC)],
      ['101', null, '1850.00'],
    ],
  },
  {
    date: '2026-01-30',
    summary: '支付工会干部业务培训费',
    documents: 2,
    state: 'booked',
    signed: true,
    lines: [
      ['50501', '2400.00', null],
      ['102', null, '2400.00'],
    ],
  },

  // February: reviewed and booked; its carry-forward is left for the newcomer to generate.
  {
    date: '2026-02-03',
    summary: '收到2月会员会费',
    documents: 2,
    state: 'booked',
    lines: [
      ['102', '3240.00', null],
      ['401', null, '3240.00'],
    ],
  },
  {
    date: '2026-02-10',
    summary: '上缴1月应上缴上级经费',
    documents: 1,
    state: 'booked',
    lines: [
      ['211', '19200.00', null],
      ['102', null, '19200.00'],
    ],
  },
  {
    date: '2026-02-12',
    summary: '收到行政拨缴工会经费（1月工资总额2%）',
    documents: 2,
    state: 'booked',
    lines: [
      ['102', '46500.00', null],
      ['402', null, '27900.00'],
      ['211', null, '18600.00'],
    ],
  },
  {
    date: '2026-02-14',
    summary: '困难职工大病救助',
    documents: 3,
    state: 'booked',
    lines: [
      ['50404', '5000.00', null, items(PROJECT, 'XMZC:002')],
      ['102', null, '5000.00'],
    ],
  },
  {
    date: '2026-02-25',
    summary: '职工之家购置健身器材',
    documents: 3,
    state: 'booked',
    lines: [
      ['50703', '8600.00', null],
      ['102', null, '8600.00'],
      ['162', '8600.00', null],
      ['30104', null, '8600.00'],
    ],
  },
  {
    date: '2026-02-26',
    summary: '元宵节职工趣味活动',
    documents: 3,
    state: 'booked',
    lines: [
      ['50102', '1960.00', null, items('DEPARTMENT:01', PUBLIC)],
      ['50102', '1540.00', null, items('DEPARTMENT:03', PUBLIC)],
      ['101', null, '3500.00'],
    ],
  },
  {
    date: '2026-02-27',
    summary: '二月会员生日慰问',
    documents: 2,
    state: 'booked',
    lines: [
      ['50105', '1720.00', null, items('DEPARTMENT:03', PUBLIC)],
      ['101', null, '1720.00'],
    ],
  },
  {
    date: '2026-02-28',
    summary: '计提2月固定资产折旧',
    documents: 1,
    state: 'booked',
    lines: [
      ['30104', '1050.00', null],
      ['163', null, '1050.00'],
    ],
  },

  // March: the first booked, two reviewed, the rest waiting for review.
  {
    date: '2026-03-04',
    summary: '收到3月会员会费',
    documents: 2,
    state: 'booked',
    lines: [
      ['102', '3280.00', null],
      ['401', null, '3280.00'],
    ],
  },
  {
    date: '2026-03-06',
    summary: '“三八”妇女节女职工活动',
    documents: 3,
    state: 'booked',
    lines: [
      ['50105', '4200.00', null, items('DEPARTMENT:04', PUBLIC)],
      ['102', null, '4200.00'],
    ],
  },
  {
    date: '2026-03-10',
    summary: '上缴2月应上缴上级经费',
    documents: 1,
    state: 'booked',
    lines: [
      ['211', '18600.00', null],
      ['102', null, '18600.00'],
    ],
  },
  {
    date: '2026-03-13',
    summary: '收到行政拨缴工会经费（2月工资总额2%）',
    documents: 2,
    state: 'reviewed',
    lines: [
      ['102', '47200.00', null],
      ['402', null, '28320.00'],
      ['211', null, '18880.00'],
    ],
  },
  {
    date: '2026-03-18',
    summary: '职工安全生产知识培训',
    documents: 2,
    state: 'reviewed',
    lines: [
      ['50101', '1800.00', null, items('DEPARTMENT:01', PUBLIC)],
      ['50101', '1800.00', null, items('DEPARTMENT:02', PUBLIC)],
      ['102', null, '3600.00'],
    ],
  },
  {
    date: '2026-03-20',
    summary: '收到行政补助（职工之家运行经费）',
    documents: 1,
    state: 'entered',
    lines: [
      ['102', '20000.00', null],
      ['405', null, '20000.00'],
    ],
  },
  {
    date: '2026-03-25',
    summary: '第一季度劳动竞赛奖励',
    documents: 2,
    state: 'entered',
    lines: [
      ['50301', '6000.00', null],
      ['102', null, '6000.00'],
    ],
  },
  {
    date: '2026-03-31',
    summary: '计提3月固定资产折旧',
    documents: 1,
    state: 'entered',
    lines: [
      ['30104', '1121.67', null],
      ['163', null, '1121.67'],
    ],
  },
];
