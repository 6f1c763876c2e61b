/**
 * 方案填报 (/budget-management/fangan-tianbao): the year's budget plan on the grid editor
 * (grids/budget-plan.ts): the details grouped by class and category, each detail's opening
 * budget keyed (or pasted from Excel) while the plan is draft or returned, subtotals and the total
 * computed as the user types, the workbook with live formulas. 保存 (Ctrl+S) keeps the amounts;
 * 提交 saves first, then sends the plan to the approver; 撤回 takes a submitted plan back.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createBudgetPlanGrid, type BudgetPlanRow } from '../../../grids/budget-plan.js';
import type { BudgetPlan } from '../../shared/api/schemas/budget-plan.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { exportGrid, sessionExportInfo } from '../grid/export-xlsx.js';
import { GridEditor, type GridEditorHandle } from '../grid/GridEditor.js';
import { messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { Permission, usePermission } from '../shell/Permission.js';
import { useSession } from '../shell/session-store.js';
import { loadBudgetPlan, planAction, planGridRows, planSaveRequest, saveBudgetPlan } from './budget-plan-api.js';
import { PlanHistory, PlanStateTag } from './PlanHistory.js';
import './budget.css';

/** What the grid reads (whether the plan may be keyed) and the rows as edited. */
class PlanStore {
  plan: BudgetPlan | null = null;
  canEdit = false;
  rows: BudgetPlanRow[] = [];
  readonly definition = createBudgetPlanGrid({
    editable: () => this.canEdit && (this.plan?.editable ?? false),
    rows: () => this.rows,
  });

  /** Takes a plan as loaded; answers its grid rows. */
  take(plan: BudgetPlan): BudgetPlanRow[] {
    this.plan = plan;
    this.rows = planGridRows(plan);
    return this.rows;
  }

  setRows(rows: BudgetPlanRow[]): void {
    this.rows = rows;
  }

  setCanEdit(canEdit: boolean): void {
    this.canEdit = canEdit;
  }
}

export function BudgetPlanEntryPage() {
  usePageTitle('方案填报');
  const authInfo = useSession((s) => s.authInfo);
  const { has } = usePermission();
  const [store] = useState(() => new PlanStore());
  const canEdit = has('edit');
  useEffect(() => store.setCanEdit(canEdit), [store, canEdit]);
  const [plan, setPlan] = useState<BudgetPlan | null>(null);
  const [rows, setRows] = useState<BudgetPlanRow[]>([]);
  const [loads, setLoads] = useState(0);
  const [failed, setFailed] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const gridRef = useRef<GridEditorHandle>(null);

  const apply = useCallback(
    (loaded: BudgetPlan) => {
      setRows(store.take(loaded));
      setPlan(loaded);
      setDirty(false);
      setFailed(false);
      setLoads((n) => n + 1);
    },
    [store],
  );

  useEffect(() => {
    let active = true;
    loadBudgetPlan()
      .then((loaded) => active && apply(loaded))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [apply]);

  const onChange = useCallback(
    (next: BudgetPlanRow[]) => {
      store.setRows(next);
      setDirty(true);
    },
    [store],
  );

  /** Saves the amounts; the plan as saved, or null (refused or not valid). */
  const save = async (): Promise<BudgetPlan | null> => {
    if (!store.plan) return null;
    if (!(gridRef.current?.canSave() ?? true)) {
      messageBox.fireAndForget(messageBox.alert(BudgetMessages.planIncomplete, { tone: 'warning' }));
      return null;
    }
    const saved = await saveBudgetPlan(planSaveRequest(store.plan, store.rows), (issues) =>
      gridRef.current?.setIssues(issues.map((i) => ({ ...i, rowId: `d:${i.rowId ?? ''}` }))),
    );
    if (saved) apply(saved);
    return saved;
  };

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch {
      // Refusals (4011 locked, 4012 changed meanwhile) are shown by the request wrapper.
    } finally {
      setBusy(false);
    }
  };

  const onSave = () =>
    run(async () => {
      if (await save()) messageBox.fireAndForget(messageBox.alert('保存成功', { tone: 'success' }));
    });

  const onSubmit = () =>
    run(async () => {
      const saved = dirty ? await save() : store.plan;
      if (!saved) return;
      await messageBox.confirm(
        `提交后预算方案将锁定，等待审批。合计调整前预算 ${saved.totalBeforeAdjustment.toFixed(2)} 元，确定提交？`,
      );
      apply(await planAction('submit', saved.revision));
      messageBox.fireAndForget(messageBox.alert('预算方案已提交', { tone: 'success' }));
    });

  const onWithdraw = () =>
    run(async () => {
      if (!store.plan) return;
      await messageBox.confirm('撤回后预算方案回到未提交状态，可以修改后重新提交。确定撤回？');
      apply(await planAction('withdraw', store.plan.revision));
    });

  const exportRows = () => {
    if (!plan) return;
    void exportGrid(
      store.definition,
      store.rows,
      sessionExportInfo(authInfo, `${plan.year}年`, [{ label: '状态', value: plan.stateName }]),
    );
  };

  if (failed) {
    return (
      <div className="budget-page">
        <p role="alert">预算方案加载失败。</p>
      </div>
    );
  }
  if (!plan) return <div className="budget-page muted">加载中…</div>;

  const editable = plan.editable && has('edit');
  return (
    <div className="budget-page page-fill">
      <header className="budget-head">
        <h1>方案填报</h1>
        <span>{plan.year}年度预算方案</span>
        <PlanStateTag plan={plan} />
        <span className="budget-spacer" />
        {dirty && <span className="muted">有未保存的修改</span>}
        {plan.editable && (
          <Permission value="edit">
            <button type="button" className="btn" disabled={busy} onClick={() => void onSave()} aria-keyshortcuts="Control+S">
              保存
            </button>
          </Permission>
        )}
        {plan.editable && (
          <Permission value="submit">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void onSubmit()}>
              提交
            </button>
          </Permission>
        )}
        {plan.state === 'submitted' && (
          <Permission value="submit">
            <button type="button" className="btn" disabled={busy} onClick={() => void onWithdraw()}>
              撤回
            </button>
          </Permission>
        )}
        <Permission value="export">
          <button type="button" className="btn" onClick={exportRows}>
            导出Excel
          </button>
        </Permission>
      </header>
      {plan.state === 'returned' && plan.reason && <p className="budget-notice">退回原因：{plan.reason}</p>}
      {plan.state === 'submitted' && <p className="budget-notice">方案已提交，等待审批；撤回后才能修改。</p>}
      {plan.state === 'approved' && <p className="budget-notice">方案已批复；调整预算请到“预算调整”。</p>}
      {plan.rows.length === 0 ? (
        <p className="muted">本年度还没有预算明细，请先在“项目预算”或“支出分类设置”中添加。</p>
      ) : (
        <GridEditor<BudgetPlanRow>
          key={loads}
          handle={gridRef}
          definition={store.definition}
          rows={rows}
          readOnly={!editable}
          toolbarExport={false}
          autoFocus
          onChange={onChange}
          onSave={() => void onSave()}
          onExport={exportRows}
          label={`${plan.year}年度预算方案`}
          fill
        />
      )}
      <PlanHistory plan={plan} />
    </div>
  );
}
