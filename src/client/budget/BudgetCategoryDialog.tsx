/**
 * 新增类别 / 修改类别 of 项目预算 and 支出分类设置: the category's type or class and its name, checked
 * with the shared rules the server runs again (请输入类别名称, 请选择类别).
 */
import { useState } from 'react';
import type { BudgetCategoryNode, BudgetType } from '../../shared/api/schemas/budget-setup.js';
import { validateCategory } from '../../shared/budget/setup-rules.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { TextField } from '../message-box/TextField.js';
import { saveCategory } from './budget-setup-api.js';
import type { ClassRoot } from './budget-tree.js';

interface Props {
  roots: readonly ClassRoot[];
  /** Adding: the root chosen in the tree (the dialog's default). */
  root: ClassRoot | null;
  /** Editing this category (its class stays). */
  category?: BudgetCategoryNode;
  onSaved: (saved: BudgetType) => void;
  onCancel: () => void;
}

export function BudgetCategoryDialog({ roots, root, category, onSaved, onCancel }: Props) {
  const editing = !!category;
  const [rootKey, setRootKey] = useState((category ? roots.find((r) => r.auxiType === category.auxiType)?.key : root?.key) ?? '');
  const [typeName, setTypeName] = useState(category?.typeName ?? '');
  const [issues, setIssues] = useState<ValidationIssue[]>([]);
  const [busy, setBusy] = useState(false);
  const chosen = roots.find((r) => r.key === rootKey) ?? null;

  const submit = async () => {
    const found: ValidationIssue[] = chosen
      ? validateCategory({ auxiType: chosen.auxiType, typeName, expendBudgetClassification: chosen.classCode })
      : [{ message: '请选择类别', fieldId: 'expendBudgetClassification' }];
    setIssues(found);
    if (found.length > 0 || !chosen) {
      document.getElementById(found[0]?.fieldId === 'typeName' ? 'budget-type-name' : 'budget-type-class')?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await saveCategory({
        ...(category ? { typeId: category.typeId } : {}),
        auxiType: chosen.auxiType,
        typeName: typeName.trim(),
        expendBudgetClassification: chosen.classCode,
      });
      onSaved(saved);
    } catch {
      // The request wrapper has shown the server's refusal.
    } finally {
      setBusy(false);
    }
  };

  const messages = (fieldId: string) => issues.filter((i) => i.fieldId === fieldId).map((i) => i.message);

  return (
    <FormDialog title={editing ? '修改类别' : '新增类别'} busy={busy} onSubmit={submit} onCancel={onCancel}>
      <label className="field">
        <span>{roots.some((r) => r.classCode && r.auxiType !== 'XMZC') ? '支出分类' : '预算类型'}</span>
        <select
          id="budget-type-class"
          value={rootKey}
          disabled={editing}
          autoFocus={!editing && !root}
          aria-invalid={messages('expendBudgetClassification').length > 0}
          onChange={(e) => setRootKey(e.target.value)}
        >
          <option value="">请选择</option>
          {roots.map((r) => (
            <option key={r.key} value={r.key}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <p className="field-error" role={messages('expendBudgetClassification').length ? 'alert' : undefined}>
        {messages('expendBudgetClassification').join(' ')}
      </p>
      <TextField
        id="budget-type-name"
        label="类别名称"
        issues={messages('typeName')}
        autoFocus={editing || !!root}
        maxLength={64}
        value={typeName}
        onChange={(e) => setTypeName(e.target.value)}
      />
    </FormDialog>
  );
}
