/**
 * 结转模板 edit dialog: name, summary, explanation (说明), carry-out amount (转出金额: the amount
 * type rows start with), and the rows: carry-out subject (a code, a parent takes every subject
 * under it; F7 or … opens the subject picker) with optional items, amount type, carry-in subject
 * (last level) with its leaf items. The last row cannot be deleted (默认项无法删除); setting the
 * first row's carry-in subject asks 是否同样设置其他行. Checked here with the shared rules and
 * again by the server; a built-in is saved as a copy (the server's message says so).
 */
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { CarryForwardTemplate } from '../../shared/api/templates.js';
import type { SubjectItem } from '../../shared/api/subjects.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import {
  CARRY_OVER_AMOUNT_TYPES,
  CarryForwardMessages,
  validateCarryForward,
} from '../../shared/templates/carry-forward-rules.js';
import { AuxiliaryPicker } from '../auxiliary/AuxiliaryPicker.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { isReject, messageBox } from '../message-box/message-box.js';
import { ApiError, performAction } from '../shell/request.js';
import { fetchSubjects } from '../subjects/subject-api.js';
import { SubjectPicker } from '../subjects/SubjectPicker.js';
import { saveCarryTemplate } from './carry-forward-api.js';
import {
  asksForOthers,
  auxiText,
  draftOf,
  insertRow,
  removeRow,
  requestOf,
  setInto,
  type CarryDraft,
  type CarryRowDraft,
  type NamedAuxi,
} from './carry-forward-rows.js';
import { CarryOutAuxiDialog } from './CarryOutAuxiDialog.js';

type Side = 'out' | 'into';
type Picking = { kind: 'subject'; side: Side; index: number } | { kind: 'auxi'; side: Side; index: number } | null;

interface Props {
  template: CarryForwardTemplate | null;
  isMonth: boolean;
  onSaved: (template: CarryForwardTemplate, message: string) => void;
  onCancel: () => void;
}

/** The choices of a 取数方式 select, for the template and for each of its lines. */
function AmountTypeOptions() {
  return (
    <>
      <option value="">请选择</option>
      {CARRY_OVER_AMOUNT_TYPES.map((t) => (
        <option key={t.value} value={t.value}>
          {t.name}
        </option>
      ))}
    </>
  );
}

export function CarryForwardDialog({ template, isMonth, onSaved, onCancel }: Props) {
  const [draft, setDraft] = useState<CarryDraft>(() => draftOf(template, isMonth));
  const [subjects, setSubjects] = useState<SubjectItem[]>([]);
  const [issues, setIssues] = useState<ValidationIssue[]>([]);
  const [picking, setPicking] = useState<Picking>(null);
  const [busy, setBusy] = useState(false);
  // The carry-in codes as typed, committed on blur or Enter (the first row's may ask about the others).
  const [typedInto, setTypedInto] = useState<Record<number, string>>({});

  useEffect(() => {
    fetchSubjects()
      .then(setSubjects)
      .catch(() => undefined);
  }, []);
  const byCode = useMemo(() => new Map(subjects.map((s) => [s.code, s])), [subjects]);
  const nameOf = (code: string) => (code ? (byCode.get(code)?.codeAndFullName ?? (subjects.length ? '科目不存在' : '')) : '');

  const patch = (change: Partial<CarryDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setIssues([]);
  };
  const patchRow = (index: number, change: Partial<CarryRowDraft>) => {
    setDraft((d) => ({ ...d, rows: d.rows.map((r, i) => (i === index ? { ...r, ...change } : r)) }));
    setIssues([]);
  };

  const commitInto = async (index: number, raw: string, auxis: NamedAuxi[] = []) => {
    const code = raw.trim();
    setTypedInto((t) => {
      const next = { ...t };
      delete next[index];
      return next;
    });
    const row = draft.rows[index];
    if (!row || (row.intoSubjectCode === code && auxis.length === 0)) return;
    let others = false;
    if (asksForOthers(draft.rows, index, code)) {
      try {
        await messageBox.confirm(CarryForwardMessages.setOthers, { title: '提示' });
        others = true;
      } catch (error) {
        if (!isReject(error)) throw error;
      }
    }
    setDraft((d) => ({ ...d, rows: setInto(d.rows, index, code, auxis, others) }));
    setIssues([]);
  };

  const remove = async (index: number) => {
    const result = removeRow(draft.rows, index);
    if ('problem' in result) {
      await messageBox.alert(result.problem, { tone: 'warning' });
      return;
    }
    patch({ rows: result.rows });
  };

  const submit = async () => {
    const found = validateCarryForward({
      name: draft.name,
      summary: draft.summary,
      memo: draft.memo,
      carryOverAmountType: draft.carryOverAmountType,
      rows: draft.rows.map((r) => ({ ...r, intoSubjectCode: typedInto[r.key] ?? r.intoSubjectCode })),
    });
    setIssues(found);
    if (found.length > 0) return;
    setBusy(true);
    try {
      const saved = await saveCarryTemplate(requestOf(draft));
      onSaved(saved.template, saved.message);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.envelope?.errorCode === ErrorCode.ValidationFailed && Array.isArray(error.envelope.data)) {
        setIssues(error.envelope.data as ValidationIssue[]);
      } else performAction(error.action);
    } finally {
      setBusy(false);
    }
  };

  const fieldIssue = (fieldId: string) =>
    issues
      .filter((i) => i.fieldId === fieldId && i.rowId === undefined)
      .map((i) => i.message)
      .join(' ');
  const cellInvalid = (index: number, fieldId: string) =>
    issues.some(
      (i) => i.rowId === index + 1 && (i.fieldId === fieldId || (fieldId === 'intoSubjectCode' && i.fieldId === 'intoAuxis')),
    );
  const rowIssues = issues.filter((i) => i.rowId !== undefined);

  const pickerKeys = (side: Side, index: number) => (e: KeyboardEvent) => {
    if (e.key === 'F7') {
      e.preventDefault();
      setPicking({ kind: 'subject', side, index });
    }
  };

  const picked = picking ? draft.rows[picking.index] : undefined;

  return (
    <>
      <FormDialog
        title={template ? '修改结转模板' : '新增结转模板'}
        className="carry-dialog"
        titleTag={template?.isBuiltIn && <span className="template-tag">内置模板，保存后另存为新模板</span>}
        note="F7 选择科目 · Ctrl+Enter 保存 · Esc 取消"
        buttons={
          <button
            type="button"
            className="btn"
            onClick={() => patch({ rows: insertRow(draft.rows, draft.rows.length - 1, draft.carryOverAmountType) })}
          >
            新增行
          </button>
        }
        busy={busy}
        escapeCancels={!picking}
        ctrlEnterSubmits
        onSubmit={submit}
        onCancel={onCancel}
      >
        <div className="carry-head">
          <label className="field">
            <span>模板名称</span>
            <input autoFocus value={draft.name} maxLength={64} onChange={(e) => patch({ name: e.target.value })} />
            <span className="field-error">{fieldIssue('name')}</span>
          </label>
          <fieldset className="carry-kind">
            <legend>结转类型</legend>
            <label>
              <input type="radio" name="carry-kind" checked={draft.isMonth} onChange={() => patch({ isMonth: true })} />
              月末结转
            </label>
            <label>
              <input type="radio" name="carry-kind" checked={!draft.isMonth} onChange={() => patch({ isMonth: false })} />
              年末结转
            </label>
          </fieldset>
          <label className="field">
            <span>摘要</span>
            <input value={draft.summary} maxLength={200} onChange={(e) => patch({ summary: e.target.value })} />
            <span className="field-error">{fieldIssue('summary')}</span>
          </label>
          <label className="field">
            <span>转出金额</span>
            <select
              value={draft.carryOverAmountType ?? ''}
              onChange={(e) => patch({ carryOverAmountType: e.target.value === '' ? null : Number(e.target.value) })}
            >
              <AmountTypeOptions />
            </select>
            <span className="field-error">{fieldIssue('carryOverAmountType')}</span>
          </label>
          <label className="field carry-memo">
            <span>说明</span>
            <input value={draft.memo} maxLength={500} onChange={(e) => patch({ memo: e.target.value })} />
            <span className="field-error">{fieldIssue('memo')}</span>
          </label>
        </div>
        <div className="carry-rows-wrap">
          <table className="carry-rows" aria-label="结转科目">
            <thead>
              <tr>
                <th>#</th>
                <th>转出科目</th>
                <th>转出辅助项</th>
                <th>金额类型</th>
                <th>转入科目</th>
                <th>转入辅助项</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {draft.rows.map((row, index) => {
                const into = byCode.get(row.intoSubjectCode);
                return (
                  <tr key={row.key}>
                    <td className="muted">{index + 1}</td>
                    <td>
                      <div className="carry-subject">
                        <input
                          aria-label={`第${index + 1}行转出科目`}
                          aria-invalid={cellInvalid(index, 'subjectCode') || undefined}
                          value={row.subjectCode}
                          onChange={(e) => patchRow(index, { subjectCode: e.target.value.trim(), auxis: [] })}
                          onKeyDown={pickerKeys('out', index)}
                        />
                        <button
                          type="button"
                          className="btn"
                          aria-label={`选择第${index + 1}行转出科目`}
                          onClick={() => setPicking({ kind: 'subject', side: 'out', index })}
                        >
                          …
                        </button>
                      </div>
                      <span className="muted carry-name">{nameOf(row.subjectCode)}</span>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`第${index + 1}行转出辅助项`}
                        disabled={!byCode.has(row.subjectCode)}
                        onClick={() => setPicking({ kind: 'auxi', side: 'out', index })}
                      >
                        {auxiText(row.auxis) || '全部'}
                      </button>
                    </td>
                    <td>
                      <select
                        aria-label={`第${index + 1}行金额类型`}
                        aria-invalid={cellInvalid(index, 'carryOverAmountType') || undefined}
                        value={row.carryOverAmountType ?? ''}
                        onChange={(e) =>
                          patchRow(index, { carryOverAmountType: e.target.value === '' ? null : Number(e.target.value) })
                        }
                      >
                        <AmountTypeOptions />
                      </select>
                    </td>
                    <td>
                      <div className="carry-subject">
                        <input
                          aria-label={`第${index + 1}行转入科目`}
                          aria-invalid={cellInvalid(index, 'intoSubjectCode') || undefined}
                          value={typedInto[row.key] ?? row.intoSubjectCode}
                          onChange={(e) => setTypedInto((t) => ({ ...t, [row.key]: e.target.value }))}
                          onBlur={(e) => {
                            if (typedInto[row.key] !== undefined) void commitInto(index, e.target.value);
                          }}
                          onKeyDown={(e) => {
                            // Enter commits through the blur, so the value is committed once.
                            if (e.key === 'Enter' && !e.ctrlKey) {
                              e.preventDefault();
                              e.currentTarget.blur();
                            } else pickerKeys('into', index)(e);
                          }}
                        />
                        <button
                          type="button"
                          className="btn"
                          aria-label={`选择第${index + 1}行转入科目`}
                          onClick={() => setPicking({ kind: 'subject', side: 'into', index })}
                        >
                          …
                        </button>
                      </div>
                      <span className="muted carry-name">{nameOf(typedInto[row.key] ?? row.intoSubjectCode)}</span>
                    </td>
                    <td>
                      {into && into.auxiTypeList.length > 0 ? (
                        <button
                          type="button"
                          className="link-button"
                          aria-label={`第${index + 1}行转入辅助项`}
                          onClick={() => setPicking({ kind: 'auxi', side: 'into', index })}
                        >
                          {auxiText(row.intoAuxis) || '请选择'}
                        </button>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                    <td className="carry-row-actions">
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`在第${index + 1}行后插入`}
                        onClick={() => patch({ rows: insertRow(draft.rows, index, draft.carryOverAmountType) })}
                      >
                        插入
                      </button>
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`删除第${index + 1}行`}
                        onClick={() => void remove(index)}
                      >
                        删除
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="field-error" role={rowIssues.length ? 'alert' : undefined}>
          {rowIssues.map((i) => (
            <p key={`${i.rowId ?? ''}-${i.fieldId ?? ''}-${i.message}`}>{i.message}</p>
          ))}
        </div>
      </FormDialog>
      {picking?.kind === 'subject' && (
        <SubjectPicker
          title={picking.side === 'out' ? '选择转出科目' : '选择转入科目'}
          onPick={(s) => {
            const { side, index } = picking;
            setPicking(null);
            if (side === 'out') patchRow(index, { subjectCode: s.code, auxis: [] });
            else void commitInto(index, s.code);
          }}
          onClose={() => setPicking(null)}
        />
      )}
      {picking?.kind === 'auxi' && picking.side === 'out' && picked && (
        <CarryOutAuxiDialog
          subjectCode={picked.subjectCode}
          subjectName={byCode.get(picked.subjectCode)?.codeName ?? ''}
          value={picked.auxis}
          onSave={(auxis) => {
            patchRow(picking.index, { auxis });
            setPicking(null);
          }}
          onCancel={() => setPicking(null)}
        />
      )}
      {picking?.kind === 'auxi' && picking.side === 'into' && picked && (
        <AuxiliaryPicker
          subjectCode={picked.intoSubjectCode}
          subjectName={byCode.get(picked.intoSubjectCode)?.codeName ?? ''}
          value={picked.intoAuxis}
          onSave={(choices) => {
            const { index } = picking;
            setPicking(null);
            void commitInto(
              index,
              picked.intoSubjectCode,
              choices.map((c) => ({ typeNo: c.typeNo, infoNo: c.infoNo, infoName: c.infoName })),
            );
          }}
          onCancel={() => setPicking(null)}
        />
      )}
    </>
  );
}
