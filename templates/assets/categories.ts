/**
 * The asset categories a set starts with, per class, with their default service life in months. The fixed-asset
 * tree and its lives are those of the 2021 union system's 附录2 (工会固定资产折旧年限表, the minimum of each range);
 * 土地, 文物和陈列品, 图书档案 and 动植物 are not depreciated (S1 第三十五条). Intangibles follow 第三十八条's list
 * (lives are the usual contract or legal terms, ours); inventory (库存物品) is never depreciated.
 * A set may add, rename and change categories (资产设置); codes are unique within the set.
 */
import type { AssetClassCode } from '../../src/shared/assets/constants.js';

export interface CategorySeed {
  readonly code: string;
  readonly name: string;
  readonly assetClass: AssetClassCode;
  /** Years; 0 when the category is not depreciated. */
  readonly lifeYears: number;
  readonly depreciates: boolean;
  readonly children?: readonly Omit<CategorySeed, 'assetClass' | 'children'>[];
}

const d = (code: string, name: string, lifeYears: number) => ({ code, name, lifeYears, depreciates: true });
const none = (code: string, name: string) => ({ code, name, lifeYears: 0, depreciates: false });

export const CATEGORY_SEEDS: readonly CategorySeed[] = [
  {
    code: '01',
    name: '房屋及构筑物',
    assetClass: 1,
    lifeYears: 50,
    depreciates: true,
    children: [
      d('0101', '钢结构业务及管理用房', 50),
      d('0102', '钢筋混凝土结构业务及管理用房', 50),
      d('0103', '砖混结构业务及管理用房', 30),
      d('0104', '砖木结构业务及管理用房', 30),
      d('0105', '简易房', 8),
      d('0106', '房屋附属设施', 8),
      d('0107', '构筑物', 8),
    ],
  },
  {
    code: '02',
    name: '通用设备',
    assetClass: 1,
    lifeYears: 6,
    depreciates: true,
    children: [
      d('0201', '计算机设备', 6),
      d('0202', '办公设备', 6),
      d('0203', '车辆', 8),
      d('0204', '图书档案设备', 5),
      d('0205', '机械设备', 10),
      d('0206', '电气设备', 5),
      d('0207', '雷达、无线电和卫星导航设备', 10),
      d('0208', '通信设备', 5),
      d('0209', '广播、电视、电影设备', 5),
      d('0210', '仪器仪表', 5),
      d('0211', '电子和通信测量设备', 5),
      d('0212', '计量标准器具及量具、衡器', 5),
    ],
  },
  {
    code: '03',
    name: '专用设备',
    assetClass: 1,
    lifeYears: 10,
    depreciates: true,
    children: [
      d('0301', '食品加工专用设备', 10),
      d('0302', '纺织设备', 10),
      d('0303', '缝纫、服饰、制革和毛皮加工设备', 10),
      d('0304', '医疗设备', 5),
      d('0305', '安全生产设备', 10),
      d('0306', '环境污染防治设备', 10),
      d('0307', '文艺设备', 5),
      d('0308', '体育设备', 5),
      d('0309', '娱乐设备', 5),
    ],
  },
  {
    code: '04',
    name: '家具、用具及装具',
    assetClass: 1,
    lifeYears: 15,
    depreciates: true,
    children: [d('0401', '家具', 15), d('0402', '用具、装具', 5)],
  },
  { code: '05', name: '文物和陈列品', assetClass: 1, lifeYears: 0, depreciates: false },
  { code: '06', name: '图书、档案', assetClass: 1, lifeYears: 0, depreciates: false },
  { code: '07', name: '动植物', assetClass: 1, lifeYears: 0, depreciates: false },
  { code: '08', name: '单独计价入账的土地', assetClass: 1, lifeYears: 0, depreciates: false },
  {
    code: '21',
    name: '无形资产',
    assetClass: 2,
    lifeYears: 10,
    depreciates: true,
    children: [
      d('2101', '专利权', 10),
      d('2102', '商标权', 10),
      d('2103', '著作权', 10),
      d('2104', '土地使用权', 50),
      d('2105', '非专利技术', 10),
      d('2106', '应用软件', 5),
      none('2107', '使用年限不确定的无形资产'),
    ],
  },
  {
    code: '31',
    name: '库存物品',
    assetClass: 3,
    lifeYears: 0,
    depreciates: false,
    children: [none('3101', '材料'), none('3102', '低值易耗品'), none('3103', '其他库存物品')],
  },
];
