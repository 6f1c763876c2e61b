/**
 * 会计科目 (/accounting-management/initialization/subject): the chart as a keyboard tree table,
 * a filter by code, name or pinyin initials, and 新增 / 修改 / 停用·启用 / 删除 under the page's
 * button rights ('added', 'edit', 'delete'). Insert or Ctrl+N adds under the selected row,
 * Enter edits it.
 */
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { SubjectMessages, type SubjectCodeRules } from '../../shared/subjects/subject-code.js';
import { isReject, messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { Permission, usePermission } from '../shell/Permission.js';
import { deleteSubject, fetchCodeRules, fetchSubjects, setSubjectEnable } from './subject-api.js';
import { SubjectDialog } from './SubjectDialog.js';
import { parentCodes, treeRows } from './subject-tree.js';
import { SubjectTreeTable } from './SubjectTreeTable.js';
import './subjects.css';

type Editing = { mode: 'add'; parent: SubjectItem | null } | { mode: 'edit'; subject: SubjectItem } | null;

export function SubjectPage() {
  usePageTitle('会计科目');
  const { has } = usePermission();
  const [subjects, setSubjects] = useState<SubjectItem[]>([]);
  const [rules, setRules] = useState<SubjectCodeRules | null>(null);
  const [keyword, setKeyword] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [chosen, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);

  const reload = useCallback(async (select?: string) => {
    const list = await fetchSubjects();
    setSubjects(list);
    if (select) setSelected(select);
  }, []);

  useEffect(() => {
    fetchSubjects()
      .then(setSubjects)
      .catch(() => undefined);
    fetchCodeRules()
      .then(setRules)
      .catch(() => undefined);
  }, []);

  const rows = useMemo(() => treeRows(subjects, keyword, collapsed), [subjects, keyword, collapsed]);
  // The chosen row, or the first one shown when the filter hid it.
  const selected = rows.some((r) => r.subject.code === chosen) ? chosen : (rows[0]?.subject.code ?? null);
  const current = subjects.find((s) => s.code === selected) ?? null;

  const focusTable = () => document.querySelector<HTMLElement>('.subject-page [role="treegrid"]')?.focus();

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
      focusTable();
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
      focusTable();
    }
  };

  const onOtherKey = (event: KeyboardEvent) => {
    if (event.key === 'Insert' || ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'n')) {
      add();
      return true;
    }
    if (event.key === 'Delete' && current && !current.isStandard && has('delete')) {
      void remove();
      return true;
    }
    return false;
  };

  return (
    <section className="subject-page" aria-label="会计科目">
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
                focusTable();
              }
            }}
          />
        </label>
        <div className="subject-actions">
          <Permission value="added">
            <button type="button" className="btn btn-primary" onClick={add} title="Insert / Ctrl+N">
              新增
            </button>
          </Permission>
          <Permission value="edit">
            <button type="button" className="btn" onClick={edit} disabled={!current} title="Enter">
              修改
            </button>
          </Permission>
          <Permission value="edit">
            <button type="button" className="btn" onClick={() => void toggleEnable()} disabled={!current}>
              {current && !current.enable ? '启用' : '停用'}
            </button>
          </Permission>
          <Permission value="delete">
            <button type="button" className="btn" onClick={() => void remove()} disabled={!current || current.isStandard}>
              删除
            </button>
          </Permission>
          <button type="button" className="btn" onClick={() => setCollapsed(new Set())}>
            全部展开
          </button>
          <button type="button" className="btn" onClick={() => setCollapsed(parentCodes(subjects))}>
            全部收起
          </button>
        </div>
      </div>
      <SubjectTreeTable
        label="科目列表"
        full
        autoFocus
        rows={rows}
        selected={selected}
        collapsed={collapsed}
        onSelect={setSelected}
        onToggle={(code, expand) =>
          setCollapsed((c) => {
            const next = new Set(c);
            if (expand) next.delete(code);
            else next.add(code);
            return next;
          })
        }
        onActivate={(s) => {
          setSelected(s.code);
          if (has('edit')) setEditing({ mode: 'edit', subject: s });
        }}
        onOtherKey={onOtherKey}
      />
      <p className="muted subject-keys">↑↓ 移动 · ←→ 收起/展开 · Enter 修改 · Insert 或 Ctrl+N 新增下级科目</p>
      {editing && rules && (
        <SubjectDialog
          mode={editing.mode}
          parent={editing.mode === 'add' ? editing.parent : null}
          subject={editing.mode === 'edit' ? editing.subject : undefined}
          subjects={subjects}
          rules={rules}
          onCancel={() => {
            setEditing(null);
            setTimeout(focusTable);
          }}
          onSaved={(code) => {
            setEditing(null);
            setKeyword('');
            void reload(code).finally(() => setTimeout(focusTable));
          }}
        />
      )}
    </section>
  );
}
