/** A codeJoin answer computed from the real mapping and charts, for the transition grids' tests. */
import { findSubject, union2009, unionCounty2021, unionGrassroots2021 } from '../templates/charts/index.js';
import { transitionRows } from '../templates/transition/union-2009-to-2021.js';
import type { CodeJoinResponse } from '../src/shared/api/schemas/transition.js';
import type { ChartTemplate } from '../src/shared/chart.js';
import { answerYuan } from '../src/shared/books/answer-amounts.js';
import type { TransitionLevel } from '../src/shared/transition/mapping.js';
import { computeWorksheet, type AdjustmentLine, type SplitInput, type SubjectFacts } from '../src/shared/transition/worksheet.js';
import type { WorksheetRowsOptions } from './transition-worksheet.js';

const chartOf = (level: TransitionLevel) => (level === 'county' ? unionCounty2021 : unionGrassroots2021);

function facts(chart: ChartTemplate, code: string): SubjectFacts | undefined {
  const s = findSubject(chart, code);
  if (!s) return undefined;
  return { name: s.name, balanceDirection: s.balanceDirection, lastLevel: !chart.subjects.some((c) => c.parentCode === code) };
}

/** New subjects come from the set's chart, then the county chart (what the finish adds). */
const newFacts = (level: TransitionLevel) => (code: string) => facts(chartOf(level), code) ?? facts(unionCounty2021, code);

export function rowsOptions(level: TransitionLevel): WorksheetRowsOptions {
  return {
    mapping: transitionRows(level),
    oldDirection: (code) => findSubject(union2009, code)?.balanceDirection,
    newDirection: (code) => newFacts(level)(code)?.balanceDirection,
  };
}

export function worksheetAnswer(
  level: TransitionLevel,
  oldBalances: Readonly<Record<string, number>>,
  splits: Readonly<Record<string, SplitInput>> = {},
  adjustments: readonly AdjustmentLine[] = [],
): CodeJoinResponse {
  const result = computeWorksheet({
    rows: transitionRows(level),
    oldBalances: new Map(Object.entries(oldBalances)),
    splits: new Map(Object.entries(splits)),
    adjustments,
    oldSubject: (code) => facts(union2009, code),
    newSubject: newFacts(level),
  });
  const name = (code: string) => newFacts(level)(code)?.name ?? '';
  const t = result.totals;
  return {
    year: 2022,
    level,
    isSaved: true,
    reconciled: false,
    oldSubjects: [],
    rows: result.rows.map((r) => ({
      no: r.no,
      oldCode: r.oldCode,
      oldName: r.oldCode === null ? '' : (findSubject(union2009, r.oldCode)?.name ?? ''),
      rule: r.rule,
      noBalance: r.noBalance,
      oldAmount: answerYuan(r.oldAmount),
      parts: r.parts.map((p) => ({ ...p, newName: name(p.newCode), amount: answerYuan(p.amount) })),
    })),
    adjustments: result.adjustments.map((a) => ({
      voucherId: a.voucherId,
      voucherNo: a.voucherNo,
      lineNo: a.lineNo,
      summary: a.summary,
      subjectCode: a.subjectCode,
      subjectName: name(a.subjectCode),
      auxiKey: a.auxiKey,
      increase: answerYuan(a.increase),
      decrease: answerYuan(a.decrease),
    })),
    openings: [],
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
