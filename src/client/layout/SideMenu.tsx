import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { MenuNode } from '../../shared/api/auth.js';

function contains(node: MenuNode, path: string): boolean {
  return node.href === path || node.children.some((child) => contains(child, path));
}

function MenuItem({ node, depth, first }: { node: MenuNode; depth: number; first: boolean }) {
  const { pathname } = useLocation();
  // A group opens by itself when it holds the current page (and the first one on /home);
  // once the user toggles it, their choice stands.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? (contains(node, pathname) || (first && depth === 0 && pathname === '/home'));
  const setOpen = (value: boolean) => setToggled(value);
  if (node.children.length === 0) {
    return (
      <li>
        <NavLink
          to={node.href}
          className={({ isActive }) => (isActive ? 'menu-link active' : 'menu-link')}
          style={{ paddingLeft: 20 + depth * 14 }}
        >
          {node.titleName}
        </NavLink>
      </li>
    );
  }
  return (
    <li>
      <button
        type="button"
        className="menu-group"
        aria-expanded={open}
        style={{ paddingLeft: 16 + depth * 14 }}
        onClick={() => setOpen(!open)}
      >
        <span>{node.titleName}</span>
        <span className="menu-caret" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
      </button>
      {open && (
        <ul>
          {node.children.map((child) => (
            <MenuItem key={child.id} node={child} depth={depth + 1} first={false} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The left menu, built from the filtered platMenuList. */
export function SideMenu({ menu }: { menu: readonly MenuNode[] }) {
  return (
    <nav className="side-menu" aria-label="功能菜单">
      <ul>
        <li>
          <NavLink to="/home" end className={({ isActive }) => (isActive ? 'menu-link home active' : 'menu-link home')}>
            首页
          </NavLink>
        </li>
        {menu.map((node, index) => (
          <MenuItem key={node.id} node={node} depth={0} first={index === 0} />
        ))}
      </ul>
      {menu.length === 0 && <p className="muted pad">暂无可用菜单</p>}
    </nav>
  );
}
