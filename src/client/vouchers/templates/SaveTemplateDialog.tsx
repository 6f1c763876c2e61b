/**
 * 保存为模板: the current voucher's lines as a template (name 请输入模板名称！, policy basis
 * 请输入政策依据！, type 请选择模板类型！, checked here and again by the server).
 */
import { useState } from 'react';
import type { TemplateLineInput, VoucherTemplate } from '../../../shared/api/templates.js';
import type { ValidationIssue } from '../../../shared/envelope.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import { TEMPLATE_TYPES, validateTemplate } from '../../../shared/templates/template-rules.js';
import { optionalYuanToFen } from '../../../shared/vouchers/amounts.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { TextField } from '../../message-box/TextField.js';
import { ApiError, performAction } from '../../shell/request.js';
import { saveTemplate } from './template-api.js';

const fenOrNull = (v: TemplateLineInput['debitAmount']) => {
  const r = optionalYuanToFen(v);
  return r.ok ? r.fen : null;
};

export function SaveTemplateDialog({
  lines,
  onSaved,
  onCancel,
}: {
  lines: readonly TemplateLineInput[];
  onSaved: (template: VoucherTemplate, message: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [policyBasis, setPolicyBasis] = useState('');
  const [memo, setMemo] = useState('');
  const [template, setTemplate] = useState<number | null>(1);
  const [issues, setIssues] = useState<ValidationIssue[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const draftLines = lines.map((l) => ({
      summary: l.summary,
      subjectCode: l.subjectCode,
      debitFen: fenOrNull(l.debitAmount),
      creditFen: fenOrNull(l.creditAmount),
    }));
    const found = validateTemplate({ name, policyBasis, template, lines: draftLines });
    setIssues(found);
    if (found.length > 0) return;
    setBusy(true);
    try {
      const saved = await saveTemplate({ name, policyBasis, memo, template, details: [...lines] });
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

  const issuesOf = (fieldId: string) =>
    issues.filter((i) => i.fieldId === fieldId || (fieldId === 'details' && i.rowId !== undefined)).map((i) => i.message);
  const messages = (fieldId: string) => issuesOf(fieldId).join(' ');

  return (
    <FormDialog title="保存为模板" note={`共 ${lines.length} 行分录`} busy={busy} onSubmit={submit} onCancel={onCancel}>
      <TextField
        id="template-name"
        label="模板名称"
        issues={issuesOf('name')}
        autoFocus
        value={name}
        maxLength={64}
        onChange={(e) => setName(e.target.value)}
      />
      <label className="field">
        <span>模板类型</span>
        <select value={template ?? ''} onChange={(e) => setTemplate(e.target.value === '' ? null : Number(e.target.value))}>
          <option value="">请选择</option>
          {TEMPLATE_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <p className="field-error" role={messages('template') ? 'alert' : undefined}>
        {messages('template')}
      </p>
      <TextField
        id="template-policy-basis"
        label="政策依据"
        issues={issuesOf('policyBasis')}
        value={policyBasis}
        maxLength={500}
        onChange={(e) => setPolicyBasis(e.target.value)}
      />
      <label className="field">
        <span>说明</span>
        <input value={memo} maxLength={500} onChange={(e) => setMemo(e.target.value)} />
      </label>
      <p className="field-error" role={messages('details') ? 'alert' : undefined}>
        {messages('details')}
      </p>
    </FormDialog>
  );
}
