import { useEffect, useState } from 'react';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { SUBJECT_TYPE_NAMES } from '../../shared/chart.js';
import type { BalanceDirection } from '../../shared/constants.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import {
  checkSubjectName,
  typeOfFirstLevelCode,
  validateNewSubject,
  type SubjectCodeRules,
} from '../../shared/subjects/subject-code.js';
import type { CodeAuxiItem } from '../../shared/api/auxiliary.js';
import { checkTypeChange } from '../../shared/subjects/auxiliary-rules.js';
import { fetchCodeAuxi, saveSubjectTypes } from '../auxiliary/auxiliary-api.js';
import { AuxiTypeChecks } from '../auxiliary/SubjectAuxiLink.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { TextField } from '../message-box/TextField.js';
import { fetchChildCode, saveSubject } from './subject-api.js';

interface Props {
  /** add: a new subject under `parent` (null: first level, where the chart allows it); edit: `subject`. */
  mode: 'add' | 'edit';
  parent: SubjectItem | null;
  subject?: SubjectItem;
  subjects: readonly SubjectItem[];
  rules: SubjectCodeRules;
  onSaved: (code: string) => void;
  onCancel: () => void;
}

/** 新增科目 / 修改科目. The rules are the shared ones the server runs again before it writes. */
export function SubjectDialog({ mode, parent, subject, subjects, rules, onSaved, onCancel }: Props) {
  const adding = mode === 'add';
  const [code, setCode] = useState(subject?.code ?? '');
  const [name, setName] = useState(subject?.codeName ?? '');
  const [direction, setDirection] = useState<BalanceDirection>(subject?.balanceDirection ?? parent?.balanceDirection ?? 1);
  const [issues, setIssues] = useState<ValidationIssue[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const parentCode = adding ? (parent?.code ?? null) : (subject?.parentCode ?? null);
  const fixed = !adding && !!subject?.isStandard;
  // The auxiliary types of a last-level subject being edited (all enabled types, linked marked).
  const [auxiTypes, setAuxiTypes] = useState<CodeAuxiItem[]>([]);
  const [linked, setLinked] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (adding || !subject?.lastLevel) return;
    let live = true;
    fetchCodeAuxi(subject.code, true)
      .then((list) => {
        if (!live) return;
        setAuxiTypes(list);
        setLinked(new Set(list.filter((t) => t.linked).map((t) => t.typeNo)));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [adding, subject]);

  useEffect(() => {
    if (!adding) return;
    let live = true;
    fetchChildCode(parentCode)
      .then((answer) => {
        if (!live) return;
        if (answer.childCode) setCode((current) => current || (answer.childCode ?? ''));
        setNotice(answer.message);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [adding, parentCode]);

  const typeName = (() => {
    if (subject) return SUBJECT_TYPE_NAMES[subject.type];
    if (parent) return SUBJECT_TYPE_NAMES[parent.type];
    const type = typeOfFirstLevelCode(code.trim(), rules);
    return type ? SUBJECT_TYPE_NAMES[type] : '';
  })();

  const submit = async () => {
    const found = adding
      ? validateNewSubject(
          { code, name, parentCode },
          {
            rules,
            parent: parent ? { code: parent.code, level: parent.level } : null,
            siblings: subjects.filter((s) => s.parentCode === parentCode),
            exists: (c) => subjects.some((s) => s.code === c),
          },
        )
      : checkSubjectName(name);
    setIssues(found);
    if (found.length > 0) {
      const field = found[0]?.fieldId === 'name' ? 'subject-name' : 'subject-code';
      document.getElementById(field)?.focus();
      return;
    }
    const currentTypes = auxiTypes.filter((t) => t.linked).map((t) => t.typeNo);
    const nextTypes = auxiTypes.filter((t) => linked.has(t.typeNo)).map((t) => t.typeNo);
    const typesChanged = currentTypes.length !== nextTypes.length || currentTypes.some((t) => !linked.has(t));
    if (subject && typesChanged) {
      // The server also knows of auxiliary openings; the opening balance is enough to refuse here.
      const locked = checkTypeChange(subject.code, currentTypes, nextTypes, subject.initAmount !== 0);
      if (locked) {
        setIssues([{ message: locked, fieldId: 'auxi' }]);
        return;
      }
    }
    setBusy(true);
    try {
      let savedCode = code.trim();
      if (!fixed) {
        const saved = await saveSubject({
          ...(adding ? {} : { id: subject?.code }),
          code: code.trim(),
          codeName: name.trim(),
          parentCode,
          balanceDirection: direction,
        });
        savedCode = saved?.code ?? savedCode;
      }
      if (subject && typesChanged) await saveSubjectTypes({ code: subject.code, typeNoArray: nextTypes });
      onSaved(savedCode);
    } catch {
      // The request wrapper has shown the server's refusal.
    } finally {
      setBusy(false);
    }
  };

  const issueOf = (fieldId: string) => issues.filter((i) => i.fieldId === fieldId).map((i) => i.message);
  const codeIssues = [...issueOf('code'), ...issueOf('parentCode')];
  const nameIssues = issueOf('name');
  const auxiIssues = issueOf('auxi');
  const title = adding ? '新增科目' : '修改科目';

  return (
    <FormDialog title={title} className="subject-dialog" busy={busy} onSubmit={submit} onCancel={onCancel}>
      <p className="dialog-note">
        上级科目：
        {parentCode
          ? `${parentCode} ${parent?.codeName ?? subjects.find((s) => s.code === parentCode)?.codeName ?? ''}`
          : '无（一级科目）'}
      </p>
      {notice && (
        <p className="field-error" role="alert">
          {notice}
        </p>
      )}
      <TextField
        id="subject-code"
        label="科目代码"
        issues={codeIssues}
        autoFocus={adding}
        readOnly={!adding}
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <TextField
        id="subject-name"
        label="科目名称"
        issues={nameIssues}
        autoFocus={!adding}
        readOnly={fixed}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="subject-dialog-row">
        <label className="field">
          <span>余额方向</span>
          <select value={direction} disabled={fixed} onChange={(e) => setDirection(Number(e.target.value) === 2 ? 2 : 1)}>
            <option value={1}>借</option>
            <option value={2}>贷</option>
          </select>
        </label>
        <label className="field">
          <span>科目类别</span>
          <input value={typeName} readOnly tabIndex={-1} />
        </label>
      </div>
      {fixed && <p className="muted">标准科目的名称和余额方向不能修改</p>}
      {auxiTypes.length > 0 && <AuxiTypeChecks legend="辅助核算" types={auxiTypes} linked={linked} onChange={setLinked} />}
      <p className="field-error" role={auxiIssues.length ? 'alert' : undefined}>
        {auxiIssues.join(' ')}
      </p>
    </FormDialog>
  );
}
