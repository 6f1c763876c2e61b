/**
 * 预算调整 (/budget-management/yusuan-zhenggai): after approval, a detail's adjusted budget changes
 * here only, with a reason; the opening budget stays. Each detail shows its opening and adjusted
 * budget, spent and remaining; 调整 opens the dialog; the year's adjustments are listed below.
 */
import { useCallback, useEffect, useState } from 'react';
import type { BudgetAdjustments } from '../../shared/api/schemas/budget-plan.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { planInForce } from '../../shared/budget/plan-states.js';
import { messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { Permission } from '../shell/Permission.js';
import { adjustBudget, loadAdjustments } from './budget-plan-api.js';
import { timeText } from './PlanHistory.js';
import { ReasonDialog } from './ReasonDialog.js';
import './budget.css';

const yuan = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function BudgetAdjustPage() {
  usePageTitle('预算调整');
  const [data, setData] = useState<BudgetAdjustments | null>(null);
  const [failed, setFailed] = useState(false);
  const [adjusting, setAdjusting] = useState<BudgetAdjustments['rows'][number] | null>(null);

  const apply = useCallback((loaded: BudgetAdjustments) => {
    setData(loaded);
    setFailed(false);
  }, []);

  useEffect(() => {
    let active = true;
    loadAdjustments()
      .then((loaded) => active && apply(loaded))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [apply]);

  if (failed)
    return (
      <div className="budget-page" role="alert">
        预算调整数据加载失败。
      </div>
    );
  if (!data) return <div className="budget-page muted">加载中…</div>;
  const inForce = planInForce(data.state);
  return (
    <div className="budget-page">
      <header className="budget-head">
        <h1>预算调整</h1>
        <span>{data.year}年度</span>
        <span className={`budget-state budget-state-${data.state}`}>{data.stateName}</span>
      </header>
      {!inForce && <p className="budget-notice">{BudgetMessages.adjustOnlyApproved}</p>}
      <table className="budget-table" aria-label="预算明细">
        <thead>
          <tr>
            <th>支出分类</th>
            <th>类别</th>
            <th>明细</th>
            <th>调整前预算</th>
            <th>调整后预算</th>
            <th>已执行</th>
            <th>预算余额</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((r) => (
            <tr key={r.id}>
              <td>{r.className}</td>
              <td>{r.categoryName}</td>
              <td>{r.projectName}</td>
              <td className="num">{yuan(r.amountBeforeAdjustment)}</td>
              <td className="num">{yuan(r.projectAmount)}</td>
              <td className="num">{yuan(r.spent)}</td>
              <td className="num">{yuan(r.remaining)}</td>
              <td>
                <Permission value="edit">
                  <button
                    type="button"
                    className="btn btn-link"
                    disabled={!inForce}
                    onClick={() => setAdjusting(r)}
                    aria-label={`调整 ${r.projectName}`}
                  >
                    调整
                  </button>
                </Permission>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="budget-history" aria-label="调整记录">
        <h2>调整记录</h2>
        {data.adjustments.length === 0 ? (
          <p className="muted">暂无调整</p>
        ) : (
          <table className="budget-table">
            <thead>
              <tr>
                <th>明细</th>
                <th>次数</th>
                <th>调整前</th>
                <th>调整后</th>
                <th>原因</th>
                <th>调整人</th>
                <th>时间</th>
              </tr>
            </thead>
            <tbody>
              {data.adjustments.map((a) => (
                <tr key={`${a.projectId}-${a.seq}`}>
                  <td>{a.projectName}</td>
                  <td>{a.seq}</td>
                  <td className="num">{yuan(a.beforeAmount)}</td>
                  <td className="num">{yuan(a.afterAmount)}</td>
                  <td>{a.reason}</td>
                  <td>{a.userName}</td>
                  <td>{timeText(a.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {adjusting && (
        <ReasonDialog
          title={`调整预算 — ${adjusting.projectName}`}
          amount={{
            label: '调整后预算（元）',
            initial: adjusting.projectAmount.toFixed(2),
            required: BudgetMessages.projectAmountRequired,
          }}
          reasonLabel="调整原因"
          reasonRequired={BudgetMessages.adjustReasonRequired}
          submitLabel="调整"
          note={`调整前预算 ${yuan(adjusting.amountBeforeAdjustment)} 元不变`}
          onCancel={() => setAdjusting(null)}
          onSubmit={async (reason, amount) => {
            apply(await adjustBudget({ id: adjusting.id, projectAmount: amount, reason }));
            setAdjusting(null);
            messageBox.fireAndForget(messageBox.alert('预算已调整', { tone: 'success' }));
          }}
        />
      )}
    </div>
  );
}
