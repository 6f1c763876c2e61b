/**
 * The subject each share of a receipt goes to, one rule for the generated vouchers, the voucher
 * editor's proposal (F8) and the payable leaves the 经费单位 type is linked to: the ratio row's
 * subject, else the set's default (funds_setting), else the chart's standard one (402 kept, 211
 * up, 212 down, 21202 on a county chart); a share without one, or whose subject is not a
 * last-level subject of the year's chart, is refused by name.
 */
import type { Selectable } from 'kysely';
import type { AccountingSystem } from '../../shared/api/auth.js';
import { FundsEntryMessages } from '../../shared/funds/entry-messages.js';
import { SHARE_KINDS, SHARE_LABELS, type RatioSet, type ShareKind } from '../../shared/funds/ratios.js';
import type { FundsSettingTable } from '../db/schema.js';
import { SUBJECT_COLUMN, type RatioRow } from './ratio-lookup.js';

export type SubjectKind = ShareKind | 'collectionFee';

export const SUBJECT_KINDS: readonly SubjectKind[] = [...SHARE_KINDS, 'collectionFee'];

const SETTING_COLUMN: Record<SubjectKind, Exclude<keyof FundsSettingTable, 'zt_id'>> = {
  retained: 'retained_subject',
  superiorOne: 'superior_subject',
  superiorTwo: 'superior_subject',
  lower: 'lower_subject',
  preparatory: 'preparatory_subject',
  smallBusiness: 'small_business_subject',
  collectionFee: 'collection_fee_subject',
};

/** The subjects a ratio row names (null: not named there). */
export function ratioSubjects(row: RatioRow): Record<SubjectKind, string | null> {
  return Object.fromEntries(SUBJECT_KINDS.map((k) => [k, row[SUBJECT_COLUMN[k]] as string | null])) as Record<
    SubjectKind,
    string | null
  >;
}

/** The set's default subject of each share (null: none, or no settings saved). */
export function settingSubjects(setting: Selectable<FundsSettingTable> | undefined): Record<SubjectKind, string | null> {
  return Object.fromEntries(SUBJECT_KINDS.map((k) => [k, setting?.[SETTING_COLUMN[k]] ?? null])) as Record<
    SubjectKind,
    string | null
  >;
}

/** What a share's subject is chosen from: the ratio row's, the set's default, the chart's standard. */
export interface SubjectSources {
  readonly ratioRow: Readonly<Record<SubjectKind, string | null>>;
  readonly setting: Readonly<Record<SubjectKind, string | null>>;
  readonly standard: Readonly<Record<SubjectKind, string | null>>;
  /** Whether the code is a last-level subject of the set's chart of the year. */
  readonly isLastLevel: (code: string) => boolean;
}

export type SubjectResolution = { ok: true; subjects: Record<SubjectKind, string | null> } | { ok: false; message: string };

/**
 * Each share's subject (only for the shares the ratios give an amount, and the fee when it has a
 * ratio): refused, naming the share, when none is configured or it is not a last-level subject.
 */
export function shareSubjects(ratios: RatioSet, sources: SubjectSources): SubjectResolution {
  const subjects = { collectionFee: null } as Record<SubjectKind, string | null>;
  const needed: SubjectKind[] = [
    ...SHARE_KINDS.filter((k) => ratios.sharesPpm[k] > 0),
    ...(ratios.collectionFeePpm > 0 ? (['collectionFee'] as const) : []),
  ];
  for (const k of SHARE_KINDS) subjects[k] = null;
  for (const kind of needed) {
    const code = sources.ratioRow[kind] ?? sources.setting[kind] ?? sources.standard[kind];
    if (!code) return { ok: false, message: FundsEntryMessages.subjectMissing(SHARE_LABELS[kind]) };
    if (!sources.isLastLevel(code)) return { ok: false, message: FundsEntryMessages.subjectNotLast(SHARE_LABELS[kind], code) };
    subjects[kind] = code;
  }
  return { ok: true, subjects };
}

/** The chart's standard subject of each share: 402 kept, 211 up, 212 down (21202 on a county chart). */
export function standardSubjects(system: AccountingSystem): Record<SubjectKind, string | null> {
  const county = system === 'union-county';
  return {
    retained: '402',
    superiorOne: '211',
    superiorTwo: '211',
    lower: county ? '21202' : '212',
    preparatory: null,
    smallBusiness: null,
    collectionFee: null,
  };
}
