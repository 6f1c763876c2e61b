/**
 * 项目预算 (/budget-management/project-budget) and 支出分类设置 (/budget-management/zhichufenlei-
 * shezhi): the types or classes with their categories as a tree on the left, the chosen
 * category's details (or a whole class's) on the right. Categories and details are added, edited
 * and deleted from the toolbar, the right-click menu or the keyboard (Insert adds, Enter edits,
 * Delete deletes), each by the page's buttons. A project budget's subjects are chosen only by a
 * holder of 项目预算's zdrapproval. While the year's plan is submitted or approved, details are
 * locked but for their names (the page says so).
 */
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { BudgetDetail, BudgetSetupList } from '../../shared/api/schemas/budget-setup.js';
import { EXPEND_CLASSES } from '../../shared/budget/classes.js';
import { PLAN_STATE_NAMES, type PlanState } from '../../shared/budget/plan-states.js';
import { formatFen } from '../../shared/money.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import { isReject, messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { permissionList } from '../shell/permission-logic.js';
import { PermissionButton, usePermission } from '../shell/Permission.js';
import { useSession } from '../shell/session-store.js';
import { deleteCategory, deleteDetail, fetchSetupList, type SetupScope } from './budget-setup-api.js';
import { detailsOf, SCOPE_ROOTS, treeRows, type TreeRow } from './budget-tree.js';
import { BudgetCategoryDialog } from './BudgetCategoryDialog.js';
import { BudgetContextMenu, type MenuAction } from './BudgetContextMenu.js';
import { BudgetDetailDialog } from './BudgetDetailDialog.js';
import { IndicatorDialog } from './IndicatorDialog.js';
import './budget-setup.css';

const PROJECT_BUDGET_PATH = '/budget-management/project-budget';
const TITLES: Record<SetupScope, string> = { project: '项目预算', expenditure: '支出分类设置' };

const money = (yuan: number) => {
  const fen = yuanToFen(yuan);
  return fen.ok ? formatFen(fen.fen, { thousands: true }) : '';
};

const classText = (code: string | null) => {
  const found = EXPEND_CLASSES.find((c) => c.code === code);
  return found ? `${found.code} ${found.name}` : '';
};

type Editing =
  | { kind: 'category'; rowKey: string | null; edit: boolean }
  | { kind: 'detail'; detail?: BudgetDetail }
  | { kind: 'indicators'; detail: BudgetDetail }
  | null;

/** zdrapproval is 项目预算's button: 支出分类设置 reads it from there for its 项目支出 details. */
function useSubjectRight(): boolean {
  const pageRoutes = useSession((s) => s.pageRoutes);
  const resources = useSession((s) => s.menu?.resources ?? null);
  return useMemo(
    () => permissionList(PROJECT_BUDGET_PATH, pageRoutes, resources).includes('zdrapproval'),
    [pageRoutes, resources],
  );
}

function BudgetSetupPage({ scope }: { scope: SetupScope }) {
  const title = TITLES[scope];
  usePageTitle(title);
  const { has } = usePermission();
  const mayChooseSubjects = useSubjectRight();
  const [data, setData] = useState<BudgetSetupList | null>(null);
  const [chosenKey, setChosenKey] = useState<string>(SCOPE_ROOTS[scope][0]?.key ?? '');
  const [chosenDetail, setChosenDetail] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [menu, setMenu] = useState<{ x: number; y: number; actions: MenuAction[] } | null>(null);
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  useEffect(() => {
    let active = true;
    fetchSetupList(scope).then(
      (answer) => active && setData(answer),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [scope, reloads]);

  const categories = useMemo(() => data?.categories ?? [], [data]);
  const rows = useMemo(() => treeRows(scope, categories), [scope, categories]);
  const chosen = rows.find((r) => r.key === chosenKey) ?? rows[0];
  const details = detailsOf(chosen, categories);
  const detail = details.find((d) => d.budgetId === chosenDetail) ?? null;
  const categoryOf = (d: BudgetDetail) => categories.find((c) => c.typeId === d.typeId);
  const project = chosen?.root.auxiType === 'XMYS' || chosen?.root.auxiType === 'XMZC';
  const showSubjects = project && mayChooseSubjects;
  const planEditable = data?.planEditable ?? true;

  const focusTree = () => setTimeout(() => document.getElementById(`budget-node-${chosenKey}`)?.focus());

  const removeCategory = async (row: TreeRow | undefined) => {
    if (row?.kind !== 'category') return;
    try {
      await messageBox.confirm(`确定删除类别“${row.category.typeName}”吗？`, { title: '删除类别' });
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    try {
      await deleteCategory(row.category.typeId);
      messageBox.fireAndForget(messageBox.alert('已删除', { tone: 'success' }));
      setChosenKey(row.root.key);
      reload();
    } catch {
      // Shown by the request wrapper.
    }
  };

  const removeDetail = async (d: BudgetDetail | null) => {
    if (!d) {
      await messageBox.alert('请先选择一条明细', { tone: 'warning' });
      return;
    }
    try {
      await messageBox.confirm(`确定删除明细“${d.projectName}”吗？`, { title: '删除明细' });
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    try {
      await deleteDetail(d.budgetId);
      messageBox.fireAndForget(messageBox.alert('已删除', { tone: 'success' }));
      setChosenDetail(null);
      reload();
    } catch {
      // Shown by the request wrapper.
    }
  };

  const addDetail = () => {
    const pool = categories.filter((c) => c.auxiType === chosen?.root.auxiType);
    if (pool.length === 0) {
      messageBox.fireAndForget(messageBox.alert('请先新增类别', { tone: 'warning' }));
      return;
    }
    setEditing({ kind: 'detail' });
  };

  const treeActions = (row: TreeRow): MenuAction[] => [
    ...(has('add')
      ? [
          {
            id: 'addType',
            label: '新增类别',
            keys: 'Insert',
            run: () => setEditing({ kind: 'category', rowKey: row.key, edit: false }),
          },
        ]
      : []),
    ...(row.kind === 'category' && has('add')
      ? [{ id: 'addDetail', label: '新增明细', keys: 'Ctrl+Insert', run: addDetail }]
      : []),
    ...(row.kind === 'category' && has('edit')
      ? [
          {
            id: 'editType',
            label: '修改类别',
            keys: 'Enter',
            run: () => setEditing({ kind: 'category', rowKey: row.key, edit: true }),
          },
        ]
      : []),
    ...(row.kind === 'category' && has('delete')
      ? [{ id: 'deleteType', label: '删除类别', keys: 'Delete', run: () => void removeCategory(row) }]
      : []),
  ];

  const detailActions = (d: BudgetDetail): MenuAction[] => [
    ...(has('add') ? [{ id: 'addDetail', label: '新增明细', keys: 'Insert', run: addDetail }] : []),
    ...(has('edit')
      ? [{ id: 'editDetail', label: '修改明细', keys: 'Enter', run: () => setEditing({ kind: 'detail', detail: d }) }]
      : []),
    ...(has('delete') ? [{ id: 'deleteDetail', label: '删除明细', keys: 'Delete', run: () => void removeDetail(d) }] : []),
    // Indicators are kept on 项目预算 (the two-table voucher's indicator picker reads them).
    ...(scope === 'project'
      ? [{ id: 'indicators', label: '项目指标', keys: 'Ctrl+I', run: () => setEditing({ kind: 'indicators', detail: d }) }]
      : []),
  ];

  const openMenu = (event: MouseEvent, actions: MenuAction[]) => {
    event.preventDefault();
    if (actions.length > 0) setMenu({ x: event.clientX, y: event.clientY, actions });
  };

  const onTreeKey = (event: KeyboardEvent, index: number) => {
    const row = rows[index];
    if (!row) return;
    const move = (to: number) => {
      const next = rows[Math.max(0, Math.min(rows.length - 1, to))];
      if (!next) return;
      setChosenKey(next.key);
      setChosenDetail(null);
      document.getElementById(`budget-node-${next.key}`)?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Insert' && event.ctrlKey && row.kind === 'category' && has('add')) addDetail();
    else if (event.key === 'Insert' && has('add')) setEditing({ kind: 'category', rowKey: row.key, edit: false });
    else if (event.key === 'Enter' && row.kind === 'category' && has('edit'))
      setEditing({ kind: 'category', rowKey: row.key, edit: true });
    else if (event.key === 'Delete' && row.kind === 'category' && has('delete')) void removeCategory(row);
    else if (event.key === 'ArrowRight') document.querySelector<HTMLElement>('.budget-details tbody tr')?.focus();
    else return;
    event.preventDefault();
  };

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    const d = details[index];
    if (!d) return;
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step) {
      const next = details[index + step];
      if (next) {
        setChosenDetail(next.budgetId);
        (event.currentTarget.parentElement?.children[index + step] as HTMLElement | undefined)?.focus();
      }
    } else if (event.key === 'Enter' && has('edit')) setEditing({ kind: 'detail', detail: d });
    else if (event.key === 'Delete' && has('delete')) void removeDetail(d);
    else if (event.key === 'Insert' && has('add')) addDetail();
    else if (event.key.toLowerCase() === 'i' && event.ctrlKey && scope === 'project')
      setEditing({ kind: 'indicators', detail: d });
    else if (event.key === 'ArrowLeft') focusTree();
    else return;
    event.preventDefault();
  };

  const closeIndicators = useCallback(() => {
    setEditing(null);
    reload();
  }, [reload]);

  const editingCategoryRow = editing?.kind === 'category' ? rows.find((r) => r.key === editing.rowKey) : undefined;
  const detailPool = categories.filter(
    (c) => c.auxiType === (editing?.kind === 'detail' && editing.detail ? editing.detail.auxiType : chosen?.root.auxiType),
  );

  return (
    <div className="budget-setup page-fill">
      <header className="budget-head">
        <h1>{title}</h1>
        <span className="muted">{data ? `${data.year}年` : ''}</span>
        {data && !data.planEditable && (
          <span className="budget-locked" role="status">
            预算方案{PLAN_STATE_NAMES[data.planState as PlanState] ?? data.planState}：明细与金额已锁定，只能修改名称
          </span>
        )}
      </header>
      <div className="budget-toolbar" role="toolbar" aria-label={`${title}操作`}>
        <PermissionButton value="add" onClick={() => setEditing({ kind: 'category', rowKey: chosen?.key ?? null, edit: false })}>
          新增类别
        </PermissionButton>
        <PermissionButton value="add" primary disabled={!planEditable} onClick={addDetail}>
          新增明细
        </PermissionButton>
        <PermissionButton value="edit" disabled={!detail} onClick={() => detail && setEditing({ kind: 'detail', detail })}>
          修改明细
        </PermissionButton>
        <PermissionButton value="delete" disabled={!detail || !planEditable} onClick={() => void removeDetail(detail)}>
          删除明细
        </PermissionButton>
        <span className="muted">
          右键或 Insert 新增 · Enter 修改 · Delete 删除 · Ctrl+Insert 在类别下新增明细
          {scope === 'project' ? ' · Ctrl+I 项目指标' : ''}
        </span>
      </div>
      <div className="budget-columns">
        <ul className="budget-tree" role="tree" aria-label={scope === 'project' ? '预算类别' : '支出分类'}>
          {rows.map((row, index) => (
            <li
              key={row.key}
              id={`budget-node-${row.key}`}
              role="treeitem"
              aria-level={row.depth + 1}
              aria-selected={row.key === chosen?.key}
              tabIndex={row.key === chosen?.key ? 0 : -1}
              className={row.kind}
              style={{ paddingLeft: `${0.6 + row.depth * 1.2}rem` }}
              onClick={() => {
                setChosenKey(row.key);
                setChosenDetail(null);
              }}
              onContextMenu={(e) => {
                setChosenKey(row.key);
                openMenu(e, treeActions(row));
              }}
              onKeyDown={(e) => onTreeKey(e, index)}
            >
              {row.label}
            </li>
          ))}
        </ul>
        <div className="budget-details">
          <table className="budget-table" aria-label="预算明细">
            <thead>
              <tr>
                <th scope="col">编码</th>
                <th scope="col">名称</th>
                <th scope="col">类别</th>
                {project ? (
                  <>
                    <th scope="col">调整前预算</th>
                    <th scope="col">调整后预算</th>
                    {showSubjects && <th scope="col">预算科目</th>}
                    {scope === 'project' && <th scope="col">指标数</th>}
                  </>
                ) : (
                  <>
                    <th scope="col">支出分类</th>
                    <th scope="col">金额</th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {details.map((d, index) => (
                <tr
                  key={d.budgetId}
                  tabIndex={0}
                  aria-selected={d.budgetId === chosenDetail}
                  className={d.budgetId === chosenDetail ? 'chosen' : undefined}
                  onClick={() => setChosenDetail(d.budgetId)}
                  onFocus={() => setChosenDetail(d.budgetId)}
                  onDoubleClick={() => has('edit') && setEditing({ kind: 'detail', detail: d })}
                  onContextMenu={(e) => {
                    setChosenDetail(d.budgetId);
                    openMenu(e, detailActions(d));
                  }}
                  onKeyDown={(e) => onRowKey(e, index)}
                >
                  <td>{d.infoNo}</td>
                  <td>{d.projectName}</td>
                  <td>{categoryOf(d)?.typeName ?? ''}</td>
                  {project ? (
                    <>
                      <td className="num">{money(d.amountBeforeAdjustment)}</td>
                      <td className="num">{money(d.projectAmount)}</td>
                      {showSubjects && <td>{d.subjects.map((s) => `${s.code} ${s.name}`).join('、') || '全部支出科目'}</td>}
                      {scope === 'project' && <td className="num">{d.indicatorCount || ''}</td>}
                    </>
                  ) : (
                    <>
                      <td>{classText(d.expendBudgetClassification)}</td>
                      <td className="num">{money(d.projectAmount)}</td>
                    </>
                  )}
                </tr>
              ))}
              {data && details.length === 0 && (
                <tr>
                  <td colSpan={6} className="muted">
                    {chosen?.kind === 'category' ? '该类别下还没有明细' : '还没有明细：先新增类别，再在类别下新增明细'}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </div>
      {menu && <BudgetContextMenu actions={menu.actions} x={menu.x} y={menu.y} onClose={() => setMenu(null)} />}
      {editing?.kind === 'category' && (
        <BudgetCategoryDialog
          roots={SCOPE_ROOTS[scope]}
          root={editingCategoryRow?.root ?? null}
          category={editing.edit && editingCategoryRow?.kind === 'category' ? editingCategoryRow.category : undefined}
          onCancel={() => {
            setEditing(null);
            focusTree();
          }}
          onSaved={(saved) => {
            setEditing(null);
            setChosenKey(saved.typeId);
            reload();
            setTimeout(() => document.getElementById(`budget-node-${saved.typeId}`)?.focus(), 300);
          }}
        />
      )}
      {editing?.kind === 'indicators' && (
        <IndicatorDialog detail={editing.detail} editable={has('edit')} onClose={closeIndicators} />
      )}
      {editing?.kind === 'detail' && (
        <BudgetDetailDialog
          categories={detailPool}
          category={chosen?.kind === 'category' ? chosen.category : null}
          detail={editing.detail}
          planEditable={planEditable}
          mayChooseSubjects={mayChooseSubjects}
          onCancel={() => setEditing(null)}
          onSaved={(budgetId) => {
            setEditing(null);
            setChosenDetail(budgetId);
            reload();
          }}
        />
      )}
    </div>
  );
}

export function ProjectBudgetPage() {
  return <BudgetSetupPage scope="project" />;
}

export function ExpenditureClassPage() {
  return <BudgetSetupPage scope="expenditure" />;
}
