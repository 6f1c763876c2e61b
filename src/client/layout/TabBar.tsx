import { useEffect, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '../../shared/constants.js';
import { nextActiveAfterClose } from '../shell/tabs.js';
import { useTabs } from '../shell/tabs-store.js';

interface ContextMenu {
  path: string;
  x: number;
  y: number;
}

/** Tab strip: pinned 首页, ×, and a right-click menu with 关闭其他 / 关闭全部. */
export function TabBar() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const [menu, setMenu] = useState<ContextMenu | null>(null);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('click', close);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  const close = (path: string) => {
    const next = nextActiveAfterClose(tabs, path, pathname);
    useTabs.getState().close(path);
    if (next !== pathname) void navigate(next);
  };

  const closeOthers = (path: string) => {
    useTabs.getState().closeOthers(path);
    if (path !== pathname && pathname !== HOME_PATH) void navigate(path);
  };

  const closeAll = () => {
    useTabs.getState().closeAll();
    if (pathname !== HOME_PATH) void navigate(HOME_PATH);
  };

  const onContextMenu = (event: MouseEvent, path: string) => {
    event.preventDefault();
    setMenu({ path, x: event.clientX, y: event.clientY });
  };

  return (
    <div className="tab-bar" role="tablist" aria-label="已打开的页面">
      {tabs.map((tab) => {
        const active = tab.path === pathname;
        return (
          <div
            key={tab.path}
            role="tab"
            aria-selected={active}
            className={active ? 'tab active' : 'tab'}
            title={tab.path}
            onClick={() => !active && void navigate(tab.path)}
            onContextMenu={(e) => onContextMenu(e, tab.path)}
          >
            <span className="tab-title">{tab.title}</span>
            {!tab.pinned && (
              <button
                type="button"
                className="tab-close"
                aria-label={`关闭 ${tab.title}`}
                onClick={(e) => {
                  e.stopPropagation();
                  close(tab.path);
                }}
              >
                ×
              </button>
            )}
          </div>
        );
      })}
      {menu && (
        <ul className="context-menu" role="menu" style={{ left: menu.x, top: menu.y }}>
          <li role="menuitem" onClick={() => closeOthers(menu.path)}>
            关闭其他
          </li>
          <li role="menuitem" onClick={closeAll}>
            关闭全部
          </li>
        </ul>
      )}
    </div>
  );
}
