/** Reads of the voucher calls: the filtered list, neighbours, a subject's balance, preparers. */
import type { Paged } from '../../shared/envelope.js';
import type { BalanceDirection } from '../../shared/constants.js';
import {
  VOUCHER_STATUS_FILTERS,
  type PreparerItem,
  type SubjectBalanceResponse,
  type Voucher,
  type VoucherListQuery,
  type VoucherStatusFilter,
} from '../../shared/api/vouchers.js';
import { fenToYuan, yuanToFen } from '../../shared/vouchers/amounts.js';
import { INT_COLUMN_MAX } from '../../shared/vouchers/rules.js';
import type { VoucherRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import { likeContains, likePrefix } from '../db/like.js';
import type { Q } from '../subjects/subject-repository.js';
import { findVoucherRow, refuseMissingVoucher, toVouchers } from './repository.js';

export const DEFAULT_PAGE_SIZE = 200;
export const MAX_PAGE_SIZE = 1000;

type Raw = Record<string, string | undefined>;

function int(raw: Raw, name: string, required = false): number | undefined {
  const v = raw[name];
  if (v === undefined || v === '') {
    if (required) refuse('BadRequest', `缺少参数${name}`);
    return undefined;
  }
  if (!/^-?\d{1,10}$/.test(v.trim()) || Math.abs(Number(v)) > INT_COLUMN_MAX) refuse('BadRequest', `参数${name}必须是整数`);
  return Number(v);
}

function fen(raw: Raw, name: string): number | undefined {
  const v = raw[name];
  if (v === undefined || v === '') return undefined;
  const r = yuanToFen(v);
  if (!r.ok) refuse('BadRequest', `参数${name}: ${r.message}`);
  return r.fen;
}

/** The query string of GET certificate read into VoucherListQuery (fen amounts). */
export function readListQuery(raw: Raw): VoucherListQuery & { minFen?: number; maxFen?: number } {
  const status = (raw.status ?? 'all') as VoucherStatusFilter;
  if (!VOUCHER_STATUS_FILTERS.includes(status)) refuse('BadRequest', '参数status无效');
  const pageSize = int(raw, 'pageSize') ?? DEFAULT_PAGE_SIZE;
  const pageIndex = int(raw, 'pageIndex') ?? 1;
  if (pageSize < 1 || pageSize > MAX_PAGE_SIZE || pageIndex < 1) refuse('BadRequest', '分页参数无效');
  const subjectCode = raw.subjectCode?.trim() || undefined;
  if (subjectCode && !/^[\w]+$/.test(subjectCode)) refuse('BadRequest', '参数subjectCode无效');
  return {
    year: int(raw, 'year', true) ?? 0,
    beginMonth: int(raw, 'beginMonth'),
    endMonth: int(raw, 'endMonth'),
    certificateType: int(raw, 'certificateType'),
    beginPzNo: int(raw, 'beginPzNo'),
    endPzNo: int(raw, 'endPzNo'),
    subjectCode,
    summary: raw.summary?.trim() || undefined,
    minFen: fen(raw, 'minAmount'),
    maxFen: fen(raw, 'maxAmount'),
    status,
    pageIndex,
    pageSize,
  };
}

/** Vouchers of the year matching every filter, ordered by month, category and number; 1-based pages. */
export async function listVouchers(q: Q, ztId: number, f: ReturnType<typeof readListQuery>): Promise<Paged<Voucher>> {
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
  const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const pageSize = f.pageSize ?? DEFAULT_PAGE_SIZE;
  const rows = await query
    .selectAll('v')
    .orderBy('v.month')
    .orderBy('v.certificate_type')
    .orderBy('v.pz_no')
    .limit(pageSize)
    .offset(((f.pageIndex ?? 1) - 1) * pageSize)
    .execute();
  return { currentPageItems: await toVouchers(q, ztId, rows), totalItemCount: Number(total?.n ?? 0) };
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
