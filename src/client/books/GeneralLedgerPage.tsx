/**
 * 总账 (/accounting-management/books/generalledger): a subject with its descendants, or every
 * first-level subject, month by month over a range of the session year: opening, the month's
 * turnover, year to date and closing with their sides. Read-only, exported through the grid
 * editor; a double-click on a month opens that subject's detail ledger for the month.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  generalLedgerGrid,
  generalLedgerRowKey,
  toGeneralLedgerGridRow,
  type GeneralLedgerGridRow,
} from '../../../grids/general-ledger.js';
import type { GeneralLedgerQuery } from '../../shared/api/books.js';
import { GridEditor } from '../grid/GridEditor.js';
import { PdfPreviewDialog } from '../print/PdfPreviewDialog.js';
import { fetchGeneralLedgerPdf } from '../print/report-print-api.js';
import { messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { useSession } from '../shell/session-store.js';
import { loadGeneralLedger } from './books-api.js';
import { detailAccountHref, periodLabel, yearMonth, type MonthRange } from './periods.js';
import './books.css';
import { PeriodFields } from './PeriodFields.js';

interface Filters {
  code: string;
  book: boolean;
  amountIsZero: boolean;
}

export function GeneralLedgerPage() {
  usePageTitle('总账');
  const navigate = useNavigate();
  const authInfo = useSession((s) => s.authInfo);
  const year = authInfo?.year ?? new Date().getFullYear();
  const [range, setRange] = useState<MonthRange>(() => {
    const month = new Date().getFullYear() === year ? new Date().getMonth() + 1 : 12;
    return { beginMonth: 1, endMonth: month };
  });
  const [filters, setFilters] = useState<Filters>({ code: '', book: false, amountIsZero: false });
  const [answer, setAnswer] = useState<{
    rows: GeneralLedgerGridRow[];
    range: MonthRange;
    book: boolean;
    /** The query the rows answer (printed as shown). */
    query: GeneralLedgerQuery;
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
        const q: GeneralLedgerQuery = {
          beginTime: yearMonth(year, r.beginMonth),
          endTime: yearMonth(year, r.endMonth),
          code: f.code.trim() || undefined,
          book: f.book,
          amountIsZero: f.amountIsZero,
        };
        const data = await loadGeneralLedger(q);
        setAnswer({ rows: data.rows.map((row) => toGeneralLedgerGridRow(row, year)), range: r, book: f.book, query: q });
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
    loadGeneralLedger(q).then(
      (data) =>
        active && setAnswer({ rows: data.rows.map((row) => toGeneralLedgerGridRow(row, year)), range: r, book: false, query: q }),
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

  return (
    <div className="books-page">
      <header className="books-head">
        <h1>总账</h1>
        <span className="muted">{answer ? periodLabel(year, answer.range) : `${year}年`}</span>
        <span className="books-spacer" />
        <button type="button" className="btn" disabled={!answer} onClick={() => setPrinting(true)}>
          打印
        </button>
      </header>
      <form className="books-filter" aria-label="总账查询条件" onSubmit={submit}>
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
          <input
            aria-label="科目编码"
            placeholder="空为全部一级科目"
            value={filters.code}
            onChange={(e) => setFilters((f) => ({ ...f, code: e.target.value }))}
          />
        </label>
        <label className="books-check">
          <input type="checkbox" checked={filters.book} onChange={(e) => setFilters((f) => ({ ...f, book: e.target.checked }))} />
          只含已记账凭证
        </label>
        <label className="books-check">
          <input
            type="checkbox"
            checked={filters.amountIsZero}
            onChange={(e) => setFilters((f) => ({ ...f, amountIsZero: e.target.checked }))}
          />
          显示金额为零的科目
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          查询
        </button>
      </form>
      {answer && (
        <>
          <GridEditor<GeneralLedgerGridRow>
            definition={generalLedgerGrid}
            rows={answer.rows}
            readOnly
            label="总账"
            onRowOpen={(rowId) => {
              const key = generalLedgerRowKey(rowId);
              if (key)
                void navigate(detailAccountHref(key.code, year, { beginMonth: key.month, endMonth: key.month }, answer.book));
            }}
            exportInfo={{ unit: authInfo?.ztName ?? '', period: periodLabel(year, answer.range) }}
            maxHeight={Math.max(320, window.innerHeight - 300)}
          />
          <p className="muted">双击月份行打开该科目当月的明细账。</p>
        </>
      )}
      {printing && answer && (
        <PdfPreviewDialog
          title="总账"
          paper="A4 横向"
          fileName={`总账_${periodLabel(year, answer.range)}.pdf`}
          load={() => fetchGeneralLedgerPdf(answer.query)}
          onClose={() => setPrinting(false)}
        />
      )}
    </div>
  );
}
