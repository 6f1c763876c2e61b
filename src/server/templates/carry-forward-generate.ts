/**
 * Generating the carry-forward vouchers (generateVoucherEndPeriod, generateYearEndVoucher): the
 * set's month (or year) templates in their order, applied to the balances of every voucher, booked
 * or not, make one voucher dated the period's last day, written by the normal voucher save (its
 * rules, numbering, balances and audit) and marked carry_over 1 (month) or 2 (year).
 *
 * Choices where the spec is silent:
 * - One voucher per generation, not one per template, so a generation is all-or-nothing.
 * - A month that already has its carry-forward voucher is refused with the voucher's number: the
 *   user deletes it (it is unreviewed) and generates again. Replacing it silently would delete a
 *   voucher the user may have looked at or numbered around.
 * - The year end needs December's revenue and expense carried first (their balances zero), since
 *   it rolls 本年收支结转 into 累计; and December's month-end carry-forward cannot be generated
 *   again while the year-end voucher exists.
 * - Amount types 4 and 5 read the month's turnover for a month template, the year's for a year one.
 */
import type { GenerateCarryForwardResponse } from '../../shared/api/templates.js';
import type { SaveVoucherRequest } from '../../shared/api/vouchers.js';
import { EARNING_TYPES, EXPENSE_TYPES, YEAR_END_ROLL_NAMES } from '../../shared/close/year-end-subjects.js';
import { CARRY_OVER_MONTH, CARRY_OVER_YEAR, CarryForwardMessages } from '../../shared/templates/carry-forward-rules.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { defaultCertificateType, listCertificateTypes } from '../vouchers/certificate-types.js';
import { assertPeriodsOpen } from '../vouchers/periods.js';
import { saveVoucher, type VoucherScope } from '../vouchers/save-service.js';
import { readBalances, yearSubjects, type LedgerSubject } from './carry-forward-balances.js';
import { carryForwardLines } from './carry-forward-calc.js';
import { activeCarryTemplates } from './carry-forward-service.js';

/** One generation per ledger set at a time in this process (the check and the save are two steps). */
const running = new Map<number, Promise<unknown>>();

async function exclusive<T>(ztId: number, job: () => Promise<T>): Promise<T> {
  const before = running.get(ztId) ?? Promise.resolve();
  const next = before.then(job, job);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  running.set(ztId, settled);
  try {
    return await next;
  } finally {
    if (running.get(ztId) === settled) running.delete(ztId);
  }
}

/** The carry-forward voucher of the period (carry_over 1 in the month, or 2 in the year), as 记-5. */
export async function existingCarryVoucher(
  q: Q,
  ztId: number,
  year: number,
  carryOver: number,
  month?: number,
): Promise<{ id: string; label: string } | undefined> {
  let query = q
    .selectFrom('voucher as v')
    .leftJoin('certificate_type as t', (j) => j.onRef('t.zt_id', '=', 'v.zt_id').onRef('t.value', '=', 'v.certificate_type'))
    .select(['v.id', 'v.pz_no', 't.entry'])
    .where('v.zt_id', '=', ztId)
    .where('v.year', '=', year)
    .where('v.carry_over', '=', carryOver);
  if (month !== undefined) query = query.where('v.month', '=', month);
  const row = await query.orderBy('v.month').orderBy('v.pz_no').executeTakeFirst();
  return row ? { id: row.id, label: `${row.entry ?? ''}-${row.pz_no}` } : undefined;
}

const lastDay = (year: number, month: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;

async function itemParents(q: Q, ztId: number): Promise<(typeNo: string, infoNo: string) => string | null> {
  const rows = await q.selectFrom('auxi_info').select(['type_no', 'info_no', 'parent_no']).where('zt_id', '=', ztId).execute();
  const parent = new Map(rows.map((r) => [`${r.type_no}\u0000${r.info_no}`, r.parent_no]));
  return (typeNo, infoNo) => parent.get(`${typeNo}\u0000${infoNo}`) ?? null;
}

/** Last-level subjects among `codes` with a balance left at the end of the month (all vouchers), per auxiliary item, by code. */
async function subjectsWithBalance(
  q: Q,
  ztId: number,
  year: number,
  month: number,
  subjects: readonly LedgerSubject[],
  codes: ReadonlySet<string>,
): Promise<string[]> {
  const balances = await readBalances(q, ztId, year, month, month, subjects, codes);
  return [...new Set(balances.filter((b) => b.end !== 0).map((b) => b.subjectCode))].sort();
}

/**
 * The last-level revenue and expense subjects with a balance left at the end of the month (all
 * vouchers), by code. Per auxiliary item: items whose balances cancel out still have to be carried
 * (the carry-forward voucher clears each item), so their subject counts as left.
 */
export async function revenueExpenseLeft(
  q: Q,
  ztId: number,
  year: number,
  month: number,
  subjects: readonly LedgerSubject[],
): Promise<{ revenue: string[]; expense: string[] }> {
  const codes = new Set(
    subjects.filter((s) => EARNING_TYPES.includes(s.type) || EXPENSE_TYPES.includes(s.type)).map((s) => s.code),
  );
  const left = await subjectsWithBalance(q, ztId, year, month, subjects, codes);
  const typeOf = new Map(subjects.map((s) => [s.code, s.type]));
  return {
    revenue: left.filter((code) => EARNING_TYPES.includes(typeOf.get(code) ?? 0)),
    expense: left.filter((code) => EXPENSE_TYPES.includes(typeOf.get(code) ?? 0)),
  };
}

/**
 * The net-asset subjects of one year's movements (本年收支结转, 年初余额调整... by name) with a
 * balance left at the end of the month, per auxiliary item as the year-end voucher rolls them.
 */
export async function yearEndRollLeft(q: Q, ztId: number, year: number, month: number): Promise<string[]> {
  const subjects = await yearSubjects(q, ztId, year);
  const codes = new Set(subjects.filter((s) => s.type === 3 && YEAR_END_ROLL_NAMES.includes(s.name)).map((s) => s.code));
  return subjectsWithBalance(q, ztId, year, month, subjects, codes);
}

/** Generates the month's (month given) or the year's carry-forward voucher; resolves with it and the message. */
export function generateCarryForward(
  db: Db,
  scope: VoucherScope,
  year: number,
  month: number | null,
): Promise<{ result: GenerateCarryForwardResponse; message: string }> {
  return exclusive(scope.ztId, async () => {
    const q = db.kysely;
    const isMonth = month !== null;
    const period = month ?? 12;
    const yearRow = await q
      .selectFrom('zt_year')
      .select('year')
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', year)
      .executeTakeFirst();
    if (!yearRow) refuse('BusinessRule', `账套没有${year}年度`);
    await assertPeriodsOpen(q, scope.ztId, [{ year, month: period }]);

    const templates = (await activeCarryTemplates(q, scope)).filter((t) => t.isMonth === isMonth);
    if (templates.length === 0)
      refuse('BusinessRule', isMonth ? CarryForwardMessages.noMonthTemplate : CarryForwardMessages.noYearTemplate);

    const yearDone = await existingCarryVoucher(q, scope.ztId, year, CARRY_OVER_YEAR);
    if (isMonth) {
      const done = await existingCarryVoucher(q, scope.ztId, year, CARRY_OVER_MONTH, period);
      if (done) refuse('BusinessRule', CarryForwardMessages.monthDone(period, done.label));
      if (period === 12 && yearDone) refuse('BusinessRule', CarryForwardMessages.yearDoneBeforeMonth(yearDone.label));
    } else if (yearDone) {
      refuse('BusinessRule', CarryForwardMessages.yearDone(year, yearDone.label));
    }

    const subjects = await yearSubjects(q, scope.ztId, year);
    if (!isMonth) {
      const left = await revenueExpenseLeft(q, scope.ztId, year, 12, subjects);
      if (left.revenue.length > 0 || left.expense.length > 0) refuse('BusinessRule', CarryForwardMessages.incomeLeft);
    }
    const balances = await readBalances(q, scope.ztId, year, period, isMonth ? period : 1, subjects);
    const perTemplate = carryForwardLines(templates, balances, { subjects, itemParent: await itemParents(q, scope.ztId) });
    const used = perTemplate.filter((t) => t.lines.length > 0);
    if (used.length === 0) refuse('BusinessRule', CarryForwardMessages.nothingToCarry);

    const type = defaultCertificateType(await listCertificateTypes(q, scope.ztId));
    const body: SaveVoucherRequest = {
      year,
      month: period,
      pzDate: lastDay(year, period),
      certificateType: type?.value ?? 1,
      numberOfDocument: 0,
      certiDetails: used.flatMap((t) =>
        t.lines.map((l) => ({
          summary: l.summary,
          subjectCode: l.subjectCode,
          debitAmount: l.debitFen ? fenToYuan(l.debitFen) : null,
          creditAmount: l.creditFen ? fenToYuan(l.creditFen) : null,
          auxis: l.auxis.map((a) => ({ typeNo: a.typeNo, infoNo: a.infoNo })),
        })),
      ),
    };
    const voucher = await saveVoucher(db, scope, body, { carryOver: isMonth ? CARRY_OVER_MONTH : CARRY_OVER_YEAR });
    const label = `${voucher.entry}-${voucher.pzNo}`;
    return {
      result: { voucher, templateIds: used.map((t) => t.templateId) },
      message: isMonth ? CarryForwardMessages.monthCreated(period, label) : CarryForwardMessages.yearCreated(year, label),
    };
  });
}
