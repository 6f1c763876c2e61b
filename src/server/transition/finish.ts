/**
 * Finishing the transition (完成衔接) and cancelling it (取消衔接), each in one transaction.
 *
 * Finish: the worksheet's new column (computeWorksheet's openings, the same figures codeJoin answers) becomes the
 * first year's openings. Before writing, the year's openings as they are (every subject's amounts, every auxiliary
 * opening row) go into transition_snapshot and zt_year's flags into transition_state.prev_*; a target subject the
 * set's chart lacks is added from the county chart (its first-level parent too), marked added = 1 in the snapshot.
 * Then every opening of the year is zeroed and the worksheet's are written through the opening-balance module
 * (loadOpening / computeAll / writeOpenings), so parents stay the sums of their children exactly as that module
 * keeps them, and the year counts as initialised (opening_source 'transition').
 *
 * Cancel: restores the snapshot row for row, removes the added subjects that no voucher uses (the others stay and
 * the message names them), restores zt_year's flags and clears the snapshot and the reconciled flag.
 *
 * Choices where the issue is silent:
 * - Both work only with the session on the first year (the year whose openings they write), so what the user sees
 *   in that year's books is what changed; from another year they are refused with the year to switch to.
 * - Finishing is refused while a month of that year is closed, as the opening-balance save refuses it.
 * - An opening without items on a subject kept by auxiliary items (or the reverse) is refused: the opening module
 *   keeps such a subject's opening only as the sum of its item rows.
 * - Concurrency: the state row is read FOR UPDATE on PostgreSQL (SQLite runs one write transaction at a time), and
 *   the reconciled flag is checked after the lock, so of two racing finishes (or a finish and a cancel) one
 *   succeeds and the other is refused with 4011. The year's row is locked next, as the opening-balance save locks
 *   it first, so a save of the openings runs wholly before or after (never inside the snapshot and the rewrite).
 */
import { findSubject as findTemplate, unionCounty2021 } from '../../../templates/charts/index.js';
import { PostgresAdapter } from 'kysely';
import { TransitionMessages } from '../../shared/transition/messages.js';
import type { SessionZt } from '../auth/guard.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import { currentTypeNos, demoteToParent } from '../auxiliary/subject-types.js';
import { writeOpenings } from '../subjects/opening-service.js';
import { computeAll, loadOpening, ZERO, type Amounts } from '../subjects/opening-state.js';
import { removeSubjectRow, usedByVouchers, type Scope } from '../subjects/subject-repository.js';
import { firstYearOf, levelOfSystem, type Q, type TransitionContext } from './context.js';
import { readWorksheet } from './worksheet-read.js';

interface StateRow {
  year: number;
  level: string;
  figures_saved: number;
  reconciled: number;
  revision: number;
}

/** The set's state row, locked for the transaction on PostgreSQL. */
async function lockState(trx: Q, ztId: number): Promise<StateRow | undefined> {
  let read = trx
    .selectFrom('transition_state')
    .select(['year', 'level', 'figures_saved', 'reconciled', 'revision'])
    .where('zt_id', '=', ztId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) read = read.forUpdate();
  return read.executeTakeFirst();
}

/** Takes the year's row lock, as the opening-balance save does first: a save of the openings waits for us. */
async function lockYear(trx: Q, ztId: number, year: number): Promise<void> {
  await trx
    .updateTable('zt_year')
    .set((eb) => ({ subjects_initialised: eb.ref('subjects_initialised') }))
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .execute();
}

async function hasClosedMonth(trx: Q, ztId: number, year: number): Promise<boolean> {
  const row = await trx
    .selectFrom('period_close')
    .select('month')
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The first year, refusing a government set (the same refusal codeJoin gives) and a session on another year. */
async function firstYearOfSession(trx: Q, zt: SessionZt, state: StateRow | undefined): Promise<number> {
  if (!levelOfSystem(zt.accountingSystem)) refuse('BusinessRule', TransitionMessages.governmentSet);
  const year = state?.year ?? (await firstYearOf(trx, zt.id)) ?? zt.year;
  if (zt.year !== year) refuse('BusinessRule', TransitionMessages.finishInFirstYear(year));
  return year;
}

/** The year's openings as stored: every subject with an amount (key ''), every auxiliary opening row. */
async function snapshotRows(trx: Q, scope: Scope) {
  const [subjects, aux] = await Promise.all([
    trx
      .selectFrom('subject')
      .select(['code', 'init_amount', 'cumule_debit_amount', 'cumule_credit_amount'])
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .where((eb) => eb.or([eb('init_amount', '!=', 0), eb('cumule_debit_amount', '!=', 0), eb('cumule_credit_amount', '!=', 0)]))
      .execute(),
    trx
      .selectFrom('auxi_opening')
      .select(['code', 'auxi_key', 'init_amount', 'cumule_debit_amount', 'cumule_credit_amount'])
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .execute(),
  ]);
  return [...subjects.map((s) => ({ ...s, auxi_key: '' })), ...aux].map((r) => ({
    zt_id: scope.ztId,
    code: r.code,
    auxi_key: r.auxi_key,
    init_amount: Number(r.init_amount),
    cumule_debit_amount: Number(r.cumule_debit_amount),
    cumule_credit_amount: Number(r.cumule_credit_amount),
    added: 0,
  }));
}

async function insertChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) await insert(rows.slice(i, i + 100));
}

/**
 * Adds the targets the set's chart lacks from the county chart (a 基层 union may use any 县级以上 subject), with
 * the first-level parent when that is missing too; a last-level parent that gains a child becomes a parent, as
 * adding a detail on the subjects page makes it (its auxiliary types go to the child). Answers the added codes.
 */
async function addMissingSubjects(
  trx: Q,
  scope: Scope,
  codes: Iterable<string>,
  existing: ReadonlySet<string>,
): Promise<string[]> {
  const have = new Set(existing);
  const added: string[] = [];
  const add = async (code: string): Promise<void> => {
    if (have.has(code)) return;
    const template = findTemplate(unionCounty2021, code);
    // computeWorksheet reports an unknown target; a finish never reaches here with one.
    if (!template) refuse('BusinessRule', TransitionMessages.unknownNewSubject(code));
    if (template.parentCode) await add(template.parentCode);
    const parent = template.parentCode
      ? await trx
          .selectFrom('subject')
          .select(['code', 'last_level'])
          .where('zt_id', '=', scope.ztId)
          .where('year', '=', scope.year)
          .where('code', '=', template.parentCode)
          .executeTakeFirst()
      : undefined;
    let inherited: string[] = [];
    if (parent?.last_level) {
      if (await usedByVouchers(trx, scope, parent.code)) refuse('BusinessRule', TransitionMessages.parentUsed(parent.code));
      inherited = await currentTypeNos(trx, scope, parent.code);
      await demoteToParent(trx, scope, parent.code);
    }
    await trx
      .insertInto('subject')
      .values({
        zt_id: scope.ztId,
        year: scope.year,
        code,
        name: template.name,
        parent_code: template.parentCode,
        level: template.level,
        type: template.type,
        balance_direction: template.balanceDirection,
        is_budget: template.isBudget ? 1 : 0,
        last_level: 1,
        is_standard: 1,
        init_amount: 0,
        enable: 1,
      })
      .execute();
    if (inherited.length > 0)
      await trx
        .insertInto('subject_auxi_type')
        .values(inherited.map((type_no) => ({ zt_id: scope.ztId, year: scope.year, code, type_no })))
        .execute();
    have.add(code);
    added.push(code);
  };
  for (const code of codes) await add(code);
  return added;
}

export async function finishReconciliation(db: Db, zt: SessionZt, userId: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const state = await lockState(trx, zt.id);
    const year = await firstYearOfSession(trx, zt, state);
    if (!state?.figures_saved) refuse('BusinessRule', TransitionMessages.saveFiguresFirst(year - 1));
    if (state.reconciled) refuse('BusinessRule', TransitionMessages.alreadyReconciled);
    await lockYear(trx, zt.id, year);
    if (await hasClosedMonth(trx, zt.id, year)) refuse('BusinessRule', TransitionMessages.finishClosed);
    const level = levelOfSystem(zt.accountingSystem) ?? 'grassroots';
    const ctx: TransitionContext = { ztId: zt.id, year, level, figuresSaved: true, reconciled: false, revision: state.revision };
    const sheet = await readWorksheet(trx, ctx);
    if (sheet.result.problems.length > 0) refuse('BusinessRule', TransitionMessages.worksheetHasProblems, sheet.result.problems);
    const scope: Scope = { ztId: zt.id, year, system: zt.accountingSystem };

    const before = await snapshotRows(trx, scope);
    const yearRow = await trx
      .selectFrom('zt_year')
      .select(['subjects_initialised', 'opening_source'])
      .where('zt_id', '=', zt.id)
      .where('year', '=', year)
      .executeTakeFirstOrThrow();
    const openings = sheet.result.openings;
    const added = await addMissingSubjects(
      trx,
      scope,
      openings.map((o) => o.code),
      new Set(sheet.setSubjects.keys()),
    );
    const snapshot = [
      ...before,
      ...added.map((code) => ({
        zt_id: zt.id,
        code,
        auxi_key: '',
        init_amount: 0,
        cumule_debit_amount: 0,
        cumule_credit_amount: 0,
        added: 1,
      })),
    ];
    await trx.deleteFrom('transition_snapshot').where('zt_id', '=', zt.id).execute();
    await insertChunks(snapshot, (chunk) => trx.insertInto('transition_snapshot').values(chunk).execute());

    // Every opening of the year zeroed, then the worksheet's written; parents recomputed by the opening module.
    const opening = await loadOpening(trx, scope);
    const auxCodes = new Set(opening.aux.keys());
    for (const code of opening.own.keys()) opening.own.set(code, ZERO);
    opening.aux.clear();
    for (const o of openings) {
      const typed = opening.types.has(o.code);
      if (o.auxiKey === '' && typed) refuse('BusinessRule', TransitionMessages.openingNeedsItems(o.code));
      if (o.auxiKey !== '' && !typed) refuse('BusinessRule', TransitionMessages.openingNoItems(o.code));
      const amounts: Amounts = { init: o.amount, cumDebit: 0, cumCredit: 0 };
      if (o.auxiKey === '') opening.own.set(o.code, amounts);
      else {
        const rows = opening.aux.get(o.code) ?? new Map<string, Amounts>();
        rows.set(o.auxiKey, amounts);
        opening.aux.set(o.code, rows);
        auxCodes.add(o.code);
      }
    }
    await writeOpenings(trx, scope, opening, computeAll(opening), auxCodes);
    await trx
      .updateTable('zt_year')
      .set({ opening_source: 'transition' })
      .where('zt_id', '=', zt.id)
      .where('year', '=', year)
      .execute();
    await trx
      .updateTable('transition_state')
      .set((eb) => ({
        reconciled: 1,
        reconciled_at: Date.now(),
        reconciled_by: userId,
        prev_initialised: yearRow.subjects_initialised,
        prev_opening_source: yearRow.opening_source,
        updated_at: Date.now(),
        revision: eb('revision', '+', 1),
      }))
      .where('zt_id', '=', zt.id)
      .execute();
  });
}

/** Cancels; answers the added subjects kept because vouchers use them. */
export async function cancelReconciliation(db: Db, zt: SessionZt): Promise<string[]> {
  return db.kysely.transaction().execute(async (trx) => {
    const state = await lockState(trx, zt.id);
    const year = await firstYearOfSession(trx, zt, state);
    if (!state?.reconciled) refuse('BusinessRule', TransitionMessages.notReconciled);
    await lockYear(trx, zt.id, year);
    if (await hasClosedMonth(trx, zt.id, year)) refuse('BusinessRule', TransitionMessages.cancelClosed);
    const scope: Scope = { ztId: zt.id, year, system: zt.accountingSystem };
    const snapshot = await trx.selectFrom('transition_snapshot').selectAll().where('zt_id', '=', zt.id).execute();
    const prev = await trx
      .selectFrom('transition_state')
      .select(['prev_initialised', 'prev_opening_source'])
      .where('zt_id', '=', zt.id)
      .executeTakeFirstOrThrow();

    // The openings exactly as they were: every subject zeroed and the snapshot's amounts put back.
    await trx
      .updateTable('subject')
      .set({ init_amount: 0, cumule_debit_amount: 0, cumule_credit_amount: 0 })
      .where('zt_id', '=', zt.id)
      .where('year', '=', year)
      .where((eb) => eb.or([eb('init_amount', '!=', 0), eb('cumule_debit_amount', '!=', 0), eb('cumule_credit_amount', '!=', 0)]))
      .execute();
    await trx.deleteFrom('auxi_opening').where('zt_id', '=', zt.id).where('year', '=', year).execute();
    for (const r of snapshot.filter((s) => !s.added && s.auxi_key === '')) {
      await trx
        .updateTable('subject')
        .set({
          init_amount: r.init_amount,
          cumule_debit_amount: r.cumule_debit_amount,
          cumule_credit_amount: r.cumule_credit_amount,
        })
        .where('zt_id', '=', zt.id)
        .where('year', '=', year)
        .where('code', '=', r.code)
        .execute();
    }
    const auxRows = snapshot
      .filter((s) => !s.added && s.auxi_key !== '')
      .map((r) => ({
        zt_id: zt.id,
        year,
        code: r.code,
        auxi_key: r.auxi_key,
        init_amount: r.init_amount,
        cumule_debit_amount: r.cumule_debit_amount,
        cumule_credit_amount: r.cumule_credit_amount,
      }));
    await insertChunks(auxRows, (chunk) => trx.insertInto('auxi_opening').values(chunk).execute());

    const kept = await removeAddedSubjects(
      trx,
      scope,
      snapshot.filter((s) => s.added).map((s) => s.code),
    );
    await trx
      .updateTable('zt_year')
      .set({ subjects_initialised: prev.prev_initialised, opening_source: prev.prev_opening_source })
      .where('zt_id', '=', zt.id)
      .where('year', '=', year)
      .execute();
    await trx.deleteFrom('transition_snapshot').where('zt_id', '=', zt.id).execute();
    await trx
      .updateTable('transition_state')
      .set((eb) => ({
        reconciled: 0,
        reconciled_at: null,
        reconciled_by: null,
        prev_initialised: 0,
        prev_opening_source: '',
        updated_at: Date.now(),
        revision: eb('revision', '+', 1),
      }))
      .where('zt_id', '=', zt.id)
      .execute();
    return kept;
  });
}

/**
 * Removes the subjects the finish added, deepest first, unless a voucher uses one (or a kept child hangs under it);
 * a parent left without children is a last-level subject again. Answers the kept codes.
 */
async function removeAddedSubjects(trx: Q, scope: Scope, codes: readonly string[]): Promise<string[]> {
  const kept: string[] = [];
  const deepestFirst = [...codes].sort((a, b) => b.length - a.length || a.localeCompare(b));
  for (const code of deepestFirst) {
    const child = await trx
      .selectFrom('subject')
      .select('code')
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .where('parent_code', '=', code)
      .limit(1)
      .executeTakeFirst();
    if (child || (await usedByVouchers(trx, scope, code))) {
      kept.push(code);
      continue;
    }
    const row = await trx
      .selectFrom('subject')
      .select('parent_code')
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .where('code', '=', code)
      .executeTakeFirst();
    await removeSubjectRow(trx, scope, code, row?.parent_code ?? null);
  }
  return kept.sort();
}
