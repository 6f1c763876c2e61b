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

interface LineRow {
  voucher_id: string;
  line_no: number;
  month: number;
  pz_date: string;
  pz_no: number;
  entry: string;
  summary: string;
  subject_code: string;
  debit_amount: number | string;
  credit_amount: number | string;
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
  const bookedOnly = booked ? sql`and v.is_book = 1` : sql``;
  const codeList = codes.length > 0 ? codes : ['\u0000'];
  // Every line of the range with its running sum (window over the voucher order), then the
  // summary filter and the page.
  const ordered = sql`select l.voucher_id, l.line_no, l.month, v.pz_date, v.pz_no, t.entry, l.summary, l.subject_code,
        l.debit_amount, l.credit_amount,
        sum(l.debit_amount - l.credit_amount) over (order by l.month, v.pz_date, v.certificate_type, v.pz_no, l.line_no
          rows between unbounded preceding and current row) as running,
        row_number() over (order by l.month, v.pz_date, v.certificate_type, v.pz_no, l.line_no) as seq
      from voucher_line l
      join voucher v on v.zt_id = l.zt_id and v.id = l.voucher_id
      join certificate_type t on t.zt_id = v.zt_id and t.value = v.certificate_type
      where l.zt_id = ${scope.ztId} and l.year = ${scope.year} and l.month >= ${range.beginMonth} and l.month <= ${range.endMonth}
        and l.subject_code in (${sql.join(codeList)}) ${bookedOnly}`;
  const filter = needle ? sql`where summary like ${likePattern(needle)} escape '\\'` : sql``;
  const counted = await sql<{ n: number | string }>`select count(*) as n from (${ordered}) x ${filter}`.execute(db.kysely);
  const totalItemCount = Number(counted.rows[0]?.n ?? 0);
  // One line more than the page: whether the page's last month continues on the next page.
  const page =
    await sql<LineRow>`select * from (${ordered}) x ${filter} order by seq limit ${pageSize + 1} offset ${(pageIndex - 1) * pageSize}`.execute(
      db.kysely,
    );
  const lines = page.rows.slice(0, pageSize);
  const next = page.rows[pageSize];

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
