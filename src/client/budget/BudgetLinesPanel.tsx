/**
 * The drill of a budget report: the voucher lines a detail's spent is made of (its item on the
 * subjects it counts, every voucher of the year but the carry-forwards), each opening its voucher
 * in the voucher editor. Their sum is the detail's 已执行. The page keys it by the detail, so
 * another detail mounts a fresh panel.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { BudgetLinesResponse } from '../../shared/api/schemas/budget-reports.js';
import { VOUCHER_ADD_PATH } from '../../shared/financial-state.js';
import { formatFen } from '../../shared/money.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import { loadBudgetLines } from './budget-reports-api.js';

const yuanText = (yuan: number) => {
  const fen = yuanToFen(yuan);
  return fen.ok ? formatFen(fen.fen, { thousands: true }) : String(yuan);
};

export function BudgetLinesPanel({ budgetId, onClose }: { budgetId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<BudgetLinesResponse | null>(null);
  useEffect(() => {
    let live = true;
    loadBudgetLines(budgetId)
      .then((a) => {
        if (live) setAnswer(a);
      })
      .catch(() => undefined); // the request wrapper shows the refusal
    return () => {
      live = false;
    };
  }, [budgetId]);

  return (
    <section className="budget-lines" aria-label="执行明细">
      <header>
        <h2>{answer ? `${answer.code} ${answer.name} 执行明细` : '执行明细'}</h2>
        {answer && (
          <span className="muted">
            调整后预算 {yuanText(answer.projectAmount)}，已执行 {yuanText(answer.spent)}，共 {answer.lines.length} 行
          </span>
        )}
        <span className="books-spacer" />
        <button type="button" className="btn" onClick={onClose}>
          关闭
        </button>
      </header>
      {answer && answer.lines.length === 0 && <p className="muted">本年没有该明细的支出凭证。</p>}
      {answer && answer.lines.length > 0 && (
        <div className="budget-lines-table">
          <table>
            <thead>
              <tr>
                <th>凭证字号</th>
                <th>日期</th>
                <th>摘要</th>
                <th>科目</th>
                <th className="num">执行金额</th>
              </tr>
            </thead>
            <tbody>
              {answer.lines.map((l) => (
                <tr key={`${l.voucherId}:${l.lineNo}`}>
                  <td>
                    <button
                      type="button"
                      className="btn-link"
                      title="打开凭证"
                      onClick={() => void navigate(`${VOUCHER_ADD_PATH}?id=${encodeURIComponent(l.voucherId)}`)}
                    >
                      {l.voucherNo}
                    </button>
                  </td>
                  <td>{l.pzDate}</td>
                  <td>{l.summary}</td>
                  <td>
                    {l.subjectCode} {l.subjectName}
                  </td>
                  <td className="num">{yuanText(l.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
