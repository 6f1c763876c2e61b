/**
 * New vouchers of one set, written together (write-queue.ts runSetWrite): the period's numbering
 * lock is taken once for the batch, numbers follow the order the saves arrived in, and each table
 * gets one statement for all of them. On PostgreSQL the four tables' inserts travel as one
 * statement (db/unnest-insert.ts): a batch is begin, the closed-period check, the lock, the
 * numbers, the rows, commit — six round trips whatever its size (one more per further period). A voucher of a closed period is
 * refused alone (4014); the others are written.
 */
import { PostgresAdapter } from 'kysely';
import type { Voucher } from '../../shared/api/vouchers.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { newVouchersUpsert, postNewVouchers } from '../books/balances.js';
import { budgetSpentUpsert, enforceBudgetSpent, postBudgetSpent, type SpentChange } from '../budget/spent-posting.js';
import { insertRows } from '../db/fixed-query.js';
import type { VoucherRow } from '../db/schema.js';
import { insertsTogether, unnestInsert } from '../db/unnest-insert.js';
import { AppError } from '../http/app-error.js';
import { auditRow, writeAuditRows, type Actor } from './audit.js';
import { insertLines } from './line-writes.js';
import { lockPeriods, periodKeyText, takeNextNumbers, type PeriodKey } from './numbering.js';
import { closedAmong, periodText } from './periods.js';
import { assembleVoucher, type AssembleContext, type LineRows } from './repository.js';
import type { SetWrite } from './write-queue.js';
import type { Q } from '../subjects/subject-repository.js';

/** A new voucher, checked, waiting for its number (its row's pz_no is set when written). */
export interface NewVoucher {
  row: VoucherRow;
  written: LineRows;
  assemble: AssembleContext;
  actor: Actor;
}

function keyOf(row: VoucherRow): PeriodKey {
  return { ztId: row.zt_id, year: row.year, month: row.month, certificateType: row.certificate_type };
}

type AuditRows = ReturnType<typeof auditRow>[];

/** Every row of the batch in one PostgreSQL statement. */
async function insertAllPostgres(
  trx: Q,
  ztId: number,
  rows: VoucherRow[],
  written: LineRows[],
  audits: AuditRows,
  spending: readonly SpentChange[],
): Promise<void> {
  const lines = written.flatMap((w) => w.lines);
  const auxis = written.flatMap((w) => w.auxis);
  const statement = insertsTogether([
    {
      rows: rows.length,
      statement: unnestInsert(
        'voucher',
        ztId,
        {
          id: 'text[]',
          year: 'integer[]',
          month: 'integer[]',
          certificate_type: 'integer[]',
          pz_no: 'integer[]',
          pz_date: 'text[]',
          number_of_document: 'integer[]',
          financial_officer: 'text[]',
          bookkeeper: 'text[]',
          cashier: 'text[]',
          prepared_by: 'text[]',
          created_by: 'bigint[]',
          reviewer: 'text[]',
          is_review: 'integer[]',
          is_book: 'integer[]',
          is_cashier_signed: 'integer[]',
          debit_total: 'bigint[]',
          credit_total: 'bigint[]',
          created_at: 'bigint[]',
          updated_at: 'bigint[]',
          carry_over: 'integer[]',
          revision: 'integer[]',
        },
        rows,
      ),
    },
    {
      rows: lines.length,
      statement: unnestInsert(
        'voucher_line',
        ztId,
        {
          voucher_id: 'text[]',
          line_no: 'integer[]',
          id: 'text[]',
          year: 'integer[]',
          month: 'integer[]',
          summary: 'text[]',
          subject_code: 'text[]',
          debit_amount: 'bigint[]',
          credit_amount: 'bigint[]',
        },
        lines,
      ),
    },
    {
      rows: auxis.length,
      statement: unnestInsert(
        'voucher_line_auxi',
        ztId,
        { voucher_id: 'text[]', line_no: 'integer[]', type_no: 'text[]', info_no: 'text[]', target_id: 'text[]' },
        auxis,
      ),
    },
    newVouchersUpsert(ztId, written),
    budgetSpentUpsert(ztId, spending),
    {
      rows: audits.length,
      statement: unnestInsert(
        'voucher_audit',
        ztId,
        {
          voucher_id: 'text[]',
          seq: 'integer[]',
          action: 'text[]',
          user_id: 'bigint[]',
          user_name: 'text[]',
          at: 'bigint[]',
          before_json: 'text[]',
          after_json: 'text[]',
        },
        audits,
      ),
    },
  ]);
  if (statement) await statement.execute(trx);
}

/** The same rows, a statement per table (SQLite: no unnest, and its statements cost no round trip). */
async function insertAllSqlite(trx: Q, ztId: number, rows: VoucherRow[], written: LineRows[], audits: AuditRows): Promise<void> {
  await insertRows(trx, 'voucher', rows);
  await insertLines(trx, { lines: written.flatMap((w) => w.lines), auxis: written.flatMap((w) => w.auxis) });
  await postNewVouchers(trx, ztId, written);
  await writeAuditRows(trx, audits);
}

export const writeNewVouchers: SetWrite<NewVoucher, Voucher> = async (trx, items) => {
  const ztId = items[0]?.row.zt_id;
  if (ztId === undefined) return [];
  const closed = await closedAmong(
    trx,
    ztId,
    items.map((i) => i.row),
  );
  const open = items.filter((i) => !closed.has(periodText(i.row)));
  const keys = new Map(open.map((i) => [periodKeyText(keyOf(i.row)), keyOf(i.row)]));
  await lockPeriods(trx, [...keys.values()]);
  const next = await takeNextNumbers(trx, [...keys.values()]);
  const rows = open.map((i) => {
    const text = periodKeyText(keyOf(i.row));
    const pzNo = next.get(text) ?? 1;
    next.set(text, pzNo + 1);
    return { ...i.row, pz_no: pzNo };
  });
  const afters = new Map(
    open.map((item, n) => [item, assembleVoucher(rows[n] ?? item.row, item.written.lines, item.written.auxis, item.assemble)]),
  );
  const audits = open.map((item) =>
    auditRow(ztId, item.row.id, 1, 'create', item.actor, null, afters.get(item) ?? null, item.row.created_at),
  );
  const written = open.map((i) => i.written);
  // What budgets have spent follows (budget/spent-posting.ts): the carry-forwards left out.
  const spending = open
    .filter((i) => !i.row.carry_over)
    .map((i) => ({ lines: i.written.lines, auxis: i.written.auxis, sign: 1 as const }));
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await insertAllPostgres(trx, ztId, rows, written, audits, spending);
    // A refusal here (a forbid budget passed) throws: the batch is then tried one request at a time.
    await enforceBudgetSpent(trx, ztId, spending);
  } else {
    await insertAllSqlite(trx, ztId, rows, written, audits);
    await postBudgetSpent(trx, ztId, spending);
  }
  return items.map((item) => {
    const after = afters.get(item);
    return after
      ? { ok: true, value: after }
      : { ok: false, error: new AppError('PeriodClosed', VoucherMessages.periodClosed(item.row.year, item.row.month)) };
  });
};
