/**
 * 资产负债情况表 (/accounting-management/reports/assets-debt): the asset and liability subjects of a period of the
 * session year with the asset register beside the ledger and the difference that must be 0. A double-click opens
 * the subject's detail ledger for the same period; 导出 downloads the server's workbook.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { assetsDebtGrid, toAssetsDebtGridRow, type AssetsDebtGridRow } from '../../../grids/asset-debt.js';
import { Paths } from '../../shared/api/paths.js';
import type { AssetsDebtResponse, PeriodQuery } from '../../shared/api/schemas/assets-reports.js';
import { formatFen } from '../../shared/money.js';
import { detailAccountHref } from '../books/periods.js';
import { GridEditor } from '../grid/GridEditor.js';
import { usePageTitle } from '../shell/page-title.js';
import { useSession } from '../shell/session-store.js';
import { useWorkingMonth } from '../shell/working-month.js';
import { exportAssetReport, loadAssetsDebt } from './asset-reports-api.js';
import { MonthRangePicker } from './MonthRangePicker.js';
import '../books/books.css';

export function AssetsDebtPage() {
  usePageTitle('资产负债情况表');
  const navigate = useNavigate();
  const year = useSession((s) => s.authInfo?.year) ?? new Date().getFullYear();
  const month = useWorkingMonth();
  const [query, setQuery] = useState<PeriodQuery>({
    beginTime: `${year}-01`,
    endTime: `${year}-${String(month).padStart(2, '0')}`,
  });
  const [answer, setAnswer] = useState<AssetsDebtResponse | null>(null);
  useEffect(() => {
    loadAssetsDebt(query)
      .then(setAnswer)
      .catch(() => undefined); // the request wrapper shows the refusal
  }, [query]);
  const rows = useMemo(() => (answer ? answer.rows.map(toAssetsDebtGridRow) : []), [answer]);
  const [totals, setTotals] = useState<Record<string, number>>({});

  return (
    <div className="books-page page-fill">
      <h2>资产负债情况表</h2>
      <MonthRangePicker year={year} initial={{ beginMonth: 1, endMonth: month }} onQuery={setQuery} />
      {answer && (
        <>
          <p role="status" className={answer.zero ? 'muted' : 'budget-warn-over'}>
            {answer.zero ? '资产台账与账簿一致（差额为0）。' : '资产台账与账簿不一致：请查看差额不为0的科目。'}
            <button
              type="button"
              onClick={() =>
                query && void exportAssetReport(Paths.reportAssetsDebtZeroAsyncDataOut, { ...query }, '资产负债情况表.xlsx')
              }
            >
              导出
            </button>
          </p>
          <p className="asset-debt-totals" aria-label="期末余额合计">
            {`资产期末余额合计 ${formatFen(totals.assetsEnd ?? 0, { thousands: true })}\u3000负债期末余额合计 ${formatFen(totals.debtsEnd ?? 0, { thousands: true })}`}
          </p>
          <GridEditor<AssetsDebtGridRow>
            definition={assetsDebtGrid}
            rows={rows}
            readOnly
            label="资产负债情况表"
            toolbarExport={false}
            onTotals={setTotals}
            onRowOpen={(code) => void navigate(detailAccountHref(code, answer.year, answer, false))}
            fill
          />
        </>
      )}
    </div>
  );
}
