/**
 * 上下级经费往来 (/funds-management/funds-payables): per funds unit, what is owed to the superiors
 * (211) and to the lower unions (212) over a range: opening, accrued, remitted and closing. A
 * double-click on a unit opens the 211 detail ledger of the range. 导出 downloads the server's
 * workbook, its totals live formulas.
 */
import { useLocation, useNavigate } from 'react-router';
import { fundsPayablesGrid, toFundsPayablesGridRow, type FundsPayablesGridRow } from '../../../grids/funds-payables.js';
import { Paths } from '../../shared/api/paths.js';
import type { FundsPayablesQuery } from '../../shared/api/schemas/funds-reports.js';
import { detailAccountHref } from '../books/periods.js';
import { useRangeReport } from '../books/range-report.js';
import { GridEditor } from '../grid/GridEditor.js';
import { usePageTitle } from '../shell/page-title.js';
import { exportFundsReport, loadFundsPayables } from './funds-reports-api.js';
import { FundsReportFrame, rangeFromSearch } from './FundsReportFrame.js';

export function FundsPayablesPage() {
  usePageTitle('上下级经费往来');
  const navigate = useNavigate();
  const { search } = useLocation();
  const report = useRangeReport({
    firstRange: (month: number) => rangeFromSearch(search) ?? { beginMonth: 1, endMonth: month },
    filters: { book: false },
    filtersOf: () => ({}),
    load: async (query: FundsPayablesQuery): Promise<FundsPayablesGridRow[]> =>
      (await loadFundsPayables(query)).rows.map(toFundsPayablesGridRow),
  });
  const { answer, year } = report;

  return (
    <FundsReportFrame
      title="上下级经费往来"
      report={report}
      onExport={() =>
        answer ? exportFundsReport(Paths.fundsPayablesExport, { ...answer.query }, '上下级经费往来.xlsx') : Promise.resolve()
      }
    >
      {answer && (
        <>
          <GridEditor<FundsPayablesGridRow>
            definition={fundsPayablesGrid}
            rows={answer.data}
            readOnly
            label="上下级经费往来"
            toolbarExport={false}
            onRowOpen={(rowId) => {
              const row = answer.data.find((r) => r.rowId === rowId);
              if (!row) return;
              const code = row.superiorClosing !== 0 || row.superiorCredit !== 0 || row.superiorDebit !== 0 ? '211' : '212';
              void navigate(detailAccountHref(code, year, answer.range, false));
            }}
            fill
          />
          <p className="muted">余额在贷方为正（尚欠）。双击一行打开应付上级（或应付下级）经费的明细账。</p>
        </>
      )}
    </FundsReportFrame>
  );
}
