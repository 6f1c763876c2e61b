/**
 * The tree of upper units on the left of 账套管理: the managed sets by upper unit, read a level at a
 * time (a province is 10,000 sets): the top units come with their children, and a unit's children
 * are asked for when it is opened, with 加载中… below it meanwhile. Keyboard as in any tree
 * (WAI-ARIA): Up/Down move, Right opens a unit or goes to its first child, Left closes it or goes
 * to its parent, Home/End, Enter (or a click) chooses the unit whose subtree the list shows.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ZtInfo } from '../../../shared/api/schemas/zt.js';
import { ancestorsOf, childrenRead, hasChildren } from './lazy-tree.js';

interface Node {
  set: ZtInfo;
  depth: number;
  parentId: number | null;
  hasChildren: boolean;
}

/** Whether a unit is open: as the user toggled it, else the top units open (a federation sees its unions at once). */
type Toggled = ReadonlyMap<number, boolean>;
const isOpen = (toggled: Toggled, id: number, depth: number) => toggled.get(id) ?? depth === 0;

/** The rows shown: every unit under an open unit whose children have been read. */
function visibleNodes(tree: readonly ZtInfo[], toggled: Toggled): Node[] {
  const out: Node[] = [];
  const walk = (sets: readonly ZtInfo[], depth: number, parentId: number | null) => {
    for (const set of sets) {
      out.push({ set, depth, parentId, hasChildren: hasChildren(set) });
      if (set.children && isOpen(toggled, set.id, depth)) walk(set.children, depth + 1, set.id);
    }
  };
  walk(tree, 0, null);
  return out;
}

export function UnitTree({
  tree,
  chosenId,
  onChoose,
  onLoadChildren,
  expandTo,
}: {
  tree: readonly ZtInfo[];
  chosenId: number | null;
  onChoose: (set: ZtInfo) => void;
  /** Reads a unit's children into the tree; rejects when they could not be read (the request has said why). */
  onLoadChildren: (id: number) => Promise<void>;
  /** A unit to show: the units above it open once they are in the tree (a new object each time). */
  expandTo?: { id: number } | null;
}) {
  const [toggled, setToggled] = useState<Map<number, boolean>>(() => new Map());
  const [loading, setLoading] = useState<ReadonlySet<number>>(() => new Set());
  const [focusedId, setFocusedId] = useState<number | null>(chosenId ?? tree[0]?.id ?? null);
  const nodes = useMemo(() => visibleNodes(tree, toggled), [tree, toggled]);
  const open = (n: Node) => isOpen(toggled, n.set.id, n.depth) && n.set.children !== undefined;
  // The unit the keyboard is on; when it is no longer shown (deleted, or its branch closed), the
  // chosen unit or the first, so the tree stays reachable with Tab.
  const shown = (id: number | null) => id !== null && nodes.some((n) => n.set.id === id);
  const current = shown(focusedId) ? focusedId : shown(chosenId) ? chosenId : (nodes[0]?.set.id ?? null);
  const refs = useRef(new Map<number, HTMLLIElement>());
  const keyboard = useRef(false);

  useEffect(() => {
    if (keyboard.current && focusedId !== null) refs.current.get(focusedId)?.focus();
    keyboard.current = false;
  }, [focusedId, nodes]);

  // A unit to show opens the units above it, once, when it is asked for (the page reads the way
  // down to it in the same update, so the tree already holds it).
  const [expanded, setExpanded] = useState<{ id: number } | null>(null);
  if (expandTo && expandTo !== expanded) {
    setExpanded(expandTo);
    const above = ancestorsOf(tree, expandTo.id);
    if (above.some((id) => toggled.get(id) !== true)) {
      const next = new Map(toggled);
      for (const id of above) next.set(id, true);
      setToggled(next);
    }
  }

  const move = (id: number | undefined) => {
    if (id === undefined) return;
    keyboard.current = true;
    setFocusedId(id);
  };
  const toggle = (id: number, to: boolean) => setToggled((t) => new Map(t).set(id, to));
  const setBusy = (id: number, busy: boolean) =>
    setLoading((l) => {
      const next = new Set(l);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Opens a unit, reading its children first when they have not been read. */
  const openUnit = (n: Node) => {
    toggle(n.set.id, true);
    if (childrenRead(n.set) || loading.has(n.set.id)) return;
    setBusy(n.set.id, true);
    onLoadChildren(n.set.id).then(
      () => setBusy(n.set.id, false),
      () => {
        setBusy(n.set.id, false);
        toggle(n.set.id, false);
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const at = nodes.findIndex((n) => n.set.id === current);
    const node = nodes[at];
    if (!node) return;
    const handled = ((): boolean => {
      switch (e.key) {
        case 'ArrowDown':
          move(nodes[at + 1]?.set.id);
          return true;
        case 'ArrowUp':
          move(nodes[at - 1]?.set.id);
          return true;
        case 'Home':
          move(nodes[0]?.set.id);
          return true;
        case 'End':
          move(nodes.at(-1)?.set.id);
          return true;
        case 'ArrowRight':
          if (node.hasChildren && !open(node)) openUnit(node);
          else if (node.hasChildren) move(nodes[at + 1]?.set.id);
          return true;
        case 'ArrowLeft':
          if (node.hasChildren && open(node)) toggle(node.set.id, false);
          else if (node.parentId !== null) move(node.parentId);
          return true;
        case 'Enter':
        case ' ':
          onChoose(node.set);
          return true;
        default:
          return false;
      }
    })();
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  return (
    <ul className="zt-tree" role="tree" aria-label="上级单位" onKeyDown={onKeyDown}>
      {nodes.map((n) => [
        <li
          key={n.set.id}
          ref={(el) => {
            if (el) refs.current.set(n.set.id, el);
            else refs.current.delete(n.set.id);
          }}
          role="treeitem"
          aria-level={n.depth + 1}
          aria-selected={n.set.id === chosenId}
          aria-expanded={n.hasChildren ? open(n) : undefined}
          aria-busy={loading.has(n.set.id) || undefined}
          tabIndex={n.set.id === current ? 0 : -1}
          className={`zt-tree-item${n.set.id === chosenId ? ' chosen' : ''}${n.set.enable ? '' : ' disabled'}`}
          style={{ paddingLeft: 8 + n.depth * 16 }}
          onFocus={() => setFocusedId(n.set.id)}
          onClick={() => {
            setFocusedId(n.set.id);
            onChoose(n.set);
          }}
        >
          <span
            className="zt-tree-toggle"
            aria-hidden="true"
            onClick={(e) => {
              e.stopPropagation();
              if (!n.hasChildren) return;
              if (open(n)) toggle(n.set.id, false);
              else openUnit(n);
            }}
          >
            {n.hasChildren ? (open(n) ? '▾' : '▸') : ''}
          </span>
          <span className="zt-tree-code">{n.set.code}</span> {n.set.name}
          {!n.set.enable && <span className="zt-tree-tag">停用</span>}
          {n.hasChildren && !open(n) && (
            <span className="zt-tree-count" title="直接下级单位数">
              {n.set.childCount ?? n.set.children?.length}
            </span>
          )}
        </li>,
        loading.has(n.set.id) && (
          <li key={`loading-${n.set.id}`} role="none" className="zt-tree-loading" style={{ paddingLeft: 28 + n.depth * 16 }}>
            加载中…
          </li>
        ),
      ])}
    </ul>
  );
}
