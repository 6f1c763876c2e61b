/**
 * The detail ledger (明细账) of one subject (with its descendants) over a range of months: the
 * opening row, the lines in voucher order with the running balance and its side, and after each
 * month's last line the 本月合计 and 本年累计 rows. Lines come in pages; the running balance is a
 * window sum over every line of the range, so any page starts from the right balance and the
 * summary filter only hides lines, never changes a balance.
 *
 * Choices: a balance is shown on the subject's side as positive, on the other side with the other
 * direction (as the trial balance does). removeCarryForwardVoucher has nothing to remove until the
 * close chapter marks carry-forward vouchers.
 */
import { sql } from 'kysely';
import type { DetailLedgerQuery, DetailLedgerResponse, DetailLedgerRow } from '../../shared/api/books.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import { findSubject, listSubjects, type Scope } from '../subjects/subject-repository.js';
import { sideOf } from './trial-balance-calc.js';
import { monthTurnover, type PeriodRange } from './trial-balance.js';
import type { MonthTurnover } from './trial-balance-calc.js';

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
export const DETAIL_PAGE_SIZE = 200;

interface LineRow extends OrderedLine {
  /** Debit minus credit from the range's start to this line, included. */
  running: number | string;
}

/** What every view of one subject's detail ledger starts from: its leaves, turnover and opening. */
export interface LedgerContext {
  subject: { code: string; name: string; balance_direction: number };
  /** Last-level codes under the subject (the subject itself when it is one). */
  codes: string[];
  /** Monthly turnover of those codes up to the range's end. */
  turnover: MonthTurnover[];
  /** Signed (debit minus credit) opening of the year. */
  yearOpening: number;
  /** Signed opening of the range. */
  opening: number;
  /** A mid-year start's cumulative amounts before its first month. */
  cumule: { debit: number; credit: number };
}

export async function ledgerContext(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  code: string,
  booked: boolean,
): Promise<LedgerContext> {
  const subject = await findSubject(db.kysely, scope, code);
  if (!subject) refuse('NotFound', `科目${code}不存在`);
  const all = await listSubjects(db.kysely, scope);
  const leaves = all.filter((s) => s.last_level === 1 && (s.code === subject.code || s.code.startsWith(subject.code)));
  const codes = leaves.map((s) => s.code);
  const leafSet = new Set(codes);
  // Opening of the range: the year's opening plus the months before it; year-to-date adds a
  // mid-year start's cumulative amounts.
  const turnover = (await monthTurnover(db, scope, range.endMonth, booked)).filter((t) => leafSet.has(t.subjectCode));
  const yearOpening = leaves.reduce((a, s) => a + (s.balance_direction === 1 ? 1 : -1) * Number(s.init_amount), 0);
  const before = turnover.filter((t) => t.month < range.beginMonth).reduce((a, t) => a + t.debit - t.credit, 0);
  return {
    subject,
    codes,
    turnover,
    yearOpening,
    opening: yearOpening + before,
    cumule: {
      debit: leaves.reduce((a, s) => a + Number(s.cumule_debit_amount), 0),
      credit: leaves.reduce((a, s) => a + Number(s.cumule_credit_amount), 0),
    },
  };
}

/** The 本月合计 and 本年累计 rows closing a month of the ledger. */
export function monthEndRows(ctx: LedgerContext, year: number, month: number): DetailLedgerRow[] {
  let debit = 0;
  let credit = 0;
  let upDebit = 0;
  let upCredit = 0;
  for (const t of ctx.turnover) {
    if (t.month > month) continue;
    upDebit += t.debit;
    upCredit += t.credit;
    if (t.month === month) {
      debit += t.debit;
      credit += t.credit;
    }
  }
  const closing = sideOf(ctx.yearOpening + upDebit - upCredit);
  const date = `${year}-${pad(month)}-${pad(lastDay(year, month))}`;
  const base = { voucherId: null, voucherNo: '', subjectCode: ctx.subject.code, auxiNames: '', month, date };
  return [
    { ...base, kind: 'monthTotal', summary: '本月合计', debit, credit, direction: closing.side, balance: closing.amount },
    {
      ...base,
      kind: 'yearTotal',
      summary: '本年累计',
      debit: ctx.cumule.debit + upDebit,
      credit: ctx.cumule.credit + upCredit,
      direction: closing.side,
      balance: closing.amount,
    },
  ];
}

/** The opening row of the range. */
export function openingRow(ctx: LedgerContext, year: number, range: PeriodRange): DetailLedgerRow {
  const o = sideOf(ctx.opening);
  return {
    kind: 'opening',
    month: range.beginMonth,
    date: `${year}-${pad(range.beginMonth)}-01`,
    voucherId: null,
    voucherNo: '',
    subjectCode: ctx.subject.code,
    auxiNames: '',
    summary: range.beginMonth === 1 ? '上年结转' : '期初余额',
    debit: 0,
    credit: 0,
    direction: o.side,
    balance: o.amount,
  };
}

/** A summary filter as a LIKE pattern with its escapes. */
export const likePattern = (needle: string) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const voucherNoOf = (entry: string, pzNo: number) => `${entry}-${String(pzNo).padStart(4, '0')}`;

/** Auxiliary item names of the vouchers' lines, by 'voucherId#lineNo' (several joined by '/'). */
export async function auxiNamesOf(db: Db, ztId: number, voucherIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (voucherIds.length === 0) return names;
  const rows = await db.kysely
    .selectFrom('voucher_line_auxi as a')
    .innerJoin('auxi_info as i', (j) =>
      j.onRef('i.zt_id', '=', 'a.zt_id').onRef('i.type_no', '=', 'a.type_no').onRef('i.info_no', '=', 'a.info_no'),
    )
    .select(['a.voucher_id', 'a.line_no', 'i.info_name'])
    .where('a.zt_id', '=', ztId)
    .where('a.voucher_id', 'in', voucherIds)
    .orderBy('a.type_no')
    .execute();
  for (const r of rows) {
    const key = `${r.voucher_id}#${r.line_no}`;
    names.set(key, names.has(key) ? `${names.get(key)}/${r.info_name}` : r.info_name);
  }
  return names;
}

/** The lines of the range as one ordered set: voucher_line with its voucher and voucher type. */
function linesFrom(scope: Scope, codes: readonly string[], booked: boolean) {
  const codeList = codes.length > 0 ? [...codes] : ['\u0000'];
  return sql`from voucher_line l
      join voucher v on v.zt_id = l.zt_id and v.id = l.voucher_id
      join certificate_type t on t.zt_id = v.zt_id and t.value = v.certificate_type
      where l.zt_id = ${scope.ztId} and l.year = ${scope.year} and l.subject_code in (${sql.join(codeList)})
        ${booked ? sql`and v.is_book = 1` : sql``}`;
}

const LINE_COLUMNS = sql`l.voucher_id, l.line_no, l.month, v.pz_date, v.certificate_type, v.pz_no, t.entry, l.summary,
  l.subject_code, l.debit_amount, l.credit_amount`;
/** Voucher order within a month (month, date, type, number and line are unique together). */
export const MONTH_ORDER = sql`order by v.pz_date, v.certificate_type, v.pz_no, l.line_no`;

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
}

/** Lines of one month in voucher order, after a position (keyset) or from an offset, at most `limit`. */
export async function monthLines(
  db: Db,
  scope: Scope,
  codes: readonly string[],
  booked: boolean,
  month: number,
  from: { after?: OrderedLine; offset?: number },
  limit: number,
): Promise<OrderedLine[]> {
  const a = from.after;
  const after = a
    ? sql`and (v.pz_date, v.certificate_type, v.pz_no, l.line_no) > (${a.pz_date}, ${a.certificate_type}, ${a.pz_no}, ${a.line_no})`
    : sql``;
  const result = await sql<OrderedLine>`select ${LINE_COLUMNS} ${linesFrom(scope, codes, booked)} and l.month = ${month} ${after}
      ${MONTH_ORDER} limit ${limit} offset ${from.offset ?? 0}`.execute(db.kysely);
  return result.rows;
}

interface PageOfLines {
  lines: LineRow[];
  /** The line after the page, if any (whether the page's last month continues). */
  next: LineRow | undefined;
  totalItemCount: number;
}

/**
 * A page without a summary filter, month by month: the lines per month are counted on the
 * subject index, the page's first month is read from its offset only, and the running balance
 * starts from the monthly balances of the months before plus the lines of the month before the
 * offset, so no page reads the whole range.
 */
async function monthPage(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  ctx: LedgerContext,
  booked: boolean,
  pageIndex: number,
  pageSize: number,
): Promise<PageOfLines> {
  // Every line has its voucher and type (foreign keys): without the book option the count needs
  // the subject index only.
  const codeList = ctx.codes.length > 0 ? [...ctx.codes] : ['\u0000'];
  const counts = booked
    ? await sql<{ month: number; n: number | string }>`select l.month as month, count(*) as n
      ${linesFrom(scope, ctx.codes, booked)} and l.month >= ${range.beginMonth} and l.month <= ${range.endMonth}
      group by l.month`.execute(db.kysely)
    : await sql<{ month: number; n: number | string }>`select l.month as month, count(*) as n from voucher_line l
      where l.zt_id = ${scope.ztId} and l.year = ${scope.year} and l.subject_code in (${sql.join(codeList)})
        and l.month >= ${range.beginMonth} and l.month <= ${range.endMonth}
      group by l.month`.execute(db.kysely);
  const perMonth = new Map(counts.rows.map((r) => [Number(r.month), Number(r.n)]));
  const totalItemCount = [...perMonth.values()].reduce((x, n) => x + n, 0);
  const start = (pageIndex - 1) * pageSize;
  let month = range.beginMonth;
  let skipped = 0;
  while (month <= range.endMonth && skipped + (perMonth.get(month) ?? 0) <= start) skipped += perMonth.get(month++) ?? 0;
  if (month > range.endMonth) return { lines: [], next: undefined, totalItemCount };
  const offset = start - skipped;
  // Running balance (from the range's opening) before the page's first line.
  let running = ctx.turnover
    .filter((t) => t.month >= range.beginMonth && t.month < month)
    .reduce((x, t) => x + t.debit - t.credit, 0);
  if (offset > 0) {
    const prefix = await sql<{ s: number | string | null }>`select sum(d) as s from (
        select l.debit_amount - l.credit_amount as d ${linesFrom(scope, ctx.codes, booked)} and l.month = ${month}
        ${MONTH_ORDER} limit ${offset}) x`.execute(db.kysely);
    running += Number(prefix.rows[0]?.s ?? 0);
  }
  const out: LineRow[] = [];
  let first = true;
  for (; month <= range.endMonth && out.length <= pageSize; month++) {
    if (!perMonth.get(month)) continue;
    const rows = await monthLines(db, scope, ctx.codes, booked, month, { offset: first ? offset : 0 }, pageSize + 1 - out.length);
    first = false;
    for (const r of rows) {
      running += Number(r.debit_amount) - Number(r.credit_amount);
      out.push({ ...r, running });
    }
  }
  return { lines: out.slice(0, pageSize), next: out[pageSize], totalItemCount };
}

/** A page with a summary filter: a window sum over every line of the range, then the filter. */
async function filteredPage(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  codes: readonly string[],
  booked: boolean,
  needle: string,
  pageIndex: number,
  pageSize: number,
): Promise<PageOfLines> {
  const ordered = sql`select ${LINE_COLUMNS},
        sum(l.debit_amount - l.credit_amount) over (order by l.month, v.pz_date, v.certificate_type, v.pz_no, l.line_no
          rows between unbounded preceding and current row) as running,
        row_number() over (order by l.month, v.pz_date, v.certificate_type, v.pz_no, l.line_no) as seq
      ${linesFrom(scope, codes, booked)} and l.month >= ${range.beginMonth} and l.month <= ${range.endMonth}`;
  const filter = sql`where summary like ${likePattern(needle)} escape '\\'`;
  const counted = await sql<{ n: number | string }>`select count(*) as n from (${ordered}) x ${filter}`.execute(db.kysely);
  // One line more than the page: whether the page's last month continues on the next page.
  const page =
    await sql<LineRow>`select * from (${ordered}) x ${filter} order by seq limit ${pageSize + 1} offset ${(pageIndex - 1) * pageSize}`.execute(
      db.kysely,
    );
  return { lines: page.rows.slice(0, pageSize), next: page.rows[pageSize], totalItemCount: Number(counted.rows[0]?.n ?? 0) };
}

export async function queryDetailLedger(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  query: Pick<DetailLedgerQuery, 'code' | 'book' | 'abstractNumber' | 'isShowAuxi' | 'pageIndex' | 'pageSize'>,
): Promise<DetailLedgerResponse> {
  const ctx = await ledgerContext(db, scope, range, query.code, query.book === true);
  const { subject, codes, opening } = ctx;
  const booked = query.book === true;
  const pageSize = Math.min(Math.max(query.pageSize ?? DETAIL_PAGE_SIZE, 1), 1000);
  const pageIndex = Math.max(query.pageIndex ?? 1, 1);
  const direction = subject.balance_direction === 2 ? 2 : 1;
  const show = (signed: number) => sideOf(signed);

  const needle = query.abstractNumber?.trim() ?? '';
  const { lines, next, totalItemCount } = needle
    ? await filteredPage(db, scope, range, codes, booked, needle, pageIndex, pageSize)
    : await monthPage(db, scope, range, ctx, booked, pageIndex, pageSize);

  const auxiNames =
    query.isShowAuxi && lines.length > 0
      ? await auxiNamesOf(db, scope.ztId, [...new Set(lines.map((l) => l.voucher_id))])
      : new Map<string, string>();

  const rows: DetailLedgerRow[] = [];
  if (pageIndex === 1) rows.push(openingRow(ctx, scope.year, range));
  const monthEnd = (month: number) => rows.push(...monthEndRows(ctx, scope.year, month));
  lines.forEach((l, i) => {
    const b = show(opening + Number(l.running));
    rows.push({
      kind: 'line',
      month: l.month,
      date: l.pz_date,
      voucherId: l.voucher_id,
      voucherNo: voucherNoOf(l.entry, l.pz_no),
      summary: l.summary,
      subjectCode: l.subject_code,
      auxiNames: auxiNames.get(`${l.voucher_id}#${l.line_no}`) ?? '',
      debit: Number(l.debit_amount),
      credit: Number(l.credit_amount),
      direction: b.side,
      balance: b.amount,
    });
    const following = lines[i + 1] ?? next;
    if (!following || following.month !== l.month) monthEnd(l.month);
  });
  return { code: subject.code, codeName: subject.name, balanceDirection: direction, rows, totalItemCount, pageIndex, pageSize };
}
