/**
 * 总账 (/accounting-management/books/generalledger): a subject with its descendants, or every
 * first-level subject, month by month over a range of the session year: opening, the month's
 * turnover, year to date and closing with their sides. Read-only, exported through the grid
 * editor; a double-click on a month opens that subject's detail ledger for the month.
 */
import { useNavigate } from 'react-router';
import type { GeneralLedgerQuery } from '../../shared/api/books.js';
import {
  generalLedgerGrid,
  generalLedgerRowKey,
  toGeneralLedgerGridRow,
  type GeneralLedgerGridRow,
} from '../../../grids/general-ledger.js';
import { GridEditor } from '../grid/GridEditor.js';
import { fetchGeneralLedgerPdf } from '../print/report-print-api.js';
import { usePageTitle } from '../shell/page-title.js';
import { loadGeneralLedger } from './books-api.js';
import { detailAccountHref } from './periods.js';
import { generalLedgerFilters, queryPeriod } from '../../../grids/workbook/filters.js';
import { sessionExportInfo } from '../grid/export-xlsx.js';
import { useRangeReport } from './range-report.js';
import { FilterCheck } from './FilterFields.js';
import { SubjectFilterField } from './SubjectFilterField.js';
import { RangeReportPage } from './RangeReportPage.js';

interface Filters {
  code: string;
  book: boolean;
  amountIsZero: boolean;
}

const NO_FILTERS: Filters = { code: '', book: false, amountIsZero: false };

const OPTIONS = {
  firstRange: (month: number) => ({ beginMonth: 1, endMonth: month }),
  filters: NO_FILTERS,
  filtersOf: (f: Filters) => ({ code: f.code.trim() || undefined, book: f.book, amountIsZero: f.amountIsZero }),
  load: async (query: GeneralLedgerQuery, year: number): Promise<GeneralLedgerGridRow[]> =>
    (await loadGeneralLedger(query)).rows.map((row) => toGeneralLedgerGridRow(row, year)),
};

export function GeneralLedgerPage() {
  usePageTitle('总账');
  const navigate = useNavigate();
  const report = useRangeReport(OPTIONS);
  const { authInfo, year, filters, setFilter: set, answer } = report;

  return (
    <RangeReportPage
      title="总账"
      report={report}
      print={fetchGeneralLedgerPdf}
      fields={
        <>
          <label>
            <span>科目</span>
            <SubjectFilterField
              name="科目编码"
              placeholder="空为全部一级科目"
              value={filters.code}
              onChange={(v) => set('code', v)}
            />
          </label>
          <FilterCheck label="只含已记账凭证" checked={filters.book} onChange={(v) => set('book', v)} />
          <FilterCheck label="显示金额为零的科目" checked={filters.amountIsZero} onChange={(v) => set('amountIsZero', v)} />
        </>
      }
    >
      {answer && (
        <>
          <GridEditor<GeneralLedgerGridRow>
            definition={generalLedgerGrid}
            rows={answer.data}
            readOnly
            label="总账"
            onRowOpen={(rowId) => {
              const key = generalLedgerRowKey(rowId);
              if (key)
                void navigate(detailAccountHref(key.code, year, { beginMonth: key.month, endMonth: key.month }, answer.book));
            }}
            exportInfo={sessionExportInfo(authInfo, queryPeriod(answer.query), generalLedgerFilters(answer.query))}
            fill
          />
          <p className="muted">双击月份行打开该科目当月的明细账。</p>
        </>
      )}
    </RangeReportPage>
  );
}
