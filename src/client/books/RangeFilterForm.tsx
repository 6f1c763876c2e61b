import type { FormEvent, ReactNode } from 'react';
import type { MonthRange } from './periods.js';
import { PeriodFields } from './PeriodFields.js';

/** The query form of a report over a month range: the period (with its shortcuts), the report's own fields, 查询. */
export function RangeFilterForm({
  title,
  range,
  onRange,
  onShortcut,
  onSubmit,
  busy,
  children,
}: {
  title: string;
  range: MonthRange;
  onRange: (range: MonthRange) => void;
  onShortcut: (range: MonthRange) => void;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  children?: ReactNode;
}) {
  return (
    <form className="books-filter" aria-label={`${title}查询条件`} onSubmit={onSubmit}>
      <PeriodFields range={range} onChange={onRange} onShortcut={onShortcut} />
      {children}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        查询
      </button>
    </form>
  );
}
