/**
 * The SQL of the detail ledger's lines: one subject's last-level codes, optionally booked vouchers
 * only and without carry-forward vouchers, optionally one auxiliary section (a left join per
 * auxiliary type of the ledger, each item equal or absent), in voucher order within a month
 * (month, date, voucher type, number and line are unique together).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { likeContains } from '../db/like.js';
import type { Scope } from '../subjects/subject-repository.js';
import { auxiKeyOf } from '../../shared/subjects/auxiliary-rules.js';

export interface LineSource {
  scope: Scope;
  codes: readonly string[];
  booked: boolean;
  withoutCarryForward: boolean;
  /** Auxiliary types the sections are keyed by (empty: the ledger is not by item). */
  types: readonly string[];
}

/** Per type of LineSource.types, the item a section's lines carry (null: none of that type). */
export type SectionMatch = readonly (string | null)[];

/** A line's place in voucher order within its month. */
export type LinePosition = Pick<OrderedLine, 'pz_date' | 'certificate_type' | 'pz_no' | 'line_no'>;

export interface OrderedLine {
  voucher_id: string;
  line_no: number;
  month: number;
  pz_date: string;
  certificate_type: number;
  pz_no: number;
  entry: string;
  summary: string;
  subject_code: string;
  debit_amount: number | string;
  credit_amount: number | string;
  /** 1 when the summary filter keeps the line (always 1 without a filter). */
  hit: number | string;
}

const summaryHit = (needle: string) => likeContains('l.summary', needle);

const alias = (i: number) => sql.raw(`a${i}`);

function auxiJoins(src: LineSource, match: SectionMatch | null) {
  if (match === null) return sql``;
  return sql.join(
    src.types.map(
      (t, i) =>
        sql`left join voucher_line_auxi ${alias(i)} on ${alias(i)}.zt_id = l.zt_id and ${alias(i)}.voucher_id = l.voucher_id
          and ${alias(i)}.line_no = l.line_no and ${alias(i)}.type_no = ${t}`,
    ),
    sql` `,
  );
}

function auxiWhere(match: SectionMatch | null) {
  if (match === null) return sql``;
  return sql.join(
    match.map((info, i) => (info === null ? sql`and ${alias(i)}.info_no is null` : sql`and ${alias(i)}.info_no = ${info}`)),
    sql` `,
  );
}

function codeList(src: LineSource) {
  return sql.join(src.codes.length > 0 ? [...src.codes] : ['\u0000']);
}

/**
 * Each line's voucher head, found by its key. On PostgreSQL a lateral subquery that cannot be
 * flattened (OFFSET 0): the planner otherwise joins a subject's month of lines (8,000 of a
 * 1,000,000-line year) to its vouchers by hashing every voucher of the set (250,000, read whole),
 * or walks all of them in date order to find the month's (100-560 ms a page instead of 10-20 ms);
 * SQLite already looks each head up by its key.
 */
function voucherOfLine(dialect: Db['dialect'], ztId: number): RawBuilder<unknown> {
  // The set named as a value, not l.zt_id: the planner prunes a partitioned voucher to the set's
  // partition once, where a correlated key would be pruned again for every line.
  return dialect === 'postgres'
    ? sql`cross join lateral (select v.zt_id, v.pz_date, v.certificate_type, v.pz_no, v.is_book, v.carry_over from voucher v
          where v.zt_id = ${ztId} and v.id = l.voucher_id offset 0) v`
    : sql`join voucher v on v.zt_id = l.zt_id and v.id = l.voucher_id`;
}

/**
 * FROM and WHERE of the source's lines, with the voucher and its type joined. `driver`: the index
 * of a type whose item the section has, to read the item's rows first (by voucher_line_auxi_item_ix;
 * SQLite keeps a CROSS JOIN's order) instead of every line of the subject.
 */
function linesFrom(
  dialect: Db['dialect'],
  src: LineSource,
  match: SectionMatch | null,
  driver: number | null = null,
): RawBuilder<unknown> {
  const item = driver === null ? null : { typeNo: src.types[driver], infoNo: match?.[driver] };
  const lead =
    item?.typeNo && item.infoNo
      ? {
          from: sql`voucher_line_auxi d cross join`,
          where: sql`and d.zt_id = ${src.scope.ztId} and d.type_no = ${item.typeNo} and d.info_no = ${item.infoNo}
            and l.zt_id = d.zt_id and l.voucher_id = d.voucher_id and l.line_no = d.line_no`,
        }
      : { from: sql``, where: sql`` };
  return sql`from ${lead.from} voucher_line l
      ${voucherOfLine(dialect, src.scope.ztId)}
      join certificate_type t on t.zt_id = ${src.scope.ztId} and t.value = v.certificate_type
      ${auxiJoins(src, match)}
      where l.zt_id = ${src.scope.ztId} and l.year = ${src.scope.year} and l.subject_code in (${codeList(src)})
        ${src.booked ? sql`and v.is_book = 1` : sql``}
        ${src.withoutCarryForward ? sql`and v.carry_over = 0` : sql``}
        ${auxiWhere(match)} ${lead.where}`;
}

const MONTH_ORDER = sql`order by v.pz_date, v.certificate_type, v.pz_no, l.line_no`;

/**
 * Lines shown per section and month of the range (the summary filter applied), by section key.
 * The lines are counted without their voucher heads unless booked ones only are asked for; the
 * carry-forward vouchers' lines, when left out, are counted apart (from the few marked heads)
 * and taken away, so the count never joins every line to its voucher for them.
 */
export async function lineCounts(
  db: Db,
  src: LineSource,
  range: { beginMonth: number; endMonth: number },
  needle: string,
): Promise<Map<string, Map<number, number>>> {
  const out = new Map<string, Map<number, number>>();
  const add = (key: string, month: number, n: number) => {
    const perMonth = out.get(key) ?? new Map<number, number>();
    perMonth.set(month, (perMonth.get(month) ?? 0) + n);
    out.set(key, perMonth);
  };
  for (const [rows, sign] of [
    [await countRows(db, src, range, needle, false), 1],
    ...(src.withoutCarryForward ? [[await countRows(db, src, range, needle, true), -1] as const] : []),
  ] as const) {
    for (const r of rows) {
      const key = auxiKeyOf(
        src.types.flatMap((typeNo, i) => {
          const info = r[`k${i}`];
          return info === null || info === undefined ? [] : [{ typeNo, infoNo: String(info) }];
        }),
      );
      add(key, Number(r.month), sign * Number(r.n));
    }
  }
  return out;
}

/** Line counts per month (and combination of items, by item): every voucher's, or the carry-forward ones'. */
async function countRows(
  db: Db,
  src: LineSource,
  range: { beginMonth: number; endMonth: number },
  needle: string,
  carried: boolean,
): Promise<Record<string, string | number | null>[]> {
  const match = src.types.map(() => null);
  const infos = src.types.map((_, i) => sql`, ${alias(i)}.info_no as ${sql.raw(`k${i}`)}`);
  const groups = src.types.map((_, i) => sql`, ${alias(i)}.info_no`);
  const booked = src.booked ? sql`and v.is_book = 1` : sql``;
  // SQLite takes a CROSS JOIN's tables in the order written: the few marked heads, then their lines.
  const from = carried
    ? sql`from voucher v cross join voucher_line l`
    : src.booked
      ? sql`from voucher_line l join voucher v on v.zt_id = l.zt_id and v.id = l.voucher_id`
      : sql`from voucher_line l`;
  const heads = carried
    ? sql`and v.zt_id = ${src.scope.ztId} and v.year = ${src.scope.year} and v.carry_over > 0 ${booked}
        and l.zt_id = v.zt_id and l.voucher_id = v.id`
    : booked;
  // No section condition: every line is counted under its own combination of items.
  const result = await sql<
    Record<string, string | number | null>
  >`select l.month as month ${sql.join(infos, sql``)}, count(*) as n
      ${from} ${auxiJoins(src, match)}
      where l.zt_id = ${src.scope.ztId} and l.year = ${src.scope.year} and l.subject_code in (${codeList(src)})
        and l.month >= ${range.beginMonth} and l.month <= ${range.endMonth} ${heads}
        ${needle ? sql`and ${summaryHit(needle)}` : sql``}
      group by l.month ${sql.join(groups, sql``)}`.execute(db.kysely);
  return result.rows;
}

/** Lines of one month of a section in voucher order, after a position (keyset) or from an offset, at most `limit`. */
export async function monthLines(
  db: Db,
  src: LineSource,
  match: SectionMatch | null,
  month: number,
  needle: string,
  from: { after?: LinePosition; offset?: number },
  limit: number,
): Promise<OrderedLine[]> {
  const a = from.after;
  const after = a
    ? sql`and (v.pz_date, v.certificate_type, v.pz_no, l.line_no) > (${a.pz_date}, ${a.certificate_type}, ${a.pz_no}, ${a.line_no})`
    : sql``;
  const hit = needle ? sql`case when ${summaryHit(needle)} then 1 else 0 end` : sql`1`;
  const result = await sql<OrderedLine>`select l.voucher_id, l.line_no, l.month, v.pz_date, v.certificate_type, v.pz_no,
        t.entry, l.summary, l.subject_code, l.debit_amount, l.credit_amount, ${hit} as hit
      ${linesFrom(db.dialect, src, match)} and l.month = ${month} ${after}
      ${MONTH_ORDER} limit ${limit} offset ${from.offset ?? 0}`.execute(db.kysely);
  return result.rows;
}

/** Where a line stands in the range: its month, then its place in voucher order. */
export type RangePosition = LinePosition & Pick<OrderedLine, 'month'>;

/**
 * Lines of the whole range of a section in month and voucher order, after a line (keyset), at
 * most `limit`: one read for a small section (an auxiliary item, found by its index).
 */
export async function rangeLines(
  db: Db,
  src: LineSource,
  match: SectionMatch | null,
  range: { beginMonth: number; endMonth: number },
  needle: string,
  after: RangePosition | undefined,
  limit: number,
  driver: number | null = null,
): Promise<OrderedLine[]> {
  const keyset = after
    ? sql`and (l.month, v.pz_date, v.certificate_type, v.pz_no, l.line_no) > (${after.month}, ${after.pz_date}, ${after.certificate_type}, ${after.pz_no}, ${after.line_no})`
    : sql``;
  const hit = needle ? sql`case when ${summaryHit(needle)} then 1 else 0 end` : sql`1`;
  const result = await sql<OrderedLine>`select l.voucher_id, l.line_no, l.month, v.pz_date, v.certificate_type, v.pz_no,
        t.entry, l.summary, l.subject_code, l.debit_amount, l.credit_amount, ${hit} as hit
      ${linesFrom(db.dialect, src, match, driver)} and l.month >= ${range.beginMonth} and l.month <= ${range.endMonth} ${keyset}
      order by l.month, v.pz_date, v.certificate_type, v.pz_no, l.line_no limit ${limit}`.execute(db.kysely);
  return result.rows;
}

/**
 * Lines of one month of a section in voucher order from an offset, at most `limit`, and the debit
 * minus credit of the month's lines before the first of them: one read of the month's lines (a
 * window sum over them) where a deep page read them twice, once to sum the lines it skips and once
 * to skip them.
 */
export async function monthLinesAt(
  db: Db,
  src: LineSource,
  match: SectionMatch | null,
  month: number,
  offset: number,
  limit: number,
): Promise<{ rows: OrderedLine[]; before: number }> {
  const result = await sql<OrderedLine & { prior_sum: number | string | null }>`select * from (
      select l.voucher_id, l.line_no, l.month, v.pz_date, v.certificate_type, v.pz_no,
        t.entry, l.summary, l.subject_code, l.debit_amount, l.credit_amount, 1 as hit,
        sum(l.debit_amount - l.credit_amount) over (${MONTH_ORDER} rows between unbounded preceding and 1 preceding) as prior_sum
      ${linesFrom(db.dialect, src, match)} and l.month = ${month}) x
      order by x.pz_date, x.certificate_type, x.pz_no, x.line_no limit ${limit} offset ${offset}`.execute(db.kysely);
  const first = result.rows[0];
  return { rows: result.rows, before: Number(first?.prior_sum ?? 0) };
}

/**
 * The place of the month's `count`-th hit of the summary filter (1-based) and the debit minus
 * credit of every line up to it, included: where a page of a filtered ledger starts reading.
 */
export async function hitPrefix(
  db: Db,
  src: LineSource,
  match: SectionMatch | null,
  month: number,
  needle: string,
  count: number,
): Promise<{ position: LinePosition; sum: number } | null> {
  const hit = await sql<LinePosition>`select v.pz_date, v.certificate_type, v.pz_no, l.line_no
      ${linesFrom(db.dialect, src, match)} and l.month = ${month} and ${summaryHit(needle)}
      ${MONTH_ORDER} limit 1 offset ${count - 1}`.execute(db.kysely);
  const position = hit.rows[0];
  if (!position) return null;
  const result = await sql<{ s: number | string | null }>`select sum(l.debit_amount - l.credit_amount) as s
      ${linesFrom(db.dialect, src, match)} and l.month = ${month}
        and (v.pz_date, v.certificate_type, v.pz_no, l.line_no) <= (${position.pz_date}, ${position.certificate_type}, ${position.pz_no}, ${position.line_no})`.execute(
    db.kysely,
  );
  return { position, sum: Number(result.rows[0]?.s ?? 0) };
}

/** Rows of each item of the given types in the ledger set (every year and subject): what reading a section by its item costs. */
export async function itemUsage(db: Db, src: LineSource): Promise<Map<string, number>> {
  if (src.types.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('voucher_line_auxi')
    .select((eb) => ['type_no', 'info_no', eb.fn.countAll<number | string>().as('n')])
    .where('zt_id', '=', src.scope.ztId)
    .where('type_no', 'in', [...src.types])
    .groupBy(['type_no', 'info_no'])
    .execute();
  return new Map(rows.map((r) => [`${r.type_no}:${r.info_no}`, Number(r.n)]));
}
