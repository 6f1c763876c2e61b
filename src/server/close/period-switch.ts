/**
 * A year that starts before the previous one is closed: it is opened with the chart copied and
 * no openings (POST newYear), then asks for the period-switch carry-over (financial state 3).
 * Automatic: the openings become the previous year's closing balances as they stand (the
 * previous year's December close can later overwrite them, isCoverNextData). Manual: the user
 * keys them in on the opening-balance page.
 */
import type { AccountingSystem } from '../../shared/api/auth.js';
import { CarryMessages, CloseMessages } from '../../shared/close/messages.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import { runWrite } from '../vouchers/write-queue.js';
import { closedMonths } from './check-data.js';
import { carryOpenings, openYear } from './year-openings.js';

export interface SwitchScope {
  ztId: number;
  year: number;
  system: AccountingSystem;
}

/** Whether the year waits for its openings to be carried from a previous year that has them. */
export async function needsCarryOver(db: Db, ztId: number, year: number): Promise<boolean> {
  const [row, prev] = await Promise.all([
    db.kysely
      .selectFrom('zt_year')
      .select(['subjects_initialised', 'opening_source'])
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .executeTakeFirst(),
    db.kysely
      .selectFrom('zt_year')
      .select('subjects_initialised')
      .where('zt_id', '=', ztId)
      .where('year', '=', year - 1)
      .executeTakeFirst(),
  ]);
  // A previous year never set up has nothing to carry: the user starts with openings here (state 1).
  return !!row && !!prev?.subjects_initialised && !row.subjects_initialised && row.opening_source === '';
}

export async function carryOver(db: Db, scope: SwitchScope, manual: boolean): Promise<string> {
  return runWrite(db, async (trx) => {
    // The year's row lock first, as the close takes it: a month of it closing meanwhile waits, then is seen below.
    await trx
      .updateTable('zt_year')
      .set((eb) => ({ account_month: eb.ref('account_month') }))
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .execute();
    const row = await trx
      .selectFrom('zt_year')
      .select(['subjects_initialised', 'opening_source'])
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .executeTakeFirst();
    const prev = await trx
      .selectFrom('zt_year')
      .select('year')
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year - 1)
      .executeTakeFirst();
    if (!prev) refuse('BusinessRule', CloseMessages.noPreviousYear);
    if (!row || row.subjects_initialised) refuse('BusinessRule', CloseMessages.carryNotNeeded);
    if (manual) {
      await trx
        .updateTable('zt_year')
        .set({ opening_source: 'manual' })
        .where('zt_id', '=', scope.ztId)
        .where('year', '=', scope.year)
        .execute();
      return CloseMessages.manualCarry;
    }
    // A closed month's balances rest on these openings, as the openings page says (opening-service.ts).
    if ((await closedMonths(trx, scope.ztId, scope.year)).length > 0)
      refuse('PeriodClosed', CloseMessages.carryLocked(scope.year));
    const moved = await carryOpenings(trx, { ztId: scope.ztId, year: scope.year - 1, system: scope.system }, scope.year);
    return moved.length > 0 ? `${CloseMessages.carryDone}；${CarryMessages.moved(moved)}` : CloseMessages.carryDone;
  });
}

/** Opens the year after the session's (chart copied, no openings). */
export async function openNextYear(db: Db, scope: SwitchScope): Promise<number> {
  return runWrite(db, async (trx) => {
    if (!(await openYear(trx, scope, scope.year + 1))) refuse('Conflict', `${scope.year + 1}年度已存在`);
    return scope.year + 1;
  });
}
