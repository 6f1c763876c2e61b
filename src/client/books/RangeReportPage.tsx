/**
 * The frame of a books report over a month range (总账, 科目余额表): the header with the period
 * answered and 打印 (plus the page's own actions), the filter form with the period and its
 * shortcuts, the page's fields and 查询, the page's answer below, and the print preview of the
 * query answered.
 */
import { useState, type ReactNode } from 'react';
import { PdfPreviewDialog } from '../print/PdfPreviewDialog.js';
import { periodLabel } from './periods.js';
import type { PeriodQuery, RangeReport } from './range-report.js';
import './books.css';
import { RangeFilterForm } from './RangeFilterForm.js';

export function RangeReportPage<F extends { book: boolean }, X extends object, A>({
  title,
  report,
  print,
  actions,
  fields,
  children,
}: {
  title: string;
  report: RangeReport<F, X, A>;
  /** The PDF of an answered query. */
  print: (query: PeriodQuery & Partial<X>) => Promise<Uint8Array>;
  /** Header buttons after 打印. */
  actions?: ReactNode;
  /** The filter fields after the period. */
  fields: ReactNode;
  children: ReactNode;
}) {
  const { year, answer, range, setRange, busy, submit, shortcut } = report;
  const [printing, setPrinting] = useState(false);
  return (
    <div className="books-page page-fill">
      <header className="books-head">
        <h1>{title}</h1>
        <span className="muted">{answer ? periodLabel(year, answer.range) : `${year}年`}</span>
        <span className="books-spacer" />
        <button type="button" className="btn" disabled={!answer} onClick={() => setPrinting(true)}>
          打印
        </button>
        {actions}
      </header>
      <RangeFilterForm title={title} range={range} onRange={setRange} onShortcut={shortcut} onSubmit={submit} busy={busy}>
        {fields}
      </RangeFilterForm>
      {children}
      {printing && answer && (
        <PdfPreviewDialog
          title={title}
          paper="A4 横向"
          fileName={`${title}_${periodLabel(year, answer.range)}.pdf`}
          load={() => print(answer.query)}
          onClose={() => setPrinting(false)}
        />
      )}
    </div>
  );
}
