/** Who submitted, withdrew, approved or returned the plan, and why (方案填报 and 方案审批). */
import type { BudgetPlan } from '../../shared/api/schemas/budget-plan.js';

export function timeText(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function PlanStateTag({ plan }: { plan: BudgetPlan }) {
  return (
    <span className={`budget-state budget-state-${plan.state}`} aria-label="方案状态">
      {plan.stateName}
    </span>
  );
}

export function PlanHistory({ plan }: { plan: BudgetPlan }) {
  return (
    <section className="budget-history" aria-label="审批记录">
      <h2>审批记录</h2>
      {plan.events.length === 0 ? (
        <p className="muted">暂无记录</p>
      ) : (
        <table className="budget-table">
          <thead>
            <tr>
              <th>序号</th>
              <th>操作</th>
              <th>操作人</th>
              <th>时间</th>
              <th>原因</th>
            </tr>
          </thead>
          <tbody>
            {plan.events.map((e) => (
              <tr key={e.seq}>
                <td>{e.seq}</td>
                <td>{e.actionName}</td>
                <td>{e.userName}</td>
                <td>{timeText(e.at)}</td>
                <td>{e.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
