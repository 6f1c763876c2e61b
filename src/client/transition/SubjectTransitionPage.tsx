/**
 * 新旧衔接 › 科目衔接底稿 (/accounting-management/transition/subject-transition): a container with two tabs, the
 * {year-1}年末数 on the 2009 chart and the 新旧衔接底稿. The worksheet opens only once the figures are saved
 * (DraftContentControl.showSubject); the buttons follow the control flags and the page's rights.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CodeJoinResponse, DraftContentControl } from '../../shared/api/schemas/transition.js';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import { messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { Permission } from '../shell/Permission.js';
import { fetchSubjects } from '../subjects/subject-api.js';
import { AdjustmentVoucherDialog } from './AdjustmentVoucherDialog.js';
import { FiguresTab, type FiguresTabHandle } from './FiguresTab.js';
import { exportWorksheet, loadCodeJoin, loadControl, reconcile } from './transition-api.js';
import { WorksheetTab, type WorksheetTabHandle } from './WorksheetTab.js';
import '../layout/page-tabs.css';
import './transition.css';

type Tab = 'figures' | 'worksheet';

export function SubjectTransitionPage() {
  usePageTitle('科目衔接底稿');
  const [control, setControl] = useState<DraftContentControl | null>(null);
  const [figures, setFigures] = useState<CodeJoinResponse | null>(null);
  const [worksheet, setWorksheet] = useState<CodeJoinResponse | null>(null);
  const [subjects, setSubjects] = useState<SubjectItem[]>([]);
  const [tab, setTab] = useState<Tab>('figures');
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [vouchersOpen, setVouchersOpen] = useState(false);
  const figuresRef = useRef<FiguresTabHandle>(null);
  const worksheetRef = useRef<WorksheetTabHandle>(null);

  const loadAll = useCallback(async (open: Tab) => {
    try {
      const [flags, answer] = await Promise.all([loadControl(), loadCodeJoin(1)]);
      setControl(flags);
      setFigures(answer);
      if (open === 'worksheet' && flags.showSubject) {
        const [sheet, chart] = await Promise.all([loadCodeJoin(2), fetchSubjects()]);
        setSubjects(chart);
        setWorksheet(sheet);
      }
      setTab(open === 'worksheet' && flags.showSubject ? 'worksheet' : 'figures');
      setFailed(null);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : '加载失败');
    }
  }, []);

  useEffect(() => {
    let active = true;
    Promise.all([loadControl(), loadCodeJoin(1)])
      .then(([flags, answer]) => {
        if (!active) return;
        setControl(flags);
        setFigures(answer);
      })
      .catch((error: unknown) => active && setFailed(error instanceof Error ? error.message : '加载失败'));
    return () => {
      active = false;
    };
  }, []);

  const year = figures?.year ?? 0;

  const openTab = async (next: Tab) => {
    if (next === tab || !control) return;
    const unsaved = tab === 'figures' ? figuresRef.current?.dirty() : worksheetRef.current?.dirty();
    if (unsaved) {
      try {
        await messageBox.confirm(TransitionMessages.unsavedOnSwitch);
      } catch {
        return;
      }
    }
    if (next === 'worksheet') {
      if (!control.showSubject) {
        messageBox.fireAndForget(messageBox.alert(TransitionMessages.saveFiguresFirst(year - 1), { tone: 'warning' }));
        return;
      }
      await loadAll('worksheet');
      return;
    }
    setTab('figures');
  };

  const afterFigures = async (answer: CodeJoinResponse) => {
    setFigures(answer);
    setControl(await loadControl());
  };

  const reloadWorksheet = async () => {
    setWorksheet(await loadCodeJoin(2));
  };

  const finishOrCancel = async (finish: boolean) => {
    if (busy) return;
    try {
      await messageBox.confirm(
        finish
          ? '完成衔接将按底稿生成新制度期初余额，是否继续？'
          : '取消衔接将恢复衔接前的期初余额，衔接后在科目期初所做的修改将不保留，是否继续？',
      );
    } catch {
      return;
    }
    setBusy(true);
    try {
      const message = await reconcile(finish).catch(() => null);
      if (message === null) return;
      await loadAll(tab);
      messageBox.fireAndForget(
        messageBox.alert(message || (finish ? TransitionMessages.finished : TransitionMessages.cancelled), { tone: 'success' }),
      );
    } finally {
      setBusy(false);
    }
  };

  if (failed !== null) {
    return (
      <div className="transition-page">
        <p role="alert">{failed}</p>
        <button type="button" className="btn" onClick={() => void loadAll('figures')}>
          重新加载
        </button>
      </div>
    );
  }
  if (!control || !figures) return <div className="transition-page muted">加载中…</div>;

  const editable = control.edit;
  const onWorksheet = tab === 'worksheet' && worksheet !== null;
  return (
    <div className="transition-page page-fill">
      <header className="transition-head">
        <h1>科目衔接底稿</h1>
        <span className={`page-state ${control.reconciled ? 'done' : 'todo'}`} data-testid="transition-state">
          {control.reconciled ? '已完成衔接' : '未完成衔接'}
        </span>
        <span className="muted">
          {year}年起执行新制度（{figures.level === 'county' ? '县级以上工会' : '基层工会'}）
        </span>
        <span className="transition-spacer" />
        {editable && (
          <Permission value="edit">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              aria-keyshortcuts="Control+S"
              onClick={() => void (onWorksheet ? worksheetRef.current?.save() : figuresRef.current?.save())}
            >
              保存
            </button>
          </Permission>
        )}
        {editable && tab === 'figures' && (
          <Permission value="edit">
            <button type="button" className="btn" disabled={busy} onClick={() => figuresRef.current?.importFile()}>
              导入
            </button>
          </Permission>
        )}
        {control.showSubject && (
          <Permission value="reconciliationvoucher">
            <button type="button" className="btn" onClick={() => setVouchersOpen(true)}>
              调账凭证
            </button>
          </Permission>
        )}
        {!control.reconciled && control.reconciliation && control.showSubject && (
          <button type="button" className="btn" disabled={busy} onClick={() => void finishOrCancel(true)}>
            完成衔接
          </button>
        )}
        {control.reconciled && control.unReconciliationFinish && (
          <button type="button" className="btn" disabled={busy} onClick={() => void finishOrCancel(false)}>
            取消衔接
          </button>
        )}
        {control.showSubject && (
          <Permission value="export">
            <button type="button" className="btn" onClick={() => void exportWorksheet(year).catch(() => undefined)}>
              导出
            </button>
          </Permission>
        )}
      </header>
      <div className="page-tabs" role="tablist" aria-label="科目衔接">
        {(
          [
            ['figures', `${year - 1}年末数`],
            ['worksheet', '新旧衔接底稿'],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            tabIndex={tab === id ? 0 : -1}
            className={`page-tab${tab === id ? ' active' : ''}`}
            onClick={() => void openTab(id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                e.preventDefault();
                void openTab(tab === 'figures' ? 'worksheet' : 'figures');
              }
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {onWorksheet ? (
        <WorksheetTab
          key={`w-${worksheet.reconciled ? 'r' : 'o'}`}
          handle={worksheetRef}
          answer={worksheet}
          subjects={subjects}
          readOnly={!editable}
          onSaved={setWorksheet}
        />
      ) : (
        <FiguresTab
          key={`f-${figures.reconciled ? 'r' : 'o'}`}
          handle={figuresRef}
          answer={figures}
          readOnly={!editable}
          onSaved={afterFigures}
        />
      )}
      <AdjustmentVoucherDialog
        open={vouchersOpen}
        onClose={() => setVouchersOpen(false)}
        onChanged={() => void (tab === 'worksheet' ? reloadWorksheet() : loadAll(tab))}
        canEdit={control.reconciliationVoucher}
      />
    </div>
  );
}
