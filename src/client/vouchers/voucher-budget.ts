/**
 * The budgets of the voucher on screen (issue 21 §2, B8): for each budget detail a line carries,
 * its remaining budget as the voucher would leave it, shown beside the line and updated with the
 * amounts; the overrun of a warn project (已超预算执行: the save goes on, then a warning) and the
 * forbid check of the item picker (系统设置不能超预算执行,可用余额 X).
 *
 * What must stay true: the remaining shown is the server's (budget − spent, read with the
 * control's own reading of spent) less what this voucher spends from the detail now, plus what it
 * spent when it was loaded (already in the server's spent, an edit must not count it twice). A line
 * spends from a detail what the server counts: debit less credit of an expense line carrying the
 * detail's item on a subject the detail counts (countsSubject, shared with the server).
 */
import type { AuxiInfo, AuxiType } from '../../shared/api/auxiliary.js';
import { answerFen } from '../../shared/books/answer-amounts.js';
import { CONTROL_FORBID, CONTROL_WARN, countsSubject } from '../../shared/budget/control.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { formatFen } from '../../shared/money.js';
import { parseAuxiKey } from '../../shared/subjects/auxiliary-rules.js';

/** What the editor knows of a budget detail (from the auxiliary answers). */
export interface BudgetFigures {
  budgetId: string;
  name: string;
  /** Remaining as the server answered it (fen): adjusted budget − spent. */
  balance: number;
  /** 0 none, 2 warn, 3 forbid (0 while the plan is not approved). */
  status: number;
  subjects: readonly string[];
  hasIndicators: boolean;
}

/** A line as the budget reads it (amounts in fen). */
export interface BudgetLine {
  subjectCode: string | null;
  auxis: string | null;
  debitAmount: number | null;
  creditAmount: number | null;
}

export const itemKey = (typeNo: string, infoNo: string): string => `${typeNo}:${infoNo}`;

/** The budget details among a tree of items, by `TYPE:info`. */
export function figuresOf(types: readonly Pick<AuxiType, 'infoList'>[]): Map<string, BudgetFigures> {
  const out = new Map<string, BudgetFigures>();
  const walk = (items: readonly AuxiInfo[]) => {
    for (const i of items) {
      const f = figuresOfItem(i);
      if (f) out.set(itemKey(i.typeNo, i.infoNo), f);
      walk(i.children);
    }
  };
  for (const t of types) walk(t.infoList ?? []);
  return out;
}

export function figuresOfItem(i: AuxiInfo): BudgetFigures | null {
  if (!i.budgetId || i.balance === undefined) return null;
  return {
    budgetId: i.budgetId,
    name: i.infoName,
    balance: answerFen(i.balance),
    status: i.budgetExecutionStatus ?? 0,
    subjects: i.finalSubjects ?? [],
    hasIndicators: i.hasIndicators ?? false,
  };
}

/** What the lines spend from each detail (fen, by `TYPE:info`). */
export function budgetUse(
  lines: readonly BudgetLine[],
  figures: ReadonlyMap<string, BudgetFigures>,
  government: boolean,
): Map<string, number> {
  const use = new Map<string, number>();
  for (const line of lines) {
    const code = line.subjectCode ?? '';
    const net = (line.debitAmount ?? 0) - (line.creditAmount ?? 0);
    if (!code || net === 0) continue;
    for (const c of parseAuxiKey(line.auxis ?? '')) {
      const key = itemKey(c.typeNo, c.infoNo);
      const f = figures.get(key);
      if (f && countsSubject(code, f.subjects, government)) use.set(key, (use.get(key) ?? 0) + net);
    }
  }
  return use;
}

/** The voucher's budgets: the details' figures, what the voucher spent as loaded and spends now. */
export interface BudgetView {
  figures: ReadonlyMap<string, BudgetFigures>;
  loaded: ReadonlyMap<string, number>;
  now: ReadonlyMap<string, number>;
}

/** Remaining of a detail (fen) as this voucher would leave it. */
export function remainingOf(view: BudgetView, key: string): number | null {
  const f = view.figures.get(key);
  if (!f) return null;
  return f.balance - (view.now.get(key) ?? 0) + (view.loaded.get(key) ?? 0);
}

/** Whether this voucher raises what the detail spends (against the voucher as loaded). */
function raises(view: BudgetView, key: string): boolean {
  return (view.now.get(key) ?? 0) > (view.loaded.get(key) ?? 0);
}

export type NoteTone = 'warning' | 'error';

/** The note beside a line's items: its first budget detail's remaining, and an overrun's words. */
export function budgetNote(view: BudgetView, auxis: string | null): { text: string; tone?: NoteTone } | undefined {
  for (const c of parseAuxiKey(auxis ?? '')) {
    const key = itemKey(c.typeNo, c.infoNo);
    const f = view.figures.get(key);
    const remaining = remainingOf(view, key);
    if (!f || remaining === null) continue;
    const text = `预算余额 ${formatFen(remaining)}`;
    if (remaining >= 0 || !raises(view, key)) return { text };
    if (f.status === CONTROL_WARN) return { text: `${BudgetMessages.overrunWarned} ${text}`, tone: 'warning' };
    if (f.status === CONTROL_FORBID) return { text: `不能超预算执行 ${text}`, tone: 'error' };
    return { text };
  }
  return undefined;
}

/** The warn projects this voucher takes (further) past their budgets: the warning after the save. */
export function warnedOverruns(view: BudgetView): string[] {
  return [...view.figures.entries()]
    .filter(([key, f]) => f.status === CONTROL_WARN && raises(view, key) && (remainingOf(view, key) ?? 0) < 0)
    .map(([, f]) => f.name);
}

/**
 * The picker's check of a forbid project (spec: status 3, the selection cleared): nothing of its
 * budget left for this line once the voucher's other lines have spent theirs. `others` is what
 * those lines spend from it, `loaded` what the voucher spent from it as loaded.
 */
export function forbiddenChoice(f: BudgetFigures, others: number, loaded: number): string | null {
  if (f.status !== CONTROL_FORBID) return null;
  const available = f.balance - others + loaded;
  return available <= 0 ? BudgetMessages.overrunForbidden(available) : null;
}
