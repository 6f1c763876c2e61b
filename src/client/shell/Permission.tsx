import { cloneElement, useMemo, type ReactElement, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { permissionList, permissionMode, type PermissionValue } from './permission-logic.js';
import { useSession } from './session-store.js';

/** The current route's button-permission list and a test for one role. */
export function usePermission() {
  const { pathname } = useLocation();
  const pageRoutes = useSession((s) => s.pageRoutes);
  const resources = useSession((s) => s.menu?.resources ?? null);
  const list = useMemo(() => permissionList(pathname, pageRoutes, resources), [pathname, pageRoutes, resources]);
  return { list, has: (role: string) => list.includes(role), mode: (value: PermissionValue) => permissionMode(value, list) };
}

type Guarded = ReactElement<{ disabled?: boolean }>;

/** Applies a permission to one element given the list: shown, disabled or removed. */
export function PermissionView({
  value,
  list,
  children,
}: {
  value: PermissionValue;
  list: readonly string[];
  children: Guarded;
}) {
  const mode = permissionMode(value, list);
  if (mode === 'remove') return null;
  if (mode === 'disable') return cloneElement(children, { disabled: true });
  return children;
}

/** `<Permission value="add">` removes its child without the right; `{ role: 'add' }` disables it. */
export function Permission({ value, children }: { value: PermissionValue; children: Guarded }) {
  const { list } = usePermission();
  return (
    <PermissionView value={value} list={list}>
      {children}
    </PermissionView>
  );
}

/** A toolbar button guarded by a permission: `<PermissionButton value="add" onClick={add}>新增</PermissionButton>`. */
export function PermissionButton({
  value,
  onClick,
  primary = false,
  disabled,
  children,
}: {
  value: PermissionValue;
  onClick: () => void;
  primary?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Permission value={value}>
      <button type="button" className={primary ? 'btn btn-primary' : 'btn'} disabled={disabled} onClick={onClick}>
        {children}
      </button>
    </Permission>
  );
}
