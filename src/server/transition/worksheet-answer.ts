/** The worksheet in the wire's shape (yuan, names of both charts). */
import { union2009 } from '../../../templates/charts/index.js';
import type { CodeJoinResponse } from '../../shared/api/schemas/transition.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import type { TransitionContext } from './context.js';
import type { WorksheetData } from './worksheet-read.js';

export function codeJoinAnswer(ctx: TransitionContext, data: WorksheetData, item1: 1 | 2): CodeJoinResponse {
  const { result } = data;
  const t = result.totals;
  const subtotal = (code: string): number => {
    const own = data.oldBalances.get(code) ?? 0;
    return own + union2009.subjects.filter((s) => s.parentCode === code).reduce((sum, s) => sum + subtotal(s.code), 0);
  };
  return {
    year: ctx.year,
    level: ctx.level,
    isSaved: ctx.figuresSaved,
    reconciled: ctx.reconciled,
    oldSubjects:
      item1 === 1
        ? union2009.subjects.map((s) => ({
            code: s.code,
            name: s.name,
            parentCode: s.parentCode,
            level: s.level,
            type: s.type,
            balanceDirection: s.balanceDirection,
            lastLevel: !union2009.subjects.some((c) => c.parentCode === s.code),
            amount: answerYuan(subtotal(s.code)),
          }))
        : [],
    rows:
      item1 === 2
        ? result.rows.map((r) => ({
            no: r.no,
            oldCode: r.oldCode,
            oldName: r.oldCode === null ? '' : data.oldName(r.oldCode),
            rule: r.rule,
            noBalance: r.noBalance,
            oldAmount: answerYuan(r.oldAmount),
            parts: r.parts.map((p) => ({
              key: p.key,
              newCode: p.newCode,
              newName: data.newName(p.newCode),
              basis: p.basis,
              remainder: p.remainder,
              amount: answerYuan(p.amount),
            })),
          }))
        : [],
    adjustments: result.adjustments.map((a) => ({
      voucherId: a.voucherId,
      voucherNo: a.voucherNo,
      lineNo: a.lineNo,
      summary: a.summary,
      subjectCode: a.subjectCode,
      subjectName: data.newName(a.subjectCode),
      auxiKey: a.auxiKey,
      increase: answerYuan(a.increase),
      decrease: answerYuan(a.decrease),
    })),
    openings: result.openings.map((o) => ({
      code: o.code,
      name: data.newName(o.code),
      auxiKey: o.auxiKey,
      balanceDirection: data.newDirection(o.code),
      amount: answerYuan(o.amount),
    })),
    totals: {
      old: answerYuan(t.old),
      increase: answerYuan(t.increase),
      decrease: answerYuan(t.decrease),
      new: answerYuan(t.new),
      oldDebit: answerYuan(t.oldDebit),
      oldCredit: answerYuan(t.oldCredit),
      newDebit: answerYuan(t.newDebit),
      newCredit: answerYuan(t.newCredit),
    },
    problems: result.problems,
  };
}
