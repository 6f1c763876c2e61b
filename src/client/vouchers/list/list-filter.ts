/**
 * The voucher list's filter form as plain data: what the user typed (strings), checked and turned
 * into the list call's query. A bad entry gives a Chinese message instead of a query, so a typo
 * never silently widens the search.
 */
import { VOUCHER_STATUS_FILTERS, type VoucherListQuery, type VoucherStatusFilter } from '../../../shared/api/vouchers.js';
import { fenToYuanString, parseAmount } from '../../../shared/money.js';

export interface ListFilter {
  beginMonth: number;
  endMonth: number;
  /** null: every category. */
  certificateType: number | null;
  beginPzNo: string;
  endPzNo: string;
  subjectCode: string;
  summary: string;
  minAmount: string;
  maxAmount: string;
  status: VoucherStatusFilter;
}

export const LIST_PAGE_SIZE = 200;

export const STATUS_LABELS: Record<VoucherStatusFilter, string> = {
  all: '全部',
  unreviewed: '未审核',
  reviewed: '已审核',
  unbooked: '未记账',
  booked: '已记账',
};

/** The month being worked on, alone. */
export function defaultFilter(month: number): ListFilter {
  return {
    beginMonth: month,
    endMonth: month,
    certificateType: null,
    beginPzNo: '',
    endPzNo: '',
    subjectCode: '',
    summary: '',
    minAmount: '',
    maxAmount: '',
    status: 'all',
  };
}

/** The filter a link names (beginMonth, endMonth, status), the month being worked on otherwise. */
export function filterFromSearch(params: URLSearchParams, month: number): ListFilter {
  const monthOf = (name: string): number | null => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n >= 1 && n <= 12 ? n : null;
  };
  const begin = monthOf('beginMonth') ?? month;
  const end = monthOf('endMonth') ?? begin;
  const status = params.get('status');
  return {
    ...defaultFilter(begin),
    endMonth: Math.max(begin, end),
    status: (VOUCHER_STATUS_FILTERS as readonly string[]).includes(status ?? '') ? (status as VoucherStatusFilter) : 'all',
  };
}

type Built = { ok: true; query: VoucherListQuery } | { ok: false; message: string };

function number(text: string, label: string): { ok: true; value: number | undefined } | { ok: false; message: string } {
  const t = text.trim();
  if (t === '') return { ok: true, value: undefined };
  if (!/^\d+$/.test(t)) return { ok: false, message: `${label}只能输入数字` };
  return { ok: true, value: Number(t) };
}

function amount(text: string, label: string): { ok: true; value: string | undefined } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: undefined };
  const parsed = parseAmount(text);
  if (!parsed.ok) return { ok: false, message: `${label}：${parsed.message}` };
  return { ok: true, value: fenToYuanString(parsed.fen) };
}

export function buildQuery(filter: ListFilter, year: number, pageIndex: number): Built {
  if (filter.beginMonth > filter.endMonth) return { ok: false, message: '起始月份不能晚于结束月份' };
  const begin = number(filter.beginPzNo, '起始凭证号');
  if (!begin.ok) return begin;
  const end = number(filter.endPzNo, '结束凭证号');
  if (!end.ok) return end;
  if (begin.value !== undefined && end.value !== undefined && begin.value > end.value) {
    return { ok: false, message: '起始凭证号不能大于结束凭证号' };
  }
  const min = amount(filter.minAmount, '最小金额');
  if (!min.ok) return min;
  const max = amount(filter.maxAmount, '最大金额');
  if (!max.ok) return max;
  if (min.value !== undefined && max.value !== undefined && Number(min.value) > Number(max.value)) {
    return { ok: false, message: '最小金额不能大于最大金额' };
  }
  const query: VoucherListQuery = {
    year,
    beginMonth: filter.beginMonth,
    endMonth: filter.endMonth,
    status: filter.status,
    pageIndex,
    pageSize: LIST_PAGE_SIZE,
  };
  if (filter.certificateType !== null) query.certificateType = filter.certificateType;
  if (begin.value !== undefined) query.beginPzNo = begin.value;
  if (end.value !== undefined) query.endPzNo = end.value;
  if (filter.subjectCode.trim()) query.subjectCode = filter.subjectCode.trim();
  if (filter.summary.trim()) query.summary = filter.summary.trim();
  if (min.value !== undefined) query.minAmount = min.value;
  if (max.value !== undefined) query.maxAmount = max.value;
  return { ok: true, query };
}
