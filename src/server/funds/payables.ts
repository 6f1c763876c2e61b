/**
 * What is still payable up and down per funds unit: the balances of 211 应付上级经费 and 212
 * 应付下级经费 (every last-level subject under them) by the 经费单位 (JFDW) item of their lines,
 * read from the monthly balances and the openings as every book is. A balance on 211/212 with no
 * JFDW item (keyed before the units were configured, or on a subject without the type) is one row
 * of its own, so the two columns always add up to the trial balance's 211 and 212.
 *
 * Liabilities: an amount is credit minus debit, positive while owed. Amounts in fen.
 */
import { parseAuxiKey } from '../../shared/subjects/auxiliary-rules.js';
import type { Q } from '../subjects/subject-repository.js';
import { readBalances, yearSubjects } from '../templates/carry-forward-balances.js';
import { FUNDS_UNIT_AUXI_TYPE } from './ratio-lookup.js';

export const SUPERIOR_ROOT = '211';
export const LOWER_ROOT = '212';
export const NO_UNIT_NAME = '未指定经费单位';

export interface PayableSide {
  opening: number;
  credit: number;
  debit: number;
  closing: number;
}

export interface PayableEntry {
  /** The JFDW item code, null for the balances without one. */
  unitCode: string | null;
  unitName: string;
  superior: PayableSide;
  lower: PayableSide;
}

/** One unsettled balance: a last-level payable subject and its unit at the end of a month. */
export interface UnsettledPayable {
  subjectCode: string;
  subjectName: string;
  side: 'superior' | 'lower';
  unitCode: string | null;
  unitName: string;
  /** Fen, credit positive. */
  amount: number;
}

const sideOf = (code: string): 'superior' | 'lower' | null =>
  code.startsWith(SUPERIOR_ROOT) ? 'superior' : code.startsWith(LOWER_ROOT) ? 'lower' : null;

const unitOf = (auxiKey: string): string | null =>
  parseAuxiKey(auxiKey).find((c) => c.typeNo === FUNDS_UNIT_AUXI_TYPE.typeNo)?.infoNo ?? null;

async function unitNames(q: Q, ztId: number): Promise<Map<string, string>> {
  const [items, units] = await Promise.all([
    q
      .selectFrom('auxi_info')
      .select(['info_no', 'info_name'])
      .where('zt_id', '=', ztId)
      .where('type_no', '=', FUNDS_UNIT_AUXI_TYPE.typeNo)
      .execute(),
    q.selectFrom('funds_unit').select(['code', 'name']).where('zt_id', '=', ztId).execute(),
  ]);
  // The unit's own name wins over its item's (the units page keeps both in step).
  return new Map([...items.map((i) => [i.info_no, i.info_name] as const), ...units.map((u) => [u.code, u.name] as const)]);
}

async function payableBalances(q: Q, ztId: number, year: number, beginMonth: number, endMonth: number) {
  const subjects = await yearSubjects(q, ztId, year);
  const codes = new Set(subjects.filter((s) => s.lastLevel && sideOf(s.code) !== null).map((s) => s.code));
  const balances = codes.size === 0 ? [] : await readBalances(q, ztId, year, endMonth, beginMonth, subjects, codes);
  return { subjects, balances };
}

const emptySide = (): PayableSide => ({ opening: 0, credit: 0, debit: 0, closing: 0 });

export async function readPayables(
  q: Q,
  scope: { ztId: number; year: number; beginMonth: number; endMonth: number },
): Promise<PayableEntry[]> {
  const { ztId, year, beginMonth, endMonth } = scope;
  const [{ balances }, names] = await Promise.all([payableBalances(q, ztId, year, beginMonth, endMonth), unitNames(q, ztId)]);
  const byUnit = new Map<string | null, PayableEntry>();
  for (const b of balances) {
    const side = sideOf(b.subjectCode);
    if (!side) continue;
    const unitCode = unitOf(b.auxiKey);
    let entry = byUnit.get(unitCode);
    if (!entry) {
      entry = {
        unitCode,
        unitName: unitCode === null ? NO_UNIT_NAME : (names.get(unitCode) ?? unitCode),
        superior: emptySide(),
        lower: emptySide(),
      };
      byUnit.set(unitCode, entry);
    }
    const closing = -b.end;
    const figures = entry[side];
    figures.closing += closing;
    figures.credit += b.credit;
    figures.debit += b.debit;
    figures.opening += closing - b.credit + b.debit;
  }
  const quiet = (s: PayableSide) => s.opening === 0 && s.credit === 0 && s.debit === 0 && s.closing === 0;
  return [...byUnit.values()]
    .filter((e) => !quiet(e.superior) || !quiet(e.lower))
    .sort((a, b) => (a.unitCode === null ? 1 : b.unitCode === null ? -1 : a.unitCode < b.unitCode ? -1 : 1));
}

/** The 211/212 balances left at the end of `month`, per last-level subject and unit (the close check's list). */
export async function unsettledPayables(q: Q, ztId: number, year: number, month: number): Promise<UnsettledPayable[]> {
  const [{ subjects, balances }, names] = await Promise.all([payableBalances(q, ztId, year, month, month), unitNames(q, ztId)]);
  const subjectName = new Map(subjects.map((s) => [s.code, s.name]));
  const out: UnsettledPayable[] = [];
  for (const b of balances) {
    const side = sideOf(b.subjectCode);
    if (!side || b.end === 0) continue;
    const unitCode = unitOf(b.auxiKey);
    out.push({
      subjectCode: b.subjectCode,
      subjectName: subjectName.get(b.subjectCode) ?? '',
      side,
      unitCode,
      unitName: unitCode === null ? NO_UNIT_NAME : (names.get(unitCode) ?? unitCode),
      amount: -b.end,
    });
  }
  return out.sort((a, b) =>
    a.subjectCode !== b.subjectCode
      ? a.subjectCode < b.subjectCode
        ? -1
        : 1
      : (a.unitCode ?? '~') < (b.unitCode ?? '~')
        ? -1
        : 1,
  );
}
