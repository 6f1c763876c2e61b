/**
 * The query side of the books reports over a month range of the session year (总账, 科目余额表):
 * the range and the page's filters, the first answer loaded at once for the first range alone,
 * 查询 with the range checked, and the answer kept with the range, booked-only switch and query
 * it answers (the header's period, double-click links and printing read those, not the form).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { messageBox } from '../message-box/message-box.js';
import { useSession } from '../shell/session-store.js';
import { yearMonth, type MonthRange } from './periods.js';
import { useWorkingMonth } from '../shell/working-month.js';

/** False, after telling the user, for a range that ends before it begins. */
export async function rangeAccepted(r: MonthRange): Promise<boolean> {
  if (r.beginMonth <= r.endMonth) return true;
  await messageBox.alert('开始月份不能晚于结束月份', { tone: 'warning' });
  return false;
}

export interface PeriodQuery {
  beginTime: string;
  endTime: string;
}

export interface RangeAnswer<Q, A> {
  data: A;
  range: MonthRange;
  book: boolean;
  /** The query the data answers (printed as shown). */
  query: Q;
}

export interface RangeReportOptions<F extends { book: boolean }, X extends object, A> {
  /** The range shown first, given this month of the session year (December for a past year). */
  firstRange: (month: number) => MonthRange;
  /** The filters' first values. */
  filters: F;
  /** The query fields besides the period (blank texts left out). */
  filtersOf: (filters: F) => X;
  load: (query: PeriodQuery & Partial<X>, year: number) => Promise<A>;
}

export function useRangeReport<F extends { book: boolean }, X extends object, A>(options: RangeReportOptions<F, X, A>) {
  // The page's functions as first given: the callbacks below need not follow them.
  const [{ firstRange, filtersOf, load }] = useState(() => options);
  const authInfo = useSession((s) => s.authInfo);
  const year = authInfo?.year ?? new Date().getFullYear();
  const month = useWorkingMonth();
  const [range, setRange] = useState<MonthRange>(() => firstRange(month));
  const [filters, setFilters] = useState<F>(options.filters);
  const [answer, setAnswer] = useState<RangeAnswer<PeriodQuery & Partial<X>, A> | null>(null);
  const [busy, setBusy] = useState(false);

  /** The answer for a range: with the filters' query fields, or for the first answer the range alone. */
  const answerOf = useCallback(
    async (r: MonthRange, f: F | null): Promise<RangeAnswer<PeriodQuery & Partial<X>, A>> => {
      const rest: Partial<X> = f ? filtersOf(f) : {};
      const q = { beginTime: yearMonth(year, r.beginMonth), endTime: yearMonth(year, r.endMonth), ...rest };
      return { data: await load(q, year), range: r, book: f?.book ?? false, query: q };
    },
    [year, filtersOf, load],
  );

  const query = useCallback(
    async (r: MonthRange, f: F) => {
      if (!(await rangeAccepted(r))) return;
      setBusy(true);
      const next = await answerOf(r, f).catch(() => null); // a failure is shown by the request wrapper
      setBusy(false);
      if (next) setAnswer(next);
    },
    [answerOf],
  );

  const [first] = useState(() => range);
  useEffect(() => {
    let active = true;
    answerOf(first, null).then(
      (a) => active && setAnswer(a),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [answerOf, first]);

  /** A period shortcut: the range set and queried at once. */
  const shortcut = (r: MonthRange) => {
    setRange(r);
    void query(r, filters);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void query(range, filters);
  };
  /** One filter changed. */
  const setFilter = <K extends keyof F>(key: K, value: F[K]) => setFilters((f) => ({ ...f, [key]: value }));

  return { authInfo, year, range, setRange, filters, setFilter, answer, busy, query, submit, shortcut };
}

export type RangeReport<F extends { book: boolean }, X extends object, A> = ReturnType<typeof useRangeReport<F, X, A>>;
