/**
 * The 新旧衔接底稿 tab: the worksheet grid (split parts keyed, the remainder a formula), its checks recomputed as
 * the user types, and the server's problems (the authority on finish).
 */
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { findSubject, union2009, unionCounty2021 } from '../../../templates/charts/index.js';
import { transitionRows } from '../../../templates/transition/union-2009-to-2021.js';
import type { CodeJoinResponse } from '../../shared/api/schemas/transition.js';
import type { SubjectItem } from '../../shared/api/subjects.js';
import {
  createTransitionWorksheetGrid,
  saveSplitsBody,
  worksheetChecks,
  worksheetRows,
  type TransitionWorksheetRow,
} from '../../../grids/transition-worksheet.js';
import { GridEditor, type GridEditorHandle } from '../grid/GridEditor.js';
import { messageBox } from '../message-box/message-box.js';
import { saveSplits } from './transition-api.js';

export interface WorksheetTabHandle {
  save(): Promise<void>;
  /** Whether a split amount or target differs from the saved one. */
  dirty(): boolean;
}

const direction = (d: number | undefined): 1 | 2 | undefined => (d === 1 || d === 2 ? d : undefined);

export function WorksheetTab({
  answer,
  subjects,
  readOnly,
  onSaved,
  handle,
}: {
  answer: CodeJoinResponse;
  /** The set's chart (names and directions of the new subjects). */
  subjects: readonly SubjectItem[];
  readOnly: boolean;
  onSaved: (answer: CodeJoinResponse) => void;
  handle: Ref<WorksheetTabHandle>;
}) {
  const byCode = useMemo(() => new Map(subjects.map((s) => [s.code, s])), [subjects]);
  const definition = useMemo(
    () =>
      createTransitionWorksheetGrid({
        subjectName: (code) => byCode.get(code)?.codeName,
        hasDetails: (code) => subjects.some((s) => s.code.length > code.length && s.code.startsWith(code)),
      }),
    [byCode, subjects],
  );
  const initial = useMemo(
    () =>
      worksheetRows(answer, {
        mapping: transitionRows(answer.level),
        oldDirection: (code) => findSubject(union2009, code)?.balanceDirection,
        newDirection: (code) =>
          direction(byCode.get(code)?.balanceDirection) ??
          findSubject(unionCounty2021, code)?.balanceDirection ??
          direction(answer.openings.find((o) => o.code === code)?.balanceDirection),
      }),
    [answer, byCode],
  );
  const rows = useRef<TransitionWorksheetRow[]>(initial);
  useEffect(() => {
    rows.current = initial;
  }, [initial]);
  const [totals, setTotals] = useState<Record<string, number>>({});
  const [canSave, setCanSave] = useState(true);
  const [busy, setBusy] = useState(false);
  const gridRef = useRef<GridEditorHandle>(null);
  const checks = worksheetChecks(totals);

  // A part moved to a detail shows that detail's name (from the set's chart) at once, before it is saved.
  const nameOf = useCallback(
    (row: TransitionWorksheetRow): string => {
      const was = initial.find((r) => r.rowId === row.rowId);
      if (was && was.newCode === row.newCode) return was.newName;
      return byCode.get(row.newCode)?.codeName ?? '';
    },
    [byCode, initial],
  );
  const onChange = useCallback(
    (next: TransitionWorksheetRow[]) => {
      rows.current = next;
      const names = next.flatMap((r) => {
        if (r.line === 'old' || r.line === 'adjustment') return [];
        const name = nameOf(r);
        return name === r.newName ? [] : [{ rowId: r.rowId, fieldId: 'newName', value: name }];
      });
      // After the editor's own change has settled: the name follows the code.
      if (names.length > 0) queueMicrotask(() => gridRef.current?.setCells(names));
    },
    [nameOf],
  );

  const save = async () => {
    if (readOnly || busy) return;
    if (!canSave || !(gridRef.current?.canSave() ?? true)) {
      messageBox.fireAndForget(messageBox.alert('表格中有错误，请修正后再保存', { tone: 'warning' }));
      return;
    }
    setBusy(true);
    try {
      const saved = await saveSplits({ splits: saveSplitsBody(rows.current) }).catch(() => null);
      if (!saved) return;
      onSaved(saved.data);
      messageBox.fireAndForget(messageBox.alert(saved.message || '保存成功', { tone: 'success' }));
    } finally {
      setBusy(false);
    }
  };

  useImperativeHandle(handle, () => ({
    save,
    dirty: () => rows.current.some((r, i) => (r.amount ?? 0) !== (initial[i]?.amount ?? 0) || r.newCode !== initial[i]?.newCode),
  }));

  return (
    <>
      <ul className="transition-checks" aria-label="底稿检查" data-testid="worksheet-checks">
        {checks.map((c) => (
          <li key={c.id} className={c.ok ? 'ok' : 'bad'}>
            {c.ok ? '✓' : '✗'} {c.text}
          </li>
        ))}
      </ul>
      {answer.problems.length > 0 ? (
        <ul className="transition-problems" aria-label="完成衔接前须解决" data-testid="worksheet-problems">
          {answer.problems.map((p, i) => (
            <li key={`${p.at}-${i}`}>{p.message}</li>
          ))}
        </ul>
      ) : (
        <p className="transition-problems-none muted" data-testid="worksheet-problems">
          已保存的底稿通过检查，可以完成衔接
        </p>
      )}
      <GridEditor<TransitionWorksheetRow>
        handle={gridRef}
        definition={definition}
        rows={initial}
        readOnly={readOnly}
        autoFocus={!readOnly}
        onChange={onChange}
        onTotals={setTotals}
        onValidityChange={setCanSave}
        onSave={() => void save()}
        label="新旧衔接底稿"
        toolbarExport={false}
        fill
      />
    </>
  );
}
