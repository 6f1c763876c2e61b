/**
 * 资产负债表 and 收入支出表 (/accounting-management/reports/balance-sheet, /income-expense): a period of
 * the session year (months, quarters, the whole year = the annual report), the book option and, on
 * the balance sheet, carryOver (revenue and expense not yet closed shown in net assets, on by
 * default so the sheet balances before the year's closing); the form in the read-only grid editor
 * (the balance sheet's halves side by side as printed), a visible check that assets equal
 * liabilities plus net assets, the server's workbook (live formulas; the grid toolbar's 导出Excel)
 * and PDF print. Double-click
 * on a line opens the detail ledger of its first subject; the line's subjects are listed below the
 * grid, each opening its own detail ledger.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ReportLineView, ReportResponse } from '../../shared/api/reports.js';
import type { GridDefinition, GridRow } from '../../shared/grid/definition.js';
import { formatFen } from '../../shared/money.js';
import {
  balanceSheetGrid,
  balanceSheetGridAnnual,
  reportRows,
  toBalanceSheetRows,
  type ReportRowLines,
} from '../../../grids/balance-sheet.js';
import { incomeExpenseGrid, incomeExpenseGridAnnual, toIncomeExpenseRows } from '../../../grids/income-expense.js';
import { GridEditor } from '../grid/GridEditor.js';
import { messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { cspNonce } from '../shell/csp-nonce.js';
import { useSession } from '../shell/session-store.js';
import { detailAccountHref, yearMonth, type MonthRange } from '../books/periods.js';
import {
  downloadAllReportsXlsx,
  downloadReportXlsx,
  fetchReportPdf,
  loadReport,
  reportFileName,
  type ReportPageKind,
  type ReportQuery,
} from './reports-api.js';
import { PdfPreviewDialog } from '../print/PdfPreviewDialog.js';
import '../books/books.css';
import './reports.css';
import { PeriodFields } from '../books/PeriodFields.js';
import { useWorkingMonth } from '../shell/working-month.js';

const TITLES: Record<ReportPageKind, string> = { 'balance-sheet': '资产负债表', 'income-expense': '收入支出表' };

interface Options {
  book: boolean;
  carryOver: boolean;
}

interface Answer {
  report: ReportResponse;
  query: ReportQuery;
  range: MonthRange;
  rows: GridRow[];
  lines: Map<string, ReportRowLines>;
}

function definitionFor(report: ReportResponse): GridDefinition<GridRow> {
  const annual = report.mode === 'annual';
  const def =
    report.kind === 'balance-sheet'
      ? annual
        ? balanceSheetGridAnnual
        : balanceSheetGrid
      : annual
        ? incomeExpenseGridAnnual
        : incomeExpenseGrid;
  return def as unknown as GridDefinition<GridRow>;
}

function toAnswer(report: ReportResponse, query: ReportQuery, range: MonthRange): Answer {
  const rows = (report.kind === 'balance-sheet' ? toBalanceSheetRows(report) : toIncomeExpenseRows(report)) as GridRow[];
  const lines = new Map([...reportRows(report)].map(([row, halves]) => [`r${row}`, halves]));
  return { report, query, range, rows, lines };
}

/** Bold for the headings and totals the form prints in bold, per half of the row. */
function emphasisCss(answer: Answer): string {
  const rules: string[] = [];
  for (const [rowId, halves] of answer.lines) {
    for (const part of ['left', 'right'] as const) {
      const line = halves[part];
      if (!line || !(line.bold || line.total)) continue;
      const ids =
        answer.report.kind === 'balance-sheet'
          ? ['Name', 'No', 'Opening', 'Closing'].map((c) => `${part}${c}`)
          : ['name', 'no', 'current', 'cumulative'];
      for (const id of ids) rules.push(`.report-grid .ag-row[row-id="${rowId}"] .ag-cell[col-id="${id}"]`);
    }
  }
  return rules.length ? `${rules.join(',\n')} { font-weight: 600; }` : '';
}

function CheckLine({ report }: { report: ReportResponse }) {
  if (report.checks.length === 0) return null;
  return (
    <div className={`trial-check ${report.balanced ? 'ok' : 'bad'}`} role="status" aria-label="报表校验">
      <b>
        {report.checks.map((c) => c.name).join('；')}：{report.balanced ? '报表平衡' : '报表不平衡'}
      </b>
      {report.checks.map((check) =>
        report.columns
          .filter((c) => c.hasData)
          .map((c) => {
            const col = check.columns[c.id];
            if (!col || col.left === null || col.right === null) return null;
            return (
              <span key={`${check.name}-${c.id}`}>
                {c.name}：资产 {formatFen(col.left)} / 负债和净资产 {formatFen(col.right)}
                {col.left !== col.right && <em>（差额 {formatFen(col.left - col.right)}）</em>}
              </span>
            );
          }),
      )}
      {!report.carryOver && !report.balanced && report.kind === 'balance-sheet' && (
        <span className="muted">本年收支尚未结转时，可勾选“未结转收支计入净资产”。</span>
      )}
    </div>
  );
}

export function ReportPage({ kind }: { kind: ReportPageKind }) {
  const title = TITLES[kind];
  usePageTitle(title);
  const navigate = useNavigate();
  const authInfo = useSession((s) => s.authInfo);
  const year = authInfo?.year ?? new Date().getFullYear();
  const month = useWorkingMonth();
  const [range, setRange] = useState<MonthRange>({ beginMonth: month, endMonth: month });
  const [options, setOptions] = useState<Options>({ book: false, carryOver: true });
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [focused, setFocused] = useState<{ rowId: string; part: 'left' | 'right' } | null>(null);
  const lastColumn = useRef<string>('');

  const queryOf = useCallback(
    (r: MonthRange, o: Options): ReportQuery => ({
      beginYearMonth: yearMonth(year, r.beginMonth),
      endYearMonth: yearMonth(year, r.endMonth),
      book: o.book,
      ...(kind === 'balance-sheet' ? { carryOver: o.carryOver } : {}),
    }),
    [year, kind],
  );

  const run = useCallback(
    async (r: MonthRange, o: Options) => {
      if (r.beginMonth > r.endMonth) {
        await messageBox.alert('开始月份不能晚于结束月份', { tone: 'warning' });
        return;
      }
      setBusy(true);
      try {
        const query = queryOf(r, o);
        setAnswer(toAnswer(await loadReport(kind, query), query, r));
      } catch {
        // shown by the request wrapper
      } finally {
        setBusy(false);
      }
    },
    [kind, queryOf],
  );

  const [first] = useState(() => ({ range, options }));
  useEffect(() => {
    let active = true;
    const query = queryOf(first.range, first.options);
    loadReport(kind, query).then(
      (report) => active && setAnswer(toAnswer(report, query, first.range)),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [kind, first, queryOf]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(range, options);
  };

  const exportXlsx = async () => {
    if (!answer) return;
    try {
      await downloadReportXlsx(kind, answer.query, reportFileName(answer.report, 'xlsx'));
    } catch {
      // shown by the request wrapper
    }
  };

  /** The period's trial balance, balance sheet and income statement in one workbook, one sheet each. */
  const exportAll = async () => {
    if (!answer) return;
    try {
      await downloadAllReportsXlsx(answer.query, `会计报表_${answer.report.period}.xlsx`);
    } catch {
      // shown by the request wrapper
    }
  };

  /** The line a grid row's half shows (a statement has only the left half). */
  const lineAt = (rowId: string, part: 'left' | 'right'): ReportLineView | null => answer?.lines.get(rowId)?.[part] ?? null;
  const partOf = (columnId: string): 'left' | 'right' => (columnId.startsWith('right') ? 'right' : 'left');
  const ledgerHref = (code: string) => (answer ? detailAccountHref(code, year, answer.range, answer.report.book) : '');

  const open = (rowId: string) => {
    const line = lineAt(rowId, partOf(lastColumn.current));
    const code = line?.codes[0];
    if (code) void navigate(ledgerHref(code));
  };

  const focusedLine = focused ? lineAt(focused.rowId, focused.part) : null;

  return (
    <div className="books-page report-page">
      <header className="books-head">
        <h1>{title}</h1>
        {answer && (
          <>
            <span className="muted">{answer.report.period}</span>
            <span className="muted">{answer.report.formNo}</span>
          </>
        )}
        <span className="books-spacer" />
        <button
          type="button"
          className="btn"
          disabled={!answer}
          title="科目余额表、资产负债表和收入支出表各一张工作表，报表各行为对科目余额表的公式"
          onClick={() => void exportAll()}
        >
          导出全部报表
        </button>
        <button type="button" className="btn" disabled={!answer} onClick={() => setPrinting(true)}>
          打印
        </button>
      </header>
      <form className="books-filter" aria-label={`${title}查询条件`} onSubmit={submit}>
        <PeriodFields
          range={range}
          onChange={setRange}
          onShortcut={(r) => {
            setRange(r);
            void run(r, options);
          }}
        />
        <label className="books-check">
          <input type="checkbox" checked={options.book} onChange={(e) => setOptions((o) => ({ ...o, book: e.target.checked }))} />
          只含已记账凭证
        </label>
        {kind === 'balance-sheet' && (
          <label className="books-check">
            <input
              type="checkbox"
              checked={options.carryOver}
              onChange={(e) => setOptions((o) => ({ ...o, carryOver: e.target.checked }))}
            />
            未结转收支计入净资产
          </label>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          查询
        </button>
      </form>
      {answer && (
        <>
          <div className="report-meta muted">
            <span>编制单位：{answer.report.unitName}</span>
            <span>{answer.report.period}</span>
            <span>单位：元</span>
          </div>
          <CheckLine report={answer.report} />
          {answer.report.uncovered.length > 0 && (
            <p className="report-warning" role="alert">
              以下科目有余额但不在报表的任何一行：{answer.report.uncovered.join('、')}
            </p>
          )}
          <style nonce={cspNonce()}>{emphasisCss(answer)}</style>
          <div
            className={`report-grid report-grid-${kind}`}
            onMouseDownCapture={(e) => {
              const cell = (e.target as HTMLElement).closest('.ag-cell');
              lastColumn.current = cell?.getAttribute('col-id') ?? '';
              const rowId = cell?.closest('.ag-row')?.getAttribute('row-id');
              if (rowId) setFocused({ rowId, part: partOf(lastColumn.current) });
            }}
          >
            <GridEditor<GridRow>
              definition={definitionFor(answer.report)}
              rows={answer.rows}
              readOnly
              label={title}
              onRowOpen={open}
              onExport={() => void exportXlsx()}
              exportInfo={{ unit: answer.report.unitName, period: answer.report.period }}
              // A form is a few dozen lines: show it whole, as printed (the page scrolls).
              maxHeight={answer.rows.length * 40 + 120}
            />
          </div>
          <p className="muted report-drill" aria-live="polite">
            {focusedLine && focusedLine.codes.length > 0 ? (
              <>
                {focusedLine.name.trim()} 取数科目：
                {focusedLine.codes.map((code) => (
                  <Link key={code} to={ledgerHref(code)}>
                    {code}
                  </Link>
                ))}
              </>
            ) : (
              '双击报表行打开其科目本期间的明细账。'
            )}
          </p>
        </>
      )}
      {printing && answer && (
        <PdfPreviewDialog
          title={title}
          paper="A4 纵向"
          fileName={reportFileName(answer.report, 'pdf')}
          load={() => fetchReportPdf(kind, answer.query)}
          onClose={() => setPrinting(false)}
        />
      )}
    </div>
  );
}

export function BalanceSheetPage() {
  return <ReportPage kind="balance-sheet" />;
}

export function IncomeExpensePage() {
  return <ReportPage kind="income-expense" />;
}
