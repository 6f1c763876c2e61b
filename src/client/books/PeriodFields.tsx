/**
 * The period of the report pages: a begin and an end month of the session year, and, when the
 * page runs its query at once on a shortcut, the quarter and whole-year shortcuts.
 */
import { PERIOD_SHORTCUTS, type MonthRange } from './periods.js';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** A month of the session year, as every filter bar and page picks one. */
export function MonthSelect({ label, value, onChange }: { label: string; value: number; onChange: (month: number) => void }) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {MONTHS.map((m) => (
        <option key={m} value={m}>
          {m}月
        </option>
      ))}
    </select>
  );
}

export function PeriodFields({
  range,
  onChange,
  onShortcut,
  labels = { caption: '期间', begin: '开始月份', end: '结束月份' },
}: {
  range: MonthRange;
  onChange: (range: MonthRange) => void;
  /** A shortcut picked: the page sets the range and queries. Without it, no shortcuts show. */
  onShortcut?: (range: MonthRange) => void;
  /** The caption and the two months' accessible names, where a page has its own words. */
  labels?: { caption: string; begin: string; end: string };
}) {
  return (
    <>
      <label>
        <span>{labels.caption}</span>
        <MonthSelect
          label={labels.begin}
          value={range.beginMonth}
          onChange={(beginMonth) => onChange({ ...range, beginMonth })}
        />
        至
        <MonthSelect label={labels.end} value={range.endMonth} onChange={(endMonth) => onChange({ ...range, endMonth })} />
      </label>
      {onShortcut && (
        <span className="books-shortcuts" role="group" aria-label="快捷期间">
          {PERIOD_SHORTCUTS.map((s) => (
            <button key={s.label} type="button" className="btn btn-link" onClick={() => onShortcut(s.range)}>
              {s.label}
            </button>
          ))}
        </span>
      )}
    </>
  );
}
