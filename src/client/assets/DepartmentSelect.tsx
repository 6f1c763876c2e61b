/**
 * The set's departments (kept in the user center), as every asset page chooses one: the card's
 * department, a filter, the 181 item's department, the voucher dialog's filter.
 */
import { useEffect, useState } from 'react';
import { loadAssetDepartments, type AssetDepartment } from './asset-cards-api.js';

/** The set's departments, loaded once per page. */
export function useAssetDepartments(): AssetDepartment[] {
  const [departments, setDepartments] = useState<AssetDepartment[]>([]);
  useEffect(() => {
    void loadAssetDepartments().then(setDepartments);
  }, []);
  return departments;
}

export function DepartmentSelect({
  label,
  departments,
  value,
  onChange,
  noneLabel,
}: {
  label: string;
  departments: readonly AssetDepartment[];
  value: number | null;
  onChange: (departmentId: number | null) => void;
  /** The choice of no department: （无） on a form, 全部部门 on a filter. */
  noneLabel: string;
}) {
  return (
    <select aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
      <option value="">{noneLabel}</option>
      {departments.map((d) => (
        <option key={d.id} value={d.id}>
          {d.name}
        </option>
      ))}
    </select>
  );
}
