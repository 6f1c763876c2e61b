/**
 * The {year-1}年末数 tab: the 2009 chart with the year-end figures keyed at the last level, a live trial check,
 * and the import of the old system's trial balance (read in the browser; the user checks the result and saves).
 */
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { union2009 } from '../../../templates/charts/index.js';
import type { CodeJoinResponse } from '../../shared/api/schemas/transition.js';
import { formatFen } from '../../shared/money.js';
import {
  figureEditable,
  figuresRows,
  figuresTrial,
  saveFiguresBalances,
  transitionFiguresGrid,
  type TransitionFiguresRow,
} from '../../../grids/transition-figures.js';
import { GridEditor, type GridEditorHandle } from '../grid/GridEditor.js';
import { messageBox } from '../message-box/message-box.js';
import { readTrialBalance, type OldChartSubject, type TrialBalanceImport } from './old-trial-balance.js';
import { saveFigures } from './transition-api.js';

export interface FiguresTabHandle {
  save(): Promise<void>;
  importFile(): void;
}

const parents = new Set<string | null>(union2009.subjects.map((s) => s.parentCode));
const OLD_CHART: OldChartSubject[] = union2009.subjects.map((s) => ({
  code: s.code,
  name: s.name,
  type: s.type,
  balanceDirection: s.balanceDirection,
  lastLevel: !parents.has(s.code),
}));

export function FiguresTab({
  answer,
  readOnly,
  onSaved,
  handle,
}: {
  answer: CodeJoinResponse;
  readOnly: boolean;
  onSaved: (answer: CodeJoinResponse) => Promise<void>;
  handle: Ref<FiguresTabHandle>;
}) {
  const initial = useMemo(() => figuresRows(answer.oldSubjects), [answer]);
  const rows = useRef<TransitionFiguresRow[]>(initial);
  useEffect(() => {
    rows.current = initial;
  }, [initial]);
  const [totals, setTotals] = useState<Record<string, number>>({});
  const [canSave, setCanSave] = useState(true);
  const [busy, setBusy] = useState(false);
  const [imported, setImported] = useState<TrialBalanceImport | null>(null);
  const gridRef = useRef<GridEditorHandle>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const trial = figuresTrial(totals);

  const onChange = useCallback((next: TransitionFiguresRow[]) => {
    rows.current = next;
  }, []);

  const save = async () => {
    if (readOnly || busy) return;
    if (!canSave || !(gridRef.current?.canSave() ?? true)) {
      messageBox.fireAndForget(messageBox.alert('表格中有错误，请修正后再保存', { tone: 'warning' }));
      return;
    }
    if (!trial.balanced) {
      try {
        await messageBox.confirm(`${trial.text}，是否仍要保存？`, { title: '试算不平衡' });
      } catch {
        return;
      }
    }
    setBusy(true);
    try {
      const saved = await saveFigures({ balances: saveFiguresBalances(rows.current) }).catch(() => null);
      if (!saved) return;
      await onSaved(saved.data);
      messageBox.fireAndForget(messageBox.alert(saved.message || '保存成功', { tone: 'success' }));
    } finally {
      setBusy(false);
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const result = await readTrialBalance(file, OLD_CHART);
      if (typeof result === 'string') {
        messageBox.fireAndForget(messageBox.alert(result, { tone: 'warning' }));
        return;
      }
      // Every keyable figure takes the file's amount (a subject the file leaves out is zero), as one undo step.
      gridRef.current?.setCells(
        rows.current
          .filter(figureEditable)
          .map((r) => ({ rowId: r.rowId, fieldId: 'amount', value: result.amounts.get(r.code) ?? 0 })),
      );
      setImported(result);
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  useImperativeHandle(handle, () => ({ save, importFile: () => fileRef.current?.click() }));

  return (
    <>
      <div className={`transition-trial ${trial.balanced ? 'ok' : 'bad'}`} role="status" data-testid="figures-trial">
        {trial.text}
      </div>
      {imported && (
        <section className="transition-import" aria-label="导入结果" data-testid="import-result">
          <header>
            已从Excel取得{imported.taken.length}个科目的年末数（未列出的科目为0，请核对后保存）
            {imported.skipped.length > 0 ? `；${imported.skipped.length}行未识别` : ''}
            <button type="button" className="btn btn-link" onClick={() => setImported(null)}>
              关闭
            </button>
          </header>
          <div className="transition-import-lists">
            <ul aria-label="已取得">
              {imported.taken.map((t) => (
                <li key={`${t.row}-${t.code}`}>
                  第{t.row}行 {t.code} {t.name} {formatFen(t.amount)}
                </li>
              ))}
            </ul>
            {imported.skipped.length > 0 && (
              <ul aria-label="未识别" className="transition-skipped">
                {imported.skipped.map((s) => (
                  <li key={`${s.row}-${s.code}`}>
                    第{s.row}行 {s.code} {s.name}：{s.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      )}
      <GridEditor<TransitionFiguresRow>
        handle={gridRef}
        definition={transitionFiguresGrid}
        rows={initial}
        readOnly={readOnly}
        autoFocus={!readOnly}
        onChange={onChange}
        onTotals={setTotals}
        onValidityChange={setCanSave}
        onSave={() => void save()}
        label={`${answer.year - 1}年末数`}
        toolbarExport={false}
        fill
      />
      <input
        ref={fileRef}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        aria-label="选择原系统科目余额表Excel文件"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
    </>
  );
}
