/**
 * 经费上解台账 (/funds-management/funds-register): the receipts of the funds-entry grid over a
 * range, per unit and period, with the shares they were split into and their vouchers; a
 * double-click on a row whose voucher exists opens it in the voucher editor. 导出 downloads the
 * server's workbook, its totals live formulas.
 */
import { useLocation, useNavigate } from 'react-router';
import { fundsRegisterGrid, toFundsRegisterGridRow, type FundsRegisterGridRow } from '../../../grids/funds-register.js';
import { Paths } from '../../shared/api/paths.js';
import type { FundsRegisterQuery } from '../../shared/api/schemas/funds-reports.js';
import { VOUCHER_ADD_PATH } from '../../shared/financial-state.js';
import { FilterText } from '../books/FilterFields.js';
import { useRangeReport } from '../books/range-report.js';
import { GridEditor } from '../grid/GridEditor.js';
import { usePageTitle } from '../shell/page-title.js';
import { exportFundsReport, loadFundsRegister } from './funds-reports-api.js';
import { FundsReportFrame, rangeFromSearch } from './FundsReportFrame.js';

interface Filters {
  book: boolean;
  unitCode: string;
}

export function FundsRegisterPage() {
  usePageTitle('经费上解台账');
  const navigate = useNavigate();
  const { search } = useLocation();
  const report = useRangeReport({
    firstRange: (month: number) => rangeFromSearch(search) ?? { beginMonth: 1, endMonth: month },
    filters: { book: false, unitCode: '' },
    filtersOf: (f: Filters) => ({ unitCode: f.unitCode.trim() || undefined }),
    load: async (query: FundsRegisterQuery): Promise<FundsRegisterGridRow[]> =>
      (await loadFundsRegister(query)).rows.map(toFundsRegisterGridRow),
  });
  const { answer, filters, setFilter } = report;

  return (
    <FundsReportFrame
      title="经费上解台账"
      report={report}
      onExport={() =>
        answer ? exportFundsReport(Paths.fundsRegisterExport, { ...answer.query }, '经费上解台账.xlsx') : Promise.resolve()
      }
      fields={
        <FilterText
          label="经费单位"
          name="经费单位编码"
          placeholder="单位编码，空为全部"
          value={filters.unitCode}
          onChange={(v) => setFilter('unitCode', v)}
        />
      }
    >
      {answer && (
        <>
          <GridEditor<FundsRegisterGridRow>
            definition={fundsRegisterGrid}
            rows={answer.data}
            readOnly
            label="经费上解台账"
            toolbarExport={false}
            onRowOpen={(rowId) => {
              const row = answer.data.find((r) => r.rowId === rowId);
              if (row?.voucherId) void navigate(`${VOUCHER_ADD_PATH}?id=${encodeURIComponent(row.voucherId)}`);
            }}
            fill
          />
          <p className="muted">双击已生成凭证的行打开该凭证；未生成的收款按该期有效比例显示分成。</p>
        </>
      )}
    </FundsReportFrame>
  );
}
