import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { SUBJECT_TYPE_NAMES } from '../../shared/chart.js';
import type { TreeRow } from './subject-tree.js';

interface Props {
  label: string;
  rows: readonly TreeRow[];
  selected: string | null;
  collapsed: ReadonlySet<string>;
  onSelect: (code: string) => void;
  onToggle: (code: string, expand: boolean) => void;
  /** Enter or a double click on a row. */
  onActivate: (subject: SubjectItem) => void;
  /** Keys the table does not handle itself (Insert, Ctrl+N...). Return true when handled. */
  onOtherKey?: (event: KeyboardEvent) => boolean;
  /** Columns beyond code and name (the picker shows fewer). */
  full?: boolean;
  autoFocus?: boolean;
}

const rowId = (code: string) => `subject-row-${code}`;

/**
 * The chart as a keyboard tree table (WAI-ARIA treegrid): Up/Down move, Right expands or goes to
 * the first child, Left collapses or goes to the parent, Home/End, Enter activates.
 */
export function SubjectTreeTable({
  label,
  rows,
  selected,
  collapsed,
  onSelect,
  onToggle,
  onActivate,
  onOtherKey,
  full,
  autoFocus,
}: Props) {
  const tableRef = useRef<HTMLTableElement>(null);
  const index = rows.findIndex((r) => r.subject.code === selected);

  useEffect(() => {
    if (selected) document.getElementById(rowId(selected))?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  useEffect(() => {
    if (autoFocus) tableRef.current?.focus();
  }, [autoFocus]);

  const move = (to: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, to))];
    if (row) onSelect(row.subject.code);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const current = rows[index];
    switch (event.key) {
      case 'ArrowDown':
        move(index < 0 ? 0 : index + 1);
        break;
      case 'ArrowUp':
        move(index < 0 ? 0 : index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(rows.length - 1);
        break;
      case 'PageDown':
        move(index + 10);
        break;
      case 'PageUp':
        move(index - 10);
        break;
      case 'ArrowRight':
        if (!current?.hasChildren) return;
        if (collapsed.has(current.subject.code)) onToggle(current.subject.code, true);
        else move(index + 1);
        break;
      case 'ArrowLeft':
        if (!current) return;
        if (current.hasChildren && !collapsed.has(current.subject.code)) onToggle(current.subject.code, false);
        else if (current.subject.parentCode) onSelect(current.subject.parentCode);
        break;
      case 'Enter':
        if (!current) return;
        onActivate(current.subject);
        break;
      default:
        if (onOtherKey?.(event)) break;
        return;
    }
    event.preventDefault();
  };

  return (
    <div className="subject-table-wrap">
      <table
        ref={tableRef}
        className="subject-table"
        role="treegrid"
        aria-label={label}
        tabIndex={0}
        aria-activedescendant={selected && index >= 0 ? rowId(selected) : undefined}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            <th scope="col">科目编码</th>
            <th scope="col">科目名称</th>
            {full && (
              <>
                <th scope="col">类别</th>
                <th scope="col">方向</th>
                <th scope="col">末级</th>
                <th scope="col">预算</th>
                <th scope="col">辅助核算</th>
                <th scope="col">状态</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ subject: s, depth, hasChildren }) => (
            <tr
              key={s.code}
              id={rowId(s.code)}
              role="row"
              aria-level={depth + 1}
              aria-selected={s.code === selected}
              aria-expanded={hasChildren ? !collapsed.has(s.code) : undefined}
              className={[s.code === selected ? 'selected' : '', s.enable ? '' : 'disabled'].join(' ').trim() || undefined}
              onClick={() => onSelect(s.code)}
              onDoubleClick={() => onActivate(s)}
            >
              <td role="gridcell" style={{ paddingLeft: `${0.5 + depth * 1.2}rem` }}>
                {hasChildren ? (
                  <button
                    type="button"
                    className="tree-toggle"
                    tabIndex={-1}
                    aria-label={collapsed.has(s.code) ? '展开' : '收起'}
                    onClick={(e) => {
                      e.stopPropagation();
                      onToggle(s.code, collapsed.has(s.code));
                    }}
                  >
                    {collapsed.has(s.code) ? '▸' : '▾'}
                  </button>
                ) : (
                  <span className="tree-toggle" />
                )}
                {s.code}
              </td>
              <td role="gridcell">{s.codeName}</td>
              {full && (
                <>
                  <td role="gridcell">{SUBJECT_TYPE_NAMES[s.type]}</td>
                  <td role="gridcell">{s.balanceDirection === 1 ? '借' : '贷'}</td>
                  <td role="gridcell">{s.lastLevel ? '是' : ''}</td>
                  <td role="gridcell">{s.isGovernment ? '是' : ''}</td>
                  <td role="gridcell">{s.auxiTypeList.map((t) => t.typeName).join('、')}</td>
                  <td role="gridcell">{s.enable ? '启用' : '停用'}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="muted pad">没有符合条件的科目</p>}
    </div>
  );
}
