/**
 * Saving opening balances (spec branchSave; the workbook import goes through here too), in one
 * transaction: validate every row first (4003 lists each bad one, nothing is written), apply the
 * rows, recompute every parent, run the opening-balance grid's validators and trial check (the
 * same functions the page runs), write, and mark the year's subjects initialised so the
 * financial state becomes normal.
 *
 * Unbalanced openings (our reading of the spec's confirmPrompt): refused with 4011, whose message
 * names the difference and whose data is the trial result (in yuan, as every amount the caller
 * sees), unless confirmPrompt is true; the client asks the user and sends the same rows again
 * with confirmPrompt true. Everything else here is fen: the rows taken and the result answered.
 */
import type { BranchSaveResponse, OpeningRow, TrialResult } from '../../shared/api/subjects.js';
import { MAX_OPENING_ROWS } from '../../shared/api/schemas/openings.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { trialToYuan } from '../../shared/subjects/opening-amounts.js';
import { validateGrid } from '../../shared/grid/validate.js';
import { openingBalanceGridFor, trialCheck, trialMessages } from '../../../grids/opening-balance.js';
import { toOpeningGridRows } from '../../../grids/opening-balance-rows.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { Q, Scope } from './subject-repository.js';
import { computeAll, isZero, loadOpening, openingRows, ZERO, type Amounts, type OpeningContext } from './opening-state.js';
import { AUXI_SUBJECT_AMOUNT, validateOpeningDetails, type LabelledDetail } from './opening-validate.js';

export { MAX_OPENING_ROWS };

/** The page's rows as the opening-balance grid's rows (the mapping the page uses too). */
export const toGridRows = toOpeningGridRows;

/** The trial check of the rows, as the page computes it (grids/opening-balance.ts). */
export function trialOf(rows: readonly OpeningRow[]): TrialResult {
  return trialCheck(toGridRows(rows));
}

export function unbalancedMessage(trial: TrialResult): string {
  return `${trialMessages(trial)
    .map((i) => i.message)
    .join('；')}。确定要保存吗？`;
}

export async function saveOpenings(
  db: Db,
  scope: Scope,
  list: readonly LabelledDetail[],
  confirmPrompt: boolean,
  /** Problems found before the rows were read (an import's unreadable cells): listed with the rest. */
  preIssues: readonly ValidationIssue[] = [],
  /** Order of the listed issues (an import lists them by worksheet row); default as found. */
  issueOrder?: (issue: ValidationIssue) => number,
): Promise<BranchSaveResponse> {
  if (list.length > MAX_OPENING_ROWS) refuse('BadRequest', `一次最多保存${MAX_OPENING_ROWS}行`);
  return db.kysely.transaction().execute(async (trx) => {
    // Takes the year's row lock first, so two saves of one year run one after the other on PostgreSQL.
    const locked = await trx
      .updateTable('zt_year')
      .set((eb) => ({ subjects_initialised: eb.ref('subjects_initialised') }))
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) refuse('NotFound', '该账套年度不存在');
    // A closed month's balances rest on these openings.
    const closed = await trx
      .selectFrom('period_close')
      .select('month')
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .executeTakeFirst();
    if (closed) refuse('PeriodClosed', `${scope.year}年已有结账月份，不能修改期初余额，请先反结账`);

    const ctx = await loadOpening(trx, scope);
    const checked = validateOpeningDetails(list, ctx);
    const issues = [...preIssues, ...checked.issues];
    if (issueOrder) issues.sort((a, b) => issueOrder(a) - issueOrder(b));
    const badRows = new Set(issues.map((i) => i.rowId ?? i.message)).size;
    if (issues.length > 0) refuse('ValidationFailed', `期初余额有${badRows}行数据不正确，未保存`, issues);
    const rows = checked.rows;

    for (const row of rows) {
      if (row.auxiKey === null) ctx.own.set(row.code, row.amounts);
      else {
        const auxRows = ctx.aux.get(row.code) ?? new Map<string, Amounts>();
        if (isZero(row.amounts)) auxRows.delete(row.auxiKey);
        else auxRows.set(row.auxiKey, row.amounts);
        ctx.aux.set(row.code, auxRows);
      }
    }
    const after = computeAll(ctx);
    const claimIssues = checked.claims
      .filter((c) => {
        const sum = after.get(c.code) ?? ZERO;
        return sum.init !== c.amounts.init || sum.cumDebit !== c.amounts.cumDebit || sum.cumCredit !== c.amounts.cumCredit;
      })
      .map((c) => ({ message: `${c.label}：${AUXI_SUBJECT_AMOUNT(c.code)}`, rowId: c.rowId, fieldId: 'initAmount' }));
    if (claimIssues.length > 0) refuse('ValidationFailed', `期初余额有${claimIssues.length}行数据不正确，未保存`, claimIssues);
    const gridRows = toGridRows(openingRows(ctx, after));
    const gridIssues = validateGrid(openingBalanceGridFor({ midYear: ctx.isMidYear }), gridRows);
    if (gridIssues.length > 0) refuse('ValidationFailed', gridIssues[0]?.message, gridIssues);
    const trial = trialCheck(gridRows);
    if (!trial.balanced && !confirmPrompt) refuse('BusinessRule', unbalancedMessage(trial), trialToYuan(trial));

    await writeOpenings(trx, scope, ctx, after, new Set(rows.filter((r) => r.auxiKey !== null).map((r) => r.code)));
    return { saved: rows.length, trial };
  });
}

/**
 * Writes a year's opening amounts: every subject whose stored amounts differ from `after`, the
 * auxiliary rows of `auxCodes` replaced by the context's, and the year marked initialised. Used by
 * the opening-balance save and by the year-end close (next year's openings).
 */
export async function writeOpenings(
  trx: Q,
  scope: Scope,
  ctx: OpeningContext,
  after: ReadonlyMap<string, Amounts>,
  auxCodes: ReadonlySet<string>,
): Promise<void> {
  for (const s of ctx.subjects) {
    const next = after.get(s.code) ?? ZERO;
    // Compared with what is stored, so a stale parent is corrected too.
    if (next.init === s.init_amount && next.cumDebit === s.cumule_debit_amount && next.cumCredit === s.cumule_credit_amount)
      continue;
    await trx
      .updateTable('subject')
      .set({ init_amount: next.init, cumule_debit_amount: next.cumDebit, cumule_credit_amount: next.cumCredit })
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .where('code', '=', s.code)
      .execute();
  }
  for (const code of auxCodes) {
    await trx
      .deleteFrom('auxi_opening')
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .where('code', '=', code)
      .execute();
    const values = [...(ctx.aux.get(code)?.entries() ?? [])].map(([key, a]) => ({
      zt_id: scope.ztId,
      year: scope.year,
      code,
      auxi_key: key,
      init_amount: a.init,
      cumule_debit_amount: a.cumDebit,
      cumule_credit_amount: a.cumCredit,
    }));
    for (let i = 0; i < values.length; i += 100) {
      await trx
        .insertInto('auxi_opening')
        .values(values.slice(i, i + 100))
        .execute();
    }
  }
  await trx
    .updateTable('zt_year')
    .set({ subjects_initialised: 1 })
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .execute();
}
