/** The fields of a list's filter form in the user center: a date range, a text box, 查询 and 重置. */
import type { ReactNode } from 'react';

interface DateRangeProps {
  begin: string | undefined;
  end: string | undefined;
  onBegin: (value: string) => void;
  onEnd: (value: string) => void;
}

export function DateRangeFilter({ begin, end, onBegin, onEnd }: DateRangeProps) {
  return (
    <label>
      <span>日期</span>
      <input type="date" aria-label="起始日期" value={begin ?? ''} onChange={(e) => onBegin(e.target.value)} />
      至
      <input type="date" aria-label="截止日期" value={end ?? ''} onChange={(e) => onEnd(e.target.value)} />
    </label>
  );
}

interface TextFilterProps {
  label: ReactNode;
  ariaLabel: string;
  value: string | undefined;
  onChange: (value: string) => void;
}

export function TextFilter({ label, ariaLabel, value, onChange }: TextFilterProps) {
  return (
    <label>
      <span>{label}</span>
      <input type="text" aria-label={ariaLabel} value={value ?? ''} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** 查询 submits the form; 重置 clears it and lists again. */
export function FilterButtons({ onReset }: { onReset: () => void }) {
  return (
    <>
      <button type="submit" className="btn btn-primary">
        查询
      </button>
      <button type="button" className="btn" onClick={onReset}>
        重置
      </button>
    </>
  );
}
