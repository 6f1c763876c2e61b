/**
 * 全局按钮权限 (/user-center/global-btn-permission, the super administrator's): every page of the
 * menu with its buttons as checkboxes, ticked while the button exists in this installation.
 * Clearing one switches it off for everyone on that page, the super administrator included (the
 * server refuses its calls, the page's button disappears); grants are kept, so ticking it again
 * restores them. A menu's own box switches all its pages' buttons. Keyboard: ↑/↓ rows, ←/→ boxes,
 * Space ticks, Tab to 保存. A button whose permission is disabled (权限管理) is greyed, and the two
 * switches that turn things on again cannot be cleared.
 */
import { useCallback, useEffect, useState } from 'react';
import type { GlobalButtonGroup } from '../../../shared/api/schemas/permissions.js';
import { messageBox } from '../../message-box/message-box.js';
import { usePageTitle } from '../../shell/page-title.js';
import { PermissionButton } from '../../shell/Permission.js';
import { loadPermissions } from '../../shell/session-flow.js';
import { onTreeArrowKeys } from './GrantTree.js';
import { globalButtons, saveGlobalButtons } from './permissions-api.js';
import './rights.css';

const key = (href: string, code: string) => `${href}#${code}`;

function offOf(groups: readonly GlobalButtonGroup[]): Set<string> {
  return new Set(groups.flatMap((g) => g.pages.flatMap((p) => p.buttons.filter((b) => !b.on).map((b) => key(p.href, b.code)))));
}

export function GlobalButtonPage() {
  usePageTitle('全局按钮权限');
  const [groups, setGroups] = useState<GlobalButtonGroup[] | null>(null);
  const [off, setOff] = useState<Set<string>>(new Set());
  const [saved, setSaved] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  const show = useCallback((next: GlobalButtonGroup[]) => {
    setGroups(next);
    setOff(offOf(next));
    setSaved(offOf(next));
  }, []);
  useEffect(() => {
    let active = true;
    globalButtons().then(
      (next) => active && show(next),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [show]);

  const dirty = off.size !== saved.size || [...off].some((k) => !saved.has(k));
  const setButton = (href: string, code: string, on: boolean) =>
    setOff((current) => {
      const next = new Set(current);
      if (on) next.delete(key(href, code));
      else next.add(key(href, code));
      return next;
    });
  const setGroup = (group: GlobalButtonGroup, on: boolean) =>
    setOff((current) => {
      const next = new Set(current);
      for (const page of group.pages)
        for (const b of page.buttons) {
          if (b.locked) continue;
          if (on) next.delete(key(page.href, b.code));
          else next.add(key(page.href, b.code));
        }
      return next;
    });

  const save = async () => {
    if (!groups) return;
    const body = groups
      .flatMap((g) => g.pages)
      .map((p) => ({ href: p.href, buttons: p.buttons.filter((b) => off.has(key(p.href, b.code))).map((b) => b.code) }))
      .filter((p) => p.buttons.length > 0);
    setBusy(true);
    try {
      await saveGlobalButtons({ off: body });
      // The administrator's own buttons follow at once; everyone else's at the next sign-in or choice of set.
      await loadPermissions();
      show(await globalButtons());
      messageBox.fireAndForget(messageBox.alert('全局按钮权限已保存，各用户刷新页面或重新登录后生效', { tone: 'success' }));
    } catch {
      // Shown by the request wrapper.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rights-page page-fill">
      <header className="rights-head">
        <h1>全局按钮权限</h1>
        <span className="muted">取消勾选的按钮在本系统中不存在：任何人（含超级管理员）都不能使用，角色的授权保留</span>
      </header>
      <div className="rights-actions" role="toolbar" aria-label="全局按钮权限操作">
        <PermissionButton value="edit" primary disabled={busy || !dirty} onClick={() => void save()}>
          保存
        </PermissionButton>
        <button type="button" className="btn" disabled={busy || !dirty} onClick={() => setOff(new Set(saved))}>
          撤销修改
        </button>
        <span className="muted">{dirty ? '有未保存的修改' : `已关闭 ${saved.size} 个按钮`}</span>
      </div>
      <div role="tree" aria-label="页面和按钮" className="rights-tree global-tree" onKeyDown={onTreeArrowKeys}>
        {groups === null ? (
          <p className="muted">正在读取…</p>
        ) : (
          groups.map((group) => {
            const all = group.pages.flatMap((p) => p.buttons.map((b) => key(p.href, b.code)));
            const closed = all.filter((k) => off.has(k)).length;
            return (
              <div key={group.href} role="treeitem" aria-level={1} aria-expanded aria-selected={false} className="rights-item">
                <div className="rights-row rights-group">
                  <label>
                    <input
                      type="checkbox"
                      checked={closed === 0}
                      ref={(box) => {
                        if (box) box.indeterminate = closed > 0 && closed < all.length;
                      }}
                      onChange={(e) => setGroup(group, e.target.checked)}
                    />
                    {group.titleName}
                  </label>
                </div>
                <div role="group">
                  {group.pages.map((page) => (
                    <div key={page.href} role="treeitem" aria-level={2} aria-selected={false} className="rights-item">
                      <div className="rights-row" style={{ paddingLeft: '1rem' }}>
                        <span className="rights-page-label">{page.titleName}</span>
                        {page.buttons.map((b) => {
                          const greyed = !b.permissionEnabled;
                          const title = b.locked
                            ? '不能关闭：关闭后将无法再打开按钮或启用权限'
                            : greyed
                              ? '该权限已在权限管理中停用，所有页面都没有此按钮'
                              : undefined;
                          return (
                            <label key={b.code} className={greyed ? 'rights-button rights-off' : 'rights-button'} title={title}>
                              <input
                                type="checkbox"
                                aria-label={`${page.titleName}：${b.name}`}
                                checked={!off.has(key(page.href, b.code))}
                                disabled={b.locked}
                                onChange={(e) => setButton(page.href, b.code, e.target.checked)}
                              />
                              {b.name}
                            </label>
                          );
                        })}
                      </div>
                    </div>
                  ))}
                </div>
              </div>
            );
          })
        )}
      </div>
    </div>
  );
}
