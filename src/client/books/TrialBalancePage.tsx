/**
 * 科目余额表 (/accounting-management/reports/trial-balance): a period of the session year (months,
 * quarters, the whole year), the spec's filters, the read-only grid with totals of the first-level
 * subjects, a check line that says whether the books balance, export, and a double-click on a
 * subject that opens its detail ledger for the same range.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { TrialBalanceCheck, TrialBalanceQuery, TrialBalanceResponse } from '../../shared/api/books.js';
import { formatFen } from '../../shared/money.js';
import { toTrialBalanceGridRow, trialBalanceGrid, type TrialBalanceGridRow } from '../../../grids/trial-balance.js';
import { GridEditor } from '../grid/GridEditor.js';
import { PdfPreviewDialog } from '../print/PdfPreviewDialog.js';
import { fetchTrialBalancePdf } from '../print/report-print-api.js';
import { isReject, messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { useSession } from '../shell/session-store.js';
import { loadTrialBalance, regenerateOccur } from './books-api.js';
import { detailAccountHref, periodLabel, yearMonth, type MonthRange } from './periods.js';
import './books.css';
import { PeriodFields } from './PeriodFields.js';

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

export function TrialBalancePage() {
  usePageTitle('科目余额表');
  const navigate = useNavigate();
  const authInfo = useSession((s) => s.authInfo);
  const year = authInfo?.year ?? new Date().getFullYear();
  const [range, setRange] = useState<MonthRange>(() => {
    const month = new Date().getFullYear() === year ? new Date().getMonth() + 1 : 12;
    return { beginMonth: month, endMonth: month };
  });
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [answer, setAnswer] = useState<{
    data: TrialBalanceResponse;
    rows: TrialBalanceGridRow[];
    range: MonthRange;
    book: boolean;
    /** The query the figures answer (printed as shown). */
    query: TrialBalanceQuery;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState(false);

  const query = useCallback(
    async (r: MonthRange, f: Filters) => {
      if (r.beginMonth > r.endMonth) {
        await messageBox.alert('开始月份不能晚于结束月份', { tone: 'warning' });
        return;
      }
      setBusy(true);
      try {
        const q: TrialBalanceQuery = {
          beginTime: yearMonth(year, r.beginMonth),
          endTime: yearMonth(year, r.endMonth),
          beginCode: f.beginCode.trim() || undefined,
          endCode: f.endCode.trim() || undefined,
          codeOrName: f.codeOrName.trim() || undefined,
          book: f.book,
          amountIsZero: f.amountIsZero,
          onlyFirst: f.onlyFirst,
        };
        const data = await loadTrialBalance(q);
        setAnswer({ data, rows: data.rows.map(toTrialBalanceGridRow), range: r, book: f.book, query: q });
      } catch {
        // shown by the request wrapper
      } finally {
        setBusy(false);
      }
    },
    [year],
  );

  const [first] = useState(() => ({ range, filters }));
  useEffect(() => {
    let active = true;
    const r = first.range;
    const q = { beginTime: yearMonth(year, r.beginMonth), endTime: yearMonth(year, r.endMonth) };
    loadTrialBalance(q).then(
      (data) => active && setAnswer({ data, rows: data.rows.map(toTrialBalanceGridRow), range: r, book: false, query: q }),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [year, first]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void query(range, filters);
  };
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilters((f) => ({ ...f, [key]: value }));

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
    <div className="books-page">
      <header className="books-head">
        <h1>科目余额表</h1>
        <span className="muted">{answer ? periodLabel(year, answer.range) : `${year}年`}</span>
        <span className="books-spacer" />
        <button type="button" className="btn" disabled={!answer} onClick={() => setPrinting(true)}>
          打印
        </button>
        <button type="button" className="btn" onClick={() => void regenerate()}>
          重新生成发生额
        </button>
      </header>
      <form className="books-filter" aria-label="科目余额表查询条件" onSubmit={submit}>
        <PeriodFields
          range={range}
          onChange={setRange}
          onShortcut={(r) => {
            setRange(r);
            void query(r, filters);
          }}
        />
        <label>
          <span>科目</span>
          <input aria-label="起始科目" value={filters.beginCode} onChange={(e) => set('beginCode', e.target.value)} />
          至
          <input aria-label="结束科目" value={filters.endCode} onChange={(e) => set('endCode', e.target.value)} />
        </label>
        <label>
          <span>编码或名称</span>
          <input aria-label="编码或名称" value={filters.codeOrName} onChange={(e) => set('codeOrName', e.target.value)} />
        </label>
        <label className="books-check">
          <input type="checkbox" checked={filters.book} onChange={(e) => set('book', e.target.checked)} />
          只含已记账凭证
        </label>
        <label className="books-check">
          <input type="checkbox" checked={filters.onlyFirst} onChange={(e) => set('onlyFirst', e.target.checked)} />
          只显示一级科目
        </label>
        <label className="books-check">
          <input type="checkbox" checked={filters.amountIsZero} onChange={(e) => set('amountIsZero', e.target.checked)} />
          显示金额为零的科目
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          查询
        </button>
      </form>
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
            definition={trialBalanceGrid}
            rows={answer.rows}
            readOnly
            label="科目余额表"
            onRowOpen={(code) => void navigate(detailAccountHref(code, year, answer.range, answer.book))}
            exportInfo={{ unit: authInfo?.ztName ?? '', period: periodLabel(year, answer.range) }}
            maxHeight={Math.max(320, window.innerHeight - 330)}
          />
          <p className="muted">双击科目行打开该科目本期间的明细账。</p>
        </>
      )}
      {printing && answer && (
        <PdfPreviewDialog
          title="科目余额表"
          paper="A4 横向"
          fileName={`科目余额表_${periodLabel(year, answer.range)}.pdf`}
          load={() => fetchTrialBalancePdf(answer.query)}
          onClose={() => setPrinting(false)}
        />
      )}
    </div>
  );
}
