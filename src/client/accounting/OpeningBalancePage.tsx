/**
 * 科目期初 (/accounting-management/initialization/subjectstart): opening balances per subject
 * type on the grid editor, with a live trial check, view / 编辑 / 保存, export and import.
 * Saving marks the subjects initialised on the server, which ends the financial state that
 * sends voucher entry here.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OpeningRow, SubjectSettingResponse } from '../../shared/api/subjects.js';
import type { SubjectType } from '../../shared/chart.js';
import { openingBalanceGridFor, trialCheck } from '../../../grids/opening-balance.js';
import { GridEditor, type GridEditorHandle } from '../grid/GridEditor.js';
import { messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { Permission } from '../shell/Permission.js';
import { useSession } from '../shell/session-store.js';
import { exportOpenings, importOpenings, loadOpenings, saveOpenings } from './opening-api.js';
import { AuxiliaryPicker, type PickedAuxi } from '../auxiliary/AuxiliaryPicker.js';
import {
  addAuxiliaryRow,
  auxiliarySubject,
  changedCount,
  mergeRows,
  rowsOfType,
  saveRequest,
  toGridRows,
  type PageRow,
} from './opening-rows.js';
import { TrialPanel } from './TrialPanel.js';
import '../layout/page-tabs.css';
import './opening-balance.css';

type Mode = 'view' | 'edit';

interface Loaded {
  setting: SubjectSettingResponse;
  source: OpeningRow[];
  rows: PageRow[];
}

const TAB_KEYS = '切换科目类型：Alt+PageDown / Alt+PageUp';

export function OpeningBalancePage() {
  usePageTitle('科目期初');
  const authInfo = useSession((s) => s.authInfo);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [rows, setRows] = useState<PageRow[]>([]);
  const [tab, setTab] = useState<SubjectType | null>(null);
  /** What the grid of the open tab starts from (set on load, tab switch and cancel, not per edit). */
  const [gridRows, setGridRows] = useState<PageRow[]>([]);
  const [mode, setMode] = useState<Mode>('view');
  const [canSave, setCanSave] = useState(true);
  const [busy, setBusy] = useState(false);
  const gridRef = useRef<GridEditorHandle>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const focusGrid = useRef(false);
  /** The subject an auxiliary detail is being added under (the picker is open). */
  const [auxiFor, setAuxiFor] = useState<PageRow | null>(null);
  /** A row to focus once the grid shows it. */
  const pendingFocus = useRef<string | null>(null);

  const apply = useCallback((setting: SubjectSettingResponse, current: SubjectType | null) => {
    const all = toGridRows(setting.subInfoList);
    const shown = current ?? setting.subTypeList[0]?.type ?? null;
    setLoaded({ setting, source: setting.subInfoList, rows: all });
    setRows(all);
    setTab(shown);
    setGridRows(shown === null ? [] : rowsOfType(all, shown));
    setFailed(false);
  }, []);

  const reload = async () => {
    try {
      apply(await loadOpenings(), tab);
    } catch {
      setFailed(true);
    }
  };

  useEffect(() => {
    let active = true;
    loadOpenings()
      .then((setting) => active && apply(setting, null))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [apply]);

  const midYear = loaded?.setting.config.isMidYear ?? false;
  const definition = openingBalanceGridFor({ midYear });
  const trial = useMemo(() => trialCheck(rows), [rows]);
  const dirty = loaded ? changedCount(rows, loaded.source) : 0;
  const tabs = loaded?.setting.subTypeList ?? [];

  // The grid takes the keyboard focus when editing starts (a new tab's grid takes it when ready).
  useEffect(() => {
    if (!focusGrid.current) return;
    focusGrid.current = false;
    gridRef.current?.focus();
  }, [mode]);

  const onChange = useCallback((changed: PageRow[]) => setRows((all) => mergeRows(all, changed)), []);
  const onValidity = useCallback((ok: boolean) => setCanSave(ok), []);

  const switchTab = (next: SubjectType) => {
    if (next === tab) return;
    if (mode === 'edit' && !canSave) {
      messageBox.fireAndForget(messageBox.alert('当前页有错误，请修正后再切换', { tone: 'warning' }));
      return;
    }
    setCanSave(true);
    setGridRows(rowsOfType(rows, next));
    setTab(next);
  };

  const stepTab = (delta: number) => {
    const at = tabs.findIndex((t) => t.type === tab);
    const next = tabs[(at + delta + tabs.length) % tabs.length];
    if (next) switchTab(next.type);
  };

  const startEdit = () => {
    focusGrid.current = true;
    setMode('edit');
  };

  const cancelEdit = () => {
    if (loaded) {
      setRows(loaded.rows);
      if (tab !== null) setGridRows(rowsOfType(loaded.rows, tab));
    }
    setCanSave(true);
    setMode('view');
  };

  const save = async () => {
    if (!loaded || busy) return;
    if (!canSave || !(gridRef.current?.canSave() ?? true)) {
      messageBox.fireAndForget(messageBox.alert('表格中有错误，请修正后再保存', { tone: 'warning' }));
      return;
    }
    setBusy(true);
    try {
      // The server's 4003 marks the cells of the open tab as well as listing every row.
      const shown = new Set(gridRows.map((r) => r.rowId));
      const message = await saveOpenings(saveRequest(rows, loaded.source, midYear), (issues) =>
        gridRef.current?.setIssues(issues.filter((i) => shown.has(String(i.rowId)))),
      );
      if (message === null) return;
      await reload();
      setMode('view');
      messageBox.fireAndForget(messageBox.alert(message || '保存成功', { tone: 'success' }));
    } finally {
      setBusy(false);
    }
  };

  const openAuxiliary = () => {
    const subject = auxiliarySubject(rows, gridRef.current?.focusedRowId() ?? null);
    if (!subject) {
      messageBox.fireAndForget(messageBox.alert('请先选中带辅助核算的末级科目所在行', { tone: 'warning' }));
      return;
    }
    if (!canSave) {
      messageBox.fireAndForget(messageBox.alert('当前页有错误，请修正后再添加辅助明细', { tone: 'warning' }));
      return;
    }
    setAuxiFor(subject);
  };

  const addAuxiliary = (subject: PageRow, choices: PickedAuxi[]) => {
    setAuxiFor(null);
    const added = addAuxiliaryRow(rows, subject, choices);
    if (!added) {
      messageBox.fireAndForget(messageBox.alert('该辅助明细已存在', { tone: 'warning' }));
      return;
    }
    pendingFocus.current = added.rowId;
    setRows(added.rows);
    if (tab !== null) setGridRows(rowsOfType(added.rows, tab));
  };

  // A new auxiliary row takes the focus once the grid has it.
  useEffect(() => {
    const rowId = pendingFocus.current;
    if (!rowId) return;
    pendingFocus.current = null;
    gridRef.current?.focusCell(rowId, 'initAmount');
  }, [gridRows]);

  const exportAll = async () => {
    if (dirty > 0) {
      try {
        await messageBox.confirm('有未保存的修改，导出的是已保存的期初余额，是否继续？');
      } catch {
        return;
      }
    }
    await exportOpenings(loaded?.setting.config.year ?? authInfo?.year ?? 0).catch(() => undefined);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const message = await importOpenings(file);
      if (message === null) return;
      await reload();
      setMode('view');
      messageBox.fireAndForget(messageBox.alert(message, { tone: 'success' }));
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  // Alt+PageDown / Alt+PageUp switch the subject type wherever the focus is on the page.
  const stepTabRef = useRef(stepTab);
  useEffect(() => {
    stepTabRef.current = stepTab;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || (event.key !== 'PageDown' && event.key !== 'PageUp')) return;
      event.preventDefault();
      event.stopPropagation();
      stepTabRef.current(event.key === 'PageDown' ? 1 : -1);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);

  if (failed) {
    return (
      <div className="opening-page">
        <p role="alert">科目期初数据加载失败。</p>
        <button type="button" className="btn" onClick={() => void reload()}>
          重新加载
        </button>
      </div>
    );
  }
  if (!loaded) return <div className="opening-page muted">加载中…</div>;

  const config = loaded.setting.config;
  return (
    <div className="opening-page page-fill">
      <header className="opening-head">
        <h1>科目期初</h1>
        <span className={`page-state ${config.isInitialised ? 'done' : 'todo'}`} data-testid="opening-state">
          {config.isInitialised ? '已初始化' : '未初始化'}
        </span>
        <span className="muted">
          {config.year}年{config.isMidYear ? `，${config.startMonth}月启用（含本年累计发生额）` : ''}
        </span>
        <span className="opening-spacer" />
        {mode === 'view' ? (
          <>
            <Permission value="edit">
              <button type="button" className="btn btn-primary" onClick={startEdit}>
                编辑
              </button>
            </Permission>
            <Permission value="edit">
              <button type="button" className="btn" disabled={busy} onClick={() => fileRef.current?.click()}>
                导入Excel
              </button>
            </Permission>
            <Permission value="export">
              <button type="button" className="btn" onClick={() => void exportAll()}>
                导出Excel
              </button>
            </Permission>
          </>
        ) : (
          <>
            {dirty > 0 && <span className="muted">已修改 {dirty} 行</span>}
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={openAuxiliary}
              title="在选中的辅助核算科目下添加一行辅助明细"
            >
              添加辅助明细
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || !canSave}
              onClick={() => void save()}
              aria-keyshortcuts="Control+S"
            >
              保存
            </button>
            <button type="button" className="btn" disabled={busy} onClick={cancelEdit}>
              取消
            </button>
          </>
        )}
        <input
          ref={fileRef}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          hidden
          aria-label="选择要导入的Excel文件"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </header>
      <div className="page-tabs" role="tablist" aria-label="科目类型" title={TAB_KEYS}>
        {tabs.map((t) => (
          <button
            key={t.type}
            type="button"
            role="tab"
            aria-selected={t.type === tab}
            tabIndex={t.type === tab ? 0 : -1}
            className={`page-tab${t.type === tab ? ' active' : ''}`}
            onClick={() => switchTab(t.type)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                e.preventDefault();
                stepTab(e.key === 'ArrowRight' ? 1 : -1);
              }
            }}
          >
            {t.typeName}
          </button>
        ))}
      </div>
      {auxiFor && (
        <AuxiliaryPicker
          subjectCode={auxiFor.code}
          subjectName={auxiFor.codeName}
          onSave={(choices) => addAuxiliary(auxiFor, choices)}
          onCancel={() => {
            setAuxiFor(null);
            gridRef.current?.focus();
          }}
        />
      )}
      <TrialPanel trial={trial} hasBudget={config.hasBudget} midYear={midYear} />
      {tab !== null && (
        <GridEditor<PageRow>
          key={`${tab}-${midYear ? 'm' : 'y'}`}
          handle={gridRef}
          definition={definition}
          rows={gridRows}
          toolbarExport={false}
          readOnly={mode === 'view'}
          autoFocus={mode === 'edit'}
          onChange={onChange}
          onValidityChange={onValidity}
          onSave={() => void save()}
          onExport={() => void exportAll()}
          label={`${tabs.find((t) => t.type === tab)?.typeName ?? ''}科目期初余额`}
          fill
        />
      )}
    </div>
  );
}
