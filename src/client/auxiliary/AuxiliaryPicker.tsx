/**
 * The auxiliary picker of a voucher or opening line: one keyboard-friendly nested select per
 * auxiliary type of the subject (parents shown for orientation but not selectable, leaf items
 * only), checked with the shared rule (辅助项不能为空! when one is missing). 保存 / 取消, Esc closes.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { CodeAuxiItem } from '../../shared/api/auxiliary.js';
import { checkAuxiChoice, type AuxiChoice } from '../../shared/subjects/auxiliary-rules.js';
import { fetchCodeAuxi } from './auxiliary-api.js';
import { flattenItems, typeItems } from './auxi-tree.js';
import './auxiliary.css';

export interface PickedAuxi extends AuxiChoice {
  typeName: string;
  infoName: string;
}

interface Props {
  subjectCode: string;
  subjectName?: string;
  /** Types to offer; default: the subject's linked types fetched by code. */
  types?: readonly CodeAuxiItem[];
  value?: readonly AuxiChoice[];
  onSave: (choices: PickedAuxi[]) => void;
  onCancel: () => void;
}

export function AuxiliaryPicker({ subjectCode, subjectName, types: given, value = [], onSave, onCancel }: Props) {
  const [types, setTypes] = useState<readonly CodeAuxiItem[]>(given ?? []);
  const [chosen, setChosen] = useState<Record<string, string>>(() => Object.fromEntries(value.map((c) => [c.typeNo, c.infoNo])));
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    if (given) return;
    fetchCodeAuxi(subjectCode, false)
      .then(setTypes)
      .catch(() => undefined);
  }, [given, subjectCode]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const choices = types.filter((t) => chosen[t.typeNo]).map((t) => ({ typeNo: t.typeNo, infoNo: chosen[t.typeNo] ?? '' }));
    const found = checkAuxiChoice(types.map(typeItems), choices);
    setProblems(found);
    if (found.length > 0) return;
    onSave(
      types.map((t) => {
        const infoNo = chosen[t.typeNo] ?? '';
        const row = flattenItems(t.infoList).find((r) => r.item.infoNo === infoNo);
        return { typeNo: t.typeNo, typeName: t.typeName, infoNo, infoName: row?.item.infoName ?? '' };
      }),
    );
  };

  return (
    <div className="mb-overlay">
      <form
        className="dialog auxi-picker"
        role="dialog"
        aria-modal="true"
        aria-labelledby="auxi-picker-title"
        noValidate
        onSubmit={submit}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            submit();
          }
        }}
      >
        <div className="mb-header">
          <span id="auxi-picker-title" className="mb-title">
            辅助核算
          </span>
        </div>
        <p className="dialog-note">
          科目：{subjectCode} {subjectName ?? ''}
        </p>
        {types.map((type, index) => (
          <label className="field" key={type.typeNo}>
            <span>{type.typeName}</span>
            <select
              autoFocus={index === 0}
              value={chosen[type.typeNo] ?? ''}
              onChange={(e) => {
                setChosen((c) => ({ ...c, [type.typeNo]: e.target.value }));
                setProblems([]);
              }}
            >
              <option value="">请选择</option>
              {flattenItems(type.infoList).map(({ item, depth }) => (
                <option key={item.infoNo} value={item.infoNo} disabled={!item.isLeaf || !item.isEnable}>
                  {'\u3000'.repeat(depth)}
                  {item.infoNo} {item.infoName}
                </option>
              ))}
            </select>
          </label>
        ))}
        {types.length === 0 && <p className="muted">该科目没有辅助核算类型</p>}
        <div className="field-error" role={problems.length ? 'alert' : undefined}>
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
        <div className="mb-footer">
          <span className="muted">Ctrl+Enter 保存 · Esc 取消</span>
          <div className="mb-buttons">
            <button type="button" className="btn" onClick={onCancel}>
              取消
            </button>
            <button type="submit" className="btn btn-primary">
              保存
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}
