/**
 * A role's rights: the menu catalogue's pages as a tree (menus, their pages, each page's buttons
 * as checkboxes) and the recommended flag. Offered are the pages the administrator may grant (the
 * server's catalogue call: every grantable page for the super administrator, its own for a
 * subtree administrator). Keyboard: ↑/↓ move between rows, ←/→ between a row's checkboxes, Space
 * ticks; ticking a menu ticks its pages with every button; a button ticks its page; unticking a
 * page clears its buttons. An installation role opened by a subtree administrator is read-only.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CatalogueNode, ResourceGrant, RoleItem } from '../../../shared/api/schemas/rights.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { messageBox } from '../../message-box/message-box.js';
import { recommendRole, roleCatalogue, roleDetail, saveRoleResources } from './rights-api.js';
import { BUTTON_LABELS } from './button-labels.js';

type Granted = Map<string, Set<string>>;

function pagesUnder(node: CatalogueNode): CatalogueNode[] {
  return node.children.length === 0 ? [node] : node.children.flatMap(pagesUnder);
}

export function RoleRightsDialog({ role, onClose }: { role: RoleItem; onClose: (saved: boolean) => void }) {
  const [catalogue, setCatalogue] = useState<CatalogueNode[] | null>(null);
  const [granted, setGranted] = useState<Granted>(new Map());
  const [recommend, setRecommend] = useState(role.isRecommend);
  const [busy, setBusy] = useState(false);
  const treeRef = useRef<HTMLDivElement>(null);
  const readOnly = !role.editable;
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    let active = true;
    Promise.all([roleCatalogue(), roleDetail(role.id)]).then(
      ([nodes, detail]) => {
        if (!active) return;
        setCatalogue(nodes);
        setGranted(new Map(detail.resources.map((r) => [r.href, new Set(r.resourceList)])));
      },
      () => closeRef.current(false),
    );
    return () => {
      active = false;
    };
  }, [role.id]);

  const change = (edit: (next: Granted) => void) =>
    setGranted((current) => {
      const next = new Map([...current].map(([href, buttons]) => [href, new Set(buttons)]));
      edit(next);
      return next;
    });

  const togglePage = (page: CatalogueNode, on: boolean) =>
    change((next) => {
      if (on) next.set(page.href, next.get(page.href) ?? new Set());
      else next.delete(page.href);
    });
  const toggleGroup = (group: CatalogueNode, on: boolean) =>
    change((next) => {
      for (const page of pagesUnder(group)) {
        if (on) next.set(page.href, new Set(page.buttons));
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

  /** Arrow keys between the tree's rows and within a row (Space is the checkbox's own). */
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const row = target.closest<HTMLElement>('[role="treeitem"]');
    if (!row || !treeRef.current || !['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(e.key)) return;
    e.preventDefault();
    const boxesOf = (r: Element) => [...r.querySelectorAll<HTMLInputElement>(':scope > .rights-row input')];
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const boxes = boxesOf(row);
      const at = boxes.indexOf(target as HTMLInputElement);
      boxes[Math.max(0, Math.min(boxes.length - 1, at + (e.key === 'ArrowRight' ? 1 : -1)))]?.focus();
      return;
    }
    const rows = [...treeRef.current.querySelectorAll<HTMLElement>('[role="treeitem"]')];
    const next = rows[rows.indexOf(row) + (e.key === 'ArrowDown' ? 1 : -1)];
    if (next) boxesOf(next)[0]?.focus();
  };

  const save = async () => {
    if (readOnly) {
      onClose(false);
      return;
    }
    const resources: ResourceGrant[] = [];
    for (const page of (catalogue ?? []).flatMap(pagesUnder)) {
      const buttons = granted.get(page.href);
      if (buttons) resources.push({ href: page.href, resourceList: page.buttons.filter((b) => buttons.has(b)) });
    }
    setBusy(true);
    try {
      await saveRoleResources(role.id, resources);
      if (recommend !== role.isRecommend) await recommendRole(role.id, recommend);
      messageBox.fireAndForget(messageBox.alert('角色权限已保存', { tone: 'success' }));
      onClose(true);
    } catch {
      // Shown by the request wrapper.
    } finally {
      setBusy(false);
    }
  };

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
          {page.buttons.map((button) => (
            <label key={button} className="rights-button">
              <input
                type="checkbox"
                aria-label={`${page.titleName}：${BUTTON_LABELS[button] ?? button}`}
                checked={buttons?.has(button) ?? false}
                disabled={readOnly}
                onChange={(e) => toggleButton(page, button, e.target.checked)}
              />
              {BUTTON_LABELS[button] ?? button}
            </label>
          ))}
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
    <FormDialog
      title={`角色权限：${role.name}`}
      className="rights-dialog"
      busy={busy || catalogue === null}
      submitLabel={readOnly ? '关闭' : '保存'}
      note={readOnly ? '全系统角色，只有超级管理员可以修改' : '↑↓ 换行，←→ 换按钮，空格勾选'}
      onSubmit={save}
      onCancel={() => onClose(false)}
    >
      <label className="rights-recommend">
        <input type="checkbox" checked={recommend} disabled={readOnly} onChange={(e) => setRecommend(e.target.checked)} />
        推荐角色（授权时排在前面）
      </label>
      <div ref={treeRef} role="tree" aria-label="页面和按钮" className="rights-tree" onKeyDown={onKeyDown}>
        {catalogue === null ? (
          <p className="muted">正在读取…</p>
        ) : (
          catalogue.map((node) => (node.children.length ? groupRow(node) : pageRow(node, 1)))
        )}
      </div>
    </FormDialog>
  );
}
