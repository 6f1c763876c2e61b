/** Reads of the voucher calls: the filtered list, neighbours, a subject's balance, preparers. */
import type { Paged } from '../../shared/envelope.js';
import type { BalanceDirection } from '../../shared/constants.js';
import type { PreparerItem, SubjectBalanceResponse, Voucher, VoucherListQuery, YuanAmount } from '../../shared/api/vouchers.js';
import { fenToYuan, yuanToFen } from '../../shared/vouchers/amounts.js';
import type { VoucherRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import { likeContains, likePrefix } from '../db/like.js';
import type { Q } from '../subjects/subject-repository.js';
import { findVoucherRow, refuseMissingVoucher, toVouchers } from './repository.js';

export const DEFAULT_PAGE_SIZE = 200;

/** The list's filters as the query reads them: the year resolved, amounts in fen. */
export interface VoucherFilter extends Omit<VoucherListQuery, 'year' | 'minAmount' | 'maxAmount'> {
  year: number;
  minFen?: number;
  maxFen?: number;
}

/** An amount the schema let through (x-yuan: the same converter) in fen. */
function fenOf(yuan: YuanAmount | undefined): number | undefined {
  if (yuan === undefined) return undefined;
  const r = yuanToFen(yuan);
  if (!r.ok) refuse('BadRequest', r.message);
  return r.fen;
}

/** The query of GET certificate (validated by its schema) as the list's filter; empty texts filter nothing. */
export function listFilterOf(query: VoucherListQuery, sessionYear: number): VoucherFilter {
  const { minAmount, maxAmount, year, subjectCode, summary, ...rest } = query;
  return {
    ...rest,
    year: year ?? sessionYear,
    subjectCode: subjectCode || undefined,
    summary: summary?.trim() || undefined,
    minFen: fenOf(minAmount),
    maxFen: fenOf(maxAmount),
  };
}

/** The vouchers of the year matching every filter of the list (no order, no page). */
function filteredVouchers(q: Q, ztId: number, f: VoucherFilter) {
  let query = q.selectFrom('voucher as v').where('v.zt_id', '=', ztId).where('v.year', '=', f.year);
  if (f.beginMonth !== undefined) query = query.where('v.month', '>=', f.beginMonth);
  if (f.endMonth !== undefined) query = query.where('v.month', '<=', f.endMonth);
  if (f.certificateType !== undefined) query = query.where('v.certificate_type', '=', f.certificateType);
  if (f.beginPzNo !== undefined) query = query.where('v.pz_no', '>=', f.beginPzNo);
  if (f.endPzNo !== undefined) query = query.where('v.pz_no', '<=', f.endPzNo);
  if (f.status === 'unreviewed') query = query.where('v.is_review', '=', 0);
  if (f.status === 'reviewed') query = query.where('v.is_review', '=', 1);
  if (f.status === 'unbooked') query = query.where('v.is_book', '=', 0);
  if (f.status === 'booked') query = query.where('v.is_book', '=', 1);
  if (f.subjectCode !== undefined || f.summary !== undefined || f.minFen !== undefined || f.maxFen !== undefined) {
    // One line must match every line filter (a line of the subject, with the text, in the range).
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('voucher_line as l')
          .select('l.line_no')
          .whereRef('l.zt_id', '=', 'v.zt_id')
          .whereRef('l.voucher_id', '=', 'v.id')
          .$if(f.subjectCode !== undefined, (s) => s.where(likePrefix('l.subject_code', f.subjectCode ?? '')))
          .$if(f.summary !== undefined, (s) => s.where(likeContains('l.summary', f.summary ?? '')))
          .$if(f.minFen !== undefined, (s) =>
            s.where((eb) =>
              eb.or([
                eb('l.debit_amount', '>=', f.minFen ?? 0).and('l.debit_amount', '!=', 0),
                eb('l.credit_amount', '>=', f.minFen ?? 0).and('l.credit_amount', '!=', 0),
              ]),
            ),
          )
          .$if(f.maxFen !== undefined, (s) =>
            s.where((eb) =>
              eb.or([
                eb('l.debit_amount', '<=', f.maxFen ?? 0).and('l.debit_amount', '!=', 0),
                eb('l.credit_amount', '<=', f.maxFen ?? 0).and('l.credit_amount', '!=', 0),
              ]),
            ),
          ),
      ),
    );
  }
  return query;
}

/** Vouchers of the year matching every filter, ordered by month, category and number; 1-based pages. */
export async function listVouchers(q: Q, ztId: number, f: VoucherFilter): Promise<Paged<Voucher>> {
  const query = filteredVouchers(q, ztId, f);
  const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const pageSize = f.pageSize ?? DEFAULT_PAGE_SIZE;
  const rows = await query
    .selectAll('v')
    .orderBy('v.month')
    .orderBy('v.certificate_type')
    .orderBy('v.pz_no')
    .orderBy('v.id')
    .limit(pageSize)
    .offset(((f.pageIndex ?? 1) - 1) * pageSize)
    .execute();
  return { currentPageItems: await toVouchers(q, ztId, rows), totalItemCount: Number(total?.n ?? 0) };
}

/**
 * Every voucher the list's filters select, in the list's order, handed to `emit` chunk by chunk
 * (the export): keyset paging on (month, category, number, id), so each chunk is one indexed read
 * however far into the result it is, and memory holds one chunk.
 */
export async function forEachListedVoucher(
  q: Q,
  ztId: number,
  f: VoucherFilter,
  chunk: number,
  emit: (vouchers: Voucher[]) => Promise<void>,
): Promise<void> {
  let after: VoucherRow | undefined;
  for (;;) {
    const last = after;
    const rows = await filteredVouchers(q, ztId, f)
      .$if(last !== undefined, (query) =>
        query.where((eb) =>
          eb(
            eb.refTuple('v.month', 'v.certificate_type', 'v.pz_no', 'v.id'),
            '>',
            eb.tuple(last?.month ?? 0, last?.certificate_type ?? 0, last?.pz_no ?? 0, last?.id ?? ''),
          ),
        ),
      )
      .selectAll('v')
      .orderBy('v.month')
      .orderBy('v.certificate_type')
      .orderBy('v.pz_no')
      .orderBy('v.id')
      .limit(chunk)
      .execute();
    if (rows.length > 0) await emit(await toVouchers(q, ztId, rows));
    if (rows.length < chunk) return;
    after = rows[rows.length - 1];
  }
}

/** The previous or next voucher of the year by month, category and number; null at either end. */
export async function neighbour(
  q: Q,
  ztId: number,
  year: number,
  id: string | undefined,
  direction: 'prev' | 'next',
): Promise<Voucher | null> {
  let current: VoucherRow | undefined;
  if (id) {
    current = await findVoucherRow(q, ztId, id);
    if (!current) return refuseMissingVoucher(q, ztId, id);
  }
  let query = q
    .selectFrom('voucher')
    .selectAll()
    .where('zt_id', '=', ztId)
    .where('year', '=', current?.year ?? year);
  if (current) {
    const c = current;
    const op = direction === 'next' ? '>' : '<';
    query = query.where((eb) =>
      eb.or([
        eb('month', op, c.month),
        eb.and([eb('month', '=', c.month), eb('certificate_type', op, c.certificate_type)]),
        eb.and([eb('month', '=', c.month), eb('certificate_type', '=', c.certificate_type), eb('pz_no', op, c.pz_no)]),
      ]),
    );
  }
  const order = direction === 'next' ? 'asc' : 'desc';
  // Without a current voucher (a new one being typed), prev is the year's last and next its first.
  const row = await query
    .orderBy('month', order)
    .orderBy('certificate_type', order)
    .orderBy('pz_no', order)
    .limit(1)
    .executeTakeFirst();
  return row ? ((await toVouchers(q, ztId, [row]))[0] ?? null) : null;
}

/** Opening plus every voucher line of the subject and its descendants up to the month, in its direction. */
export async function subjectBalance(
  q: Q,
  ztId: number,
  year: number,
  month: number,
  code: string,
): Promise<SubjectBalanceResponse> {
  const subject = await q
    .selectFrom('subject')
    .select(['code', 'init_amount', 'balance_direction'])
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!subject) refuse('NotFound', `科目${code}不存在`);
  const sums = await q
    .selectFrom('voucher_line')
    .select((eb) => [
      eb.fn.sum<number | string | null>('debit_amount').as('d'),
      eb.fn.sum<number | string | null>('credit_amount').as('c'),
    ])
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .where('month', '<=', month)
    .where(likePrefix('subject_code', code))
    .executeTakeFirst();
  const net = Number(sums?.d ?? 0) - Number(sums?.c ?? 0);
  const direction = subject.balance_direction as BalanceDirection;
  const balance = subject.init_amount + (direction === 1 ? net : -net);
  return { code, balance: fenToYuan(balance), balanceDirection: direction };
}

export async function preparers(q: Q, ztId: number): Promise<PreparerItem[]> {
  const rows = await q
    .selectFrom('user_zt_level as z')
    .innerJoin('app_user as u', 'u.id', 'z.user_id')
    .innerJoin('user_level as l', 'l.id', 'z.user_level_id')
    .select(['u.name as userName', 'l.name as levelName'])
    .where('z.zt_id', '=', ztId)
    .where('u.enable', '=', 1)
    .orderBy('l.sort')
    .orderBy('u.name')
    .execute();
  return rows;
}
