/**
 * Voucher numbers: gapless and unique per (zt_id, year, month, certificate_type).
 *
 * How it stays true under concurrent saves, on both databases: every write that gives or changes
 * numbers first upserts the period's row in voucher_counter inside its transaction. On
 * PostgreSQL the upsert (INSERT ... ON CONFLICT DO UPDATE) takes that row's lock until commit, so
 * writers of one period queue there while other periods proceed; the next statement (READ
 * COMMITTED) then sees every voucher committed before the lock was granted, so max(pz_no) + 1 is
 * free and follows the last number. SQLite has one writer at a time (Kysely's SQLite driver also
 * runs one transaction at a time on its connection), so the same steps are serialised there. A
 * rolled-back save rolls back its number with it, so no gap is left. The unique index
 * voucher_number_uq is the last line of defence. The number is max + 1 rather than the counter's
 * value (last_no only counts the numbering writes: the row is there to be locked), so deleting the
 * period's last voucher does not leave a gap; a deletion in the middle
 * leaves one, which reloadBreak closes.
 */
import { sql } from 'kysely';
import { fixedQuery, slot } from '../db/fixed-query.js';
import type { Q } from '../subjects/subject-repository.js';

export interface PeriodKey {
  ztId: number;
  year: number;
  month: number;
  certificateType: number;
}

function keyText(k: PeriodKey): string {
  return `${k.year}-${String(k.month).padStart(2, '0')}-${String(k.certificateType).padStart(6, '0')}`;
}

const lockCounter = fixedQuery('voucher_counter.lock', (q) =>
  q
    .insertInto('voucher_counter')
    .values({
      zt_id: slot<number>(0),
      year: slot<number>(1),
      month: slot<number>(2),
      certificate_type: slot<number>(3),
      last_no: 0,
    })
    .onConflict((oc) =>
      oc
        .columns(['zt_id', 'year', 'month', 'certificate_type'])
        .doUpdateSet({ last_no: sql<number>`voucher_counter.last_no + 1` }),
    ),
);

/** Locks the periods' counter rows, in one order so two writers never wait on each other crosswise. */
export async function lockPeriods(trx: Q, keys: readonly PeriodKey[]): Promise<void> {
  const unique = new Map(keys.map((k) => [keyText(k), k]));
  for (const key of [...unique.keys()].sort()) {
    const k = unique.get(key);
    if (!k) continue;
    await lockCounter(trx, [k.ztId, k.year, k.month, k.certificateType]);
  }
}

const maxNumberQuery = fixedQuery('voucher.maxNumber', (q) =>
  q
    .selectFrom('voucher')
    .select((eb) => eb.fn.max<number | null>('pz_no').as('n'))
    .where('zt_id', '=', slot<number>(0))
    .where('year', '=', slot<number>(1))
    .where('month', '=', slot<number>(2))
    .where('certificate_type', '=', slot<number>(3)),
);

/** The highest number given in the period (0 when none). */
async function maxNumber(q: Q, k: PeriodKey): Promise<number> {
  const row = (await maxNumberQuery(q, [k.ztId, k.year, k.month, k.certificateType])).rows[0];
  return Number(row?.n ?? 0);
}

/** The next number, for display (getCertificateManNo, emptyCertificate): not reserved. */
export async function peekNextNumber(q: Q, k: PeriodKey): Promise<number> {
  return (await maxNumber(q, k)) + 1;
}

/** The number a new voucher takes; call after lockPeriods(trx, [k]) in the same transaction. */
export async function takeNextNumber(trx: Q, k: PeriodKey): Promise<number> {
  return (await maxNumber(trx, k)) + 1;
}

/**
 * The next number of each period of one set (keyed by periodKeyText); call after
 * lockPeriods(trx, keys) in the same transaction, as takeNextNumber. A statement per period (a
 * batch has one, as a rule): each reads one end of the number index, where a grouped max over
 * several periods would read every voucher of them.
 */
export async function takeNextNumbers(trx: Q, keys: readonly PeriodKey[]): Promise<Map<string, number>> {
  const next = new Map<string, number>();
  for (const k of keys) next.set(keyText(k), await takeNextNumber(trx, k));
  return next;
}

export { keyText as periodKeyText };

export interface Renumbered {
  id: string;
  from: number;
  to: number;
}

/**
 * Gives the period's vouchers the numbers 1..n in date order, then old number. Numbers change in
 * two steps (first to their negatives, then to the new value) so the unique index never sees two
 * vouchers on one number mid-way, whatever order the database updates rows in. A voucher given
 * another number is changed: its revision goes up by one (a client that saw the old number is
 * refused, vouchers/voucher-target.ts).
 */
export async function renumberPeriod(trx: Q, k: PeriodKey): Promise<Renumbered[]> {
  const rows = await trx
    .selectFrom('voucher')
    .select(['id', 'pz_no'])
    .where('zt_id', '=', k.ztId)
    .where('year', '=', k.year)
    .where('month', '=', k.month)
    .where('certificate_type', '=', k.certificateType)
    .orderBy('pz_date')
    .orderBy('pz_no')
    .execute();
  const changes = rows.map((r, i) => ({ id: r.id, from: r.pz_no, to: i + 1 })).filter((c) => c.from !== c.to);
  for (const c of changes) {
    await trx
      .updateTable('voucher')
      .set({ pz_no: -c.to, revision: sql<number>`revision + 1` })
      .where('zt_id', '=', k.ztId)
      .where('id', '=', c.id)
      .execute();
  }
  if (changes.length > 0) {
    await trx
      .updateTable('voucher')
      .set({ pz_no: sql<number>`-pz_no` })
      .where('zt_id', '=', k.ztId)
      .where('year', '=', k.year)
      .where('month', '=', k.month)
      .where('certificate_type', '=', k.certificateType)
      .where('pz_no', '<', 0)
      .execute();
  }
  return changes;
}

/** Closes the gap a voucher leaves when it moves out of its period: later numbers move down by one (and their revisions up). */
export async function closeGapAt(trx: Q, k: PeriodKey, removedNo: number): Promise<Renumbered[]> {
  const rows = await trx
    .selectFrom('voucher')
    .select(['id', 'pz_no'])
    .where('zt_id', '=', k.ztId)
    .where('year', '=', k.year)
    .where('month', '=', k.month)
    .where('certificate_type', '=', k.certificateType)
    .where('pz_no', '>', removedNo)
    .orderBy('pz_no')
    .execute();
  // Ascending order: each number moves into the one just freed.
  for (const r of rows) {
    await trx
      .updateTable('voucher')
      .set({ pz_no: r.pz_no - 1, revision: sql<number>`revision + 1` })
      .where('zt_id', '=', k.ztId)
      .where('id', '=', r.id)
      .execute();
  }
  return rows.map((r) => ({ id: r.id, from: r.pz_no, to: r.pz_no - 1 }));
}
