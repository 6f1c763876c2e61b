import { useState } from 'react';
import type { AuxiInfo, AuxiType } from '../../shared/api/auxiliary.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { AUXI_SUB_CODE_LENGTH, validateAuxiItem } from '../../shared/subjects/auxiliary-rules.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { TextField } from '../message-box/TextField.js';
import { saveItem } from './auxiliary-api.js';

interface Props {
  type: AuxiType;
  /** Adding: the parent item (null: a top-level item). */
  parent: AuxiInfo | null;
  /** Editing this item (only the name changes). */
  item?: AuxiInfo;
  /** Adding: the code proposed (default: the parent's code, to be extended). */
  initialCode?: string;
  onSaved: (infoNo: string) => void;
  onCancel: () => void;
}

/** 新增辅助项 / 修改辅助项, checked with the shared rules the server runs again. */
export function AuxiItemDialog({ type, parent, item, initialCode, onSaved, onCancel }: Props) {
  const editing = !!item;
  const parentNo = item ? item.parentNo : (parent?.infoNo ?? null);
  const [infoNo, setInfoNo] = useState(item?.infoNo ?? initialCode ?? parentNo ?? '');
  const [infoName, setInfoName] = useState(item?.infoName ?? '');
  const [issues, setIssues] = useState<ValidationIssue[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const found = validateAuxiItem({ infoNo, infoName, parentNo });
    setIssues(found);
    if (found.length > 0) {
      document.getElementById(found[0]?.fieldId === 'infoName' ? 'auxi-item-name' : 'auxi-item-code')?.focus();
      return;
    }
    setBusy(true);
    try {
      await saveItem({
        typeNo: type.typeNo,
        infoNo: infoNo.trim(),
        infoName: infoName.trim(),
        parentNo,
        ...(editing ? { isEdit: true, isEnable: item.isEnable } : {}),
      });
      onSaved(infoNo.trim());
    } catch {
      // The request wrapper has shown the server's refusal.
    } finally {
      setBusy(false);
    }
  };

  const messages = (fieldId: string) => issues.filter((i) => i.fieldId === fieldId).map((i) => i.message);

  return (
    <FormDialog title={editing ? '修改辅助项' : '新增辅助项'} busy={busy} onSubmit={submit} onCancel={onCancel}>
      <p className="dialog-note">
        {type.typeName}
        {parentNo ? `，上级：${parentNo} ${parent?.infoName ?? ''}（下级编码为上级编码加${AUXI_SUB_CODE_LENGTH}位数字）` : ''}
      </p>
      <TextField
        id="auxi-item-code"
        label="编码"
        issues={messages('infoNo')}
        autoFocus={!editing}
        readOnly={editing}
        maxLength={40}
        value={infoNo}
        onChange={(e) => setInfoNo(e.target.value)}
      />
      <TextField
        id="auxi-item-name"
        label="名称"
        issues={messages('infoName')}
        autoFocus={editing}
        value={infoName}
        onChange={(e) => setInfoName(e.target.value)}
      />
    </FormDialog>
  );
}
