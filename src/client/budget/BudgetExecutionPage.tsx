/**
 * 预算执行表 (/budget-management/budget-execution): the year's budget per detail under its class
 * and category subtotals (opening and adjusted budget, spent, remaining, execution rate, control),
 * narrowed to a class or a category. A double-click (or Enter) on a detail opens its voucher lines
 * below the grid; 导出 downloads the server's workbook, whose remaining, rates, subtotals and total
 * are live formulas.
 */
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { budgetExecutionGrid, toBudgetExecutionGridRows, type BudgetExecutionGridRow } from '../../../grids/budget-execution.js';
import { Paths } from '../../shared/api/paths.js';
import type { BudgetExecutionQuery, BudgetExecutionResponse } from '../../shared/api/schemas/budget-reports.js';
import { EXPEND_CLASSES } from '../../shared/budget/classes.js';
import { GridEditor } from '../grid/GridEditor.js';
import { usePageTitle } from '../shell/page-title.js';
import { BudgetLinesPanel } from './BudgetLinesPanel.js';
import { BudgetReportHead } from './BudgetReportHead.js';
import { exportBudgetReport, loadBudgetExecution } from './budget-reports-api.js';
import '../books/books.css';
import './budget-reports.css';

type ClassCode = NonNullable<BudgetExecutionQuery['expendClass']>;

interface Category {
  typeId: string;
  name: string;
  classCode: string;
}

/** The query of the form: a category wins over a class (it names one block of it). */
function queryOf(expendClass: string, typeId: string): BudgetExecutionQuery {
  if (typeId) return { typeId };
  return expendClass ? { expendClass: expendClass as ClassCode } : {};
}

/** Whether a category is under the class (001 holds 00101 and 00102). */
function inClass(category: Category, expendClass: string): boolean {
  if (!expendClass) return true;
  const parent = EXPEND_CLASSES.find((c) => c.code === category.classCode)?.parent;
  return category.classCode === expendClass || parent === expendClass;
}

export function BudgetExecutionPage() {
  usePageTitle('预算执行表');
  const [expendClass, setExpendClass] = useState('');
  const [typeId, setTypeId] = useState('');
  const [answer, setAnswer] = useState<{ query: BudgetExecutionQuery; data: BudgetExecutionResponse } | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [busy, setBusy] = useState(false);
  const [drill, setDrill] = useState<string | null>(null);

  const apply = useCallback((query: BudgetExecutionQuery, data: BudgetExecutionResponse) => {
    setAnswer({ query, data });
    setDrill(null);
    if (!query.typeId && !query.expendClass) {
      setCategories(
        data.rows
          .filter((r) => r.kind === 'category' && r.typeId !== null)
          .map((r) => ({ typeId: r.typeId ?? '', name: r.name, classCode: r.classCode })),
      );
    }
  }, []);

  const load = async (query: BudgetExecutionQuery) => {
    setBusy(true);
    try {
      apply(query, await loadBudgetExecution(query));
    } catch {
      // the request wrapper shows the refusal
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    loadBudgetExecution({})
      .then((data) => apply({}, data))
      .catch(() => undefined); // the request wrapper shows the refusal
  }, [apply]);

  const rows = useMemo(() => (answer ? toBudgetExecutionGridRows(answer.data.rows) : []), [answer]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void load(queryOf(expendClass, typeId));
  };
  const total = answer?.data.total;

  return (
    <div className="books-page page-fill budget-report">
      <BudgetReportHead
        title="预算执行表"
        year={answer?.data.year}
        plan={answer?.data.plan}
        onExport={() =>
          answer ? exportBudgetReport(Paths.budgetExecutionExport, { ...answer.query }, '预算执行表.xlsx') : Promise.resolve()
        }
      />
      <form className="books-filter" aria-label="预算执行表查询条件" onSubmit={submit}>
        <label>
          <span>支出分类</span>
          <select
            aria-label="支出分类"
            value={expendClass}
            onChange={(e) => {
              setExpendClass(e.target.value);
              setTypeId('');
            }}
          >
            <option value="">全部</option>
            {EXPEND_CLASSES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.parent ? `\u3000${c.name}` : c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>类别</span>
          <select aria-label="类别" value={typeId} onChange={(e) => setTypeId(e.target.value)}>
            <option value="">全部</option>
            {categories
              .filter((c) => inClass(c, expendClass))
              .map((c) => (
                <option key={c.typeId} value={c.typeId}>
                  {c.name}
                </option>
              ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          查询
        </button>
      </form>
      {answer && (
        <>
          <GridEditor<BudgetExecutionGridRow>
            definition={budgetExecutionGrid}
            rows={rows}
            readOnly
            label="预算执行表"
            toolbarExport={false}
            onRowOpen={(rowId) => {
              const row = rows.find((r) => r.rowId === rowId);
              if (row?.budgetId) setDrill(row.budgetId);
            }}
            fill
          />
          <p className="muted">
            {total && total.executionRate !== null ? `合计执行率 ${total.executionRate}%。` : ''}
            双击明细行查看其凭证；已执行为本年带该项目、在其计入科目上的凭证行借方减贷方（含未记账凭证，不含结转凭证）。
          </p>
          {drill && <BudgetLinesPanel key={drill} budgetId={drill} onClose={() => setDrill(null)} />}
        </>
      )}
    </div>
  );
}
