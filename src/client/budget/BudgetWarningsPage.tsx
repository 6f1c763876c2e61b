/**
 * 支出预警 (/budget-management/zhichu-yujing): the details of the approved plan whose execution
 * reached their warning threshold or passed their budget, worst first, with their control. Before
 * the plan is approved nothing is in force and the list says so. A double-click opens a detail's
 * voucher lines; 导出 downloads the server's workbook.
 */
import { useEffect, useMemo, useState } from 'react';
import { budgetWarningsGrid, toBudgetWarningGridRow, type BudgetWarningGridRow } from '../../../grids/budget-warnings.js';
import { Paths } from '../../shared/api/paths.js';
import type { BudgetWarningsResponse } from '../../shared/api/schemas/budget-reports.js';
import { GridEditor } from '../grid/GridEditor.js';
import { usePageTitle } from '../shell/page-title.js';
import { BudgetLinesPanel } from './BudgetLinesPanel.js';
import { BudgetReportHead } from './BudgetReportHead.js';
import { exportBudgetReport, loadBudgetWarnings } from './budget-reports-api.js';
import '../books/books.css';
import './budget-reports.css';

export function BudgetWarningsPage() {
  usePageTitle('支出预警');
  const [answer, setAnswer] = useState<BudgetWarningsResponse | null>(null);
  const [drill, setDrill] = useState<string | null>(null);
  useEffect(() => {
    loadBudgetWarnings()
      .then(setAnswer)
      .catch(() => undefined); // the request wrapper shows the refusal
  }, []);
  const rows = useMemo(() => (answer ? answer.rows.map(toBudgetWarningGridRow) : []), [answer]);
  const over = answer?.rows.filter((r) => r.overBudget).length ?? 0;

  return (
    <div className="books-page page-fill budget-report">
      <BudgetReportHead
        title="支出预警"
        year={answer?.year}
        plan={answer?.plan}
        onExport={() => exportBudgetReport(Paths.budgetWarningsExport, {}, '支出预警.xlsx')}
      />
      {answer && answer.plan.state !== 'approved' && (
        <p className="muted" role="status">
          预算方案{answer.plan.stateName}，批复后才按预警阈值预警。
        </p>
      )}
      {answer && answer.plan.state === 'approved' && (
        <p role="status" className={over > 0 ? 'budget-warn-over' : 'muted'}>
          {rows.length === 0 ? '没有达到预警阈值的预算明细。' : `${rows.length} 个明细达到预警阈值，其中 ${over} 个已超预算。`}
        </p>
      )}
      {answer && (
        <>
          <GridEditor<BudgetWarningGridRow>
            definition={budgetWarningsGrid}
            rows={rows}
            readOnly
            label="支出预警"
            toolbarExport={false}
            onRowOpen={(rowId) => setDrill(rowId)}
            fill
          />
          {drill && <BudgetLinesPanel key={drill} budgetId={drill} onClose={() => setDrill(null)} />}
        </>
      )}
    </div>
  );
}
