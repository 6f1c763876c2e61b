/**
 * What the close check (spec Close-check result, carryOver) needs to know of a month's
 * carry-forward: expenses / earnings are true when the month's expense / revenue subjects have
 * nothing left to carry (every last-level balance zero at the month's end, per auxiliary item, all
 * vouchers counted), and revenueLeft / expenseLeft name the subjects that still have one;
 * outlayId is the first year-end template in use and earningsId the first month-end one (0 when
 * the set has none; the client then shows 暂未生成年结模板…).
 */
import type { AccountingSystem } from '../../shared/api/auth.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { yearSubjects } from './carry-forward-balances.js';
import { revenueExpenseLeft } from './carry-forward-generate.js';
import { activeCarryTemplates } from './carry-forward-service.js';

export interface CarryOverState {
  expenses: boolean;
  earnings: boolean;
  revenueLeft: string[];
  expenseLeft: string[];
  outlayId: string | 0;
  earningsId: string | 0;
}

export async function carryOverState(q: Q, ztId: number, year: number, month: number): Promise<CarryOverState> {
  const set = await q.selectFrom('zt_info').select('accounting_system').where('id', '=', ztId).executeTakeFirst();
  if (!set) refuse('NotFound', '账套不存在');
  const system = set.accounting_system as AccountingSystem;
  const [subjects, templates] = await Promise.all([yearSubjects(q, ztId, year), activeCarryTemplates(q, { ztId, system })]);
  const left = await revenueExpenseLeft(q, ztId, year, month, subjects);
  return {
    expenses: left.expense.length === 0,
    earnings: left.revenue.length === 0,
    revenueLeft: left.revenue,
    expenseLeft: left.expense,
    outlayId: templates.find((t) => !t.isMonth)?.id ?? 0,
    earningsId: templates.find((t) => t.isMonth)?.id ?? 0,
  };
}
