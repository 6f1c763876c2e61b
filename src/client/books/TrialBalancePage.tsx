/**
 * 科目余额表 (/accounting-management/reports/trial-balance): a period of the session year (months,
 * quarters, the whole year), the spec's filters, the read-only grid with totals of what is listed,
 * each amount once, a check line that says whether the books balance, export, and a double-click on a
 * subject that opens its detail ledger for the same range.
 */
import { useNavigate } from 'react-router';
import type { TrialBalanceCheck, TrialBalanceQuery } from '../../shared/api/books.js';
import { formatFen } from '../../shared/money.js';
import { toTrialBalanceGridRows, trialBalanceGrid, type TrialBalanceGridRow } from '../../../grids/trial-balance.js';
import { GridEditor } from '../grid/GridEditor.js';
import { fetchTrialBalancePdf } from '../print/report-print-api.js';
import { isReject, messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { Permission } from '../shell/Permission.js';
import { loadTrialBalance, regenerateOccur } from './books-api.js';
import { detailAccountHref } from './periods.js';
import { queryPeriod, trialBalanceFilters } from '../../../grids/workbook/filters.js';
import { sessionExportInfo } from '../grid/export-xlsx.js';
import { useRangeReport } from './range-report.js';
import { FilterCheck, FilterText } from './FilterFields.js';
import { SubjectFilterField } from './SubjectFilterField.js';
import { RangeReportPage } from './RangeReportPage.js';
import { withBlankZeros } from '../../shared/grid/blank-zeros.js';
import { UserPreference, useUserFlag } from '../shell/user-preferences.js';

/** The grid as the user chose to see zeros: 0.00, or blank (on screen and in the export alike). */
const GRIDS = { zeros: trialBalanceGrid, blank: withBlankZeros(trialBalanceGrid) } as const;

interface Filters {
  beginCode: string;
  endCode: string;
  codeOrName: string;
  book: boolean;
  amountIsZero: boolean;
  onlyFirst: boolean;
}

const NO_FILTERS: Filters = { beginCode: '', endCode: '', codeOrName: '', book: false, amountIsZero: false, onlyFirst: false };

function CheckLine({ name, check }: { name: string; check: TrialBalanceCheck }) {
  const pairs: [string, number, number][] = [
    ['期初', check.initialDebit, check.initialCredit],
    ['本期发生', check.debitOccur, check.creditOccur],
    ['期末', check.endDebit, check.endCredit],
  ];
  return (
    <div className={`trial-check ${check.balanced ? 'ok' : 'bad'}`} role="status" aria-label={`${name}试算`}>
      <b>
        {name}：{check.balanced ? '试算平衡' : '试算不平衡'}
      </b>
      {pairs.map(([label, debit, credit]) => (
        <span key={label}>
          {label} 借 {formatFen(debit, { thousands: true })} / 贷 {formatFen(credit, { thousands: true })}
          {debit !== credit && <em>（差额 {formatFen(debit - credit, { thousands: true })}）</em>}
        </span>
      ))}
    </div>
  );
}

const OPTIONS = {
  firstRange: (month: number) => ({ beginMonth: month, endMonth: month }),
  filters: NO_FILTERS,
  filtersOf: (f: Filters) => ({
    beginCode: f.beginCode.trim() || undefined,
    endCode: f.endCode.trim() || undefined,
    codeOrName: f.codeOrName.trim() || undefined,
    book: f.book,
    amountIsZero: f.amountIsZero,
    onlyFirst: f.onlyFirst,
  }),
  load: async (query: TrialBalanceQuery) => {
    const data = await loadTrialBalance(query);
    return { ...data, gridRows: toTrialBalanceGridRows(data.rows) };
  },
};

export function TrialBalancePage() {
  usePageTitle('科目余额表');
  const navigate = useNavigate();
  const report = useRangeReport(OPTIONS);
  const { authInfo, year, range, filters, setFilter: set, answer, query } = report;
  const [blankZero, setBlankZero] = useUserFlag(UserPreference.trialBalanceBlankZero);

  const regenerate = async () => {
    try {
      await messageBox.confirm('此操作将重新生成发生额, 是否继续?', { title: '重新生成发生额' });
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    try {
      const message = await regenerateOccur();
      messageBox.fireAndForget(messageBox.alert(message, { tone: 'success' }));
      await query(range, filters);
    } catch {
      // shown by the wrapper
    }
  };

  return (
    <RangeReportPage
      title="科目余额表"
      report={report}
      print={fetchTrialBalancePdf}
      actions={
        <Permission value="regenerate">
          <button type="button" className="btn" onClick={() => void regenerate()}>
            重新生成发生额
          </button>
        </Permission>
      }
      fields={
        <>
          <label>
            <span>科目</span>
            <SubjectFilterField name="起始科目" value={filters.beginCode} onChange={(v) => set('beginCode', v)} />
            至
            <SubjectFilterField name="结束科目" value={filters.endCode} onChange={(v) => set('endCode', v)} />
          </label>
          <FilterText label="编码或名称" name="编码或名称" value={filters.codeOrName} onChange={(v) => set('codeOrName', v)} />
          <FilterCheck label="只含已记账凭证" checked={filters.book} onChange={(v) => set('book', v)} />
          <FilterCheck label="只显示一级科目" checked={filters.onlyFirst} onChange={(v) => set('onlyFirst', v)} />
          <FilterCheck label="显示金额为零的科目" checked={filters.amountIsZero} onChange={(v) => set('amountIsZero', v)} />
          <FilterCheck
            label="零值显示为空白"
            title="金额为0的格子显示为空白，导出Excel同样如此；按用户保存在本浏览器"
            checked={blankZero}
            onChange={setBlankZero}
          />
        </>
      }
    >
      {answer && (
        <>
          <div className="trial-checks">
            <CheckLine name="财务会计" check={answer.data.financial} />
            {authInfo &&
              (answer.data.budget.initialDebit > 0 || answer.data.budget.debitOccur > 0 || answer.data.budget.endDebit > 0) && (
                <CheckLine name="预算会计" check={answer.data.budget} />
              )}
          </div>
          <GridEditor<TrialBalanceGridRow>
            key={blankZero ? 'blank' : 'zeros'}
            definition={blankZero ? GRIDS.blank : GRIDS.zeros}
            rows={answer.data.gridRows}
            readOnly
            label="科目余额表"
            onRowOpen={(code) => void navigate(detailAccountHref(code, year, answer.range, answer.book))}
            exportInfo={sessionExportInfo(authInfo, queryPeriod(answer.query), trialBalanceFilters(answer.query))}
            fill
          />
          <p className="muted">双击科目行打开该科目本期间的明细账。</p>
        </>
      )}
    </RangeReportPage>
  );
}
