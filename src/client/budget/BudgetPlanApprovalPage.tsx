/**
 * 方案审批 (/budget-management/fangan-shenpi): the submitted plan read-only with its subtotals and
 * total (the same grid as 方案填报), 批准 and 退回 (with a reason: the dialog asks for it with the
 * server's message) for the approver, and the plan's history.
 */
import { useCallback, useEffect, useState } from 'react';
import { createBudgetPlanGrid, type BudgetPlanRow } from '../../../grids/budget-plan.js';
import type { BudgetPlan } from '../../shared/api/schemas/budget-plan.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { GridEditor } from '../grid/GridEditor.js';
import { messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { Permission } from '../shell/Permission.js';
import { loadBudgetPlan, planAction, planGridRows, returnBudgetPlan } from './budget-plan-api.js';
import { PlanHistory, PlanStateTag } from './PlanHistory.js';
import { ReasonDialog } from './ReasonDialog.js';
import './budget.css';

export function BudgetPlanApprovalPage() {
  usePageTitle('方案审批');
  const [plan, setPlan] = useState<BudgetPlan | null>(null);
  const [rows, setRows] = useState<BudgetPlanRow[]>([]);
  const [loads, setLoads] = useState(0);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [returning, setReturning] = useState(false);
  const [definition] = useState(() => createBudgetPlanGrid({ editable: () => false }));

  const apply = useCallback((loaded: BudgetPlan) => {
    setPlan(loaded);
    setRows(planGridRows(loaded));
    setFailed(false);
    setLoads((n) => n + 1);
  }, []);

  useEffect(() => {
    let active = true;
    loadBudgetPlan()
      .then((loaded) => active && apply(loaded))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [apply]);

  const approve = async () => {
    if (busy || !plan) return;
    setBusy(true);
    try {
      await messageBox.confirm(
        `批准后预算生效（预算控制和支出预警开始执行），只能通过预算调整修改。确定批准 ${plan.year} 年度预算方案？`,
      );
      apply(await planAction('approve', plan.revision));
      messageBox.fireAndForget(messageBox.alert('预算方案已批准', { tone: 'success' }));
    } catch {
      // Cancelled, or refused (the plan changed meanwhile: 4012), shown by the request wrapper.
      void loadBudgetPlan().then(apply, () => undefined);
    } finally {
      setBusy(false);
    }
  };

  if (failed)
    return (
      <div className="budget-page" role="alert">
        预算方案加载失败。
      </div>
    );
  if (!plan) return <div className="budget-page muted">加载中…</div>;

  const submitted = plan.state === 'submitted';
  return (
    <div className="budget-page page-fill">
      <header className="budget-head">
        <h1>方案审批</h1>
        <span>{plan.year}年度预算方案</span>
        <PlanStateTag plan={plan} />
        <span>
          调整前预算合计 <strong>{plan.totalBeforeAdjustment.toLocaleString('en-US', { minimumFractionDigits: 2 })}</strong> 元
        </span>
        <span className="budget-spacer" />
        <Permission value="approve">
          <button type="button" className="btn btn-primary" disabled={busy || !submitted} onClick={() => void approve()}>
            批准
          </button>
        </Permission>
        <Permission value="approve">
          <button type="button" className="btn" disabled={busy || !submitted} onClick={() => setReturning(true)}>
            退回
          </button>
        </Permission>
      </header>
      {!submitted && (
        <p className="budget-notice">
          方案{plan.stateName}，{plan.state === 'approved' ? '预算已生效。' : '等待填报人提交。'}
        </p>
      )}
      {plan.rows.length > 0 && (
        <GridEditor<BudgetPlanRow>
          key={loads}
          definition={definition}
          rows={rows}
          readOnly
          toolbarExport={false}
          label={`${plan.year}年度预算方案（审批）`}
          fill
        />
      )}
      <PlanHistory plan={plan} />
      {returning && (
        <ReasonDialog
          title="退回预算方案"
          reasonLabel="退回原因"
          reasonRequired={BudgetMessages.returnReasonRequired}
          submitLabel="退回"
          note="退回后填报人可以修改后重新提交"
          onCancel={() => setReturning(false)}
          onSubmit={async (reason) => {
            apply(await returnBudgetPlan(plan.revision, reason));
            setReturning(false);
            messageBox.fireAndForget(messageBox.alert('预算方案已退回', { tone: 'success' }));
          }}
        />
      )}
    </div>
  );
}
