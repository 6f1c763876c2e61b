/**
 * The buttons of a user-center list on its focused row: 新增, 修改, 启用 or 停用 (as the row is),
 * the page's own buttons, 删除; each shown only with its right on the page.
 */
import type { ReactNode } from 'react';
import { PermissionButton } from '../../shell/Permission.js';

interface CrudToolbarProps {
  label: string;
  addLabel?: string;
  editLabel?: string;
  onAdd: () => void;
  onEdit: () => void;
  /** Whether the focused row is disabled (the toggle then reads 启用). */
  focusedDisabled: boolean;
  onToggle: () => void;
  onDelete: () => void;
  children?: ReactNode;
}

export function CrudToolbar({
  label,
  addLabel = '新增',
  editLabel = '修改',
  onAdd,
  onEdit,
  focusedDisabled,
  onToggle,
  onDelete,
  children,
}: CrudToolbarProps) {
  return (
    <div className="rights-actions" role="toolbar" aria-label={label}>
      <PermissionButton value="add" primary onClick={onAdd}>
        {addLabel}
      </PermissionButton>
      <PermissionButton value="edit" onClick={onEdit}>
        {editLabel}
      </PermissionButton>
      <PermissionButton value="enable" onClick={onToggle}>
        {focusedDisabled ? '启用' : '停用'}
      </PermissionButton>
      {children}
      <PermissionButton value="delete" onClick={onDelete}>
        删除
      </PermissionButton>
    </div>
  );
}
