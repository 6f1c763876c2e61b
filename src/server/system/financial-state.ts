/**
 * The financial-initialisation state of the session's ledger set: subjects not initialised until
 * the opening balances of the year are saved, or, for a year after the first whose openings were
 * neither carried nor chosen to be keyed in, the period-switch carry-over (close/period-switch.ts).
 * The transition (issue 22) comes first: a set whose year-end figures on the old chart are saved but not yet
 * reconciled is in the reconciliation state in its first year on the new system (the year whose openings the finish
 * writes), before "subjects not initialised" (the finish initialises them). After the subjects, a set that has the
 * assets platform open (zt_platform) and has not finished its asset initialisation (asset_setting.init_done; no row
 * yet counts as not done) is in the assets-not-initialised state; a set without the platform never is.
 */
import { FinancialState, type FinancialStateCode } from '../../shared/financial-state.js';
import type { Db } from '../db/database.js';
import type { SessionZt } from '../auth/guard.js';
import { needsCarryOver } from '../close/period-switch.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import { AssetCardMessages } from '../../shared/assets/cards-messages.js';

export async function financialState(db: Db, zt: SessionZt | null): Promise<{ state: FinancialStateCode; message: string }> {
  if (!zt) return { state: FinancialState.Normal, message: '未选择账套' };
  const transition = await db.kysely
    .selectFrom('transition_state')
    .select(['year', 'figures_saved', 'reconciled'])
    .where('zt_id', '=', zt.id)
    .executeTakeFirst();
  if (transition?.figures_saved && !transition.reconciled && transition.year === zt.year) {
    return { state: FinancialState.Reconciliation, message: TransitionMessages.reconciliationPending };
  }
  const year = await db.kysely
    .selectFrom('zt_year')
    .select('subjects_initialised')
    .where('zt_id', '=', zt.id)
    .where('year', '=', zt.year)
    .executeTakeFirst();
  if (!year?.subjects_initialised && (await needsCarryOver(db, zt.id, zt.year))) {
    return {
      state: FinancialState.PeriodCarryOverNeeded,
      message: `${zt.year}年度期初余额尚未从${zt.year - 1}年结转，请选择结转方式`,
    };
  }
  if (!year?.subjects_initialised) {
    return { state: FinancialState.SubjectsNotInitialised, message: '科目期初余额尚未初始化，请先录入科目期初余额' };
  }
  if (await assetsPending(db, zt.id)) {
    return { state: FinancialState.AssetsNotInitialised, message: AssetCardMessages.initNotDone };
  }
  return { state: FinancialState.Normal, message: '正常' };
}

async function assetsPending(db: Db, ztId: number): Promise<boolean> {
  const open = await db.kysely
    .selectFrom('zt_platform as zp')
    .innerJoin('platform as p', 'p.id', 'zp.platform_id')
    .select('p.id')
    .where('zp.zt_id', '=', ztId)
    .where('p.code', '=', 'assets')
    .executeTakeFirst();
  if (!open) return false;
  const setting = await db.kysely.selectFrom('asset_setting').select('init_done').where('zt_id', '=', ztId).executeTakeFirst();
  return setting?.init_done !== 1;
}
