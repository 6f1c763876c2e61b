/**
 * The ledger-set tree of /selecting: items linked by upperId (an item whose upper is not in the
 * list is a root), filtered by name or code keeping the ancestors of matches, and flattened in
 * display order for keyboard moves.
 */
import type { ZtElectItem } from '../../shared/api/auth.js';

export interface ZtNode {
  item: ZtElectItem;
  children: ZtNode[];
}

export interface VisibleNode {
  item: ZtElectItem;
  depth: number;
  hasChildren: boolean;
}

const byCode = (a: ZtNode, b: ZtNode) => a.item.code.localeCompare(b.item.code) || a.item.id - b.item.id;

export function buildZtTree(items: readonly ZtElectItem[]): ZtNode[] {
  const nodes = new Map<number, ZtNode>(items.map((item) => [item.id, { item, children: [] }]));
  const roots: ZtNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.item.upperId != null && node.item.upperId !== node.item.id ? nodes.get(node.item.upperId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: ZtNode[]) => {
    list.sort(byCode);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

/** True when the item's name or code contains the query (case-insensitive). */
export function ztMatches(item: Pick<ZtElectItem, 'name' | 'code'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q !== '' && (item.name.toLowerCase().includes(q) || item.code.toLowerCase().includes(q));
}

/** Keep nodes whose name or code contains the query, with their ancestors. */
export function filterZtTree(roots: readonly ZtNode[], query: string): ZtNode[] {
  if (!query.trim()) return [...roots];
  const walk = (node: ZtNode): ZtNode | null => {
    const children = node.children.map(walk).filter((n): n is ZtNode => n !== null);
    return ztMatches(node.item, query) || children.length ? { item: node.item, children } : null;
  };
  return roots.map(walk).filter((n): n is ZtNode => n !== null);
}

export function flattenZtTree(roots: readonly ZtNode[], collapsed: ReadonlySet<number> = new Set()): VisibleNode[] {
  const out: VisibleNode[] = [];
  const walk = (node: ZtNode, depth: number) => {
    out.push({ item: node.item, depth, hasChildren: node.children.length > 0 });
    if (!collapsed.has(node.item.id)) node.children.forEach((child) => walk(child, depth + 1));
  };
  roots.forEach((root) => walk(root, 0));
  return out;
}

/** Default year: the current calendar year when offered, else the newest. */
export function defaultYear(years: readonly number[], today: Date = new Date()): number | null {
  if (years.length === 0) return null;
  const current = today.getFullYear();
  return years.includes(current) ? current : Math.max(...years);
}

/** The id one step up or down the visible list (clamped), or the first one. */
export function moveSelection(visible: readonly VisibleNode[], selected: number | null, step: number): number | null {
  if (visible.length === 0) return null;
  const index = visible.findIndex((n) => n.item.id === selected);
  if (index < 0) return visible[0]?.item.id ?? null;
  const next = Math.min(visible.length - 1, Math.max(0, index + step));
  return visible[next]?.item.id ?? null;
}

/**
 * The year `step` places along the offered years in the order the year list shows them (PageDown
 * goes down the list as its own ArrowDown does), clamped at both ends; the first when none is chosen.
 */
export function stepYear(years: readonly number[], year: number | null, step: number): number | null {
  if (years.length === 0) return null;
  const index = year === null ? -1 : years.indexOf(year);
  if (index < 0) return years[0] ?? null;
  return years[Math.min(years.length - 1, Math.max(0, index + step))] ?? null;
}
