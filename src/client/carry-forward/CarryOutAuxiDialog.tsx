/**
 * 转出辅助项: narrows a carry-out row to auxiliary items. Unlike the voucher's picker every type
 * is optional (不限: every item) and a parent item may be chosen (it takes its sub-items), since
 * the row reads balances rather than writing a line. The subject's linked types are offered; for
 * a parent subject, whose last-level subjects carry the types, every enabled type.
 */
import { useEffect, useState } from 'react';
import type { CodeAuxiItem } from '../../shared/api/auxiliary.js';
import { fetchCodeAuxi } from '../auxiliary/auxiliary-api.js';
import { flattenItems } from '../auxiliary/auxi-tree.js';
import { AuxiItemOptions } from '../auxiliary/AuxiliaryPicker.js';
import { FormDialog } from '../message-box/FormDialog.js';
import type { NamedAuxi } from './carry-forward-rows.js';

interface Props {
  subjectCode: string;
  subjectName: string;
  value: readonly NamedAuxi[];
  onSave: (auxis: NamedAuxi[]) => void;
  onCancel: () => void;
}

export function CarryOutAuxiDialog({ subjectCode, subjectName, value, onSave, onCancel }: Props) {
  const [types, setTypes] = useState<CodeAuxiItem[] | null>(null);
  const [chosen, setChosen] = useState<Record<string, string>>(() => Object.fromEntries(value.map((a) => [a.typeNo, a.infoNo])));

  useEffect(() => {
    let live = true;
    fetchCodeAuxi(subjectCode, true).then(
      (list) => {
        if (!live) return;
        const linked = list.filter((t) => t.linked);
        setTypes(linked.length > 0 ? linked : list);
      },
      () => live && setTypes([]),
    );
    return () => {
      live = false;
    };
  }, [subjectCode]);

  const submit = () =>
    onSave(
      (types ?? []).flatMap((t) => {
        const infoNo = chosen[t.typeNo] ?? '';
        if (!infoNo) return [];
        const row = flattenItems(t.infoList).find((r) => r.item.infoNo === infoNo);
        return [{ typeNo: t.typeNo, infoNo, infoName: row?.item.infoName ?? '' }];
      }),
    );

  return (
    <FormDialog
      title="转出辅助项"
      className="auxi-picker"
      note="Esc 取消"
      submitLabel="确定"
      onSubmit={submit}
      onCancel={onCancel}
    >
      <p className="dialog-note">
        科目：{subjectCode} {subjectName}（不选则结转全部辅助项）
      </p>
      {types === null && <p className="muted">加载中…</p>}
      {types?.map((type, index) => (
        <label className="field" key={type.typeNo}>
          <span>{type.typeName}</span>
          <select
            autoFocus={index === 0}
            value={chosen[type.typeNo] ?? ''}
            onChange={(e) => setChosen((c) => ({ ...c, [type.typeNo]: e.target.value }))}
          >
            <AuxiItemOptions items={type.infoList} empty="不限" />
          </select>
        </label>
      ))}
      {types?.length === 0 && <p className="muted">没有可用的辅助核算类型</p>}
    </FormDialog>
  );
}
