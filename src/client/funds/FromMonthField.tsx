/** 适用起始月份: the month of the session year from which a unit's ratios apply (earlier months keep theirs). */
export function FromMonthField({ value, onChange }: { value: number; onChange: (month: number) => void }) {
  return (
    <label className="field funds-month">
      <span>适用起始月份</span>
      <select value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {Array.from({ length: 12 }, (_, i) => (
          <option key={i + 1} value={i + 1}>
            {i + 1}月
          </option>
        ))}
      </select>
    </label>
  );
}
