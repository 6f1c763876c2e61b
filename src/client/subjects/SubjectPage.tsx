/**
 * 会计科目 (/accounting-management/initialization/subject): the chart as a tree grid (grids/subject.ts
 * in the one grid editor): rows in code order, names indented by level, parents expanded and
 * collapsed (the toggle, Alt+Right / Alt+Left), the focused row is the page's selected row. The
 * editable cells (name and direction of a non-standard subject, enable) are saved as soon as they
 * change, through the subject calls and their rules. A filter by code, name or pinyin initials,
 * 新增 (a child of the focused row) / 修改 / 停用·启用 / 删除 under the page's button rights
 * ('added', 'edit', 'delete'), Insert adds, Ctrl+Enter opens 修改, Delete deletes, and Excel
 * export of what the filter shows (collapsed rows included).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { SubjectMessages, type SubjectCodeRules } from '../../shared/subjects/subject-code.js';
import { subjectGrid, type SubjectGridRow } from '../../../grids/subject.js';
import { exportGrid, sessionExportInfo } from '../grid/export-xlsx.js';
import { GridEditor, type GridEditorHandle } from '../grid/GridEditor.js';
import { isReject, messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { Permission, usePermission } from '../shell/Permission.js';
import { useSession } from '../shell/session-store.js';
import { deleteSubject, fetchCodeRules, fetchSubjects, saveSubject, setSubjectEnable } from './subject-api.js';
import { SubjectDialog } from './SubjectDialog.js';
import { subjectEdits, subjectGridRow, treeStateOf } from './subject-grid-rows.js';
import { parentCodes, treeRows } from './subject-tree.js';
import { subjectFilters } from '../../../grids/workbook/filters.js';
import './subjects.css';

type Editing = { mode: 'add'; parent: SubjectItem | null } | { mode: 'edit'; subject: SubjectItem } | null;

export function SubjectPage() {
  usePageTitle('会计科目');
  const { has } = usePermission();
  const authInfo = useSession((s) => s.authInfo);
  const [subjects, setSubjects] = useState<SubjectItem[] | null>(null);
  // Bumped after a refused edit: the grid gets the chart's rows again.
  const [version, setVersion] = useState(0);
  const [rules, setRules] = useState<SubjectCodeRules | null>(null);
  const [keyword, setKeyword] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [chosen, setChosen] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const gridRef = useRef<GridEditorHandle>(null);
  /** A row to focus once the grid shows it (after an add or a filter). */
  const focusNext = useRef<string | null>(null);

  const reload = useCallback(async (select?: string) => {
    const list = await fetchSubjects();
    if (select) {
      setChosen(select);
      focusNext.current = select;
    }
    setSubjects(list);
  }, []);

  useEffect(() => {
    fetchSubjects()
      .then(setSubjects)
      .catch(() => setSubjects([]));
    fetchCodeRules()
      .then(setRules)
      .catch(() => undefined);
  }, []);

  const chart = useMemo(() => subjects ?? [], [subjects]);
  const byCode = useMemo(() => new Map(chart.map((s) => [s.code, s])), [chart]);
  const filtering = keyword.trim() !== '';
  const tree = useMemo(() => treeRows(chart, keyword, collapsed), [chart, keyword, collapsed]);
  const states = useMemo(
    () => new Map(tree.map((r) => [r.subject.code, treeStateOf(r, collapsed, filtering)])),
    [tree, collapsed, filtering],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version asks for fresh rows of the same chart
  const rows = useMemo(() => tree.map((r) => subjectGridRow(r.subject)), [tree, version]);

  // The focused row; when the filter hid it, the first one shown.
  const selected = tree.some((r) => r.subject.code === chosen) ? chosen : (tree[0]?.subject.code ?? null);
  const current = selected ? (byCode.get(selected) ?? null) : null;

  useEffect(() => {
    const code = focusNext.current;
    if (!code || !rows.some((r) => r.rowId === code)) return;
    focusNext.current = null;
    gridRef.current?.focusCell(code, 'codeName');
  }, [rows]);

  const focusGrid = () => {
    if (selected) gridRef.current?.focusCell(selected, 'codeName');
    else gridRef.current?.focus();
  };

  const add = () => {
    if (!rules || !has('added')) return;
    if (!current && !rules.allowNewFirstLevel) {
      messageBox.fireAndForget(messageBox.alert(SubjectMessages.parentRequired, { tone: 'warning' }));
      return;
    }
    setEditing({ mode: 'add', parent: current });
  };

  const edit = () => {
    if (!current || !has('edit')) return;
    setEditing({ mode: 'edit', subject: current });
  };

  const toggleEnable = async () => {
    if (!current) return;
    const enable = !current.enable;
    try {
      await messageBox.confirm(`确定要${enable ? '启用' : '停用'}科目“${current.code} ${current.codeName}”吗？`);
      await setSubjectEnable({ code: current.code, enable });
      await reload(current.code);
    } catch (error) {
      if (!isReject(error)) return;
    } finally {
      focusGrid();
    }
  };

  const remove = async () => {
    if (!current) return;
    try {
      await messageBox.confirm(`确定要删除科目“${current.code} ${current.codeName}”吗？`);
      await deleteSubject(current.code);
      await reload(current.parentCode ?? undefined);
    } catch {
      // Cancelled, or the wrapper has shown the refusal.
    } finally {
      focusGrid();
    }
  };

  /** Cells changed in the grid: saved one call at a time, then the chart as the server has it. */
  const onChange = (next: SubjectGridRow[]) => {
    const edits = subjectEdits(byCode, next);
    if (edits.length === 0) return;
    void (async () => {
      try {
        for (const e of edits) {
          if (e.kind === 'save') await saveSubject(e.body);
          else await setSubjectEnable(e.body);
        }
      } catch {
        // The request wrapper has shown the server's refusal; the reload puts the cell back.
      }
      try {
        setSubjects(await fetchSubjects());
      } finally {
        setVersion((v) => v + 1);
      }
    })();
  };

  const exportAll = () => {
    // What the filter shows, collapsed parents' children included.
    const all = treeRows(chart, keyword, new Set()).map((r) => subjectGridRow(r.subject));
    const period = authInfo?.year ? `${authInfo.year}年` : '';
    exportGrid(subjectGrid, all, sessionExportInfo(authInfo, period, subjectFilters(keyword))).catch((error: unknown) =>
      messageBox.fireAndForget(
        messageBox.alert(`导出失败：${error instanceof Error ? error.message : String(error)}`, { tone: 'warning' }),
      ),
    );
  };

  // Keys of the page's buttons, before the grid sees them (not while a cell is being edited).
  const onKeyDownCapture = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (!target.closest('.ag-root-wrapper') || target.closest('.ag-cell-inline-editing')) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      event.stopPropagation();
      edit();
    } else if (event.key === 'Insert' && !event.ctrlKey && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      event.stopPropagation();
      add();
    } else if (event.key === 'Delete' && !event.ctrlKey && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      event.stopPropagation();
      if (current && !current.isStandard && has('delete')) void remove();
    }
  };

  const toggle = (code: string, expand: boolean) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (expand) next.delete(code);
      else next.add(code);
      return next;
    });

  return (
    <section className="subject-page" aria-label="会计科目" onKeyDownCapture={onKeyDownCapture}>
      <div className="subject-toolbar">
        <label className="subject-filter">
          <span>查找</span>
          <input
            type="search"
            placeholder="科目编码、名称或拼音首字母"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === 'ArrowDown') {
                e.preventDefault();
                focusGrid();
              }
            }}
          />
        </label>
        <div className="subject-actions">
          <Permission value="added">
            <button type="button" className="btn btn-primary" onClick={add} title="Insert" aria-keyshortcuts="Insert">
              新增
            </button>
          </Permission>
          <Permission value="edit">
            <button
              type="button"
              className="btn"
              onClick={edit}
              disabled={!current}
              title="Ctrl+Enter"
              aria-keyshortcuts="Control+Enter"
            >
              修改
            </button>
          </Permission>
          <Permission value="edit">
            <button type="button" className="btn" onClick={() => void toggleEnable()} disabled={!current}>
              {current && !current.enable ? '启用' : '停用'}
            </button>
          </Permission>
          <Permission value="delete">
            <button
              type="button"
              className="btn"
              onClick={() => void remove()}
              disabled={!current || current.isStandard}
              aria-keyshortcuts="Delete"
            >
              删除
            </button>
          </Permission>
          <button type="button" className="btn" onClick={() => setCollapsed(new Set())}>
            全部展开
          </button>
          <button type="button" className="btn" onClick={() => setCollapsed(parentCodes(chart))}>
            全部收起
          </button>
        </div>
      </div>
      {subjects && (
        <GridEditor<SubjectGridRow>
          definition={subjectGrid}
          rows={rows}
          label="科目列表"
          height="max(320px, calc(100vh - 250px))"
          autoFocus
          handle={gridRef}
          readOnly={!has('edit')}
          onChange={onChange}
          onExport={exportAll}
          onFocusedRowChange={setChosen}
          treeState={(row) => states.get(row.code) ?? null}
          onToggleRow={toggle}
        />
      )}
      {subjects && tree.length === 0 && <p className="muted pad">没有符合条件的科目</p>}
      <p className="muted subject-keys">
        方向键 移动 · Alt+→ / Alt+← 展开 / 收起 · F2 或直接输入 修改单元格 · Ctrl+Enter 修改科目 · Insert 新增下级科目 · Delete
        删除 · F1 全部快捷键
      </p>
      {editing && rules && (
        <SubjectDialog
          mode={editing.mode}
          parent={editing.mode === 'add' ? editing.parent : null}
          subject={editing.mode === 'edit' ? editing.subject : undefined}
          subjects={chart}
          rules={rules}
          onCancel={() => {
            setEditing(null);
            setTimeout(focusGrid);
          }}
          onSaved={(code) => {
            setEditing(null);
            setKeyword('');
            if (editing.mode === 'add' && editing.parent)
              setCollapsed((c) => new Set([...c].filter((p) => p !== editing.parent?.code)));
            void reload(code);
          }}
        />
      )}
    </section>
  );
}
