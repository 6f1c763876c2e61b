/**
 * The rows of the indicator dialog (指标): the project's tree flattened in code order, and a
 * parent's amount as the sum of its leaves (what the server stores; shown, not keyed).
 */
import type { IndicatorNode } from '../../shared/api/schemas/budget-setup.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';

export interface IndicatorRow {
  key: number;
  code: string;
  name: string;
  parentCode: string;
  /** Yuan as typed (a leaf's). */
  amount: string;
}

export function rowsOfTree(nodes: readonly IndicatorNode[], start = 1): IndicatorRow[] {
  const out: IndicatorRow[] = [];
  const walk = (list: readonly IndicatorNode[]) => {
    for (const n of list) {
      out.push({ key: start + out.length, code: n.code, name: n.name, parentCode: n.parentCode ?? '', amount: String(n.amount) });
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/** The fen of the row: its own amount when a leaf, the sum of its children's when a parent (null: not a number). */
export function rowFen(rows: readonly IndicatorRow[], code: string, seen: ReadonlySet<string> = new Set()): number | null {
  if (seen.has(code)) return null;
  const children = rows.filter((r) => r.parentCode !== '' && r.parentCode === code && r.code !== code);
  if (children.length === 0) {
    const row = rows.find((r) => r.code === code);
    if (!row || row.amount.trim() === '') return 0;
    const fen = yuanToFen(row.amount);
    return fen.ok ? fen.fen : null;
  }
  let sum = 0;
  for (const child of children) {
    const fen = rowFen(rows, child.code, new Set([...seen, code]));
    if (fen === null) return null;
    sum += fen;
  }
  return sum;
}
