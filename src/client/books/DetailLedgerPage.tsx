/**
 * 明细账 (the route named detailaccount): one subject's lines over a range of months with the
 * running balance, the month and year totals, in pages of 200 lines; optionally one section per
 * auxiliary item, and the spec's switches (zero months, zero items, carry-forward vouchers).
 * Reports open it with ?code=&beginTime=&endTime=(&book=true and any switch); a double-click on a
 * line opens its voucher. The toolbar's 导出Excel asks the server for the workbook of every line
 * the shown form selects (not the page on screen).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { DetailLedgerQuery, DetailLedgerResponse } from '../../shared/api/books.js';
import type { Voucher } from '../../shared/api/vouchers.js';
import { detailLedgerGrid, toDetailLedgerGridRows, type DetailLedgerGridRow } from '../../../grids/detail-ledger.js';
import { GridEditor } from '../grid/GridEditor.js';
import { PdfPreviewDialog } from '../print/PdfPreviewDialog.js';
import { fetchDetailLedgerPdf } from '../print/report-print-api.js';
import { usePageTitle } from '../shell/page-title.js';
import { useSession } from '../shell/session-store.js';
import { VOUCHER_ADD_PATH } from '../vouchers/list/VoucherListPage.js';
import { VoucherPreview } from '../vouchers/list/VoucherPreview.js';
import { exportDetailLedger, loadDetailLedger } from './books-api.js';
import { monthOfText, periodLabel, yearMonth, type MonthRange } from './periods.js';
import './books.css';
import { PeriodFields } from './PeriodFields.js';
import { SubjectFilterField } from './SubjectFilterField.js';
import { useWorkingMonth } from '../shell/working-month.js';

const PAGE_SIZE = 200;

interface Form {
  code: string;
  range: MonthRange;
  book: boolean;
  isShowAuxi: boolean;
  amountWhetherShowZero: boolean;
  balanceWhetherShowZero: boolean;
  removeCarryForwardVoucher: boolean;
  summary: string;
}

/** The query of a form (page, export and print alike). */
function queryOf(f: Form, year: number): Omit<DetailLedgerQuery, 'pageIndex' | 'pageSize'> {
  return {
    code: f.code.trim(),
    beginTime: yearMonth(year, f.range.beginMonth),
    endTime: yearMonth(year, f.range.endMonth),
    book: f.book,
    isShowAuxi: f.isShowAuxi,
    amountWhetherShowZero: f.amountWhetherShowZero,
    balanceWhetherShowZero: f.balanceWhetherShowZero,
    removeCarryForwardVoucher: f.removeCarryForwardVoucher,
    abstractNumber: f.summary.trim() || undefined,
  };
}

/** The form's switches (besides the booked-only one), as a 用友 / 金蝶 filter lists them. */
const SWITCHES: readonly { field: keyof Form; label: string; title: string }[] = [
  { field: 'isShowAuxi', label: '按辅助核算项目', title: '每个辅助核算项目单独列示期初、明细、本月合计和本年累计' },
  { field: 'amountWhetherShowZero', label: '显示无发生额月份', title: '没有发生额的月份也列示本月合计和本年累计' },
  {
    field: 'balanceWhetherShowZero',
    label: '显示余额为零且无发生额的项目',
    title: '期初、发生额和期末都为零的科目或辅助项目也列示',
  },
  { field: 'removeCarryForwardVoucher', label: '不含结转凭证', title: '不列示期末结转凭证，余额和合计也不含其金额' },
];

export function DetailLedgerPage() {
  usePageTitle('明细账');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const authInfo = useSession((s) => s.authInfo);
  const year = authInfo?.year ?? new Date().getFullYear();
  const month = useWorkingMonth();
  const [form, setForm] = useState<Form>(() => fromLinkOf(params.toString(), year, month));
  const [shown, setShown] = useState<{ data: DetailLedgerResponse; rows: DetailLedgerGridRow[]; form: Form } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);

  // The toolbar's 导出Excel: every line the shown query selects (all pages), written by the server
  // with the subject in its title; one export at a time.
  const exporting = useRef(false);
  const exportAll = async (f: Form) => {
    if (exporting.current) return;
    exporting.current = true;
    try {
      await exportDetailLedger(queryOf(f, year));
    } catch {
      // shown by the request wrapper
    } finally {
      exporting.current = false;
    }
  };

  const load = useCallback(
    async (f: Form, pageIndex: number) => {
      if (!f.code.trim()) {
        setProblem('请选择科目');
        return;
      }
      setProblem(null);
      try {
        const data = await loadDetailLedger({ ...queryOf(f, year), pageIndex, pageSize: PAGE_SIZE });
        setShown({ data, rows: toDetailLedgerGridRows(data.rows, pageIndex), form: f });
      } catch {
        // shown by the request wrapper
      }
    },
    [year],
  );

  // A link from a report (or a new link while the tab is open) loads at once.
  const link = params.toString();
  useEffect(() => {
    const f = fromLinkOf(link, year, month);
    if (!f.code) return;
    let active = true;
    loadDetailLedger({ ...queryOf(f, year), pageIndex: 1, pageSize: PAGE_SIZE }).then(
      (data) => {
        if (!active) return;
        setForm(f);
        setShown({ data, rows: toDetailLedgerGridRows(data.rows, 1), form: f });
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [link, year, month]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void load(form, 1);
  };
  const pages = shown ? Math.max(1, Math.ceil(shown.data.totalItemCount / PAGE_SIZE)) : 1;
  const definition = detailLedgerGrid(shown?.form.isShowAuxi ?? false);

  return (
    <div className="books-page page-fill">
      <header className="books-head">
        <h1>明细账</h1>
        {shown && (
          <span className="muted" data-testid="ledger-subject">
            {shown.data.code} {shown.data.codeName}（{periodLabel(year, shown.form.range)}）
          </span>
        )}
      </header>
      <form className="books-filter" aria-label="明细账查询条件" onSubmit={submit}>
        <label>
          <span>科目</span>
          <SubjectFilterField name="科目编码" value={form.code} onChange={(code) => setForm((f) => ({ ...f, code }))} />
        </label>
        <PeriodFields range={form.range} onChange={(range) => setForm((f) => ({ ...f, range }))} />
        <label>
          <span>摘要</span>
          <input
            aria-label="摘要包含"
            value={form.summary}
            onChange={(e) => setForm((f) => ({ ...f, summary: e.target.value }))}
          />
        </label>
        <label className="books-check">
          <input type="checkbox" checked={form.book} onChange={(e) => setForm((f) => ({ ...f, book: e.target.checked }))} />
          只含已记账凭证
        </label>
        {SWITCHES.map((sw) => (
          <label key={sw.field} className="books-check" title={sw.title}>
            <input
              type="checkbox"
              checked={form[sw.field] === true}
              onChange={(e) => setForm((f) => ({ ...f, [sw.field]: e.target.checked }))}
            />
            {sw.label}
          </label>
        ))}
        <button type="submit" className="btn btn-primary">
          查询
        </button>
        {shown && (
          <button type="button" className="btn" title="打印查询范围内的全部行" onClick={() => setPrinting(true)}>
            打印
          </button>
        )}
        {problem && (
          <span className="field-error" role="alert">
            {problem}
          </span>
        )}
      </form>
      {shown && (
        <GridEditor<DetailLedgerGridRow>
          key={definition.id}
          definition={definition}
          rows={shown.rows}
          readOnly
          label="明细账"
          onRowOpen={(rowId) => {
            const row = shown.rows.find((r) => r.rowId === rowId);
            if (row?.voucherId) setPreview(row.voucherId);
          }}
          onExport={() => void exportAll(shown.form)}
          fill
        />
      )}
      {shown && pages > 1 && (
        <nav className="voucher-pager" aria-label="分页">
          <button
            type="button"
            className="btn"
            disabled={shown.data.pageIndex <= 1}
            onClick={() => void load(shown.form, shown.data.pageIndex - 1)}
          >
            上一页
          </button>
          <span>
            第 {shown.data.pageIndex} / {pages} 页
          </span>
          <button
            type="button"
            className="btn"
            disabled={shown.data.pageIndex >= pages}
            onClick={() => void load(shown.form, shown.data.pageIndex + 1)}
          >
            下一页
          </button>
        </nav>
      )}
      {shown && <p className="muted">双击凭证行查看凭证。</p>}
      {printing && shown && (
        <PdfPreviewDialog
          title="明细账"
          paper={shown.form.isShowAuxi ? 'A4 横向' : 'A4 纵向'}
          fileName={`明细账_${shown.data.code}_${periodLabel(year, shown.form.range)}.pdf`}
          load={() => fetchDetailLedgerPdf(queryOf(shown.form, year))}
          onClose={() => setPrinting(false)}
        />
      )}
      {preview && (
        <VoucherPreview
          ids={[preview]}
          start={0}
          title="查看凭证"
          onEdit={(v: Voucher) => {
            setPreview(null);
            void navigate(`${VOUCHER_ADD_PATH}?id=${encodeURIComponent(v.id)}`);
          }}
          onClose={() => setPreview(null)}
        />
      )}
    </div>
  );
}

function fromLinkOf(search: string, year: number, workingMonth: number): Form {
  const params = new URLSearchParams(search);
  const begin = monthOfText(params.get('beginTime'), year) ?? workingMonth;
  const end = monthOfText(params.get('endTime'), year) ?? workingMonth;
  return {
    code: params.get('code') ?? '',
    range: { beginMonth: Math.min(begin, end), endMonth: end },
    book: params.get('book') === 'true',
    isShowAuxi: params.get('isShowAuxi') === 'true',
    amountWhetherShowZero: params.get('amountWhetherShowZero') === 'true',
    balanceWhetherShowZero: params.get('balanceWhetherShowZero') === 'true',
    removeCarryForwardVoucher: params.get('removeCarryForwardVoucher') === 'true',
    summary: params.get('abstractNumber') ?? '',
  };
}
