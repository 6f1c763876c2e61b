/**
 * Funds ratios (经费比例): typed and sent as percentages with at most four decimals (60, 12.5,
 * 0.0625), kept and computed as integers in parts per million of the whole (60% = 600000), so a
 * split never meets a binary float.
 *
 * A unit's ratio set names the part of its funds that reaches this set (the base: 100% for a
 * same-level unit, the lower unit's upper-remittance ratio otherwise) and how that part is shared.
 * The shares' ratios add up to the base, so the shares of an amount add up to the amount
 * (split.ts); the collection fee is a ratio of the amount on top, deducted from what the bank
 * receives.
 */
import { toDecimal } from '../money.js';

export const PPM_PER_PERCENT = 10_000;
export const WHOLE_PPM = 100 * PPM_PER_PERCENT;
export const RATIO_DECIMALS = 4;

/** The shares an amount is split into, in the order the grid, the voucher and the register show them. */
export const SHARE_KINDS = ['retained', 'superiorOne', 'superiorTwo', 'lower', 'preparatory', 'smallBusiness'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

export const SHARE_LABELS: Record<ShareKind | 'collectionFee', string> = {
  retained: '本级留成',
  superiorOne: '应付上级一',
  superiorTwo: '应付上级二',
  lower: '应付下级',
  preparatory: '建会筹备金',
  smallBusiness: '小微企业返还',
  collectionFee: '代收手续费',
};

/** Funding type of a 县级以上 funding organisation: 1 remit upward, 2 union funds. */
export const FUNDING_TYPES = { remitUpward: 1, unionFunds: 2 } as const;

/** The upper-remittance ratio a new funding organisation starts with (spec: 20 for type 1, 100 for type 2). */
export function defaultUpperRatioPercent(fundingType: number): number {
  return fundingType === FUNDING_TYPES.unionFunds ? 100 : 20;
}

export interface RatioSet {
  /** The part of the unit's funds that reaches this set; the shares add up to it. */
  readonly basePpm: number;
  readonly sharesPpm: Readonly<Record<ShareKind, number>>;
  readonly collectionFeePpm: number;
}

export type RatioParse = { ok: true; ppm: number } | { ok: false; message: string };

export const RatioMessages = {
  format: '比例只能是不大于100的正数，最多4位小数',
  selectLowerUnits: '请选择下级单位',
  upperRatioRequired: '请输入下级上解比例',
  upperRatioNonZero: '下级上解比例不能为0',
  sameLevelSum: (sumText: string): string => `本级、上级一、上级二与下级比例之和必须等于100%，当前为${sumText}%`,
  lowerSum: (sumText: string, upperText: string): string =>
    `本级、上级与下级比例之和必须等于下级上解比例${upperText}%，当前为${sumText}%`,
  orgSumZero: '上级比例（五项之和）不能为0',
  handNameRequired: '请输入单位名称',
  handCodeRequired: '请输入单位编码',
  handCodeNumeric: '单位编码只能是数字',
  handCodeTooLong: '单位编码不能超过20个字符',
  notConfigured: '经费比例没有配置，无法生成凭证，请核实',
} as const;

/** A percentage as typed or sent (number or string, '%' allowed) to ppm; 0 to 100, four decimals at most. */
export function percentToPpm(value: number | string): RatioParse {
  const text = typeof value === 'string' ? value.trim().replace(/%$/, '').trim() : value;
  const d = toDecimal(text);
  if (!d || d.negative || d.scale > RATIO_DECIMALS) return { ok: false, message: RatioMessages.format };
  const ppm = Number(d.digits * 10n ** BigInt(RATIO_DECIMALS - d.scale));
  if (ppm > WHOLE_PPM) return { ok: false, message: RatioMessages.format };
  return { ok: true, ppm };
}

/** ppm to the percentage it prints as (600000 → 60, 125000 → 12.5). */
export function ppmToPercent(ppm: number): number {
  return ppm / PPM_PER_PERCENT;
}

/** ppm as the percentage text without float noise ('12.5'). */
export function ppmToPercentText(ppm: number): string {
  const whole = Math.trunc(ppm / PPM_PER_PERCENT);
  const frac = String(Math.abs(ppm % PPM_PER_PERCENT))
    .padStart(RATIO_DECIMALS, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

export function sharesSum(shares: Readonly<Record<ShareKind, number>>): number {
  return SHARE_KINDS.reduce((sum, kind) => sum + shares[kind], 0);
}

/**
 * The funds accounting dialog's rule (spec): a same-level unit's this-level, superior one and two
 * and lower ratios add up to exactly 100%; another unit's add up to its upper-remittance ratio.
 * Returns the message, or null when the set holds.
 */
export function lowerUnitRatioError(input: {
  sameLevel: boolean;
  upperPpm: number | null;
  shares: Readonly<Record<ShareKind, number>>;
}): string | null {
  const sum = sharesSum(input.shares);
  if (input.sameLevel) return sum === WHOLE_PPM ? null : RatioMessages.sameLevelSum(ppmToPercentText(sum));
  if (input.upperPpm === null) return RatioMessages.upperRatioRequired;
  if (input.upperPpm === 0) return RatioMessages.upperRatioNonZero;
  return sum === input.upperPpm ? null : RatioMessages.lowerSum(ppmToPercentText(sum), ppmToPercentText(input.upperPpm));
}
