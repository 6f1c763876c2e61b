/**
 * The rules of the funds units' two dialogs, run by the page as the user types and by the server
 * before it writes (the same functions, so the messages cannot drift):
 * - the funding organisation of a 县级以上 set (saveZJUnit): code numeric, name and type
 *   required, phone digits and mainland mobile, ratios positive, sjrate the sum of the five and
 *   not 0, sjrate + lcrate at most 100;
 * - the funds accounting dialog (edit): lower units chosen or a unit keyed by hand (name, numeric
 *   code of at most 20), the sum rule of ratios.ts, and a subject only beside a filled ratio.
 * Ratios arrive as percentages (number or text, '%' allowed, empty = not filled).
 */
import type { ValidationIssue } from '../envelope.js';
import {
  percentToPpm,
  lowerUnitRatioError,
  ppmToPercentText,
  RatioMessages,
  SHARE_LABELS,
  WHOLE_PPM,
  type ShareKind,
} from './ratios.js';

export type RatioInput = string | number | null | undefined;

export const UNIT_CODE_MAX = 20;
export const UNIT_NAME_MAX = 100;

/** Messages beyond RatioMessages (kept apart so the core's file stays the core's). */
export const UnitMessages = {
  codeNumeric: '单位编码只能是数字',
  nameRequired: '请输入单位名称',
  nameTooLong: `单位名称不能超过${UNIT_NAME_MAX}个字符`,
  fundingTypeRequired: '请选择单位类型',
  phoneDigits: '手机号只能为数值',
  phoneFormat: '手机格式不正确',
  phoneUnreadable: '手机号解密失败，请刷新页面后重试',
  sjrateNotSum: (sum: string) => `上级比例须为五项比例之和${sum}%`,
  orgOver100: (sj: string, lc: string) => `上级比例${sj}%与留成比例${lc}%之和不能超过100%`,
  subjectWithoutRatio: (label: string) => `${label}比例为空，不能选择科目`,
  codeDuplicate: (code: string) => `单位编码${code}已存在`,
  lowerNotInTree: '只能选择本账套下级的账套',
  lowerConfigured: (name: string) => `${name}已配置经费核算，请编辑该单位`,
  onlyZJ: '只有县级以上工会账套可以维护经费单位',
  unitNotFound: '经费单位不存在',
  unitInUse: (name: string) => `${name}已有经费录入，不能删除`,
  handAndLower: '手工单位与下级账套不能同时选择',
  fromMonth: '适用月份须在1到12之间',
} as const;

/** A ratio as typed: null when empty, else its ppm, or the format message. */
export function ratioOf(value: RatioInput): { ok: true; ppm: number | null } | { ok: false; message: string } {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return { ok: true, ppm: null };
  const parsed = percentToPpm(value);
  return parsed.ok ? { ok: true, ppm: parsed.ppm } : parsed;
}

function collect<K extends string>(
  fields: Record<K, RatioInput>,
  issues: ValidationIssue[],
  fieldIds: Record<K, string>,
): Record<K, number | null> {
  const out = {} as Record<K, number | null>;
  for (const key of Object.keys(fields) as K[]) {
    const r = ratioOf(fields[key]);
    if (r.ok) out[key] = r.ppm;
    else {
      out[key] = null;
      issues.push({ message: r.message, fieldId: fieldIds[key] });
    }
  }
  return out;
}

export function checkUnitCode(code: string): string | null {
  if (code === '') return RatioMessages.handCodeRequired;
  if (!/^\d+$/.test(code)) return UnitMessages.codeNumeric;
  if (code.length > UNIT_CODE_MAX) return RatioMessages.handCodeTooLong;
  return null;
}

export function checkUnitName(name: string): string | null {
  if (name === '') return UnitMessages.nameRequired;
  if (name.length > UNIT_NAME_MAX) return UnitMessages.nameTooLong;
  return null;
}

/** Spec: phone digits only (手机号只能为数值), mainland mobile pattern (手机格式不正确); empty is allowed. */
export function checkPhone(phone: string): string | null {
  if (phone === '') return null;
  if (!/^\d+$/.test(phone)) return UnitMessages.phoneDigits;
  return /^1[3-9]\d{9}$/.test(phone) ? null : UnitMessages.phoneFormat;
}

/** The lower-unit shares the funds accounting dialog keys, with the wire name of each ratio and subject. */
export const LOWER_SHARES = [
  { kind: 'retained', ratio: 'retentionRatioThisLevel', subject: 'retentionThisLevelSubjects' },
  { kind: 'superiorOne', ratio: 'dealingWithSuperiorRatioOne', subject: 'copeWithSuperiorSubjectsOne' },
  { kind: 'superiorTwo', ratio: 'dealingWithSuperiorRatioTwo', subject: 'copeWithSuperiorSubjectsTwo' },
  { kind: 'lower', ratio: 'copeWithSubordinateRatio', subject: 'copeWithLowerLevelSubjects' },
] as const satisfies readonly { kind: ShareKind; ratio: string; subject: string }[];

export type LowerRatioField = (typeof LOWER_SHARES)[number]['ratio'];
export type LowerSubjectField = (typeof LOWER_SHARES)[number]['subject'];

export type LowerUnitForm = {
  sameLevel: boolean;
  lowerLevelUpperSolutionRatio?: RatioInput;
  proportionLowerLevel?: RatioInput;
} & {
  [K in LowerRatioField]?: RatioInput;
} & { [K in LowerSubjectField]?: string | null };

export interface LowerUnitRatios {
  basePpm: number;
  lowerRetentionPpm: number | null;
  sharesPpm: Record<ShareKind, number>;
  subjects: Partial<Record<ShareKind, string>>;
}

/** The funds accounting dialog's ratios, or the issues (field ids are the wire names). */
export function checkLowerUnitForm(
  form: LowerUnitForm,
): { ok: true; ratios: LowerUnitRatios } | { ok: false; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const head = collect({ upper: form.lowerLevelUpperSolutionRatio, retention: form.proportionLowerLevel }, issues, {
    upper: 'lowerLevelUpperSolutionRatio',
    retention: 'proportionLowerLevel',
  });
  const sharesPpm: Record<ShareKind, number> = {
    retained: 0,
    superiorOne: 0,
    superiorTwo: 0,
    lower: 0,
    preparatory: 0,
    smallBusiness: 0,
  };
  const subjects: Partial<Record<ShareKind, string>> = {};
  for (const share of LOWER_SHARES) {
    const r = ratioOf(form[share.ratio]);
    if (!r.ok) issues.push({ message: r.message, fieldId: share.ratio });
    const ppm = r.ok ? (r.ppm ?? 0) : 0;
    sharesPpm[share.kind] = ppm;
    const subject = (form[share.subject] ?? '').trim();
    if (subject !== '') {
      if (ppm === 0) issues.push({ message: UnitMessages.subjectWithoutRatio(SHARE_LABELS[share.kind]), fieldId: share.subject });
      else subjects[share.kind] = subject;
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  const sumError = lowerUnitRatioError({
    sameLevel: form.sameLevel,
    upperPpm: form.sameLevel ? WHOLE_PPM : head.upper,
    shares: sharesPpm,
  });
  if (sumError)
    return {
      ok: false,
      issues: [
        { message: sumError, fieldId: form.sameLevel || head.upper ? 'retentionRatioThisLevel' : 'lowerLevelUpperSolutionRatio' },
      ],
    };
  return {
    ok: true,
    ratios: { basePpm: form.sameLevel ? WHOLE_PPM : (head.upper ?? 0), lowerRetentionPpm: head.retention, sharesPpm, subjects },
  };
}

/** The five ratios of a funding organisation whose sum is its upper-level ratio (sjrate), with their shares. */
export const ORG_SHARES = [
  { kind: 'retained', ratio: 'bjRata', label: '本级比例' },
  { kind: 'superiorOne', ratio: 'bjsjRate', label: '上解上级比例' },
  { kind: 'lower', ratio: 'hbRate', label: '回拨比例' },
  { kind: 'preparatory', ratio: 'fundsPayableJianhui', label: '建会筹备金' },
  { kind: 'smallBusiness', ratio: 'smallBusinessReturns', label: '小微企业返还' },
] as const satisfies readonly { kind: ShareKind; ratio: string; label: string }[];

export type OrgRatioField = (typeof ORG_SHARES)[number]['ratio'];

export type OrgForm = {
  code: string;
  name: string;
  lx: number | null | undefined;
  phone: string;
  sjrate?: RatioInput;
  lcrate?: RatioInput;
  taxCollectionFee?: RatioInput;
} & { [K in OrgRatioField]?: RatioInput };

export interface OrgRatios {
  basePpm: number;
  lowerRetentionPpm: number | null;
  collectionFeePpm: number;
  sharesPpm: Record<ShareKind, number>;
}

/** The funding organisation's fields and ratios, or the issues. */
export function checkOrgForm(form: OrgForm): { ok: true; ratios: OrgRatios } | { ok: false; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const code = checkUnitCode(form.code);
  if (code) issues.push({ message: code, fieldId: 'code' });
  const name = checkUnitName(form.name);
  if (name) issues.push({ message: name, fieldId: 'name' });
  if (form.lx !== 1 && form.lx !== 2) issues.push({ message: UnitMessages.fundingTypeRequired, fieldId: 'lx' });
  const phone = checkPhone(form.phone);
  if (phone) issues.push({ message: phone, fieldId: 'phone' });
  const sharesPpm: Record<ShareKind, number> = {
    retained: 0,
    superiorOne: 0,
    superiorTwo: 0,
    lower: 0,
    preparatory: 0,
    smallBusiness: 0,
  };
  for (const share of ORG_SHARES) {
    const r = ratioOf(form[share.ratio]);
    if (!r.ok) issues.push({ message: r.message, fieldId: share.ratio });
    else sharesPpm[share.kind] = r.ppm ?? 0;
  }
  const other = collect({ lc: form.lcrate, fee: form.taxCollectionFee, sj: form.sjrate }, issues, {
    lc: 'lcrate',
    fee: 'taxCollectionFee',
    sj: 'sjrate',
  });
  if (issues.length > 0) return { ok: false, issues };
  const sum = Object.values(sharesPpm).reduce((a, b) => a + b, 0);
  if (sum === 0) return { ok: false, issues: [{ message: RatioMessages.orgSumZero, fieldId: 'sjrate' }] };
  if (other.sj !== null && other.sj !== sum)
    return { ok: false, issues: [{ message: UnitMessages.sjrateNotSum(ppmToPercentText(sum)), fieldId: 'sjrate' }] };
  if (sum + (other.lc ?? 0) > WHOLE_PPM) {
    return {
      ok: false,
      issues: [{ message: UnitMessages.orgOver100(ppmToPercentText(sum), ppmToPercentText(other.lc ?? 0)), fieldId: 'lcrate' }],
    };
  }
  return { ok: true, ratios: { basePpm: sum, lowerRetentionPpm: other.lc, collectionFeePpm: other.fee ?? 0, sharesPpm } };
}

/** The expenditure types of the 县级以上 page's cascader (spec constants: 001 with 00101 and 00102, 002). */
export const EXPENDITURE_TYPES = [
  {
    value: '001',
    label: '基本支出',
    children: [
      { value: '00101', label: '人员经费' },
      { value: '00102', label: '公用经费' },
    ],
  },
  { value: '002', label: '项目支出' },
] as const;

/** The codes a funding organisation may carry: the cascader's leaves. */
export const EXPENDITURE_LEAVES: readonly string[] = EXPENDITURE_TYPES.flatMap((t) =>
  'children' in t ? t.children.map((c) => c.value) : [t.value],
);

export const FUNDING_TYPE_OPTIONS = [
  { value: 1, label: '上解' },
  { value: 2, label: '工会经费' },
] as const;
