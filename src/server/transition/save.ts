/**
 * Saving the year-end figures (保存科目) and the worksheet's split parts. Each save replaces what was saved, in one
 * transaction that also bumps the state row's revision; nothing is kept of a refused save. Both are refused once
 * the set is reconciled.
 */
import { findSubject, union2009 } from '../../../templates/charts/index.js';
import { transitionRows } from '../../../templates/transition/union-2009-to-2021.js';
import type { SaveFiguresRequest, SaveSplitsRequest } from '../../shared/api/schemas/transition.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import { assertOpen, type Q, type TransitionContext } from './context.js';
import { readSetSubjects } from './worksheet-read.js';

function fenOf(amount: string | number): number {
  const fen = yuanToFen(amount);
  if (!fen.ok) refuse('BadRequest', fen.message);
  return fen.fen;
}

async function touchState(q: Q, ctx: TransitionContext, figuresSaved: boolean): Promise<void> {
  const now = Date.now();
  await q
    .insertInto('transition_state')
    .values({ zt_id: ctx.ztId, year: ctx.year, level: ctx.level, figures_saved: figuresSaved ? 1 : 0, updated_at: now })
    .onConflict((oc) =>
      oc.column('zt_id').doUpdateSet((eb) => ({
        figures_saved: figuresSaved ? 1 : eb.ref('transition_state.figures_saved'),
        updated_at: now,
        revision: eb('transition_state.revision', '+', 1),
      })),
    )
    .execute();
}

export async function saveFigures(db: Db, ctx: TransitionContext, body: SaveFiguresRequest): Promise<void> {
  assertOpen(ctx);
  const issues: ValidationIssue[] = [];
  const amounts = new Map<string, number>();
  for (const [i, b] of body.balances.entries()) {
    const subject = findSubject(union2009, b.code);
    if (!subject) issues.push({ message: TransitionMessages.unknownOldSubject(b.code), rowId: i, fieldId: 'code' });
    else if (union2009.subjects.some((s) => s.parentCode === b.code))
      issues.push({ message: TransitionMessages.oldNotLastLevel(b.code), rowId: i, fieldId: 'code' });
    const fen = fenOf(b.amount);
    if (fen !== 0) amounts.set(b.code, (amounts.get(b.code) ?? 0) + fen);
  }
  if (issues.length > 0) refuse('ValidationFailed', issues[0]?.message, issues);
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('transition_balance').where('zt_id', '=', ctx.ztId).execute();
    if (amounts.size > 0)
      await trx
        .insertInto('transition_balance')
        .values([...amounts].map(([code, amount]) => ({ zt_id: ctx.ztId, code, amount })))
        .execute();
    await touchState(trx, ctx, true);
  });
}

export async function saveSplits(db: Db, ctx: TransitionContext, body: SaveSplitsRequest): Promise<void> {
  assertOpen(ctx);
  if (!ctx.figuresSaved) refuse('BusinessRule', TransitionMessages.saveFiguresFirst(ctx.year - 1));
  const parts = new Map(
    transitionRows(ctx.level)
      .filter((r) => !r.noBalance)
      .flatMap((r) => r.parts.filter((p) => !p.remainder).map((p) => [p.key, p] as const)),
  );
  // The remainder's target may be changed to a detail too: it is saved with amount 0.
  const remainders = new Map(
    transitionRows(ctx.level)
      .filter((r) => !r.noBalance)
      .flatMap((r) => r.parts.filter((p) => p.remainder).map((p) => [p.key, p] as const)),
  );
  const setSubjects = await readSetSubjects(db.kysely, ctx.ztId, ctx.year);
  const issues: ValidationIssue[] = [];
  const rows = body.splits.map((s, i) => {
    const part = parts.get(s.key) ?? remainders.get(s.key);
    if (!part) issues.push({ message: TransitionMessages.unknownPart(s.key), rowId: i, fieldId: 'key' });
    const newCode = s.newCode && s.newCode !== part?.newCode ? s.newCode : null;
    if (part && newCode && !(newCode.startsWith(part.newCode) && setSubjects.has(newCode)))
      issues.push({ message: TransitionMessages.notDetailOf(newCode, part.newCode), rowId: i, fieldId: 'newCode' });
    const amount = remainders.has(s.key) ? 0 : fenOf(s.amount);
    return { zt_id: ctx.ztId, part_key: s.key, amount, new_code: newCode };
  });
  if (issues.length > 0) refuse('ValidationFailed', issues[0]?.message, issues);
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('transition_split').where('zt_id', '=', ctx.ztId).execute();
    const kept = rows.filter((r) => r.amount !== 0 || r.new_code !== null);
    if (kept.length > 0) await trx.insertInto('transition_split').values(kept).execute();
    await touchState(trx, ctx, true);
  });
}
