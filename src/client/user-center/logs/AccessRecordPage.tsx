/**
 * 访问记录 (/user-center/access-record): sign-ins per address in a time range (how many, how many
 * failed) and every record (sign-in attempts with the name typed and the reason a failure had,
 * sets chosen, sign-outs, sessions the server ended), with filters, the pager and 导出Excel.
 * Enter or double-click on an address opens its records.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { AccessAddressItem, AccessDetailItem, AccessQuery } from '../../../shared/api/schemas/logs.js';
import {
  accessAddressGrid,
  accessDetailGrid,
  toAccessAddressRow,
  toAccessDetailRow,
} from '../../../../grids/user-center/access-record.js';
import { GridEditor } from '../../grid/GridEditor.js';
import { usePageTitle } from '../../shell/page-title.js';
import { usePermission } from '../../shell/Permission.js';
import { DateRangeFilter, FilterButtons, TextFilter } from '../common/FilterFields.js';
import { FIRST_PAGE, Pager, type PageState } from '../common/Pager.js';
import { exportAccess, listAccessAddresses, listAccessDetails } from './logs-api.js';
import './logs.css';

type Filter = Omit<AccessQuery, 'pageIndex' | 'pageSize'>;
type View = 'details' | 'addresses';

const EMPTY: Filter = { beginDate: '', endDate: '', loginName: '', address: '', result: 'all' };

export function AccessRecordPage() {
  usePageTitle('访问记录');
  const permission = usePermission();
  const [view, setView] = useState<View>('details');
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [applied, setApplied] = useState<Filter>(EMPTY);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [details, setDetails] = useState<AccessDetailItem[]>([]);
  const [addresses, setAddresses] = useState<AccessAddressItem[]>([]);
  const [total, setTotal] = useState(0);

  // Each filter applied, view chosen or page turned lists again; an answer that arrives late is dropped.
  useEffect(() => {
    let active = true;
    const shown = (count: number) => active && (setTotal(count), true);
    if (view === 'details')
      listAccessDetails({ ...applied, ...page }).then(
        (answer) => shown(answer.totalItemCount) && setDetails(answer.currentPageItems),
        () => undefined, // The request wrapper has shown the refusal.
      );
    else
      listAccessAddresses({ ...applied, ...page }).then(
        (answer) => shown(answer.totalItemCount) && setAddresses(answer.currentPageItems),
        () => undefined,
      );
    return () => {
      active = false;
    };
  }, [view, applied, page]);

  const detailRows = useMemo(() => details.map(toAccessDetailRow), [details]);
  const addressRows = useMemo(() => addresses.map(toAccessAddressRow), [addresses]);
  const set = <K extends keyof Filter>(key: K, value: Filter[K]) => setFilter((f) => ({ ...f, [key]: value }));
  const apply = (next: Filter, nextView: View = view) => {
    setView(nextView);
    setApplied(next);
    setPage((p) => ({ ...p, pageIndex: 1 }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(filter);
  };
  const onExport = () => void exportAccess({ ...applied, view }).catch(() => undefined);

  return (
    <section className="logs-page page-fill" aria-label="访问记录">
      <h1>访问记录</h1>
      <div className="logs-tabs" role="tablist" aria-label="视图">
        <button
          type="button"
          role="tab"
          className="btn"
          aria-selected={view === 'details'}
          onClick={() => apply(applied, 'details')}
        >
          访问明细
        </button>
        <button
          type="button"
          role="tab"
          className="btn"
          aria-selected={view === 'addresses'}
          onClick={() => apply(applied, 'addresses')}
        >
          按地址汇总
        </button>
      </div>
      <form className="logs-filter" aria-label="访问记录查询条件" onSubmit={submit}>
        <DateRangeFilter
          begin={filter.beginDate}
          end={filter.endDate}
          onBegin={(v) => set('beginDate', v)}
          onEnd={(v) => set('endDate', v)}
        />
        <TextFilter label="登录名" ariaLabel="登录名包含" value={filter.loginName} onChange={(v) => set('loginName', v)} />
        <TextFilter label="地址" ariaLabel="来源地址" value={filter.address} onChange={(v) => set('address', v)} />
        {view === 'details' && (
          <>
            <label>
              <span>类别</span>
              <select
                aria-label="类别"
                value={filter.kind ?? ''}
                onChange={(e) => set('kind', e.target.value === '' ? undefined : (e.target.value as Filter['kind']))}
              >
                <option value="">全部</option>
                <option value="login">登录</option>
                <option value="select">选择账套</option>
                <option value="logout">退出</option>
                <option value="session_end">会话结束</option>
              </select>
            </label>
            <label>
              <span>结果</span>
              <select
                aria-label="结果"
                value={filter.result ?? 'all'}
                onChange={(e) => set('result', e.target.value as Filter['result'])}
              >
                <option value="all">全部</option>
                <option value="success">成功</option>
                <option value="failure">失败</option>
              </select>
            </label>
          </>
        )}
        <FilterButtons
          onReset={() => {
            setFilter(EMPTY);
            apply(EMPTY);
          }}
        />
      </form>
      {view === 'details' ? (
        <GridEditor
          key="details"
          definition={accessDetailGrid}
          rows={detailRows}
          readOnly
          label="访问明细列表"
          toolbarExport={permission.has('export')}
          onExport={onExport}
          fill
        />
      ) : (
        <GridEditor
          key="addresses"
          definition={accessAddressGrid}
          rows={addressRows}
          readOnly
          label="访问地址汇总列表"
          toolbarExport={permission.has('export')}
          onExport={onExport}
          onRowOpen={(address) => {
            const next = { ...applied, address };
            setFilter(next);
            apply(next, 'details');
          }}
          fill
        />
      )}
      <Pager total={total} page={page} onChange={setPage} label={view === 'details' ? '访问明细' : '访问地址'} />
    </section>
  );
}
