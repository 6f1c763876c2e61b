/**
 * The asset module's codes (spec doc 1 §9 and doc 0: asset classes, natures, template types) and the lists a card
 * picks from. Codes are what the wire and the tables carry; names are what the screens show.
 */
import { PAGE_SIZES } from '../constants.js';

/** Spec: asset classes 1 fixed, 2 intangible, 3 inventory; the long-term deferred expenses (181) are their own list. */
export const AssetClass = { Fixed: 1, Intangible: 2, Inventory: 3 } as const;
export type AssetClassCode = (typeof AssetClass)[keyof typeof AssetClass];
export const ASSET_CLASSES: readonly { value: AssetClassCode; name: string }[] = [
  { value: 1, name: '固定资产' },
  { value: 2, name: '无形资产' },
  { value: 3, name: '库存物品' },
];

/** Spec: nature 1 union asset, 2 state asset. */
export const AssetNature = { Union: 1, State: 2 } as const;
export type AssetNatureCode = (typeof AssetNature)[keyof typeof AssetNature];
export const ASSET_NATURES: readonly { value: AssetNatureCode; name: string }[] = [
  { value: 1, name: '工会资产' },
  { value: 2, name: '国有资产' },
];

/** How an asset came (取得方式). */
export const PURCHASING_METHODS: readonly { value: number; name: string }[] = [
  { value: 1, name: '购置' },
  { value: 2, name: '自建' },
  { value: 3, name: '接受捐赠' },
  { value: 4, name: '无偿调入' },
  { value: 5, name: '盘盈' },
  { value: 6, name: '其他' },
];

/** What the asset is used for (spec: the classification filter's usageArray). */
export const ASSET_USAGES: readonly { value: number; name: string }[] = [
  { value: 1, name: '自用' },
  { value: 2, name: '出租出借' },
  { value: 3, name: '对外投资' },
  { value: 4, name: '闲置' },
  { value: 5, name: '待处置' },
];

/** How an asset leaves (a disposal document's disposeOfType). */
export const DISPOSE_TYPES: readonly { value: number; name: string }[] = [
  { value: 1, name: '出售' },
  { value: 2, name: '报废' },
  { value: 3, name: '毁损' },
  { value: 4, name: '盘亏' },
  { value: 5, name: '无偿调出' },
  { value: 6, name: '对外捐赠' },
];

/**
 * A document: the disposal of fixed or intangible assets, the issue of inventory (库存物品出库), or a change of a card's
 * original value (后续支出：改建、扩建、大型修缮; its one line's original_amount is the change), whose voucher is the
 * asset-change voucher (PZAssetType 4).
 */
export const DocumentKind = { Disposal: 1, InventoryIssue: 2, Change: 3 } as const;
export type DocumentKindCode = (typeof DocumentKind)[keyof typeof DocumentKind];

/**
 * Spec: the asset voucher request's pzAssetType. 1 additions (cards), 2 depreciation or amortisation of a month,
 * 3 documents (disposal, inventory issue), 4 the asset-change voucher (spec: PZAssetType 4), 5 the long-term deferred
 * expenses' monthly amortisation, 6 the additions of long-term deferred expenses.
 */
export const PzAssetType = { Addition: 1, Provision: 2, Document: 3, Change: 4, LongAmortion: 5, LongAddition: 6 } as const;
export type PzAssetTypeCode = (typeof PzAssetType)[keyof typeof PzAssetType];

/**
 * Spec §9 template types: the default entries of each asset voucher. 5 fixed addition, 6 depreciation, 7 fixed
 * disposal, 8 intangible addition, 9 amortisation, 10 intangible disposal, 11 inventory addition, 13 inventory issue.
 */
export const AssetTemplateType = {
  FixedAddition: 5,
  FixedDepreciation: 6,
  FixedDisposal: 7,
  IntangibleAddition: 8,
  IntangibleAmortisation: 9,
  IntangibleDisposal: 10,
  InventoryAddition: 11,
  InventoryIssue: 13,
} as const;

export function additionTemplate(assetClass: AssetClassCode): number {
  return assetClass === 1 ? 5 : assetClass === 2 ? 8 : 11;
}
export function provisionTemplate(assetClass: AssetClassCode): number {
  return assetClass === 1 ? 6 : 9;
}
export function documentTemplate(assetClass: AssetClassCode): number {
  return assetClass === 1 ? 7 : assetClass === 2 ? 10 : 13;
}

/** The ledger subjects each class is checked against (union charts; a government set's are in GOVERNMENT_LEDGER). */
export const UNION_LEDGER: Readonly<Record<AssetClassCode, { cost: string; provision?: string }>> = {
  1: { cost: '162', provision: '163' },
  2: { cost: '171', provision: '172' },
  3: { cost: '141' },
};
export const GOVERNMENT_LEDGER: Readonly<Record<AssetClassCode, { cost: string; provision?: string }>> = {
  1: { cost: '1601', provision: '1602' },
  2: { cost: '1701', provision: '1702' },
  3: { cost: '1302' },
};
export const LONG_AMORTION_SUBJECT = { union: '181', government: '1901' } as const;

/** Spec §9: asset tables page by 20, 30, 40 or 50 rows (default 20), as every list does. */
export const ASSET_PAGE_SIZES = PAGE_SIZES;

/** The routes of the module (menu catalogue, src/server/admin/menu-catalogue.ts). */
export const AssetPages = {
  init: '/fixed-assets/fixed-assets/assets-init',
  cards: '/fixed-assets/fixed-assets/cards',
  depreciation: '/fixed-assets/fixed-assets/depreciation',
  documents: '/fixed-assets/fixed-assets/documents',
  longAmortion: '/fixed-assets/fixed-assets/long-amortion',
  settings: '/fixed-assets/fixed-assets/settings',
  assetsDebt: '/accounting-management/reports/assets-debt',
  lowerAssetWarning: '/accounting-management/reports/lower-asset-warning',
  analysis: '/accounting-management/reports/analysis',
} as const;
