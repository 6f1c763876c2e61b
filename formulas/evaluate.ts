/**
 * Totals computed in plain TS, without HyperFormula: for the server (which recomputes what it
 * stores and writes cached values into exported workbooks) and for export in a process that has
 * no engine. Covers the arithmetic totals use: numbers, + - * / and parentheses, SUM, MIN, MAX,
 * ABS over field ids (a column over the total's rows) and other totals' ids. A total that uses
 * anything else is NaN here; the engine remains the reference for those.
 *
 * Parent (derived) amounts are rolled up from their children first, as the engine does.
 */
import type { GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';
import { rollUpDerivedSums } from './tree-index.js';

type Value = number | readonly number[];

class Parser {
  private pos = 0;
  constructor(
    private readonly text: string,
    private readonly resolve: (name: string) => Value,
  ) {}

  parse(): Value {
    const value = this.expr();
    this.space();
    if (this.pos !== this.text.length) throw new Error(`unexpected ${this.text.slice(this.pos)}`);
    return value;
  }

  private space() {
    while (this.text[this.pos] === ' ') this.pos++;
  }

  private peek(): string {
    this.space();
    return this.text[this.pos] ?? '';
  }

  private expr(): Value {
    let left = this.term();
    for (let op = this.peek(); op === '+' || op === '-'; op = this.peek()) {
      this.pos++;
      const right = this.term();
      left = op === '+' ? scalar(left) + scalar(right) : scalar(left) - scalar(right);
    }
    return left;
  }

  private term(): Value {
    let left = this.factor();
    for (let op = this.peek(); op === '*' || op === '/'; op = this.peek()) {
      this.pos++;
      const right = this.factor();
      left = op === '*' ? scalar(left) * scalar(right) : scalar(left) / scalar(right);
    }
    return left;
  }

  private factor(): Value {
    const c = this.peek();
    if (c === '-') {
      this.pos++;
      return -scalar(this.factor());
    }
    if (c === '(') {
      this.pos++;
      const v = this.expr();
      this.expect(')');
      return v;
    }
    const number = /^\d+(\.\d+)?/.exec(this.text.slice(this.pos));
    if (number) {
      this.pos += number[0].length;
      return Number(number[0]);
    }
    const name = /^[A-Za-z_]\w*/.exec(this.text.slice(this.pos));
    if (!name) throw new Error(`unexpected ${this.text.slice(this.pos)}`);
    this.pos += name[0].length;
    if (this.peek() !== '(') return this.resolve(name[0]);
    this.pos++;
    const args: Value[] = [];
    if (this.peek() !== ')') {
      args.push(this.expr());
      while (this.peek() === ',') {
        this.pos++;
        args.push(this.expr());
      }
    }
    this.expect(')');
    return call(
      name[0],
      args.flatMap((a) => (typeof a === 'number' ? [a] : [...a])),
    );
  }

  private expect(c: string) {
    if (this.peek() !== c) throw new Error(`expected ${c}`);
    this.pos++;
  }
}

function scalar(v: Value): number {
  if (typeof v !== 'number') throw new Error('a column is not a number');
  return v;
}

function call(name: string, values: number[]): number {
  switch (name.toUpperCase()) {
    case 'SUM':
      return values.reduce((a, b) => a + b, 0);
    case 'MIN':
      return values.length ? Math.min(...values) : 0;
    case 'MAX':
      return values.length ? Math.max(...values) : 0;
    case 'ABS':
      return Math.abs(values[0] ?? 0);
    default:
      throw new Error(`unsupported function ${name}`);
  }
}

export interface EvaluateOptions<R extends GridRow> {
  /** The rows' derived amounts are already rolled up (skip doing it again). */
  readonly rolledUp?: boolean;
  /** The rows a total's filter keeps, if the caller has them (shared with the export's formulas). */
  readonly keptRows?: (filter: NonNullable<TotalDef<R>['rows']>) => readonly R[];
}

/** Every total of the definition by id (NaN where the expression is beyond this evaluator). */
export function evaluateTotals<R extends GridRow>(
  def: GridDefinition<R>,
  rows: readonly R[],
  options: EvaluateOptions<R> = {},
): Record<string, number> {
  const rolled = def.derived?.length && !options.rolledUp ? rollUpDerivedSums(def, rows) : rows;
  const keptRows = options.keptRows ?? ((filter: NonNullable<TotalDef<R>['rows']>) => rolled.filter(filter));
  const totals = new Map((def.totals ?? []).map((t) => [t.id, t]));
  const done = new Map<string, number>();
  const evaluate = (total: TotalDef<R>, stack: readonly string[]): number => {
    const cached = done.get(total.id);
    if (cached !== undefined) return cached;
    let value: number;
    try {
      const kept = total.rows ? keptRows(total.rows) : rolled;
      const resolve = (name: string): Value => {
        const other = totals.get(name);
        if (other) {
          if (stack.includes(name)) throw new Error(`circular total ${name}`);
          return evaluate(other, [...stack, name]);
        }
        if (!def.fields.some((f) => f.id === name)) throw new Error(`unknown name ${name}`);
        return kept.flatMap((r) => (typeof r[name] === 'number' ? [r[name]] : []));
      };
      value = scalar(new Parser(total.expression, resolve).parse());
    } catch {
      value = NaN;
    }
    done.set(total.id, value);
    return value;
  };
  for (const t of totals.values()) evaluate(t, [t.id]);
  return Object.fromEntries(done);
}
