/**
 * 规则设置 (/budget-management/guize-shezhi): per budget detail its control (不控制, 超预算预警 2,
 * 禁止超预算 3) and the execution percentage from which 支出预警 warns, keyed or pasted in a grid
 * (grids/budget-rules.ts) and saved as a whole (保存 or Ctrl+S).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { budgetRulesGrid, type BudgetRuleRow } from '../../../grids/budget-rules.js';
import type { BudgetPlan } from '../../shared/api/schemas/budget-plan.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { GridEditor, type GridEditorHandle } from '../grid/GridEditor.js';
import { messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { Permission, usePermission } from '../shell/Permission.js';
import { loadBudgetPlan, ruleGridRows, rulesSaveRequest, saveBudgetRules } from './budget-plan-api.js';
import { PlanStateTag } from './PlanHistory.js';
import './budget.css';

export function BudgetRulesPage() {
  usePageTitle('规则设置');
  const { has } = usePermission();
  const [plan, setPlan] = useState<BudgetPlan | null>(null);
  const [rows, setRows] = useState<BudgetRuleRow[]>([]);
  const [loads, setLoads] = useState(0);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const edited = useRef<BudgetRuleRow[]>([]);
  const gridRef = useRef<GridEditorHandle>(null);

  const apply = useCallback((loaded: BudgetPlan) => {
    const next = ruleGridRows(loaded);
    edited.current = next;
    setPlan(loaded);
    setRows(next);
    setDirty(false);
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

  const onSave = async () => {
    if (busy) return;
    if (!(gridRef.current?.canSave() ?? true)) {
      messageBox.fireAndForget(messageBox.alert(BudgetMessages.planIncomplete, { tone: 'warning' }));
      return;
    }
    setBusy(true);
    try {
      const saved = await saveBudgetRules(rulesSaveRequest(edited.current), (issues) => gridRef.current?.setIssues(issues));
      if (saved) {
        apply(saved);
        messageBox.fireAndForget(messageBox.alert('保存成功', { tone: 'success' }));
      }
    } finally {
      setBusy(false);
    }
  };

  if (failed)
    return (
      <div className="budget-page" role="alert">
        预算规则加载失败。
      </div>
    );
  if (!plan) return <div className="budget-page muted">加载中…</div>;
  return (
    <div className="budget-page page-fill">
      <header className="budget-head">
        <h1>规则设置</h1>
        <span>{plan.year}年度预算方案</span>
        <PlanStateTag plan={plan} />
        <span className="budget-spacer" />
        {dirty && <span className="muted">有未保存的修改</span>}
        <Permission value="edit">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void onSave()}>
            保存
          </button>
        </Permission>
      </header>
      <p className="muted">
        超预算预警：凭证超出预算时提示“已超预算执行”并保存；禁止超预算：方案批复后，超出预算的凭证不能保存。预警比例：执行达到该比例时列入支出预警。
      </p>
      {plan.rows.length === 0 ? (
        <p className="muted">本年度还没有预算明细。</p>
      ) : (
        <GridEditor<BudgetRuleRow>
          key={loads}
          handle={gridRef}
          definition={budgetRulesGrid}
          rows={rows}
          readOnly={!has('edit')}
          toolbarExport={false}
          autoFocus
          onChange={(next) => {
            edited.current = next;
            setDirty(true);
          }}
          onSave={() => void onSave()}
          label={`${plan.year}年度预算控制规则`}
          fill
        />
      )}
    </div>
  );
}
