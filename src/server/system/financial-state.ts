/**
 * The financial-initialisation state of the session's ledger set. This issue knows one state
 * besides normal: subjects not initialised until the opening balances of the year are saved.
 * Later issues add assets, carry-over and reconciliation states here.
 */
import { FinancialState, type FinancialStateCode } from '../../shared/financial-state.js';
import type { Db } from '../db/database.js';
import type { SessionZt } from '../auth/guard.js';

export async function financialState(db: Db, zt: SessionZt | null): Promise<{ state: FinancialStateCode; message: string }> {
  if (!zt) return { state: FinancialState.Normal, message: '未选择账套' };
  const year = await db.kysely
    .selectFrom('zt_year')
    .select('subjects_initialised')
    .where('zt_id', '=', zt.id)
    .where('year', '=', zt.year)
    .executeTakeFirst();
  if (!year?.subjects_initialised) {
    return { state: FinancialState.SubjectsNotInitialised, message: '科目期初余额尚未初始化，请先录入科目期初余额' };
  }
  return { state: FinancialState.Normal, message: '正常' };
}
