/**
 * The period of the report pages: a begin and an end month of the session year, and, when the
 * page runs its query at once on a shortcut, the quarter and whole-year shortcuts.
 */
import { PERIOD_SHORTCUTS, type MonthRange } from './periods.js';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

function MonthSelect({ label, value, onChange }: { label: string; value: number; onChange: (month: number) => void }) {
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
}: {
  range: MonthRange;
  onChange: (range: MonthRange) => void;
  /** A shortcut picked: the page sets the range and queries. Without it, no shortcuts show. */
  onShortcut?: (range: MonthRange) => void;
}) {
  return (
    <>
      <label>
        <span>期间</span>
        <MonthSelect label="开始月份" value={range.beginMonth} onChange={(beginMonth) => onChange({ ...range, beginMonth })} />
        至
        <MonthSelect label="结束月份" value={range.endMonth} onChange={(endMonth) => onChange({ ...range, endMonth })} />
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
