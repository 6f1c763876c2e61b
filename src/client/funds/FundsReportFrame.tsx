/**
 * The frame of a funds report over a month range of the session year (经费上解台账, 上下级经费往来):
 * the header with the period answered and 导出 (the server's workbook, for a role holding the
 * page's export button), the filter form with the period, its shortcuts and the page's fields,
 * and the answer below. The range may come from the address (?beginTime=2026-03&endTime=2026-03,
 * the close check's jump).
 */
import { useState, type ReactNode } from 'react';
import { periodLabel } from '../books/periods.js';
import { RangeFilterForm } from '../books/RangeFilterForm.js';
import type { RangeReport } from '../books/range-report.js';
import { Permission } from '../shell/Permission.js';
import '../books/books.css';

export function FundsReportFrame<F extends { book: boolean }, X extends object, A>({
  title,
  report,
  onExport,
  fields,
  children,
}: {
  title: string;
  report: RangeReport<F, X, A>;
  onExport: () => Promise<void>;
  fields?: ReactNode;
  children: ReactNode;
}) {
  const { year, answer, range, setRange, busy, submit, shortcut } = report;
  const [exporting, setExporting] = useState(false);
  const exportNow = async () => {
    setExporting(true);
    await onExport().catch(() => undefined); // a failure is shown by the request wrapper
    setExporting(false);
  };
  return (
    <div className="books-page page-fill">
      <header className="books-head">
        <h1>{title}</h1>
        <span className="muted">{answer ? periodLabel(year, answer.range) : `${year}年`}</span>
        <span className="books-spacer" />
        <Permission value="export">
          <button type="button" className="btn" disabled={!answer || exporting} onClick={() => void exportNow()}>
            导出
          </button>
        </Permission>
      </header>
      <RangeFilterForm title={title} range={range} onRange={setRange} onShortcut={shortcut} onSubmit={submit} busy={busy}>
        {fields}
      </RangeFilterForm>
      {children}
    </div>
  );
}

/**
 * The months named by the address, or null (a malformed month, two years or a reversed range is
 * ignored). The session year is the server's to check: another year is refused there.
 */
export function rangeFromSearch(search: string): { beginMonth: number; endMonth: number } | null {
  const params = new URLSearchParams(search);
  const month = (key: string) => {
    const text = params.get(key);
    if (!text || !/^\d{4}-\d{2}$/.test(text) || text.slice(0, 4) !== params.get('beginTime')?.slice(0, 4)) return null;
    const m = Number(text.slice(5, 7));
    return m >= 1 && m <= 12 ? m : null;
  };
  const beginMonth = month('beginTime');
  const endMonth = month('endTime');
  return beginMonth !== null && endMonth !== null && beginMonth <= endMonth ? { beginMonth, endMonth } : null;
}
