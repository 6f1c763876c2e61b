/**
 * Writing a voucher's lines. A new voucher's lines are inserted; a modification changes the
 * stored lines in place, matched by the id the client sent with each: a matched line keeps its id
 * and row (updated only when something of it changed), a line without a matching id is added, a
 * stored line not sent is removed. So the audit trail can say which line changed and how.
 *
 * What must stay true: a voucher's lines are numbered 1..n in the order sent, and a line's
 * auxiliary items (keyed by the line's number) belong to it. Line numbers are part of the lines'
 * key and of their items' foreign key, so a line that moves first drops its items, takes a
 * negative number, and once every line is placed all negatives turn positive (the key never sees
 * two lines on one number mid-way, whatever order the database updates rows in).
 */
import { sql } from 'kysely';
import { isBlankLine, type VoucherDraft } from '../../shared/vouchers/rules.js';
import { insertRows } from '../db/fixed-query.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import type { VoucherLineAuxiRow, VoucherLineRow } from '../db/schema.js';
import type { Q } from '../subjects/subject-repository.js';
import type { LineRows } from './repository.js';

/** The rows of the draft's non-blank lines, numbered 1..n; a line whose rowId has a kept id keeps it (once). */
export function lineRowsOf(ztId: number, voucherId: string, draft: VoucherDraft, keepIds: ReadonlyMap<string, string>): LineRows {
  const filled = draft.lines.filter((l) => !isBlankLine(l));
  const used = new Set<string>();
  const idOf = (rowId: string): string => {
    const kept = keepIds.get(rowId);
    const id = kept && !used.has(kept) ? kept : timeOrderedId();
    used.add(id);
    return id;
  };
  const lines: VoucherLineRow[] = filled.map((l, i) => ({
    zt_id: ztId,
    voucher_id: voucherId,
    line_no: i + 1,
    id: idOf(l.rowId),
    year: draft.year ?? 0,
    month: draft.month ?? 0,
    summary: (l.summary ?? '').trim(),
    subject_code: l.subjectCode ?? '',
    debit_amount: l.debitFen ?? 0,
    credit_amount: l.creditFen ?? 0,
  }));
  const auxis = filled.flatMap((l, i) =>
    l.auxis
      .filter((a) => a.infoNo !== '')
      .map((a) => ({
        zt_id: ztId,
        voucher_id: voucherId,
        line_no: i + 1,
        type_no: a.typeNo,
        info_no: a.infoNo,
        target_id: a.targetId ?? null,
      })),
  );
  return { lines, auxis };
}

export async function insertLines(trx: Q, rows: LineRows): Promise<void> {
  await insertRows(trx, 'voucher_line', rows.lines);
  await insertRows(trx, 'voucher_line_auxi', rows.auxis);
}

function itemsKey(auxis: readonly VoucherLineAuxiRow[], lineNo: number): string {
  return auxis
    .filter((a) => a.line_no === lineNo)
    .map((a) => `${a.type_no}:${a.info_no}:${a.target_id ?? ''}`)
    .sort()
    .join(',');
}

/** The stored lines that leave or change and the new lines that arrive or change (for the balances). */
export interface LineDiff {
  gone: LineRows;
  came: LineRows;
}

/** Changes the voucher's stored lines (`old`) into `next` in place; answers what left and what arrived. */
export async function replaceLines(trx: Q, ztId: number, voucherId: string, old: LineRows, next: LineRows): Promise<LineDiff> {
  const oldById = new Map(old.lines.map((l) => [l.id, l]));
  const nextIds = new Set(next.lines.map((l) => l.id));
  const removed = old.lines.filter((l) => !nextIds.has(l.id));
  const added = next.lines.filter((l) => !oldById.has(l.id));
  const changed: { was: VoucherLineRow; now: VoucherLineRow; moved: boolean; itemsChanged: boolean }[] = [];
  for (const now of next.lines) {
    const was = oldById.get(now.id);
    if (!was) continue;
    const moved = was.line_no !== now.line_no;
    const itemsChanged = itemsKey(old.auxis, was.line_no) !== itemsKey(next.auxis, now.line_no);
    const same =
      !moved &&
      !itemsChanged &&
      was.year === now.year &&
      was.month === now.month &&
      was.summary === now.summary &&
      was.subject_code === now.subject_code &&
      Number(was.debit_amount) === now.debit_amount &&
      Number(was.credit_amount) === now.credit_amount;
    if (!same) changed.push({ was, now, moved, itemsChanged });
  }
  const scope = (q: Q, table: 'voucher_line' | 'voucher_line_auxi') =>
    q.deleteFrom(table).where('zt_id', '=', ztId).where('voucher_id', '=', voucherId);

  // Items of moving or re-itemised lines go first (removed lines take theirs by ON DELETE CASCADE).
  const reItemised = changed.filter((c) => c.moved || c.itemsChanged).map((c) => c.was.line_no);
  if (reItemised.length > 0) await scope(trx, 'voucher_line_auxi').where('line_no', 'in', reItemised).execute();
  if (removed.length > 0)
    await scope(trx, 'voucher_line')
      .where(
        'id',
        'in',
        removed.map((l) => l.id),
      )
      .execute();
  for (const { now, moved } of changed) {
    await trx
      .updateTable('voucher_line')
      .set({
        line_no: moved ? -now.line_no : now.line_no,
        year: now.year,
        month: now.month,
        summary: now.summary,
        subject_code: now.subject_code,
        debit_amount: now.debit_amount,
        credit_amount: now.credit_amount,
      })
      .where('zt_id', '=', ztId)
      .where('voucher_id', '=', voucherId)
      .where('id', '=', now.id)
      .execute();
  }
  if (changed.some((c) => c.moved)) {
    await trx
      .updateTable('voucher_line')
      .set({ line_no: sql<number>`-line_no` })
      .where('zt_id', '=', ztId)
      .where('voucher_id', '=', voucherId)
      .where('line_no', '<', 0)
      .execute();
  }
  await insertRows(trx, 'voucher_line', added);
  const itemLines = new Set([
    ...added.map((l) => l.line_no),
    ...changed.filter((c) => c.moved || c.itemsChanged).map((c) => c.now.line_no),
  ]);
  await insertRows(
    trx,
    'voucher_line_auxi',
    next.auxis.filter((a) => itemLines.has(a.line_no)),
  );

  const goneLines = [...removed, ...changed.map((c) => c.was)];
  const cameLines = [...added, ...changed.map((c) => c.now)];
  const goneNos = new Set(goneLines.map((l) => l.line_no));
  const cameNos = new Set(cameLines.map((l) => l.line_no));
  return {
    gone: { lines: goneLines, auxis: old.auxis.filter((a) => goneNos.has(a.line_no)) },
    came: { lines: cameLines, auxis: next.auxis.filter((a) => cameNos.has(a.line_no)) },
  };
}
