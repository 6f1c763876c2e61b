/**
 * The menu catalogue's pages as a tree of checkboxes (menus, their pages, each page's buttons), as
 * 角色管理's rights dialog and 权限组's dialog grant them. Keyboard: ↑/↓ move between rows, ←/→
 * between a row's checkboxes, Space ticks; ticking a menu ticks its pages with every button; a
 * button ticks its page; unticking a page clears its buttons. A button switched off in the
 * installation (权限管理, 全局按钮权限) is shown greyed and cannot be ticked or cleared: the server
 * keeps it as it was granted.
 */
import type { KeyboardEvent } from 'react';
import type { CatalogueNode } from '../../../shared/api/schemas/rights.js';
import { BUTTON_LABELS } from './button-labels.js';

export type Granted = Map<string, Set<string>>;

export function pagesUnder(node: CatalogueNode): CatalogueNode[] {
  return node.children.length === 0 ? [node] : node.children.flatMap(pagesUnder);
}

/** The buttons a page shows: those the caller may grant, then those switched off. */
const shownButtons = (page: CatalogueNode) => [...page.buttons, ...page.offButtons.filter((b) => !page.buttons.includes(b))];

export const OFF_TITLE = '本系统已关闭此按钮（权限管理停用或全局按钮权限关闭），不能授予或收回';

/** Arrow keys between a tree's rows (role="treeitem") and within a row's checkboxes (Space is the checkbox's own); on the tree. */
export function onTreeArrowKeys(e: KeyboardEvent<HTMLElement>): void {
  const tree = e.currentTarget;
  const target = e.target as HTMLElement;
  const row = target.closest<HTMLElement>('[role="treeitem"]');
  if (!row || !['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(e.key)) return;
  e.preventDefault();
  const boxesOf = (r: Element) => [...r.querySelectorAll<HTMLInputElement>(':scope > .rights-row input')];
  if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
    const boxes = boxesOf(row);
    const at = boxes.indexOf(target as HTMLInputElement);
    boxes[Math.max(0, Math.min(boxes.length - 1, at + (e.key === 'ArrowRight' ? 1 : -1)))]?.focus();
    return;
  }
  const rows = [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')];
  const next = rows[rows.indexOf(row) + (e.key === 'ArrowDown' ? 1 : -1)];
  if (next) boxesOf(next)[0]?.focus();
}

export function labelOf(labels: Readonly<Record<string, string>>, button: string): string {
  return labels[button] ?? BUTTON_LABELS[button] ?? button;
}

export function GrantTree({
  catalogue,
  granted,
  onChange,
  readOnly,
  labels,
  label,
}: {
  catalogue: readonly CatalogueNode[];
  granted: Granted;
  onChange: (next: Granted) => void;
  readOnly: boolean;
  labels: Readonly<Record<string, string>>;
  label: string;
}) {
  const change = (edit: (next: Granted) => void) => {
    const next = new Map([...granted].map(([href, buttons]) => [href, new Set(buttons)]));
    edit(next);
    onChange(next);
  };
  const togglePage = (page: CatalogueNode, on: boolean) =>
    change((next) => {
      if (on) next.set(page.href, next.get(page.href) ?? new Set());
      else next.delete(page.href);
    });
  const toggleGroup = (group: CatalogueNode, on: boolean) =>
    change((next) => {
      for (const page of pagesUnder(group)) {
        const kept = [...(next.get(page.href) ?? [])].filter((b) => page.offButtons.includes(b));
        if (on) next.set(page.href, new Set([...page.buttons.filter((b) => !page.offButtons.includes(b)), ...kept]));
        else next.delete(page.href);
      }
    });
  const toggleButton = (page: CatalogueNode, button: string, on: boolean) =>
    change((next) => {
      const buttons = next.get(page.href) ?? new Set<string>();
      if (on) buttons.add(button);
      else buttons.delete(button);
      next.set(page.href, buttons);
    });

  const pageRow = (page: CatalogueNode, depth: number) => {
    const buttons = granted.get(page.href);
    return (
      <div key={page.href} role="treeitem" aria-level={depth} aria-selected={false} className="rights-item">
        <div className="rights-row" style={{ paddingLeft: `${depth - 1}rem` }}>
          <label className="rights-page-label">
            <input
              type="checkbox"
              checked={buttons !== undefined}
              disabled={readOnly}
              onChange={(e) => togglePage(page, e.target.checked)}
            />
            {page.titleName}
          </label>
          {shownButtons(page).map((button) => {
            const off = page.offButtons.includes(button);
            const name = labelOf(labels, button);
            return (
              <label
                key={button}
                className={off ? 'rights-button rights-off' : 'rights-button'}
                title={off ? OFF_TITLE : undefined}
              >
                <input
                  type="checkbox"
                  aria-label={`${page.titleName}：${name}${off ? '（已关闭）' : ''}`}
                  checked={buttons?.has(button) ?? false}
                  disabled={readOnly || off}
                  onChange={(e) => toggleButton(page, button, e.target.checked)}
                />
                {name}
              </label>
            );
          })}
        </div>
      </div>
    );
  };

  const groupRow = (group: CatalogueNode) => {
    const pages = pagesUnder(group);
    const held = pages.filter((p) => granted.has(p.href)).length;
    return (
      <div key={group.href} role="treeitem" aria-level={1} aria-expanded aria-selected={false} className="rights-item">
        <div className="rights-row rights-group">
          <label>
            <input
              type="checkbox"
              checked={held === pages.length}
              ref={(box) => {
                if (box) box.indeterminate = held > 0 && held < pages.length;
              }}
              disabled={readOnly}
              onChange={(e) => toggleGroup(group, e.target.checked)}
            />
            {group.titleName}
          </label>
        </div>
        <div role="group">{group.children.map((child) => (child.children.length ? groupRow(child) : pageRow(child, 2)))}</div>
      </div>
    );
  };

  return (
    <div role="tree" aria-label={label} className="rights-tree" onKeyDown={onTreeArrowKeys}>
      {catalogue.map((node) => (node.children.length ? groupRow(node) : pageRow(node, 1)))}
    </div>
  );
}

/** The ticked pages and buttons in the catalogue's order, as a role's or a group's resources. */
export function resourcesOf(catalogue: readonly CatalogueNode[], granted: Granted): { href: string; resourceList: string[] }[] {
  const out: { href: string; resourceList: string[] }[] = [];
  for (const page of catalogue.flatMap(pagesUnder)) {
    const buttons = granted.get(page.href);
    if (buttons) out.push({ href: page.href, resourceList: shownButtons(page).filter((b) => buttons.has(b)) });
  }
  return out;
}
