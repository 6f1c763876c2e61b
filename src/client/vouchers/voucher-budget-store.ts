/**
 * The budget figures of the voucher on screen (voucher-budget.ts says what they mean): fetched
 * once per voucher shown, when a line first carries an item of a budget type (the auxiliary answer
 * of those types; a voucher without budget items asks nothing), what the voucher spent as loaded,
 * and what its rows spend now. An answer that arrives after another voucher took the
 * screen is dropped.
 */
import type { AuxiType } from '../../shared/api/auxiliary.js';
import { BUDGET_ITEM_TYPES } from '../../shared/budget/classes.js';
import { parseAuxiKey } from '../../shared/subjects/auxiliary-rules.js';
import { budgetUse, figuresOf, type BudgetFigures, type BudgetLine, type BudgetView } from './voucher-budget.js';

const carriesBudgetType = (line: BudgetLine): boolean =>
  parseAuxiKey(line.auxis ?? '').some((c) => BUDGET_ITEM_TYPES.includes(c.typeNo));

export type FetchBudgetTypes = (typeNos: readonly string[]) => Promise<AuxiType[]>;

export class VoucherBudgets implements BudgetView {
  figures: ReadonlyMap<string, BudgetFigures> = new Map();
  loaded: ReadonlyMap<string, number> = new Map();
  now: ReadonlyMap<string, number> = new Map();
  private loadedLines: readonly BudgetLine[] = [];
  private rows: readonly BudgetLine[] = [];
  private government = false;
  private round = 0;
  private asked = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly fetchTypes: FetchBudgetTypes) {}

  /** Called when the figures arrived; returns the unsubscribe. */
  listen(onArrived: () => void): () => void {
    this.listeners.add(onArrived);
    return () => this.listeners.delete(onArrived);
  }

  /** Another voucher on screen: its lines as loaded (none for a new one) and as shown. */
  startVoucher(loaded: readonly BudgetLine[], rows: readonly BudgetLine[], government: boolean): void {
    this.round += 1;
    this.asked = false;
    this.figures = new Map();
    this.loadedLines = loaded;
    this.government = government;
    this.update(rows);
  }

  /** The figures, fetched once per voucher and only when a line carries an item of a budget type. */
  private fetchOnce(): void {
    if (this.asked || ![...this.loadedLines, ...this.rows].some(carriesBudgetType)) return;
    this.asked = true;
    const round = this.round;
    this.fetchTypes(BUDGET_ITEM_TYPES)
      .then((types) => {
        if (round !== this.round) return;
        this.figures = figuresOf(types);
        this.update(this.rows);
        for (const listener of this.listeners) listener();
      })
      .catch(() => {
        // The budget is a help beside the line (the server's control stands): asked again with the next change.
        if (round === this.round) this.asked = false;
      });
  }

  /** The voucher's lines as loaded, known late (a restored draft of a saved voucher). */
  setLoaded(loaded: readonly BudgetLine[]): void {
    this.loadedLines = loaded;
    this.update(this.rows);
  }

  /** The rows on screen changed. */
  update(rows: readonly BudgetLine[]): void {
    this.rows = rows;
    this.now = budgetUse(rows, this.figures, this.government);
    this.loaded = budgetUse(this.loadedLines, this.figures, this.government);
    this.fetchOnce();
  }

  /** What the rows other than one spend from a detail (the picker's check of that row's choice). */
  spentByOthers(rowId: string, rows: readonly (BudgetLine & { rowId: string })[], key: string, figures: BudgetFigures): number {
    const others = rows.filter((r) => r.rowId !== rowId);
    return budgetUse(others, new Map([[key, figures]]), this.government).get(key) ?? 0;
  }

  /** What the voucher as loaded spent from a detail. */
  loadedOf(key: string, figures: BudgetFigures): number {
    return budgetUse(this.loadedLines, new Map([[key, figures]]), this.government).get(key) ?? 0;
  }

  isGovernment(): boolean {
    return this.government;
  }
}
