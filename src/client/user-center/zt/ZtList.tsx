/**
 * The ledger-set list of both pages: the filter bar (编码, 名称 contain; 层级, 会计制度, 状态), the
 * grid (grids/user-center/zt-list.ts: Space selects, Enter or a double-click opens a set) and the
 * pager (20/30/40/50). The list is of the subtree of `rootId` (the whole managed scope without it).
 */
import { useCallback, useEffect, useState, type FormEvent, type Ref } from 'react';
import type { AccountingSystem, ZtListItem, ZtPageListParams } from '../../../shared/api/schemas/zt.js';
import { ACCOUNTING_SYSTEM_NAMES, ZT_LEVEL_MAX } from '../../../shared/zt/ledger-set-rules.js';
import { toZtListRow, ztListGrid, type ZtListRow } from '../../../../grids/user-center/zt-list.js';
import { GridEditor, type GridEditorHandle } from '../../grid/GridEditor.js';
import { FilterButtons } from '../common/FilterFields.js';
import { FIRST_PAGE, Pager, pagerKeys, type PageState } from '../common/Pager.js';
import { pageList } from './zt-api.js';

type Status = '' | 'enabled' | 'disabled' | 'expired';

interface Filter {
  code: string;
  name: string;
  level: string;
  accountingSystem: '' | AccountingSystem;
  status: Status;
}

const EMPTY: Filter = { code: '', name: '', level: '', accountingSystem: '', status: '' };

function queryOf(filter: Filter, page: PageState, rootId: number | null): ZtPageListParams {
  const status: Pick<ZtPageListParams, 'enable' | 'expired'> =
    filter.status === 'enabled'
      ? { enable: true, expired: false }
      : filter.status === 'disabled'
        ? { enable: false }
        : filter.status === 'expired'
          ? { expired: true }
          : {};
  return {
    pageIndex: page.pageIndex,
    pageSize: page.pageSize,
    ...(rootId !== null ? { rootId } : {}),
    ...(filter.code.trim() ? { code: filter.code.trim() } : {}),
    ...(filter.name.trim() ? { name: filter.name.trim() } : {}),
    ...(filter.level ? { level: Number(filter.level) } : {}),
    ...(filter.accountingSystem ? { accountingSystem: filter.accountingSystem } : {}),
    ...status,
  };
}

export function ZtList({
  rootId,
  reloadKey,
  label,
  gridHandle,
  onItems,
  onSelectionChange,
  onRowOpen,
}: {
  rootId: number | null;
  /** Changed by the page after a change, to list again on the same page. */
  reloadKey: number;
  label: string;
  gridHandle?: Ref<GridEditorHandle>;
  onItems: (items: ZtListItem[]) => void;
  onSelectionChange: (ids: number[]) => void;
  onRowOpen?: (id: number) => void;
}) {
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [applied, setApplied] = useState<Filter>(EMPTY);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [rows, setRows] = useState<ZtListRow[] | null>(null);
  const [total, setTotal] = useState(0);

  // A new unit chosen in the tree lists its subtree from the first page.
  const [rootSeen, setRootSeen] = useState(rootId);
  if (rootSeen !== rootId) {
    setRootSeen(rootId);
    setPage((p) => ({ ...p, pageIndex: 1 }));
  }

  useEffect(() => {
    let active = true;
    pageList(queryOf(applied, page, rootId)).then(
      (answer) => {
        if (!active) return;
        setRows(answer.currentPageItems.map(toZtListRow));
        setTotal(answer.totalItemCount);
        onItems(answer.currentPageItems);
        onSelectionChange([]);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [applied, page, rootId, reloadKey, onItems, onSelectionChange]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(filter);
    setPage((p) => ({ ...p, pageIndex: 1 }));
  };
  const set = <K extends keyof Filter>(key: K, value: Filter[K]) => setFilter((f) => ({ ...f, [key]: value }));
  const select = useCallback((ids: string[]) => onSelectionChange(ids.map(Number)), [onSelectionChange]);

  return (
    <div className="zt-list" onKeyDown={pagerKeys(page, total, setPage)}>
      <form className="zt-filter" aria-label={`${label}查询条件`} onSubmit={submit}>
        <label>
          <span>编码</span>
          <input aria-label="编码包含" value={filter.code} onChange={(e) => set('code', e.target.value)} />
        </label>
        <label>
          <span>名称</span>
          <input aria-label="名称包含" value={filter.name} onChange={(e) => set('name', e.target.value)} />
        </label>
        <label>
          <span>层级</span>
          <select aria-label="层级" value={filter.level} onChange={(e) => set('level', e.target.value)}>
            <option value="">全部</option>
            {Array.from({ length: ZT_LEVEL_MAX }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>会计制度</span>
          <select
            aria-label="会计制度"
            value={filter.accountingSystem}
            onChange={(e) => set('accountingSystem', e.target.value as Filter['accountingSystem'])}
          >
            <option value="">全部</option>
            {Object.entries(ACCOUNTING_SYSTEM_NAMES).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>状态</span>
          <select aria-label="状态" value={filter.status} onChange={(e) => set('status', e.target.value as Status)}>
            <option value="">全部</option>
            <option value="enabled">启用</option>
            <option value="disabled">停用</option>
            <option value="expired">已到期</option>
          </select>
        </label>
        <FilterButtons
          onReset={() => {
            setFilter(EMPTY);
            setApplied(EMPTY);
            setPage((p) => ({ ...p, pageIndex: 1 }));
          }}
        />
      </form>
      {rows && (
        <GridEditor<ZtListRow>
          handle={gridHandle}
          definition={ztListGrid}
          rows={rows}
          readOnly
          selectable
          onSelectionChange={select}
          onRowOpen={onRowOpen ? (rowId) => onRowOpen(Number(rowId)) : undefined}
          label={label}
          toolbar={false}
          fill
        />
      )}
      <Pager total={total} page={page} onChange={setPage} label={label} />
    </div>
  );
}
