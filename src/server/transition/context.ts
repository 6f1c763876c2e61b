/**
 * Where a set stands in the transition: its first year on the new system (the year-end figures are of the year
 * before), the mapping's level from its accounting system, and its state row (none until something is saved).
 */
import type { AccountingSystem } from '../../shared/api/auth.js';
import type { TransitionLevel } from '../../shared/transition/mapping.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import type { SessionZt } from '../auth/guard.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { refuse } from '../http/app-error.js';

export type Q = Kysely<Database>;

export interface TransitionContext {
  ztId: number;
  year: number;
  level: TransitionLevel;
  figuresSaved: boolean;
  reconciled: boolean;
  /** The state row's revision; 0 before the row exists. */
  revision: number;
}

export function levelOfSystem(system: AccountingSystem): TransitionLevel | null {
  if (system === 'union-grassroots') return 'grassroots';
  if (system === 'union-county') return 'county';
  return null;
}

export async function firstYearOf(q: Q, ztId: number): Promise<number | null> {
  const row = await q
    .selectFrom('zt_year')
    .select((eb) => eb.fn.min<number>('year').as('year'))
    .where('zt_id', '=', ztId)
    .executeTakeFirst();
  return row?.year ?? null;
}

export async function transitionContext(q: Q, zt: SessionZt): Promise<TransitionContext> {
  const level = levelOfSystem(zt.accountingSystem);
  if (!level) refuse('BusinessRule', TransitionMessages.governmentSet);
  const state = await q.selectFrom('transition_state').selectAll().where('zt_id', '=', zt.id).executeTakeFirst();
  const year = state?.year ?? (await firstYearOf(q, zt.id)) ?? zt.year;
  return {
    ztId: zt.id,
    year,
    level,
    figuresSaved: state?.figures_saved === 1,
    reconciled: state?.reconciled === 1,
    revision: state?.revision ?? 0,
  };
}

/** Figures, splits and adjustment vouchers change only before the set is reconciled. */
export function assertOpen(ctx: TransitionContext): void {
  if (ctx.reconciled) refuse('BusinessRule', TransitionMessages.alreadyReconciled);
}
