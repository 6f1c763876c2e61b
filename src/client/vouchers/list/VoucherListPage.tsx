/**
 * 凭证管理 (/accounting-management/voucher-management/voucherList): the vouchers of a period range
 * with the spec's filters, selected with checkboxes (Space on the focused row) for batch review,
 * booking, cashier signature and deletion; double-click opens a voucher in the preview, which
 * steps through the selection and hands one to the editor with 修改.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { CertificateTypeItem, Voucher, VoucherListQuery } from '../../../shared/api/vouchers.js';
import type { Paged } from '../../../shared/envelope.js';
import { VOUCHER_STATUS_FILTERS } from '../../../shared/api/vouchers.js';
import { VoucherMessages } from '../../../shared/vouchers/messages.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import { toVoucherListRow, voucherListGrid, type VoucherListRow } from '../../../../grids/voucher-list.js';
import { GridEditor, type GridEditorHandle } from '../../grid/GridEditor.js';
import { isReject, messageBox } from '../../message-box/message-box.js';
import { PeriodFields } from '../../books/PeriodFields.js';
import { SubjectFilterField } from '../../books/SubjectFilterField.js';
import { usePageTitle } from '../../shell/page-title.js';
import { Permission, usePermission } from '../../shell/Permission.js';
import { useSession } from '../../shell/session-store.js';
import { ApiError } from '../../shell/request.js';
import {
  exportVoucherList,
  listVouchers,
  loadCertificateTypes,
  refOf,
  reloadBreak,
  runBatch,
  type BatchAction,
} from './list-api.js';
import { buildQuery, defaultFilter, filterFromSearch, LIST_PAGE_SIZE, STATUS_LABELS, type ListFilter } from './list-filter.js';
import { VoucherPreview } from './VoucherPreview.js';
import { PrintDialog } from '../../print/PrintDialog.js';
import { exportVoucherSheets } from '../voucher-sheets-api.js';
import { AttachmentDialog } from '../../files/AttachmentDialog.js';
import './voucher-list.css';
import { useWorkingMonth } from '../../shell/working-month.js';
import { AUDIT_ACTION_LABELS } from './audit-text.js';

export const VOUCHER_ADD_PATH = '/accounting-management/voucher-management/voucherAdd';

/** A batch button says what the audit trail will call the change. */
const BATCH_LABELS: Record<BatchAction, string> = AUDIT_ACTION_LABELS;

interface Listed {
  vouchers: Voucher[];
  rows: VoucherListRow[];
  total: number;
  /** The query that listed them: the export writes every page of it. */
  query: VoucherListQuery;
}

export function VoucherListPage() {
  usePageTitle('凭证管理');
  const navigate = useNavigate();
  const authInfo = useSession((s) => s.authInfo);
  const year = authInfo?.year ?? new Date().getFullYear();
  const workingMonth = useWorkingMonth();
  const [initialMonth] = useState(workingMonth);
  // The close check's links arrive with ?beginMonth&endMonth&status (close/ClosePage.tsx).
  const [params] = useSearchParams();
  const linkQuery = params.toString();
  const [filter, setFilter] = useState<ListFilter>(() => filterFromSearch(new URLSearchParams(linkQuery), initialMonth));
  // A new link while the page is open (its tab kept) replaces the filter, during render as React advises.
  const [linkSeen, setLinkSeen] = useState(linkQuery);
  if (linkSeen !== linkQuery) {
    setLinkSeen(linkQuery);
    setFilter(filterFromSearch(new URLSearchParams(linkQuery), initialMonth));
  }
  const [types, setTypes] = useState<CertificateTypeItem[]>([]);
  const [listed, setListed] = useState<Listed | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [filterError, setFilterError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ ids: string[]; start: number; title: '预览凭证' | '查看凭证' } | null>(null);
  const [printing, setPrinting] = useState<string[] | null>(null);
  const [attachments, setAttachments] = useState<Voucher | null>(null);
  const gridRef = useRef<GridEditorHandle>(null);
  const permission = usePermission();

  // 导出Excel: every voucher the listed query selects, all pages, written by the server.
  const exportAll = async (query: VoucherListQuery) => {
    const { pageIndex: _page, pageSize: _size, ...filters } = query;
    try {
      await exportVoucherList(filters);
    } catch {
      // The request wrapper has shown the refusal.
    }
  };

  const show = useCallback((answer: Paged<Voucher>, pageIndex: number, query: VoucherListQuery) => {
    setListed({
      vouchers: answer.currentPageItems,
      rows: answer.currentPageItems.map(toVoucherListRow),
      total: answer.totalItemCount,
      query,
    });
    setPage(pageIndex);
    setSelected([]);
  }, []);

  const search = useCallback(
    async (next: ListFilter, pageIndex: number) => {
      const built = buildQuery(next, year, pageIndex);
      if (!built.ok) {
        setFilterError(built.message);
        return;
      }
      setFilterError(null);
      try {
        show(await listVouchers(built.query), pageIndex, built.query);
      } catch {
        // The request wrapper has shown the refusal.
      }
    },
    [year, show],
  );

  // The month being worked on (or the link's filter), on arrival; later queries run on 查询.
  useEffect(() => {
    let active = true;
    const arrived = filterFromSearch(new URLSearchParams(linkQuery), initialMonth);
    const built = buildQuery(arrived, year, 1);
    if (built.ok)
      listVouchers(built.query).then(
        (answer) => active && show(answer, 1, built.query),
        () => undefined,
      );
    loadCertificateTypes().then(
      (list) => active && setTypes(list),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [year, initialMonth, show, linkQuery]);

  const byId = useMemo(() => new Map((listed?.vouchers ?? []).map((v) => [v.id, v])), [listed]);
  const pages = Math.max(1, Math.ceil((listed?.total ?? 0) / LIST_PAGE_SIZE));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void search(filter, 1);
  };

  const set = <K extends keyof ListFilter>(key: K, value: ListFilter[K]) => setFilter((f) => ({ ...f, [key]: value }));

  /** The selected vouchers, or the focused one when nothing is ticked. */
  const targets = (): Voucher[] => {
    const focused = gridRef.current?.focusedRowId() ?? null;
    const ids = selected.length > 0 ? selected : focused ? [focused] : [];
    return ids.map((id) => byId.get(id)).filter((v): v is Voucher => v !== undefined);
  };

  const batch = async (action: BatchAction) => {
    const chosen = selected.map((id) => byId.get(id)).filter((v): v is Voucher => v !== undefined);
    if (chosen.length === 0) {
      await messageBox.alert(VoucherMessages.selectAtLeastOne, { tone: 'warning' });
      return;
    }
    if (action === 'delete') {
      try {
        await messageBox.confirm(`此操作将永久删除选中的 ${chosen.length} 张凭证, 是否继续?`, { title: '删除凭证' });
      } catch (error) {
        if (isReject(error)) return;
        throw error;
      }
    }
    setBusy(true);
    try {
      const { message, vouchers, skipped } = await runBatch(action, year, chosen.map(refOf));
      // The revisions the server answered stand until the list is read again.
      const revisions = new Map(vouchers.map((v) => [v.id, v.revision]));
      setListed((l) =>
        l ? { ...l, vouchers: l.vouchers.map((v) => ({ ...v, revision: revisions.get(v.id) ?? v.revision })) } : l,
      );
      const tone = skipped.length > 0 ? 'warning' : 'success';
      messageBox.fireAndForget(messageBox.alert(message || `${BATCH_LABELS[action]}成功`, { tone }));
      await search(filter, page);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // Someone else changed a voucher meanwhile (the wrapper showed the message): show them as they are now.
      if (error.envelope?.errorCode === ErrorCode.Conflict) await search(filter, page);
    } finally {
      setBusy(false);
    }
  };

  const closeGaps = async () => {
    if (filter.beginMonth !== filter.endMonth) {
      await messageBox.alert('整理断号请先选择单个月份', { tone: 'warning' });
      return;
    }
    try {
      await messageBox.confirm(`将按日期重新编排 ${year}年${filter.beginMonth}月 的凭证号以消除断号, 是否继续?`, {
        title: '整理断号',
      });
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    try {
      const message = await reloadBreak(year, filter.beginMonth);
      messageBox.fireAndForget(messageBox.alert(message || '整理完成', { tone: 'success' }));
      await search(filter, page);
    } catch {
      // shown by the wrapper
    }
  };

  const openPreview = (title: '预览凭证' | '查看凭证', startId?: string) => {
    const list = startId && selected.length === 0 ? (listed?.vouchers ?? []).map((v) => v.id) : targets().map((v) => v.id);
    const ids = list.length > 0 ? list : (listed?.vouchers ?? []).map((v) => v.id);
    if (ids.length === 0) {
      messageBox.fireAndForget(messageBox.alert(VoucherMessages.selectAtLeastOne, { tone: 'warning' }));
      return;
    }
    setPreview({ ids, start: Math.max(0, startId ? ids.indexOf(startId) : 0), title });
  };

  /** 附件: the attachments of the focused (or first selected) voucher. */
  const openAttachments = () => {
    const [voucher] = targets();
    if (!voucher) {
      messageBox.fireAndForget(messageBox.alert(VoucherMessages.selectAtLeastOne, { tone: 'warning' }));
      return;
    }
    setAttachments(voucher);
  };

  /** 打印: the selected vouchers in list order. */
  const openPrint = () => {
    const ids = targets().map((v) => v.id);
    if (ids.length === 0) {
      messageBox.fireAndForget(messageBox.alert(VoucherMessages.selectAtLeastOne, { tone: 'warning' }));
      return;
    }
    setPrinting(ids);
  };

  /** 导出凭证: the selected vouchers as 记账凭证 sheets, one each, in list order. */
  const exportSelected = () => {
    const ids = targets().map((v) => v.id);
    if (ids.length === 0) {
      messageBox.fireAndForget(messageBox.alert(VoucherMessages.selectAtLeastOne, { tone: 'warning' }));
      return;
    }
    exportVoucherSheets(ids).catch((error: unknown) => {
      if (error instanceof ApiError) return;
      const message = error instanceof Error ? error.message : String(error);
      messageBox.fireAndForget(messageBox.alert(`导出失败：${message}`, { tone: 'error' }));
    });
  };

  const edit = (voucher: Voucher) => {
    setPreview(null);
    void navigate(`${VOUCHER_ADD_PATH}?id=${encodeURIComponent(voucher.id)}`);
  };

  const batchButton = (action: BatchAction, right: string, primary = false) => (
    <Permission key={action} value={right}>
      <button type="button" className={`btn${primary ? ' btn-primary' : ''}`} disabled={busy} onClick={() => void batch(action)}>
        {BATCH_LABELS[action]}
      </button>
    </Permission>
  );

  return (
    <div className="voucher-list-page page-fill">
      <header className="voucher-list-head">
        <h1>凭证管理</h1>
        <span className="muted">{year}年</span>
        <span className="voucher-list-spacer" />
        <Permission value="add">
          <button type="button" className="btn btn-primary" onClick={() => void navigate(VOUCHER_ADD_PATH)}>
            新增凭证
          </button>
        </Permission>
      </header>
      <form className="voucher-filter" aria-label="凭证查询条件" onSubmit={submit}>
        <PeriodFields
          range={{ beginMonth: filter.beginMonth, endMonth: filter.endMonth }}
          onChange={(r) => setFilter((f) => ({ ...f, beginMonth: r.beginMonth, endMonth: r.endMonth }))}
          labels={{ caption: '月份', begin: '起始月份', end: '结束月份' }}
        />
        <label>
          <span>类别</span>
          <select
            aria-label="凭证类别"
            value={filter.certificateType ?? ''}
            onChange={(e) => set('certificateType', e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">全部</option>
            {types.map((t) => (
              <option key={t.value} value={t.value}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>凭证号</span>
          <input
            aria-label="起始凭证号"
            inputMode="numeric"
            value={filter.beginPzNo}
            onChange={(e) => set('beginPzNo', e.target.value)}
          />
          至
          <input
            aria-label="结束凭证号"
            inputMode="numeric"
            value={filter.endPzNo}
            onChange={(e) => set('endPzNo', e.target.value)}
          />
        </label>
        <label>
          <span>科目</span>
          <SubjectFilterField name="科目编码" value={filter.subjectCode} onChange={(v) => set('subjectCode', v)} />
        </label>
        <label>
          <span>摘要</span>
          <input aria-label="摘要包含" value={filter.summary} onChange={(e) => set('summary', e.target.value)} />
        </label>
        <label>
          <span>金额</span>
          <input
            aria-label="最小金额"
            inputMode="decimal"
            value={filter.minAmount}
            onChange={(e) => set('minAmount', e.target.value)}
          />
          至
          <input
            aria-label="最大金额"
            inputMode="decimal"
            value={filter.maxAmount}
            onChange={(e) => set('maxAmount', e.target.value)}
          />
        </label>
        <label>
          <span>状态</span>
          <select
            aria-label="凭证状态"
            value={filter.status}
            onChange={(e) => set('status', e.target.value as ListFilter['status'])}
          >
            {VOUCHER_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary">
          查询
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => {
            const reset = defaultFilter(filter.beginMonth);
            setFilter(reset);
            void search(reset, 1);
          }}
        >
          重置
        </button>
        {filterError && (
          <span className="field-error" role="alert">
            {filterError}
          </span>
        )}
      </form>
      <div className="voucher-list-actions" role="toolbar" aria-label="凭证操作">
        <span className="muted" data-testid="voucher-selection">
          已选 {selected.length} 张 / 共 {listed?.total ?? 0} 张
        </span>
        <button type="button" className="btn" onClick={() => openPreview('预览凭证')}>
          预览
        </button>
        <button type="button" className="btn" onClick={openAttachments}>
          附件
        </button>
        <Permission value="print">
          <button type="button" className="btn" onClick={openPrint}>
            打印
          </button>
        </Permission>
        <Permission value="export">
          <button type="button" className="btn" title="所选凭证导出为记账凭证工作簿，每张凭证一个工作表" onClick={exportSelected}>
            导出凭证
          </button>
        </Permission>
        {batchButton('review', 'review')}
        {batchButton('unreview', 'review')}
        {batchButton('book', 'book')}
        {batchButton('unbook', 'book')}
        {batchButton('sign', 'cashierSign')}
        {batchButton('unsign', 'cashierSign')}
        {batchButton('delete', 'delete')}
        <Permission value="edit">
          <button type="button" className="btn" disabled={busy} onClick={() => void closeGaps()}>
            整理断号
          </button>
        </Permission>
      </div>
      {listed && (
        <GridEditor<VoucherListRow>
          handle={gridRef}
          definition={voucherListGrid}
          rows={listed.rows}
          readOnly
          selectable
          onSelectionChange={setSelected}
          onRowOpen={(rowId) => openPreview('查看凭证', rowId)}
          label="凭证列表"
          toolbarExport={permission.has('export')}
          onExport={() => void exportAll(listed.query)}
          fill
        />
      )}
      {pages > 1 && (
        <nav className="voucher-pager" aria-label="分页">
          <button type="button" className="btn" disabled={page <= 1} onClick={() => void search(filter, page - 1)}>
            上一页
          </button>
          <span>
            第 {page} / {pages} 页
          </span>
          <button type="button" className="btn" disabled={page >= pages} onClick={() => void search(filter, page + 1)}>
            下一页
          </button>
        </nav>
      )}
      {attachments && (
        <AttachmentDialog
          voucherId={attachments.id}
          label={`${attachments.entry}-${String(attachments.pzNo).padStart(4, '0')}`}
          readOnly={attachments.isReview || attachments.isBook}
          onClose={() => {
            setAttachments(null);
            void search(filter, page);
            gridRef.current?.focus();
          }}
        />
      )}
      {printing && (
        <PrintDialog
          ids={printing}
          onClose={() => {
            setPrinting(null);
            gridRef.current?.focus();
          }}
        />
      )}
      {preview && (
        <VoucherPreview
          ids={preview.ids}
          start={preview.start}
          title={preview.title}
          onEdit={edit}
          onClose={() => {
            setPreview(null);
            gridRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
