/**
 * The auxiliary picker of a voucher or opening line: one keyboard-friendly nested select per
 * auxiliary type of the subject (parents shown for orientation but not selectable, leaf items
 * only), checked with the shared rule (辅助项不能为空! when one is missing). 保存 / 取消, Esc closes.
 * The plus beside a type (spec: a plus icon to add an option) adds a top-level item to it through
 * the item dialog and its rules (请输入辅助项名称！); the new item is then chosen. A page may refuse
 * an item as it is chosen (the voucher editor: a forbid budget project with nothing left): the
 * choice is cleared and the reason shown.
 */
import { useEffect, useState } from 'react';
import { FormDialog } from '../message-box/FormDialog.js';
import { AuxiItemDialog } from './AuxiItemDialog.js';
import type { AuxiInfo, CodeAuxiItem } from '../../shared/api/auxiliary.js';
import { checkAuxiChoice, type AuxiChoice } from '../../shared/subjects/auxiliary-rules.js';
import { fetchCodeAuxi } from './auxiliary-api.js';
import { flattenItems, nextTopCode, typeItems } from './auxi-tree.js';
import './auxiliary.css';

export interface PickedAuxi extends AuxiChoice {
  typeName: string;
  infoName: string;
  /** The item as the server answered it (a budget detail's figures with it). */
  item?: AuxiInfo;
}

interface Props {
  subjectCode: string;
  subjectName?: string;
  /** Types to offer; default: the subject's linked types fetched by code. */
  types?: readonly CodeAuxiItem[];
  value?: readonly AuxiChoice[];
  /** Why an item may not be chosen now (null: it may); the choice is then cleared. */
  refuseItem?: (item: AuxiInfo) => string | null;
  onSave: (choices: PickedAuxi[]) => void;
  onCancel: () => void;
}

export function AuxiliaryPicker({ subjectCode, subjectName, types: given, value = [], refuseItem, onSave, onCancel }: Props) {
  const [types, setTypes] = useState<readonly CodeAuxiItem[]>(given ?? []);
  const [chosen, setChosen] = useState<Record<string, string>>(() => Object.fromEntries(value.map((c) => [c.typeNo, c.infoNo])));
  const [problems, setProblems] = useState<string[]>([]);
  const [addingTo, setAddingTo] = useState<CodeAuxiItem | null>(null);

  useEffect(() => {
    if (given) return;
    fetchCodeAuxi(subjectCode, false)
      .then(setTypes)
      .catch(() => undefined);
  }, [given, subjectCode]);

  const selectId = (typeNo: string) => `auxi-pick-${typeNo}`;

  /** The new item: the subject's types again from the server, the item chosen in its type. */
  const added = async (type: CodeAuxiItem, infoNo: string) => {
    setAddingTo(null);
    try {
      const fresh = new Map((await fetchCodeAuxi(subjectCode, false)).map((t) => [t.typeNo, t]));
      setTypes((list) => list.map((t) => fresh.get(t.typeNo) ?? t));
      setChosen((c) => ({ ...c, [type.typeNo]: infoNo }));
      setProblems([]);
    } catch {
      // The request wrapper has shown the failure.
    }
    setTimeout(() => document.getElementById(selectId(type.typeNo))?.focus());
  };

  const submit = () => {
    const choices = types.filter((t) => chosen[t.typeNo]).map((t) => ({ typeNo: t.typeNo, infoNo: chosen[t.typeNo] ?? '' }));
    const found = checkAuxiChoice(types.map(typeItems), choices);
    setProblems(found);
    if (found.length > 0) return;
    onSave(
      types.map((t) => {
        const infoNo = chosen[t.typeNo] ?? '';
        const row = flattenItems(t.infoList).find((r) => r.item.infoNo === infoNo);
        return { typeNo: t.typeNo, typeName: t.typeName, infoNo, infoName: row?.item.infoName ?? '', item: row?.item };
      }),
    );
  };

  return (
    <>
      <FormDialog
        title="辅助核算"
        className="auxi-picker"
        note="Enter 下一项（最后一项保存） · Ctrl+Enter 保存 · Esc 取消"
        ctrlEnterSubmits
        onSubmit={submit}
        onCancel={onCancel}
      >
        <p className="dialog-note">
          科目：{subjectCode} {subjectName ?? ''}
        </p>
        {types.map((type, index) => (
          <div className="field auxi-pick-row" key={type.typeNo}>
            <label id={`${selectId(type.typeNo)}-label`} htmlFor={selectId(type.typeNo)}>
              {type.typeName}
            </label>
            <select
              id={selectId(type.typeNo)}
              autoFocus={index === 0}
              value={chosen[type.typeNo] ?? ''}
              onChange={(e) => {
                const infoNo = e.target.value;
                const item = flattenItems(type.infoList).find((r) => r.item.infoNo === infoNo)?.item;
                const refused = item ? (refuseItem?.(item) ?? null) : null;
                setChosen((c) => ({ ...c, [type.typeNo]: refused ? '' : infoNo }));
                setProblems(refused ? [refused] : []);
              }}
            >
              <AuxiItemOptions items={type.infoList} empty="请选择" leavesOnly />
            </select>
            <button
              type="button"
              className="btn auxi-add-item"
              aria-label="新增辅助项"
              aria-describedby={`${selectId(type.typeNo)}-label`}
              title="新增辅助项"
              onClick={() => setAddingTo(type)}
            >
              +
            </button>
          </div>
        ))}
        {types.length === 0 && <p className="muted">该科目没有辅助核算类型</p>}
        <div className="field-error" role={problems.length ? 'alert' : undefined}>
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </FormDialog>
      {addingTo && (
        <AuxiItemDialog
          type={addingTo}
          parent={null}
          initialCode={nextTopCode(addingTo.infoList ?? [])}
          onCancel={() => {
            const typeNo = addingTo.typeNo;
            setAddingTo(null);
            setTimeout(() => document.getElementById(selectId(typeNo))?.focus());
          }}
          onSaved={(infoNo) => void added(addingTo, infoNo)}
        />
      )}
    </>
  );
}

/**
 * A type's items as a select's options, indented under their parents, after the empty choice.
 * leavesOnly: parents (and disabled items) shown for orientation but not selectable.
 */
export function AuxiItemOptions({
  items,
  empty,
  leavesOnly = false,
}: {
  items: readonly AuxiInfo[];
  empty: string;
  leavesOnly?: boolean;
}) {
  return (
    <>
      <option value="">{empty}</option>
      {flattenItems(items).map(({ item, depth }) => (
        <option key={item.infoNo} value={item.infoNo} disabled={leavesOnly && (!item.isLeaf || !item.isEnable)}>
          {'\u3000'.repeat(depth)}
          {item.infoNo} {item.infoName}
        </option>
      ))}
    </>
  );
}
