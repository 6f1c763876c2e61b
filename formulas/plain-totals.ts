/**
 * Totals without a spreadsheet: when a grid has no derived cells and every total is a sum of
 * terms (`SUM(field)` over the total's rows, or another total's id, joined by + and -), its
 * totals are plain integer sums of fen, a few thousand additions even for 10,000 rows. The grid
 * then needs neither HyperFormula's 780 kB chunk nor its engine build (which took longer than
 * the grid's own first render: bench/grid-render.ts). Any other formula returns null here and
 * goes to the HyperFormula engine (engine.ts); plain-totals.test.ts checks both agree.
 *
 * What must stay true: the same figures as engine.ts for every row and edit (numbers as
 * engineNumber reads them, an empty or filtered-out range sums to 0), and no derived cells.
 */
import type { GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';
import { engineNumber, isNumericKind } from './layout.js';

/** One term of a total: a field's sum over the total's rows, or another total, with its sign. */
type Term =
  | { readonly sign: 1 | -1; readonly kind: 'sum'; readonly field: string }
  | { readonly sign: 1 | -1; readonly kind: 'total'; readonly id: string };

interface PlainTotal<R extends GridRow> {
  readonly id: string;
  readonly rows: TotalDef<R>['rows'];
  readonly terms: readonly Term[];
}

const TERM = /^\s*(?:SUM\s*\(\s*([A-Za-z_]\w*)\s*\)|([A-Za-z_]\w*))\s*/i;
const OPERATOR = /^([+-])/;

/** The terms of `SUM(a) - b + SUM(c)` (a leading sign too), or null for anything else (a function, a number, brackets). */
export function sumTerms(expression: string): Term[] | null {
  const terms: Term[] = [];
  const lead = /^\s*([+-])?/.exec(expression)?.[0] ?? '';
  let rest = expression.slice(lead.length);
  let sign: 1 | -1 = lead.includes('-') ? -1 : 1;
  for (;;) {
    const term = TERM.exec(rest);
    if (!term) return null;
    const [text, field, id] = term;
    if (field !== undefined) terms.push({ sign, kind: 'sum', field });
    else if (id !== undefined) terms.push({ sign, kind: 'total', id });
    rest = rest.slice(text.length);
    if (rest === '') return terms;
    const operator = OPERATOR.exec(rest);
    if (!operator) return null;
    sign = operator[1] === '-' ? -1 : 1;
    rest = rest.slice(1);
  }
}

/** The plan of a definition's totals as plain sums, or null when a formula needs HyperFormula. */
export function plainTotalsPlan<R extends GridRow>(def: GridDefinition<R>): PlainTotal<R>[] | null {
  if ((def.derived ?? []).length > 0) return null;
  const numeric = new Set(def.fields.filter((f) => isNumericKind(f.kind)).map((f) => f.id as string));
  const ids = new Set((def.totals ?? []).map((t) => t.id));
  const plan: PlainTotal<R>[] = [];
  for (const total of def.totals ?? []) {
    const terms = sumTerms(total.expression);
    if (!terms) return null;
    for (const t of terms) {
      if (t.kind === 'sum' && !numeric.has(t.field)) return null;
      if (t.kind === 'total' && (!ids.has(t.id) || t.id === total.id)) return null;
    }
    plan.push({ id: total.id, rows: total.rows, terms });
  }
  return acyclic(plan) ? plan : null;
}

function acyclic<R extends GridRow>(plan: readonly PlainTotal<R>[]): boolean {
  const byId = new Map(plan.map((t) => [t.id, t]));
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string): boolean => {
    const s = state.get(id);
    if (s === 'done') return true;
    if (s === 'visiting') return false;
    state.set(id, 'visiting');
    const ok = (byId.get(id)?.terms ?? []).every((t) => t.kind === 'sum' || visit(t.id));
    state.set(id, 'done');
    return ok;
  };
  return plan.every((t) => visit(t.id));
}

/** Every total of the plan over `rows`, by id. */
export function plainTotals<R extends GridRow>(plan: readonly PlainTotal<R>[], rows: readonly R[]): Record<string, number> {
  // Sums as HyperFormula sees them: zero is empty when every formula is a sum (engineNumber),
  // which adds the same.
  const sums = new Map<string, number>();
  const sumOf = (total: PlainTotal<R>, field: string): number => {
    const key = `${total.id}\u0000${field}`;
    let sum = sums.get(key);
    if (sum === undefined) {
      sum = 0;
      for (const row of rows) {
        if (total.rows && !total.rows(row)) continue;
        sum += engineNumber(row[field], true) ?? 0;
      }
      sums.set(key, sum);
    }
    return sum;
  };
  const byId = new Map(plan.map((t) => [t.id, t]));
  const out: Record<string, number> = {};
  const valueOf = (total: PlainTotal<R>): number => {
    const known = out[total.id];
    if (known !== undefined) return known;
    let value = 0;
    for (const term of total.terms) {
      const part = term.kind === 'sum' ? sumOf(total, term.field) : valueOf(byId.get(term.id) ?? total);
      value += term.sign * part;
    }
    // 0 - 0 is 0 in a spreadsheet, never -0.
    out[total.id] = value === 0 ? 0 : value;
    return out[total.id] ?? value;
  };
  for (const total of plan) valueOf(total);
  return out;
}
