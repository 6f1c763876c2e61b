/** The head of a budget report: its title, the year and the plan's state, and 导出 for a role holding the export button. */
import { useState } from 'react';
import { Permission } from '../shell/Permission.js';

export function BudgetReportHead({
  title,
  year,
  plan,
  onExport,
}: {
  title: string;
  year: number | undefined;
  plan: { state: string; stateName: string } | undefined;
  onExport: () => Promise<void>;
}) {
  const [exporting, setExporting] = useState(false);
  const exportNow = async () => {
    setExporting(true);
    await onExport().catch(() => undefined); // a failure is shown by the request wrapper
    setExporting(false);
  };
  return (
    <header className="books-head">
      <h1>{title}</h1>
      {year !== undefined && <span className="muted">{year}年</span>}
      {plan && (
        <span className={`budget-plan-state budget-plan-${plan.state}`} aria-label="方案状态">
          方案{plan.stateName}
        </span>
      )}
      <span className="books-spacer" />
      <Permission value="export">
        <button type="button" className="btn" disabled={year === undefined || exporting} onClick={() => void exportNow()}>
          导出
        </button>
      </Permission>
    </header>
  );
}
