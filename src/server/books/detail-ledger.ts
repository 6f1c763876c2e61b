/**
 * The detail ledger (明细账) of one subject (with its descendants) over a range of months: per
 * section (the subject, or each auxiliary item of it with isShowAuxi) the opening row, the lines in
 * voucher order with the running balance and its side, and after each month's last line the
 * 本月合计 and 本年累计 rows (src/server/books/detail-rows.ts). Lines come in pages across the
 * sections; the page, the xlsx export and the print all read them through readSectionLines().
 *
 * Reading stays proportional to what is shown: lines are counted per section and month, a page
 * reads only its months, and the running balance starts from the monthly balances of the months
 * before plus the month's lines before the page. With a summary filter the lines are counted with
 * the filter (no window over the whole range: 1.7-4.6 s before on a 100,000-line year, 0.13-0.3 s
 * now), a page starts after the hit before it (the sum of every line up to that hit), every line
 * read counts towards the balance and only the hits are shown, and months without a hit are never
 * read, so the filter hides lines but never changes a balance.
 *
 * Choices: a balance is shown on the subject's side as positive, on the other side with the other
 * direction (as the trial balance does). The switches are described in src/shared/api/schemas/books.ts.
 */
import type { DetailLedgerQuery, DetailLedgerResponse, DetailLedgerRow } from '../../shared/api/books.js';
import type { Db } from '../db/database.js';
import type { Scope } from '../subjects/subject-repository.js';
import { balanceBefore, isZeroSection, SectionRows, type LineFigures } from './detail-rows.js';
import { ledgerContext, ledgerOptionsOf, type DetailFilter, type LedgerContext, type Section } from './detail-sections.js';
import {
  hitPrefix,
  itemUsage,
  lineCounts,
  monthLines,
  monthLinesAt,
  rangeLines,
  type LinePosition,
  type OrderedLine,
  type RangePosition,
} from './detail-source.js';
import type { PeriodRange } from './trial-balance.js';

export const DETAIL_PAGE_SIZE = 200;
/** Most lines one read of a filtered month takes (bounded memory in the export). */
const READ_MAX = 5000;

export const voucherNoOf = (entry: string, pzNo: number) => `${entry}-${String(pzNo).padStart(4, '0')}`;

/** A shown section with its shown lines per month of the range. */
export interface ShownSection {
  section: Section;
  counts: Map<number, number>;
  lines: number;
  /** The type whose item's rows are read first (fewer than the subject's lines), if any. */
  driver: number | null;
}

/** The sections to show, in order, with their line counts (the balance switch applied). */
export async function shownSections(db: Db, ctx: LedgerContext): Promise<ShownSection[]> {
  const [counts, usage] = await Promise.all([
    lineCounts(db, ctx.source, ctx.view, ctx.options.needle),
    itemUsage(db, ctx.source),
  ]);
  const sum = (m: Map<number, number>) => [...m.values()].reduce((a, n) => a + n, 0);
  const subjectLines = [...counts.values()].reduce((a, m) => a + sum(m), 0);
  return ctx.sections
    .map((section) => {
      const perMonth = counts.get(section.key) ?? new Map<number, number>();
      // The item used least: read from it when it has fewer rows than the subject has lines.
      let driver: number | null = null;
      let least = subjectLines;
      section.match?.forEach((info, i) => {
        const n = info === null ? Infinity : (usage.get(`${ctx.source.types[i]}:${info}`) ?? 0);
        if (n < least) [driver, least] = [i, n];
      });
      return { section, counts: perMonth, lines: sum(perMonth), driver };
    })
    .filter((s) => ctx.options.showZeroBalance || s.lines > 0 || !isZeroSection(s.section, ctx.view));
}

/** Month of the section's shown line at `index` (0-based), by the counts. */
function monthAt(s: ShownSection, ctx: LedgerContext, index: number): { month: number; first: boolean } {
  let seen = 0;
  for (let m = ctx.view.beginMonth; m <= ctx.view.endMonth; m++) {
    const n = s.counts.get(m) ?? 0;
    if (index < seen + n) return { month: m, first: index === seen };
    seen += n;
  }
  return { month: ctx.view.endMonth + 1, first: true };
}

const figuresOf = (l: OrderedLine, running: number): LineFigures => ({
  voucherId: l.voucher_id,
  month: l.month,
  date: l.pz_date,
  voucherNo: voucherNoOf(l.entry, l.pz_no),
  summary: l.summary,
  subjectCode: l.subject_code,
  debit: Number(l.debit_amount),
  credit: Number(l.credit_amount),
  running,
});

/**
 * The section's shown lines from index `from` to `to` (exclusive) with their running balances,
 * handed over in chunks of at most `chunk` lines.
 */
export async function readSectionLines(
  db: Db,
  ctx: LedgerContext,
  s: ShownSection,
  from: number,
  to: number,
  emit: (lines: LineFigures[]) => void | Promise<void>,
  chunk: number,
): Promise<void> {
  const { needle } = ctx.options;
  const match = s.section.match;
  // An auxiliary item with few lines: one read of its range (its index finds its lines), not one a month.
  if (match !== null && s.lines <= READ_MAX) return readWhole(db, ctx, s, from, to, emit, chunk);
  let index = 0;
  for (let month = ctx.view.beginMonth; month <= ctx.view.endMonth && index < to; month++) {
    const n = s.counts.get(month) ?? 0;
    if (index + n <= from) {
      index += n;
      continue;
    }
    let running = balanceBefore(s.section, month);
    const skip = Math.max(0, from - index);
    if (!needle) {
      let after: OrderedLine | undefined;
      let position = skip;
      while (index + position < to) {
        const limit = Math.min(chunk, to - index - position);
        let rows: OrderedLine[];
        if (after || skip === 0) rows = await monthLines(db, ctx.source, match, month, '', after ? { after } : {}, limit);
        else {
          // A first read inside the month: the lines it skips are summed in the same read.
          const first = await monthLinesAt(db, ctx.source, match, month, skip, limit);
          rows = first.rows;
          running += first.before;
        }
        if (rows.length === 0) break;
        await emit(
          rows.map((r) => {
            running += Number(r.debit_amount) - Number(r.credit_amount);
            return figuresOf(r, running);
          }),
        );
        position += rows.length;
        after = rows[rows.length - 1];
        if (rows.length < limit) break;
      }
    } else {
      // Every line of the month counts towards the balance; only the hits are shown. A page deep
      // into the month starts after its first hit, from the sum of the lines up to it.
      let after: LinePosition | undefined;
      let hits = 0;
      if (skip > 0) {
        const start = await hitPrefix(db, ctx.source, match, month, needle, skip);
        if (start) {
          running += start.sum;
          after = start.position;
          hits = skip;
        }
      }
      // Reads grow while hits are sparse: a dense filter reads about one page, a sparse one few queries.
      let limit = Math.min(READ_MAX, Math.max(to - index - hits, 1) + 1);
      while (hits < n && index + hits < to) {
        const rows = await monthLines(db, ctx.source, match, month, needle, after ? { after } : {}, limit);
        if (rows.length === 0) break;
        const shown: LineFigures[] = [];
        for (const r of rows) {
          running += Number(r.debit_amount) - Number(r.credit_amount);
          if (Number(r.hit) !== 1) continue;
          if (index + hits >= from) shown.push(figuresOf(r, running));
          hits++;
          if (hits >= n || index + hits >= to) break;
        }
        for (let i = 0; i < shown.length; i += chunk) await emit(shown.slice(i, i + chunk));
        if (rows.length < limit) break;
        after = rows[rows.length - 1];
        limit = Math.min(READ_MAX, limit * 2);
      }
    }
    index += n;
  }
}

/** readSectionLines() of a small section: its range in one read (a few with a sparse summary filter). */
async function readWhole(
  db: Db,
  ctx: LedgerContext,
  s: ShownSection,
  from: number,
  to: number,
  emit: (lines: LineFigures[]) => void | Promise<void>,
  chunk: number,
): Promise<void> {
  const { needle } = ctx.options;
  let running = balanceBefore(s.section, ctx.view.beginMonth);
  let after: RangePosition | undefined;
  let hits = 0;
  let limit = Math.min(READ_MAX, to + 1);
  while (hits < to) {
    const rows = await rangeLines(db, ctx.source, s.section.match, ctx.view, needle, after, limit, s.driver);
    const shown: LineFigures[] = [];
    for (const r of rows) {
      running += Number(r.debit_amount) - Number(r.credit_amount);
      if (Number(r.hit) !== 1) continue;
      if (hits >= from) shown.push(figuresOf(r, running));
      if (++hits >= to) break;
    }
    for (let i = 0; i < shown.length; i += chunk) await emit(shown.slice(i, i + chunk));
    if (rows.length < limit) break;
    after = rows[rows.length - 1];
    limit = Math.min(READ_MAX, limit * 2);
  }
}

/** A page of the ledger, amounts in fen (the route answers them in yuan). */
export async function queryDetailLedger(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  query: Pick<DetailLedgerQuery, 'code' | 'pageIndex' | 'pageSize'> & DetailFilter,
): Promise<DetailLedgerResponse> {
  const ctx = await ledgerContext(db, scope, range, query.code, ledgerOptionsOf(query));
  const pageSize = Math.min(Math.max(query.pageSize ?? DETAIL_PAGE_SIZE, 1), 1000);
  const pageIndex = Math.max(query.pageIndex ?? 1, 1);
  const sections = await shownSections(db, ctx);
  const total = sections.reduce((a, s) => a + s.lines, 0);
  const start = (pageIndex - 1) * pageSize;
  const end = start + pageSize;

  const rows: DetailLedgerRow[] = [];
  let position = 0;
  for (const s of sections) {
    const at = position;
    position += s.lines;
    const writer = new SectionRows(s.section, ctx.view, rows);
    if (s.lines === 0) {
      // A section without lines goes with the line after it (or, at the end, with the last line).
      const anchor = at < total ? at : Math.max(total - 1, 0);
      if (anchor >= start && anchor < end) {
        writer.start();
        writer.end();
      }
      continue;
    }
    const lo = Math.max(at, start);
    const hi = Math.min(at + s.lines, end);
    if (lo >= hi) continue;
    if (lo === at) writer.start();
    else {
      const { month, first } = monthAt(s, ctx, lo - at);
      writer.resume(month, !first);
    }
    await readSectionLines(db, ctx, s, lo - at, hi - at, (lines) => lines.forEach((l) => writer.line(l)), pageSize);
    if (hi === at + s.lines) writer.end();
    else writer.pauseBefore(monthAt(s, ctx, hi - at).month);
  }
  const direction = ctx.subject.balance_direction === 2 ? 2 : 1;
  return {
    code: ctx.subject.code,
    codeName: ctx.subject.name,
    balanceDirection: direction,
    rows,
    totalItemCount: total,
    pageIndex,
    pageSize,
  };
}

/** Every row of the ledger over the range, in order, handed to `emit` chunk by chunk (the export and the print). */
export async function forEachLedgerRow(
  db: Db,
  ctx: LedgerContext,
  emit: (rows: DetailLedgerRow[]) => void | Promise<void>,
  chunk: number,
): Promise<void> {
  for (const s of await shownSections(db, ctx)) {
    const rows: DetailLedgerRow[] = [];
    const writer = new SectionRows(s.section, ctx.view, rows);
    writer.start();
    await readSectionLines(
      db,
      ctx,
      s,
      0,
      s.lines,
      async (lines) => {
        lines.forEach((l) => writer.line(l));
        // The writer appends to `rows`: hand over what it has and start a new array in place.
        await emit(rows.splice(0));
      },
      chunk,
    );
    writer.end();
    if (rows.length > 0) await emit(rows.splice(0));
  }
}
