/**
 * 经费录入 (/funds-management/funds-entry): the receipts of lower units' union funds for a voucher
 * period on the grid editor (grids/funds-entry.ts): keyed row by row (Enter moves on, a new row
 * carries the last counterpart subject) or pasted from Excel (unit code or name, amount, date),
 * the shares computed as the user types, a totals row, right-click row operations, 200-row pages,
 * the workbook with live totals. 保存 (Ctrl+S) keeps the period's rows; 生成凭证 saves first, then
 * makes the union-fund vouchers of the rows not yet generated (one per receipt or one for the
 * batch) and offers to open them in the voucher editor for review.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { createFundsEntryGrid, type FundsEntryContext, type FundsEntryRow } from '../../../grids/funds-entry.js';
import type { FundsEntryData, FundsVoucherMode } from '../../shared/api/schemas/funds-entry.js';
import { FundsEntryMessages } from '../../shared/funds/entry-messages.js';
import { blankFundsEntryRow } from '../../../grids/funds-entry.js';
import { exportGrid, sessionExportInfo } from '../grid/export-xlsx.js';
import { GridEditor, type GridEditorHandle } from '../grid/GridEditor.js';
import { messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { Permission, usePermission } from '../shell/Permission.js';
import { useSession } from '../shell/session-store.js';
import { useWorkingMonth } from '../shell/working-month.js';
import { fetchSubjects } from '../subjects/subject-api.js';
import { VOUCHER_ADD_PATH } from '../vouchers/list/VoucherListPage.js';
import { generateFundsVouchers, loadFundsEntry, saveFundsEntry } from './funds-entry-api.js';
import {
  contextOf,
  generatable,
  rowsWithShares,
  saveRequestOf,
  toGridRows,
  unitsOf,
  type ChartSubject,
} from './funds-entry-rows.js';
import './funds-entry.css';

const NO_CONTEXT: FundsEntryContext = { year: 0, month: 1, units: [], subject: () => undefined };

/** What the grid's rules and formulas read (the units and the chart of the period loaded), and the rows as edited. */
class FundsEntryStore {
  context: FundsEntryContext = NO_CONTEXT;
  chart: ChartSubject[] = [];
  rows: FundsEntryRow[] = [];
  private seq = 0;
  readonly definition = createFundsEntryGrid({ context: () => this.context });

  setChart(chart: ChartSubject[]): void {
    this.chart = chart;
  }

  setRows(rows: FundsEntryRow[]): void {
    this.rows = rows;
  }

  /** Takes a period as loaded: its context for the grid, its rows (padded) as the grid starts. */
  take(loaded: FundsEntryData): FundsEntryRow[] {
    this.context = contextOf(loaded, unitsOf(loaded), this.chart);
    this.rows = toGridRows(loaded, () => this.newId(), this.carriedBank());
    return this.rows;
  }

  newId(): string {
    this.seq += 1;
    return `new-${this.seq}`;
  }

  /** The counterpart subject a new row starts with: the last one used, else 银行存款. */
  carriedBank(): string | null {
    const used = [...this.rows].reverse().find((r) => r.bankCode)?.bankCode;
    if (used) return used;
    return this.chart.some((s) => s.code === BANK && s.lastLevel && s.enable) ? BANK : null;
  }
}

function fetchPeriod(year: number, month: number) {
  return Promise.all([loadFundsEntry(year, month), fetchSubjects()]);
}
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
/** The counterpart subject of a first row: 银行存款 when it is a last-level subject. */
const BANK = '102';

export function FundsEntryPage() {
  usePageTitle('经费录入');
  const navigate = useNavigate();
  const authInfo = useSession((s) => s.authInfo);
  const year = authInfo?.year ?? new Date().getFullYear();
  const workingMonth = useWorkingMonth();
  const [month, setMonth] = useState(workingMonth);
  const [data, setData] = useState<FundsEntryData | null>(null);
  const [failed, setFailed] = useState(false);
  const [gridRows, setGridRows] = useState<FundsEntryRow[]>([]);
  const [loads, setLoads] = useState(0);
  const [mode, setMode] = useState<FundsVoucherMode>('each');
  const [busy, setBusy] = useState(false);
  const [canSave, setCanSave] = useState(true);
  const [dirty, setDirty] = useState(false);
  const gridRef = useRef<GridEditorHandle>(null);
  const [store] = useState(() => new FundsEntryStore());
  const { has } = usePermission();
  const canWrite = has('add') || has('edit');

  const apply = useCallback(
    (loaded: FundsEntryData) => {
      const rows = store.take(loaded);
      setData(loaded);
      setGridRows(rows);
      setDirty(false);
      setCanSave(true);
      setFailed(false);
      setLoads((n) => n + 1);
    },
    [store],
  );

  const applyPeriod = useCallback(
    ([loaded, subjects]: Awaited<ReturnType<typeof fetchPeriod>>) => {
      store.setChart(subjects.map((s) => ({ code: s.code, lastLevel: s.lastLevel, enable: s.enable })));
      apply(loaded);
    },
    [apply, store],
  );

  const load = async (m: number) => {
    try {
      applyPeriod(await fetchPeriod(year, m));
    } catch {
      setFailed(true);
    }
  };

  useEffect(() => {
    let active = true;
    fetchPeriod(year, month)
      .then((period) => active && applyPeriod(period))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [applyPeriod, year, month]);

  const onChange = useCallback(
    (rows: FundsEntryRow[]) => {
      store.setRows(rows);
      setDirty(true);
    },
    [store],
  );
  const onValidity = useCallback((ok: boolean) => setCanSave(ok), []);
  const createRow = useCallback((rowId: string) => blankFundsEntryRow(rowId, store.carriedBank()), [store]);

  /** Saves the rows; resolves with the period as saved, or null (refused, or not valid). */
  const save = async (): Promise<FundsEntryData | null> => {
    if (!data) return null;
    if (!canSave || !(gridRef.current?.canSave() ?? true)) {
      messageBox.fireAndForget(messageBox.alert(FundsEntryMessages.incomplete, { tone: 'warning' }));
      return null;
    }
    const { request, rowIds } = saveRequestOf(store.rows, year, month);
    const saved = await saveFundsEntry(request, (issues) =>
      gridRef.current?.setIssues(issues.map((i) => ({ ...i, rowId: rowIds[Number(i.rowId) - 1] ?? i.rowId }))),
    );
    if (saved) apply(saved);
    return saved;
  };

  const onSave = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const saved = await save();
      if (saved) messageBox.fireAndForget(messageBox.alert('保存成功', { tone: 'success' }));
    } finally {
      setBusy(false);
    }
  };

  const generate = async () => {
    if (busy || !data) return;
    setBusy(true);
    try {
      const saved = dirty || generatable(store.rows).length === 0 ? await save() : data;
      if (!saved) return;
      const rows = generatable(store.rows);
      if (rows.length === 0) {
        messageBox.fireAndForget(messageBox.alert('没有待生成凭证的经费记录', { tone: 'warning' }));
        return;
      }
      const units = store.context.units;
      if (rows.some((r) => !units.find((u) => u.code === r.unitCode)?.ratios)) {
        messageBox.fireAndForget(messageBox.alert(FundsEntryMessages.notConfigured, { tone: 'warning' }));
        return;
      }
      const { vouchers } = await generateFundsVouchers(
        year,
        month,
        rows.map((r) => r.id ?? ''),
        mode,
      );
      await load(month);
      const first = vouchers[0];
      const texts = vouchers.map((v) => v.text);
      const pressed = await messageBox.choose({
        title: '生成凭证成功',
        message: `已生成凭证${vouchers.length}张：${texts.slice(0, 10).join('、')}${texts.length > 10 ? '…' : ''}`,
        tone: 'success',
        buttons: [
          { label: '确定', value: 'confirm' },
          { label: '打开凭证审阅', value: 'open', primary: true },
        ],
      });
      if (pressed === 'open' && first) void navigate(`${VOUCHER_ADD_PATH}?id=${encodeURIComponent(first.id)}`);
    } catch {
      // A refusal (经费比例没有配置…, a closed period, a voucher already made) is shown by the request wrapper.
    } finally {
      setBusy(false);
    }
  };

  const exportRows = () => {
    const rows = rowsWithShares(store.rows, store.context.units);
    void exportGrid(store.definition, rows, sessionExportInfo(authInfo, `${year}年${month}月`, []));
  };

  const changeMonth = async (next: number) => {
    if (next === month) return;
    if (dirty) {
      try {
        await messageBox.confirm('有未保存的经费记录，切换期间将放弃修改，是否继续？');
      } catch {
        return;
      }
    }
    setMonth(next);
  };

  if (failed) {
    return (
      <div className="funds-entry-page">
        <p role="alert">经费录入数据加载失败。</p>
        <button type="button" className="btn" onClick={() => void load(month)}>
          重新加载
        </button>
      </div>
    );
  }
  if (!data) return <div className="funds-entry-page muted">加载中…</div>;

  const unconfigured = data.units.filter((u) => !u.ratios).length;
  return (
    <div className="funds-entry-page page-fill">
      <header className="funds-entry-head">
        <h1>经费录入</h1>
        <label className="funds-entry-period">
          会计期间
          <select value={month} onChange={(e) => void changeMonth(Number(e.target.value))} aria-label="会计期间">
            {MONTHS.map((m) => (
              <option key={m} value={m}>
                {year}年{m}月
              </option>
            ))}
          </select>
        </label>
        <span className="muted">
          单位 {data.units.length} 个{unconfigured > 0 ? `，其中 ${unconfigured} 个未配置经费比例` : ''}
        </span>
        <span className="funds-entry-spacer" />
        {dirty && <span className="muted">有未保存的修改</span>}
        <Permission value={has('add') ? 'add' : 'edit'}>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void onSave()}
            aria-keyshortcuts="Control+S"
          >
            保存
          </button>
        </Permission>
        <fieldset className="funds-entry-mode" aria-label="生成方式">
          <label>
            <input type="radio" name="funds-mode" checked={mode === 'each'} onChange={() => setMode('each')} />
            每条一张凭证
          </label>
          <label>
            <input type="radio" name="funds-mode" checked={mode === 'batch'} onChange={() => setMode('batch')} />
            合并为一张凭证
          </label>
        </fieldset>
        <Permission value="add">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void generate()}>
            生成凭证
          </button>
        </Permission>
        <button type="button" className="btn" onClick={exportRows}>
          导出Excel
        </button>
      </header>
      <p className="funds-entry-hint muted">
        粘贴：从Excel复制“单位编码或名称、金额、缴款日期”三列，选中缴款单位单元格后按 Ctrl+V；右键可插入、删除行；F1 查看快捷键。
      </p>
      <GridEditor<FundsEntryRow>
        key={`${month}-${loads}`}
        handle={gridRef}
        definition={store.definition}
        rows={gridRows}
        readOnly={!canWrite}
        toolbarExport={false}
        autoFocus
        createRow={createRow}
        onChange={onChange}
        onValidityChange={onValidity}
        onSave={() => void onSave()}
        onExport={exportRows}
        label={`${year}年${month}月经费录入`}
        fill
      />
    </div>
  );
}
