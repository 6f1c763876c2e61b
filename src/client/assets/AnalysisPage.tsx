/**
 * 收支分析 (/accounting-management/reports/analysis): revenue or expense per subject for a period of the session
 * year against the same period last year and the year to date; one subject month by month below (科目分析). A
 * double-click opens the subject's detail ledger for the period; 导出 downloads the server's workbook.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { analysisGrid, toAnalysisGridRow, type AnalysisGridRow } from '../../../grids/asset-analysis.js';
import { Paths } from '../../shared/api/paths.js';
import type { AccountAnalysisResponse, AnalysisResponse, PeriodQuery } from '../../shared/api/schemas/assets-reports.js';
import { detailAccountHref } from '../books/periods.js';
import { GridEditor } from '../grid/GridEditor.js';
import { usePageTitle } from '../shell/page-title.js';
import { useSession } from '../shell/session-store.js';
import { useWorkingMonth } from '../shell/working-month.js';
import { exportAssetReport, loadAccountAnalysis, loadAnalysis } from './asset-reports-api.js';
import { MonthRangePicker } from './MonthRangePicker.js';
import '../books/books.css';

type Kind = 'earnings' | 'outlay';

export function AnalysisPage() {
  usePageTitle('收支分析');
  const navigate = useNavigate();
  const year = useSession((s) => s.authInfo?.year) ?? new Date().getFullYear();
  const month = useWorkingMonth();
  const [kind, setKind] = useState<Kind>('earnings');
  const [query, setQuery] = useState<PeriodQuery>({
    beginTime: `${year}-01`,
    endTime: `${year}-${String(month).padStart(2, '0')}`,
  });
  const [answer, setAnswer] = useState<AnalysisResponse | null>(null);
  const [account, setAccount] = useState<AccountAnalysisResponse | null>(null);
  const run = useCallback((k: Kind, q: PeriodQuery) => {
    loadAnalysis(k, q)
      .then(setAnswer)
      .catch(() => undefined); // the request wrapper shows the refusal
  }, []);
  useEffect(() => run(kind, query), [run, kind, query]);
  const rows = useMemo(() => (answer ? answer.rows.map(toAnalysisGridRow) : []), [answer]);

  return (
    <div className="books-page page-fill">
      <h2>收支分析</h2>
      <div role="tablist">
        {(['earnings', 'outlay'] as const).map((k) => (
          <button key={k} type="button" role="tab" aria-selected={kind === k} onClick={() => setKind(k)}>
            {k === 'earnings' ? '收入分析' : '支出分析'}
          </button>
        ))}
        <button type="button" onClick={() => void exportAssetReport(Paths.analysisDataOut, { ...query, kind }, '收支分析.xlsx')}>
          导出
        </button>
      </div>
      <MonthRangePicker year={year} initial={{ beginMonth: 1, endMonth: month }} onQuery={setQuery} />
      <form
        className="books-filters"
        onSubmit={(e) => {
          e.preventDefault();
          const code = new FormData(e.currentTarget).get('code');
          if (typeof code === 'string' && code.trim() !== '')
            loadAccountAnalysis(code.trim())
              .then(setAccount)
              .catch(() => undefined); // the request wrapper shows the refusal
        }}
      >
        <label>
          科目分析
          <input name="code" aria-label="分析科目编码" placeholder="科目编码" />
        </label>
        <button type="submit">按月分析</button>
      </form>
      {answer && (
        <GridEditor<AnalysisGridRow>
          key={kind}
          definition={analysisGrid}
          rows={rows}
          readOnly
          label="收支分析"
          toolbarExport={false}
          onRowOpen={(code) => void navigate(detailAccountHref(code, answer.year, answer, false))}
          fill
        />
      )}
      {account && (
        <table aria-label="科目分析">
          <caption>
            {account.code} {account.name}
          </caption>
          <thead>
            <tr>
              <th>月份</th>
              <th>本月</th>
              <th>上年同月</th>
              <th>本年累计</th>
              <th>增减额</th>
              <th>增减率(%)</th>
            </tr>
          </thead>
          <tbody>
            {account.months.map((m) => (
              <tr key={m.month}>
                <td>{m.month}月</td>
                <td>{m.current.toFixed(2)}</td>
                <td>{m.lastYear.toFixed(2)}</td>
                <td>{m.yearToDate.toFixed(2)}</td>
                <td>{m.change.toFixed(2)}</td>
                <td>{m.changeRate ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
