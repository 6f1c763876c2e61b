/**
 * What every view of one subject's detail ledger starts from: the subject, its last-level codes,
 * and its sections with their openings and monthly turnover. Without the by-item split there is
 * one section, the subject; with it (isShowAuxi on a subject whose openings or lines carry
 * auxiliary items) one per combination of items (auxi_key), in key order: openings from
 * auxi_opening (what the subject's opening has beyond them goes to the section without items),
 * turnover from subject_balance rows of that key. Carry-forward vouchers' turnover is taken away
 * when the ledger leaves them out.
 */
import type { DetailLedgerQuery } from '../../shared/api/books.js';
import { parseAuxiKey } from '../../shared/subjects/auxiliary-rules.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import { findSubject, listSubjects, type Scope } from '../subjects/subject-repository.js';
import { carryForwardTurnover } from './carry-forward.js';
import type { LineSource, SectionMatch } from './detail-source.js';
import { emptyMonths, type LedgerView, type SectionFigures } from './detail-rows.js';
import type { PeriodRange } from './trial-balance.js';

export interface LedgerOptions {
  booked: boolean;
  withoutCarryForward: boolean;
  /** isShowAuxi: sections per auxiliary item. */
  byItem: boolean;
  /** The summary filter ('' for none). */
  needle: string;
  showZeroAmount: boolean;
  showZeroBalance: boolean;
}

export type DetailFilter = Pick<
  DetailLedgerQuery,
  'book' | 'abstractNumber' | 'isShowAuxi' | 'amountWhetherShowZero' | 'balanceWhetherShowZero' | 'removeCarryForwardVoucher'
>;

export function ledgerOptionsOf(query: DetailFilter): LedgerOptions {
  return {
    booked: query.book === true,
    withoutCarryForward: query.removeCarryForwardVoucher === true,
    byItem: query.isShowAuxi === true,
    needle: query.abstractNumber?.trim() ?? '',
    showZeroAmount: query.amountWhetherShowZero === true,
    showZeroBalance: query.balanceWhetherShowZero === true,
  };
}

export interface Section extends SectionFigures {
  /** The section's condition on the lines (null: every line of the codes). */
  match: SectionMatch | null;
}

export interface LedgerContext {
  subject: { code: string; name: string; balance_direction: number };
  options: LedgerOptions;
  source: LineSource;
  view: LedgerView;
  /** Every section that has an opening or turnover in the year up to the range's end. */
  sections: Section[];
}

const ZERO = () => ({ debit: 0, credit: 0 });

/** 经费核算：001001 人员经费；部门：01 办公室 (types in key order). */
async function namesOf(db: Db, ztId: number, keys: readonly string[]): Promise<Map<string, string>> {
  const pairs = keys.flatMap(parseAuxiKey);
  const names = new Map<string, string>();
  if (pairs.length === 0) return names;
  const [types, infos] = await Promise.all([
    db.kysely
      .selectFrom('auxi_type')
      .select(['type_no', 'type_name'])
      .where('zt_id', '=', ztId)
      .where('type_no', 'in', [...new Set(pairs.map((p) => p.typeNo))])
      .execute(),
    db.kysely
      .selectFrom('auxi_info')
      .select(['type_no', 'info_no', 'info_name'])
      .where('zt_id', '=', ztId)
      .where('info_no', 'in', [...new Set(pairs.map((p) => p.infoNo))])
      .execute(),
  ]);
  const typeName = new Map(types.map((t) => [t.type_no, t.type_name]));
  const infoName = new Map(infos.map((i) => [`${i.type_no}:${i.info_no}`, i.info_name]));
  for (const key of keys) {
    names.set(
      key,
      key === ''
        ? '无辅助核算'
        : parseAuxiKey(key)
            .map((p) =>
              `${typeName.get(p.typeNo) ?? p.typeNo}：${p.infoNo} ${infoName.get(`${p.typeNo}:${p.infoNo}`) ?? ''}`.trim(),
            )
            .join('；'),
    );
  }
  return names;
}

export async function ledgerContext(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  code: string,
  options: LedgerOptions,
): Promise<LedgerContext> {
  const subject = await findSubject(db.kysely, scope, code);
  if (!subject) refuse('NotFound', `科目${code}不存在`);
  const all = await listSubjects(db.kysely, scope);
  const leaves = all.filter((s) => s.last_level === 1 && (s.code === subject.code || s.code.startsWith(subject.code)));
  const codes = leaves.map((s) => s.code);
  const sign = new Map(leaves.map((s) => [s.code, s.balance_direction === 2 ? -1 : 1]));
  const codeList = codes.length > 0 ? codes : ['\u0000'];

  const [turnover, auxiOpenings, carried] = await Promise.all([
    db.kysely
      .selectFrom('subject_balance')
      .select((eb) => [
        'month',
        'auxi_key',
        eb.fn.sum<number>(options.booked ? 'debit_booked' : 'debit_all').as('debit'),
        eb.fn.sum<number>(options.booked ? 'credit_booked' : 'credit_all').as('credit'),
      ])
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .where('month', '<=', range.endMonth)
      .where('subject_code', 'in', codeList)
      .groupBy(['month', 'auxi_key'])
      .execute(),
    options.byItem
      ? db.kysely
          .selectFrom('auxi_opening')
          .selectAll()
          .where('zt_id', '=', scope.ztId)
          .where('year', '=', scope.year)
          .where('code', 'in', codeList)
          .execute()
      : Promise.resolve([]),
    options.withoutCarryForward
      ? carryForwardTurnover(db, scope, { endMonth: range.endMonth, booked: options.booked, codes })
      : Promise.resolve([]),
  ]);

  // Everything by key ('' only when not by item).
  const byKey = new Map<
    string,
    { yearOpening: number; cumule: { debit: number; credit: number }; months: ReturnType<typeof emptyMonths> }
  >();
  const at = (key: string) => {
    const k = options.byItem ? key : '';
    let s = byKey.get(k);
    if (!s) {
      s = { yearOpening: 0, cumule: ZERO(), months: emptyMonths() };
      byKey.set(k, s);
    }
    return s;
  };
  for (const leaf of leaves) {
    const own = auxiOpenings.filter((a) => a.code === leaf.code);
    const signOf = sign.get(leaf.code) ?? 1;
    let init = Number(leaf.init_amount);
    let cumDebit = Number(leaf.cumule_debit_amount);
    let cumCredit = Number(leaf.cumule_credit_amount);
    for (const a of own) {
      const s = at(a.auxi_key);
      s.yearOpening += signOf * Number(a.init_amount);
      s.cumule.debit += Number(a.cumule_debit_amount);
      s.cumule.credit += Number(a.cumule_credit_amount);
      init -= Number(a.init_amount);
      cumDebit -= Number(a.cumule_debit_amount);
      cumCredit -= Number(a.cumule_credit_amount);
    }
    if (init !== 0 || cumDebit !== 0 || cumCredit !== 0 || !options.byItem) {
      const s = at('');
      s.yearOpening += signOf * init;
      s.cumule.debit += cumDebit;
      s.cumule.credit += cumCredit;
    }
  }
  for (const t of turnover) {
    // Rows emptied by deleted vouchers (or without booked amounts) make no section.
    if (Number(t.debit) === 0 && Number(t.credit) === 0) continue;
    const m = at(t.auxi_key).months[t.month];
    if (!m) continue;
    m.debit += Number(t.debit);
    m.credit += Number(t.credit);
  }
  for (const c of carried) {
    const m = at(c.auxiKey).months[c.month];
    if (!m) continue;
    m.debit -= c.debit;
    m.credit -= c.credit;
  }
  if (byKey.size === 0) at('');

  const keys = [...byKey.keys()].sort();
  const types = options.byItem ? [...new Set(keys.flatMap((k) => parseAuxiKey(k).map((p) => p.typeNo)))].sort() : [];
  // A subject without items has nothing to split: the plain ledger.
  const byItem = types.length > 0;
  const names = byItem ? await namesOf(db, scope.ztId, keys) : new Map<string, string>();
  const sections: Section[] = keys.map((key) => {
    const s = byKey.get(key) ?? { yearOpening: 0, cumule: ZERO(), months: emptyMonths() };
    const items = new Map(parseAuxiKey(key).map((p) => [p.typeNo, p.infoNo]));
    return {
      key,
      names: names.get(key) ?? '',
      yearOpening: s.yearOpening,
      cumule: s.cumule,
      months: s.months,
      match: byItem ? types.map((t) => items.get(t) ?? null) : null,
    };
  });
  return {
    subject,
    options,
    source: { scope, codes, booked: options.booked, withoutCarryForward: options.withoutCarryForward, types },
    view: {
      subjectCode: subject.code,
      year: scope.year,
      beginMonth: range.beginMonth,
      endMonth: range.endMonth,
      byItem,
      showZeroAmount: options.showZeroAmount,
    },
    sections,
  };
}
