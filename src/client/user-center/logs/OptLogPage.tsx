/**
 * 操作日志 (/user-center/log-center): every administrative change the reader may see (its
 * subtree's, or all for the super administrator), newest first, with filters (dates, who, the
 * kind of action, text in the summary), the pager, a detail (Enter or double-click) showing the
 * record before and after side by side, and 导出Excel of every row the filters select.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { OptLogExportQuery, OptLogItem } from '../../../shared/api/schemas/logs.js';
import { ACTION_AREAS, ACTION_NAMES } from '../../../shared/logs/action-names.js';
import { optLogGrid, toOptLogRow } from '../../../../grids/user-center/opt-log.js';
import { GridEditor, type GridEditorHandle } from '../../grid/GridEditor.js';
import { usePageTitle } from '../../shell/page-title.js';
import { usePermission } from '../../shell/Permission.js';
import { DateRangeFilter, FilterButtons, TextFilter } from '../common/FilterFields.js';
import { FIRST_PAGE, Pager, type PageState } from '../common/Pager.js';
import { ChangeDetail } from './ChangeDetail.js';
import { exportOptLog, listOptLog } from './logs-api.js';
import './logs.css';

const EMPTY: OptLogExportQuery = { beginDate: '', endDate: '', loginName: '', action: '', summary: '' };

export function OptLogPage() {
  usePageTitle('操作日志');
  const permission = usePermission();
  const [filter, setFilter] = useState<OptLogExportQuery>(EMPTY);
  const [applied, setApplied] = useState<OptLogExportQuery>(EMPTY);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [items, setItems] = useState<OptLogItem[]>([]);
  const [total, setTotal] = useState(0);
  const [open, setOpen] = useState<OptLogItem | null>(null);
  const gridRef = useRef<GridEditorHandle>(null);

  // Each filter applied or page turned lists again; an answer that arrives late is dropped.
  useEffect(() => {
    let active = true;
    listOptLog({ ...applied, ...page }).then(
      (answer) => {
        if (!active) return;
        setItems(answer.currentPageItems);
        setTotal(answer.totalItemCount);
      },
      () => undefined, // The request wrapper has shown the refusal.
    );
    return () => {
      active = false;
    };
  }, [applied, page]);

  const rows = useMemo(() => items.map(toOptLogRow), [items]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(filter);
    setPage((p) => ({ ...p, pageIndex: 1 }));
  };
  const set = (key: keyof OptLogExportQuery, value: string) => setFilter((f) => ({ ...f, [key]: value }));

  return (
    <section className="logs-page page-fill" aria-label="操作日志">
      <h1>操作日志</h1>
      <form className="logs-filter" aria-label="操作日志查询条件" onSubmit={submit}>
        <DateRangeFilter
          begin={filter.beginDate}
          end={filter.endDate}
          onBegin={(v) => set('beginDate', v)}
          onEnd={(v) => set('endDate', v)}
        />
        <TextFilter label="操作人" ariaLabel="操作人登录名" value={filter.loginName} onChange={(v) => set('loginName', v)} />
        <label>
          <span>操作</span>
          <select aria-label="操作" value={filter.action ?? ''} onChange={(e) => set('action', e.target.value)}>
            <option value="">全部</option>
            {Object.entries(ACTION_AREAS).map(([value, name]) => (
              <option key={value} value={value}>
                {name}（全部）
              </option>
            ))}
            {Object.entries(ACTION_NAMES).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <TextFilter label="摘要" ariaLabel="摘要包含" value={filter.summary} onChange={(v) => set('summary', v)} />
        <FilterButtons
          onReset={() => {
            setFilter(EMPTY);
            setApplied(EMPTY);
            setPage((p) => ({ ...p, pageIndex: 1 }));
          }}
        />
      </form>
      {/* Enter on a row opens it, as a double-click does (the read-only grid has no cell to edit). */}
      <div
        className="logs-grid"
        onKeyDownCapture={(e) => {
          const rowId = gridRef.current?.focusedRowId();
          if (e.key !== 'Enter' || !rowId || !(e.target instanceof HTMLElement) || !e.target.closest('[role="gridcell"]')) return;
          e.preventDefault();
          setOpen(items.find((i) => String(i.id) === rowId) ?? null);
        }}
      >
        <GridEditor
          handle={gridRef}
          definition={optLogGrid}
          rows={rows}
          readOnly
          label="操作日志列表"
          toolbarExport={permission.has('export')}
          onExport={() => void exportOptLog(applied).catch(() => undefined)}
          onRowOpen={(rowId) => setOpen(items.find((i) => String(i.id) === rowId) ?? null)}
          fill
        />
      </div>
      <Pager total={total} page={page} onChange={setPage} label="操作日志" />
      {open && (
        <ChangeDetail
          item={open}
          onClose={() => {
            setOpen(null);
            gridRef.current?.focus();
          }}
        />
      )}
    </section>
  );
}
