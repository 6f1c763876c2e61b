/**
 * The close check (GET /account/api/certificate/check): every part of the spec's result for the
 * months beginMonth..endMonth of a year. Pure reads; the close runs it again inside its own
 * transaction so nothing changes between the check and the close.
 */
import type { AccountingSystem } from '../../shared/api/auth.js';
import type { CloseCheckResult, NumberGap } from '../../shared/api/close.js';
import { CloseMessages, subjectsText } from '../../shared/close/messages.js';
import { isCashRoot } from '../../shared/close/year-end-subjects.js';
import { formatFen } from '../../shared/money.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { trialBalance } from '../books/trial-balance-calc.js';
import { chartSubjects, monthTurnover } from '../books/trial-balance.js';
import { listCertificateTypes } from '../vouchers/certificate-types.js';
import type { Q } from '../subjects/subject-repository.js';
import { carryOverState } from '../templates/carry-over-state.js';
import { yearEndRollLeft } from '../templates/carry-forward-generate.js';
import { missingNumbers, unsignedCashVouchers, voucherNumbers, voucherStates } from './check-data.js';
import { unsettledPayables } from '../funds/payables.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import { assetCloseParts } from '../assets/asset-checks.js';

export interface CheckScope {
  ztId: number;
  year: number;
  system: AccountingSystem;
  isZJ: boolean;
  isCheckCertificateSign: boolean;
  whetherOpenMonthEndCarryover: boolean;
}

export async function closeCheck(
  db: Db,
  scope: CheckScope,
  beginMonth: number,
  endMonth: number,
  q: Q = db.kysely,
): Promise<CloseCheckResult> {
  const { ztId, year } = scope;
  const subjectScope = { ztId, year, system: scope.system };
  // The books' readers take a Db; inside the close they must read through its transaction.
  const inTrx: Db = { ...db, kysely: q };
  const [states, runs, types, subjects, turnover, subjectRows, yearRow, carry, unsettled] = await Promise.all([
    voucherStates(q, ztId, year, beginMonth, endMonth),
    voucherNumbers(q, ztId, year, beginMonth, endMonth),
    listCertificateTypes(q, ztId),
    chartSubjects(inTrx, subjectScope),
    monthTurnover(inTrx, subjectScope, endMonth, false),
    q
      .selectFrom('subject')
      .select(['code', 'type', 'name', 'parent_code', 'last_level'])
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .execute(),
    q.selectFrom('zt_year').select('start_month').where('zt_id', '=', ztId).where('year', '=', year).executeTakeFirst(),
    carryOverState(q, ztId, year, endMonth),
    unsettledPayables(q, ztId, year, endMonth),
  ]);
  const assets = await assetCloseParts(q, { ztId, year, system: scope.system }, beginMonth, endMonth);

  const total = states.reduce((s, m) => s + m.total, 0);
  const reviewed = states.reduce((s, m) => s + m.reviewed, 0);
  const booked = states.reduce((s, m) => s + m.booked, 0);
  const unMonthReviewed = states
    .filter((m) => m.reviewed < m.total || m.booked < m.total)
    .map((m) => ({ month: m.month, unreviewCount: m.total - m.reviewed, unbookCount: m.total - m.booked }));

  const typeName = new Map(types.map((t) => [t.value, t.name]));
  const gaps: NumberGap[] = runs
    .map((r) => ({
      month: r.month,
      certificateType: r.certificateType,
      certificateTypeName: typeName.get(r.certificateType) ?? String(r.certificateType),
      missing: missingNumbers(r.numbers),
    }))
    .filter((g) => g.missing.length > 0);

  const startMonth = yearRow?.start_month ?? 1;
  const openingTrial = trialBalance(subjects, [], { beginMonth: startMonth, endMonth: startMonth });
  const openingBalanced =
    openingTrial.financial.initialDebit === openingTrial.financial.initialCredit &&
    openingTrial.budget.initialDebit === openingTrial.budget.initialCredit;
  // The financial side's difference, or the budget side's when only that one is off (never 0.00 for an unbalanced check).
  const difference =
    Math.abs(openingTrial.financial.initialDebit - openingTrial.financial.initialCredit) ||
    Math.abs(openingTrial.budget.initialDebit - openingTrial.budget.initialCredit);

  const monthTrial = trialBalance(subjects, turnover, { beginMonth, endMonth });
  const monthBalanced = monthTrial.financial.balanced && monthTrial.budget.balanced;

  const byCode = new Map(subjectRows.map((s) => [s.code, s]));
  const earningsLeft = carry.revenueLeft;
  const expensesLeft = carry.expenseLeft;
  const december = endMonth === 12;
  const carrySkipped = december && !scope.whetherOpenMonthEndCarryover;
  const carried = earningsLeft.length === 0 && expensesLeft.length === 0;
  const named = (codes: readonly string[]) => subjectsText(codes.map((code) => ({ code, name: byCode.get(code)?.name ?? '' })));
  const leftList = named([...earningsLeft, ...expensesLeft]);

  const rollLeft = december ? await yearEndRollLeft(q, ztId, year, endMonth) : [];
  const yearEndMessage = !december
    ? '非12月，无需年末检查'
    : carry.outlayId === 0
      ? CloseMessages.yearEndTemplatesMissing
      : !carried
        ? `收入支出科目尚有余额未结转（${leftList}），请生成年结凭证`
        : rollLeft.length > 0
          ? `本年收支结转等科目尚有余额（${named(rollLeft)}），请生成年结凭证转入累计结转/累计结余`
          : '年末检查通过';
  const yearEndStatus = !december || yearEndMessage === '年末检查通过';

  const firstLevel = (code: string): string => {
    let at = byCode.get(code);
    while (at?.parent_code) at = byCode.get(at.parent_code);
    return at?.code ?? code;
  };
  const cashCodes = subjectRows.filter((s) => s.last_level && isCashRoot(firstLevel(s.code))).map((s) => s.code);
  const unsigned = scope.isCheckCertificateSign ? await unsignedCashVouchers(q, ztId, year, beginMonth, endMonth, cashCodes) : 0;

  const result: CloseCheckResult = {
    flag: false,
    year,
    beginMonth,
    endMonth,
    cashier: { status: unsigned === 0, shown: scope.isCheckCertificateSign, unsigned },
    handlerPeople: { status: true, shown: scope.isCheckCertificateSign, message: '凭证不设经办人签字，无需检查' },
    startBalance: {
      status: openingBalanced,
      message: openingBalanced
        ? '期初余额试算平衡'
        : `期初余额试算不平衡，借贷方差额${formatFen(difference, { thousands: true })}元`,
      difference: fenToYuan(difference),
      isZJ: scope.isZJ,
    },
    endTerm: { isFinancialInstitution: false },
    review: {
      status: reviewed === total && booked === total,
      unReviewed: total - reviewed,
      unBooked: total - booked,
      total,
      reviewed,
      unMonthReviewed,
    },
    breakNo: { status: gaps.length === 0, gaps },
    carryOver: {
      status: carrySkipped || carried,
      skipped: carrySkipped,
      expenses: expensesLeft.length === 0,
      earnings: earningsLeft.length === 0,
      outlayId: carry.outlayId,
      earningsId: carry.earningsId,
      message: carrySkipped ? '12月由年末检查结转' : carried ? '收入支出已结转' : `收入支出科目尚有余额未结转（${leftList}）`,
    },
    // The union funds still owed up and down are listed, not refused: remittances are usually
    // settled in the next month (paid by the 15th on the month's funds), so a balance here is normal.
    endInspection: {
      status: monthBalanced,
      unionFundTransfer: unsettled.length === 0,
      unsettledFunds: unsettled.map((u) => ({
        subjectCode: u.subjectCode,
        subjectName: u.subjectName,
        side: u.side,
        unitCode: u.unitCode,
        unitName: u.unitName,
        amount: answerYuan(u.amount),
      })),
      message: monthBalanced ? '科目余额试算平衡' : '科目余额表试算不平衡，请检查凭证或重新生成发生额',
    },
    yearEndInspection: {
      status: yearEndStatus,
      applicable: december,
      unionFundTransfer: !december || unsettled.length === 0,
      message: yearEndMessage,
    },
    ...assets,
  };
  result.flag = failedParts(result).length === 0;
  return result;
}

/** The parts that keep the month from closing, by their key. `ignoreBalance` accepts an opening mismatch. */
export function failedParts(r: CloseCheckResult, ignoreBalance = false): (keyof CloseCheckResult)[] {
  const failed: (keyof CloseCheckResult)[] = [];
  if (!r.review.status) failed.push('review');
  if (!r.breakNo.status) failed.push('breakNo');
  if (!r.startBalance.status && !ignoreBalance) failed.push('startBalance');
  if (!r.carryOver.status) failed.push('carryOver');
  if (!r.endInspection.status) failed.push('endInspection');
  if (!r.yearEndInspection.status) failed.push('yearEndInspection');
  if (r.cashier.shown && !r.cashier.status) failed.push('cashier');
  if (r.handlerPeople.shown && !r.handlerPeople.status) failed.push('handlerPeople');
  // The asset parts: a balance mismatch alone is accepted with the opening one (the page's ignore button).
  for (const key of ['fixedAssetsVO', 'intangibleAssetsVO', 'inventoryAssetsVO', 'longAmortionVO'] as const) {
    const part = r[key];
    if (part.applicable && !part.status && !(part.balanceOnly && ignoreBalance)) failed.push(key);
  }
  return failed;
}
