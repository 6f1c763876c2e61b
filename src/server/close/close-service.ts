/**
 * Month-end close and reverse close (POST monthly, POST unMonthly). A close runs the check again
 * inside its write, after taking the year's row lock, so a voucher saved meanwhile is either seen
 * by the check or refused by the closed month (vouchers/periods.ts takes the same row shared).
 * Months close in order; December's close writes the next year's openings. A reverse close
 * reopens the month and every later closed month, latest first.
 */
import { BackupType, type BackupTypeValue } from '../../shared/api/backup.js';
import type {
  CloseCheckResult,
  MonthlyRequest,
  MonthlyResponse,
  UnMonthlyRequest,
  UnMonthlyResponse,
} from '../../shared/api/close.js';
import { CloseMessages, ClosePartNames, type ClosePart } from '../../shared/close/messages.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { runWrite } from '../vouchers/write-queue.js';
import { nextOpenMonth } from '../../shared/close/working-month.js';
import { closedMonths } from './check-data.js';
import { closeCheck, failedParts, type CheckScope } from './check.js';
import { carryOpenings, checkCarry } from './year-openings.js';

export interface CloseScope extends CheckScope {
  actor: { id: number; name: string };
}

/** The calls' bodies with their year settled (the session's when the caller sent none). */
type CloseRequest = MonthlyRequest & { year: number };
type ReopenRequest = UnMonthlyRequest & { year: number };

/** Takes a backup of the set before a transition (backup/), answering its id. */
export type TakeBackup = (type: BackupTypeValue, rotate: boolean) => Promise<string>;

async function lockYear(q: Q, ztId: number, year: number): Promise<{ start_month: number; account_month: number }> {
  await q
    .updateTable('zt_year')
    .set((eb) => ({ account_month: eb.ref('account_month') }))
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .execute();
  const row = await q
    .selectFrom('zt_year')
    .select(['start_month', 'account_month'])
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .executeTakeFirst();
  if (!row) refuse('NotFound', `该账套尚未建立${year}年度`);
  return row;
}

/** The previous year is in use (set up, or holding vouchers) and its December is not closed. */
async function previousYearOpen(q: Q, ztId: number, year: number): Promise<boolean> {
  const prev = await q
    .selectFrom('zt_year')
    .select('subjects_initialised')
    .where('zt_id', '=', ztId)
    .where('year', '=', year - 1)
    .executeTakeFirst();
  if (!prev) return false;
  if (!prev.subjects_initialised) {
    const voucher = await q
      .selectFrom('voucher')
      .select('id')
      .where('zt_id', '=', ztId)
      .where('year', '=', year - 1)
      .limit(1)
      .executeTakeFirst();
    if (!voucher) return false;
  }
  return !(await closedMonths(q, ztId, year - 1)).includes(12);
}

/**
 * What December's close does to next year: keep it, or write its openings (created or covered).
 * Refused when a covered year has a closed month: its balances rest on those openings.
 */
async function nextYearAction(q: Q, scope: CloseScope, request: CloseRequest): Promise<'kept' | 'covered' | 'created'> {
  const { ztId, year } = scope;
  const next = await q
    .selectFrom('zt_year')
    .select('year')
    .where('zt_id', '=', ztId)
    .where('year', '=', year + 1)
    .executeTakeFirst();
  if (next && !request.isCoverNextData) return 'kept';
  if (next && (await closedMonths(q, ztId, year + 1)).length > 0) refuse('PeriodClosed', CloseMessages.nextYearLocked(year + 1));
  return next ? 'covered' : 'created';
}

function refuseFailedCheck(check: CloseCheckResult, request: CloseRequest): void {
  const failed = failedParts(check, request.ignoreBalance === true);
  if (failed.length > 0)
    refuse('BusinessRule', CloseMessages.checkFailed(failed.map((p) => ClosePartNames[p as ClosePart] ?? p)), check);
}

export async function closeMonth(
  db: Db,
  scope: CloseScope,
  request: CloseRequest,
  takeBackup: TakeBackup,
): Promise<MonthlyResponse> {
  const { ztId, year } = scope;
  const month = request.month;
  // What can be told before the backup is told before it, so a refused close leaves no backup.
  const closed = await closedMonths(db.kysely, ztId, year);
  if (closed.includes(month)) refuse('BusinessRule', CloseMessages.alreadyClosed(year, month));
  refuseFailedCheck(await closeCheck(db, scope, month, month), request);
  // December: a carry that cannot be made is refused before the backup, as it would be inside the close.
  if (month === 12 && (await nextYearAction(db.kysely, scope, request)) !== 'kept')
    await checkCarry(db.kysely, { ztId, year, system: scope.system }, year + 1);
  const backupId = await takeBackup(month === 12 ? BackupType.yearEnd : BackupType.beforeClose, request.rotateBackup === true);

  return runWrite(db, async (trx) => {
    const yearRow = await lockYear(trx, ztId, year);
    const closedNow = await closedMonths(trx, ztId, year);
    if (closedNow.includes(month)) refuse('BusinessRule', CloseMessages.alreadyClosed(year, month));
    const expected = nextOpenMonth(yearRow.start_month, closedNow);
    if (month < yearRow.start_month || month > expected) refuse('BusinessRule', CloseMessages.earlierOpen(year, expected));
    if (month === yearRow.start_month && (await previousYearOpen(trx, ztId, year)))
      refuse('BusinessRule', CloseMessages.previousYearOpen(year - 1));

    refuseFailedCheck(await closeCheck(db, scope, month, month, trx), request);

    await trx
      .insertInto('period_close')
      .values({ zt_id: ztId, year, month, closed_at: Date.now(), closed_by: scope.actor.id })
      .execute();
    const accountMonth = Math.min(month + 1, 12);
    await trx
      .updateTable('zt_year')
      .set({ account_month: accountMonth })
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .execute();

    let nextYear: MonthlyResponse['nextYear'] = null;
    if (month === 12) {
      // Next year's row lock too, as its own close and the period-switch carry-over take it.
      await trx
        .updateTable('zt_year')
        .set((eb) => ({ account_month: eb.ref('account_month') }))
        .where('zt_id', '=', ztId)
        .where('year', '=', year + 1)
        .execute();
      nextYear = await nextYearAction(trx, scope, request);
      if (nextYear !== 'kept') await carryOpenings(trx, { ztId, year, system: scope.system }, year + 1);
    }
    return { year, month, backupId, nextYear, accountMonth };
  });
}

interface ClosedPeriod {
  year: number;
  month: number;
}

async function closedFrom(q: Q, ztId: number, from: ClosedPeriod): Promise<ClosedPeriod[]> {
  const rows = await q
    .selectFrom('period_close')
    .select(['year', 'month'])
    .where('zt_id', '=', ztId)
    .where('year', '>=', from.year)
    .orderBy('year', 'desc')
    .orderBy('month', 'desc')
    .execute();
  return rows.filter((r) => r.year > from.year || r.month >= from.month);
}

export async function reopenMonth(
  db: Db,
  scope: CloseScope,
  request: ReopenRequest,
  takeBackup: TakeBackup,
): Promise<UnMonthlyResponse> {
  const { ztId } = scope;
  const target = { year: request.year, month: request.month };
  const closed = await closedMonths(db.kysely, ztId, target.year);
  if (!closed.includes(target.month)) refuse('BusinessRule', CloseMessages.notClosed);
  const reopening = await closedFrom(db.kysely, ztId, target);
  const backupId = await takeBackup(
    reopening.some((p) => p.month === 12) ? BackupType.reverseYearEnd : BackupType.reverseClose,
    request.rotateBackup === true,
  );

  return runWrite(db, async (trx) => {
    await lockYear(trx, ztId, target.year);
    const now = await closedFrom(trx, ztId, target);
    if (!now.some((p) => p.year === target.year && p.month === target.month)) refuse('BusinessRule', CloseMessages.notClosed);
    // Latest first, so the closed months stay a prefix of each year at every step.
    for (const p of now) {
      await trx
        .deleteFrom('period_close')
        .where('zt_id', '=', ztId)
        .where('year', '=', p.year)
        .where('month', '=', p.month)
        .execute();
    }
    const firstByYear = new Map<number, number>();
    for (const p of now) firstByYear.set(p.year, Math.min(firstByYear.get(p.year) ?? 12, p.month));
    for (const [year, month] of firstByYear) {
      await trx.updateTable('zt_year').set({ account_month: month }).where('zt_id', '=', ztId).where('year', '=', year).execute();
    }
    return { reopened: now, backupId, accountMonth: firstByYear.get(target.year) ?? target.month };
  });
}
