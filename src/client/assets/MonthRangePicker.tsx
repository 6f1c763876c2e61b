/** The month range of the asset reports: two months of the session year and 查询. */
import { useState } from 'react';
import { yearMonth, type MonthRange } from '../books/periods.js';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

export function MonthRangePicker(props: {
  year: number;
  initial: MonthRange;
  onQuery: (q: { beginTime: string; endTime: string }) => void;
}) {
  const [range, setRange] = useState(props.initial);
  const select = (name: string, value: number, set: (m: number) => void) => (
    <label>
      {name}
      <select aria-label={name} value={value} onChange={(e) => set(Number(e.target.value))}>
        {MONTHS.map((m) => (
          <option key={m} value={m}>
            {props.year}年{m}月
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      className="books-filters"
      onSubmit={(e) => {
        e.preventDefault();
        props.onQuery({ beginTime: yearMonth(props.year, range.beginMonth), endTime: yearMonth(props.year, range.endMonth) });
      }}
    >
      {select('开始期间', range.beginMonth, (m) => setRange((r) => ({ ...r, beginMonth: m })))}
      {select('结束期间', range.endMonth, (m) => setRange((r) => ({ ...r, endMonth: m })))}
      <button type="submit">查询</button>
    </form>
  );
}
