/**
 * 凭证模板: pick a template to fill the voucher (arrows and Enter, or double-click), filter by
 * name and type, delete the set's own (built-ins cannot be deleted). An empty list says 没有模板.
 * 结转模板 leads to the carry-forward template page (the spec's 凭证录入→左侧模板管理).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { VoucherTemplate } from '../../../shared/api/templates.js';
import { TEMPLATE_TYPES, TemplateMessages } from '../../../shared/templates/template-rules.js';
import { useDialogFocus } from '../../message-box/dialog-focus.js';
import { isReject, messageBox } from '../../message-box/message-box.js';
import { CARRY_FORWARD_PATH } from '../../carry-forward/route.js';
import { deleteTemplate, selectTemplates } from './template-api.js';
import './templates.css';

export function TemplatePicker({ onApply, onCancel }: { onApply: (template: VoucherTemplate) => void; onCancel: () => void }) {
  const [all, setAll] = useState<VoucherTemplate[] | null>(null);
  const [filter, setFilter] = useState('');
  const [type, setType] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogFocus(dialogRef);
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    selectTemplates().then(
      (list) => live && setAll(list),
      () => live && setAll([]),
    );
    return () => {
      live = false;
    };
  }, []);

  const shown = useMemo(
    () =>
      (all ?? []).filter(
        (t) => (type === null || t.template === type) && (filter.trim() === '' || t.name.includes(filter.trim())),
      ),
    [all, filter, type],
  );
  const current = shown[Math.min(active, shown.length - 1)];

  const remove = async (t: VoucherTemplate) => {
    if (t.isBuiltIn) {
      await messageBox.alert(TemplateMessages.builtInDelete, { tone: 'warning' });
      return;
    }
    try {
      await messageBox.confirm(`是否删除模板“${t.name}”？`, { title: '删除模板' });
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    try {
      await deleteTemplate(t.id);
      setAll((list) => (list ?? []).filter((x) => x.id !== t.id));
    } catch {
      // shown by the wrapper
    }
  };

  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, Math.min(shown.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.key === 'Enter' && current) {
      e.preventDefault();
      onApply(current);
    }
  };

  return (
    <div className="mb-overlay">
      <div
        ref={dialogRef}
        tabIndex={-1}
        className="dialog template-picker"
        role="dialog"
        aria-modal="true"
        aria-labelledby="template-picker-title"
        onKeyDown={onKey}
      >
        <div className="mb-header">
          <span id="template-picker-title" className="mb-title">
            凭证模板
          </span>
          <button type="button" className="mb-x" aria-label="关闭" onClick={onCancel}>
            ×
          </button>
        </div>
        <div className="template-picker-filters">
          <input
            autoFocus
            aria-label="按名称筛选模板"
            placeholder="模板名称"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value);
              setActive(0);
            }}
          />
          <select
            aria-label="模板类型"
            value={type ?? ''}
            onChange={(e) => setType(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">全部类型</option>
            {TEMPLATE_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        {all === null && <p className="muted">加载中…</p>}
        {all !== null && shown.length === 0 && <p role="status">{TemplateMessages.none}</p>}
        <ul ref={listRef} className="template-picker-list" role="listbox" aria-label="模板列表">
          {shown.map((t, i) => (
            <li
              key={t.id}
              role="option"
              aria-selected={t === current}
              className={t === current ? 'active' : undefined}
              onClick={() => setActive(i)}
              onDoubleClick={() => onApply(t)}
            >
              <span className="template-name">{t.name}</span>
              {t.isBuiltIn && <span className="template-tag">内置</span>}
              <span className="muted">{t.templateName}</span>
              <span className="muted template-lines">{t.details.map((d) => d.codeAndFullName).join('；')}</span>
            </li>
          ))}
        </ul>
        {current && <p className="dialog-note">政策依据：{current.policyBasis}</p>}
        <div className="mb-footer">
          <span className="muted">↑↓ 选择，Enter 使用，Esc 关闭</span>
          <div className="mb-buttons">
            <button
              type="button"
              className="btn"
              onClick={() => {
                onCancel();
                void navigate(CARRY_FORWARD_PATH);
              }}
            >
              结转模板
            </button>
            <button
              type="button"
              className="btn"
              disabled={!current || current.isBuiltIn}
              onClick={() => current && void remove(current)}
            >
              删除
            </button>
            <button type="button" className="btn btn-primary" disabled={!current} onClick={() => current && onApply(current)}>
              使用模板
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
