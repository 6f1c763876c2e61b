/** 科目辅助核算: choose a last-level subject with the subject picker and set its auxiliary types. */
import { useState } from 'react';
import type { CodeAuxiItem } from '../../shared/api/auxiliary.js';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { messageBox } from '../message-box/message-box.js';
import { SubjectPicker } from '../subjects/SubjectPicker.js';
import { fetchCodeAuxi, saveSubjectTypes } from './auxiliary-api.js';
import { AuxiliaryPicker } from './AuxiliaryPicker.js';

export function SubjectAuxiLink() {
  const [subject, setSubject] = useState<SubjectItem | null>(null);
  const [types, setTypes] = useState<CodeAuxiItem[]>([]);
  const [linked, setLinked] = useState<ReadonlySet<string>>(new Set());
  const [picking, setPicking] = useState(false);
  const [tryPicker, setTryPicker] = useState(false);
  const [picked, setPicked] = useState('');

  const choose = async (s: SubjectItem) => {
    setPicking(false);
    setSubject(s);
    setPicked('');
    try {
      const list = await fetchCodeAuxi(s.code, true);
      setTypes(list);
      setLinked(new Set(list.filter((t) => t.linked).map((t) => t.typeNo)));
    } catch {
      // Shown by the request wrapper.
    }
  };

  const save = async () => {
    if (!subject) return;
    try {
      await saveSubjectTypes({ code: subject.code, typeNoArray: [...linked] });
      messageBox.fireAndForget(messageBox.alert('保存成功', { tone: 'success' }));
      await choose(subject);
    } catch {
      // Shown by the request wrapper (a subject with opening data keeps its types).
    }
  };

  return (
    <section className="auxi-link" aria-label="科目辅助核算">
      <h2>科目辅助核算</h2>
      <div className="subject-toolbar">
        <span>{subject ? `${subject.code} ${subject.codeAndFullName.replace(/^\S+\s/, '')}` : '未选择科目'}</span>
        <div className="subject-actions">
          <button type="button" className="btn" onClick={() => setPicking(true)}>
            选择科目
          </button>
          <button type="button" className="btn btn-primary" disabled={!subject} onClick={() => void save()}>
            保存辅助核算类型
          </button>
          <button
            type="button"
            className="btn"
            disabled={!subject || types.every((t) => !t.linked)}
            onClick={() => setTryPicker(true)}
          >
            选择辅助项
          </button>
        </div>
      </div>
      {subject && <AuxiTypeChecks legend="辅助核算类型" types={types} linked={linked} onChange={setLinked} />}
      {picked && <p className="muted">已选辅助项：{picked}</p>}
      {picking && <SubjectPicker title="选择科目" onPick={(s) => void choose(s)} onClose={() => setPicking(false)} />}
      {tryPicker && subject && (
        <AuxiliaryPicker
          subjectCode={subject.code}
          subjectName={subject.codeName}
          onCancel={() => setTryPicker(false)}
          onSave={(choices) => {
            setTryPicker(false);
            setPicked(choices.map((c) => `${c.typeName}：${c.infoName}`).join('，'));
          }}
        />
      )}
    </section>
  );
}

/** The auxiliary types as checkboxes, the linked ones checked (here and in 修改科目). */
export function AuxiTypeChecks({
  legend,
  types,
  linked,
  onChange,
}: {
  legend: string;
  types: readonly CodeAuxiItem[];
  linked: ReadonlySet<string>;
  onChange: (update: (current: ReadonlySet<string>) => ReadonlySet<string>) => void;
}) {
  return (
    <fieldset className="auxi-link-types">
      <legend>{legend}</legend>
      {types.map((t) => (
        <label key={t.typeNo}>
          <input
            type="checkbox"
            checked={linked.has(t.typeNo)}
            onChange={(e) =>
              onChange((current) => {
                const next = new Set(current);
                if (e.target.checked) next.add(t.typeNo);
                else next.delete(t.typeNo);
                return next;
              })
            }
          />
          {t.typeName}
        </label>
      ))}
    </fieldset>
  );
}
