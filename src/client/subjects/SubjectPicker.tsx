/**
 * The subject picker dialog (voucher entry, auxiliary links...): the enabled chart as a tree,
 * filtered by code, name or pinyin initials; only a last-level subject may be picked
 * (请选择末级科目), and none chosen says 请选择科目. Enter picks, Esc closes. 新增科目 (or Insert)
 * adds a child of the selected subject through the add-subject dialog and its rules, for a user
 * with the subject page's 'added' right; the new subject is then the selected row.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { SUBJECT_TYPE_NAMES, type SubjectType } from '../../shared/chart.js';
import { SubjectMessages, type SubjectCodeRules } from '../../shared/subjects/subject-code.js';
import { useDialogFocus } from '../message-box/dialog-focus.js';
import { fetchCodeRules, fetchSubjects } from './subject-api.js';
import { SubjectDialog } from './SubjectDialog.js';
import { useCanAddSubject } from './subject-rights.js';
import { treeRows } from './subject-tree.js';
import { SubjectTreeTable } from './SubjectTreeTable.js';
import './subjects.css';

interface Props {
  title?: string;
  /** Subjects to offer; default: the enabled chart of the session's ledger set. */
  subjects?: readonly SubjectItem[];
  initialKeyword?: string;
  /** A filter's subject may be of any level (a parent covers its children); entry needs the last level. */
  anyLevel?: boolean;
  onPick: (subject: SubjectItem) => void;
  onClose: () => void;
}

export function SubjectPicker({
  title = '选择科目',
  subjects: given,
  initialKeyword = '',
  anyLevel = false,
  onPick,
  onClose,
}: Props) {
  const [loaded, setLoaded] = useState<readonly SubjectItem[]>(given ?? []);
  const [ready, setReady] = useState(given !== undefined);
  // Enter typed before the chart arrived: it picks as soon as the chart is there (no keystroke lost).
  const enterWaiting = useRef(false);
  const [keyword, setKeyword] = useState(initialKeyword);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [chosen, setSelected] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogFocus(dialogRef);
  const canAdd = useCanAddSubject();
  // 新增科目: the whole chart (the dialog's sibling and duplicate checks) and the code rules.
  const [adding, setAdding] = useState<{ parent: SubjectItem | null; chart: SubjectItem[]; rules: SubjectCodeRules } | null>(
    null,
  );

  useEffect(() => {
    if (given) return;
    fetchSubjects()
      .then((list) => setLoaded(list.filter((s) => s.enable)))
      .catch(() => undefined)
      .finally(() => setReady(true));
  }, [given]);

  // Spec: the chooser steps through the chart by subject type.
  const [type, setType] = useState<SubjectType | null>(null);
  const typesPresent = useMemo(() => [...new Set(loaded.map((s) => s.type))].sort((a, b) => a - b), [loaded]);
  const rows = useMemo(
    () => treeRows(type ? loaded.filter((s) => s.type === type) : loaded, keyword, collapsed),
    [loaded, type, keyword, collapsed],
  );

  // The chosen row; when the filter hid it, the first matching last-level subject is the likely choice.
  const selected = rows.some((r) => r.subject.code === chosen)
    ? chosen
    : keyword.trim()
      ? ((
          (anyLevel ? rows.find((r) => r.subject.code === keyword.trim()) : undefined) ??
          rows.find((r) => r.subject.lastLevel) ??
          rows[0]
        )?.subject.code ?? null)
      : null;

  const pick = (subject: SubjectItem | undefined) => {
    if (!subject) {
      setProblem(SubjectMessages.chooseSubject);
      return;
    }
    if (!subject.lastLevel && !anyLevel) {
      setProblem(SubjectMessages.chooseLastLevel);
      return;
    }
    onPick(subject);
  };

  const current = loaded.find((s) => s.code === selected);

  const pickCurrent = useRef(() => {});
  useEffect(() => {
    pickCurrent.current = () => pick(current);
  });
  useEffect(() => {
    if (!ready || !enterWaiting.current) return;
    enterWaiting.current = false;
    pickCurrent.current();
  }, [ready]);

  const focusTable = () => document.querySelector<HTMLElement>('.picker-dialog [role="treegrid"]')?.focus();

  const add = async () => {
    if (!canAdd) return;
    try {
      const [chart, rules] = await Promise.all([fetchSubjects(), fetchCodeRules()]);
      const parent = current ? (chart.find((s) => s.code === current.code) ?? current) : null;
      if (!parent && !rules.allowNewFirstLevel) {
        setProblem(SubjectMessages.parentRequired);
        return;
      }
      setProblem(null);
      setAdding({ parent, chart, rules });
    } catch {
      // The request wrapper has shown the failure.
    }
  };

  /** The new subject joins the list (its parent, no longer last-level, as the server has it) and is selected. */
  const added = async (code: string) => {
    setAdding(null);
    try {
      const fresh = new Map((await fetchSubjects()).map((s) => [s.code, s]));
      const created = fresh.get(code);
      setLoaded((list) => [
        ...list.filter((s) => s.code !== code).map((s) => fresh.get(s.code) ?? s),
        ...(created ? [created] : []),
      ]);
      setKeyword('');
      setType(null);
      if (created?.parentCode) {
        const parentCode = created.parentCode;
        setCollapsed((c) => new Set([...c].filter((p) => p !== parentCode)));
      }
      setSelected(code);
    } catch {
      // The request wrapper has shown the failure.
    }
    setTimeout(focusTable);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <>
      <div className="mb-overlay">
        <div
          ref={dialogRef}
          tabIndex={-1}
          className="dialog picker-dialog"
          role="dialog"
          aria-modal="true"
          aria-labelledby="subject-picker-title"
          onKeyDown={onKeyDown}
        >
          <div className="mb-header">
            <span id="subject-picker-title" className="mb-title">
              {title}
            </span>
          </div>
          <label className="field">
            <span>查找</span>
            <input
              ref={filterRef}
              autoFocus
              type="search"
              placeholder="科目编码、名称或拼音首字母"
              value={keyword}
              onChange={(e) => {
                setKeyword(e.target.value);
                setProblem(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  focusTable();
                } else if (e.key === 'Enter') {
                  e.preventDefault();
                  if (ready) pick(current);
                  else enterWaiting.current = true;
                }
              }}
            />
          </label>
          <div className="picker-types" role="tablist" aria-label="科目类别">
            {[null, ...typesPresent].map((t) => (
              <button
                key={t ?? 0}
                type="button"
                role="tab"
                tabIndex={-1}
                aria-selected={t === type}
                className={t === type ? 'btn btn-primary' : 'btn'}
                onClick={() => {
                  setType(t);
                  setProblem(null);
                }}
              >
                {t ? SUBJECT_TYPE_NAMES[t] : '全部'}
              </button>
            ))}
          </div>
          <SubjectTreeTable
            label="可选科目"
            rows={rows}
            selected={selected}
            collapsed={collapsed}
            onSelect={(code) => {
              setSelected(code);
              setProblem(null);
            }}
            onToggle={(code, expand) =>
              setCollapsed((c) => {
                const next = new Set(c);
                if (expand) next.delete(code);
                else next.add(code);
                return next;
              })
            }
            onActivate={pick}
            onOtherKey={(event) => {
              if (event.key !== 'Insert' || !canAdd) return false;
              void add();
              return true;
            }}
          />
          <p className="field-error" role={problem ? 'alert' : undefined}>
            {problem}
          </p>
          <div className="mb-footer">
            <span className="muted">Enter 选择 · Esc 关闭{canAdd ? ' · Insert 新增科目' : ''}</span>
            <div className="mb-buttons">
              {canAdd && (
                <button type="button" className="btn" onClick={() => void add()} aria-keyshortcuts="Insert">
                  新增科目
                </button>
              )}
              <button type="button" className="btn" onClick={onClose}>
                取消
              </button>
              <button type="button" className="btn btn-primary" onClick={() => pick(current)}>
                确定
              </button>
            </div>
          </div>
        </div>
      </div>
      {adding && (
        <SubjectDialog
          mode="add"
          parent={adding.parent}
          subjects={adding.chart}
          rules={adding.rules}
          onCancel={() => {
            setAdding(null);
            setTimeout(focusTable);
          }}
          onSaved={(code) => void added(code)}
        />
      )}
    </>
  );
}
