/**
 * 新增账套 / 编辑账套: the upper unit (the managed tree; 顶级 for the super administrator), code,
 * name, accounting system, first year, level (blank: from the tree), expiry and the flags. The
 * code and name are checked as they are on the server (shared/zt/ledger-set-rules.ts); whatever
 * else the server refuses is shown in the dialog, which stays open. Enter saves, Esc cancels.
 */
import { useMemo, useState } from 'react';
import type { AccountingSystem, ZtInfo, ZtListItem } from '../../../shared/api/schemas/zt.js';
import { ACCOUNTING_SYSTEM_NAMES, ztCodeProblem, ztNameProblem, ZT_LEVEL_MAX } from '../../../shared/zt/ledger-set-rules.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { TextField } from '../../message-box/TextField.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import { ApiError, performAction } from '../../shell/request.js';
import { flattenTree, saveZtInfo } from './zt-api.js';
import { usePlatformChoice, ZtPlatformChecklist } from '../platform/ZtPlatformChecklist.js';

const TOP = '';

/** Refusals of the input (and of the scope) stay in the dialog; a lost session reacts as everywhere. */
const IN_DIALOG: readonly number[] = [
  ErrorCode.BadRequest,
  ErrorCode.ValidationFailed,
  ErrorCode.BusinessRule,
  ErrorCode.Conflict,
  ErrorCode.Forbidden,
  ErrorCode.NotFound,
];

export function shownInDialog(error: ApiError): boolean {
  const code = error.envelope?.errorCode;
  return code !== undefined && code !== null && IN_DIALOG.includes(code);
}

/** The next free code under an upper unit: its code and three digits more (001 → 001003). */
export function nextCode(upper: ZtInfo): string {
  const used = (upper.children ?? [])
    .map((c) => c.code)
    .filter((c) => c.startsWith(upper.code) && c.length === upper.code.length + 3 && /^\d+$/.test(c))
    .map((c) => Number(c.slice(upper.code.length)));
  const next = Math.max(0, ...used) + 1;
  return next > 999 ? upper.code : `${upper.code}${String(next).padStart(3, '0')}`;
}

interface Form {
  upperId: string;
  code: string;
  name: string;
  accountingSystem: AccountingSystem;
  year: string;
  level: string;
  expireTime: string;
  enable: boolean;
  isImproveUnit: boolean;
  isAssetCheck: boolean;
  saveLocalizationPrint: boolean;
}

export function ZtEditDialog({
  tree,
  editing,
  defaultUpper,
  mayCreateTop,
  onSaved,
  onCancel,
}: {
  tree: readonly ZtInfo[];
  /** The set edited; null to create one. */
  editing: ZtListItem | null;
  /** The unit chosen in the tree: a new set goes under it. */
  defaultUpper: ZtInfo | null;
  mayCreateTop: boolean;
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const units = useMemo(() => flattenTree(tree), [tree]);
  const [form, setForm] = useState<Form>(() =>
    editing
      ? {
          upperId: editing.upperId === null ? TOP : String(editing.upperId),
          code: editing.code,
          name: editing.name,
          accountingSystem: editing.accountingSystem,
          year: String(editing.firstYear ?? new Date().getFullYear()),
          level: String(editing.level),
          expireTime: editing.expireTime ?? '',
          enable: editing.enable,
          isImproveUnit: editing.isImproveUnit,
          isAssetCheck: editing.isAssetCheck,
          saveLocalizationPrint: editing.saveLocalizationPrint,
        }
      : {
          upperId: defaultUpper ? String(defaultUpper.id) : TOP,
          code: defaultUpper ? nextCode(defaultUpper) : '',
          name: '',
          accountingSystem: 'union-grassroots',
          year: String(new Date().getFullYear()),
          level: '',
          expireTime: '',
          enable: true,
          isImproveUnit: false,
          isAssetCheck: false,
          saveLocalizationPrint: false,
        },
  );
  const [issues, setIssues] = useState<Partial<Record<'code' | 'name' | 'year' | 'level', string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const platforms = usePlatformChoice(editing?.id ?? null);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const upper = units.find((u) => String(u.set.id) === form.upperId)?.set ?? null;
  // The edited set cannot go under itself or a unit below it (the server says so too).
  const below = useMemo(() => {
    if (!editing) return new Set<number>();
    const node = units.find((u) => u.set.id === editing.id)?.set;
    return new Set(node ? flattenTree([node]).map((u) => u.set.id) : [editing.id]);
  }, [editing, units]);

  const submit = async () => {
    const found: typeof issues = {};
    const nameProblem = ztNameProblem(form.name.trim());
    if (nameProblem) found.name = nameProblem;
    const keptCode = editing && editing.code === form.code.trim() && String(editing.upperId ?? '') === form.upperId;
    const codeProblem = keptCode ? null : ztCodeProblem(form.code.trim(), upper ? upper.code : null);
    if (codeProblem) found.code = codeProblem;
    if (!/^\d{4}$/.test(form.year)) found.year = '启用年度须为四位数字';
    if (form.level !== '' && !(/^\d+$/.test(form.level) && Number(form.level) >= 1 && Number(form.level) <= ZT_LEVEL_MAX)) {
      found.level = `层级须在1到${ZT_LEVEL_MAX}之间，或留空按上级单位加一`;
    }
    setIssues(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = await saveZtInfo({
        ...(editing ? { id: editing.id } : {}),
        name: form.name.trim(),
        code: form.code.trim(),
        upperId: form.upperId === TOP ? null : Number(form.upperId),
        accountingSystem: form.accountingSystem,
        year: Number(form.year),
        level: form.level === '' ? null : Number(form.level),
        expireTime: form.expireTime === '' ? null : form.expireTime,
        enable: form.enable,
        isImproveUnit: form.isImproveUnit,
        isAssetCheck: form.isAssetCheck,
        saveLocalizationPrint: form.saveLocalizationPrint,
      });
      await platforms.save(saved.id);
      onSaved(saved.id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (shownInDialog(error)) setRefusal(error.message);
      else performAction(error.action);
    } finally {
      setBusy(false);
    }
  };

  const check = (key: keyof Form, label: string) => (
    <label className="zt-check">
      <input type="checkbox" checked={form[key] as boolean} onChange={(e) => set(key, e.target.checked as never)} />
      {label}
    </label>
  );

  return (
    <FormDialog
      title={editing ? `编辑账套 ${editing.code} ${editing.name}` : '新增账套'}
      className="zt-dialog"
      busy={busy}
      note={editing?.hasVouchers ? '该账套已有凭证：会计制度和启用年度不能修改' : '编码为数字，以上级单位的编码开头'}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <div className="zt-dialog-fields">
        <div className="zt-field zt-field-wide">
          <label className="field">
            <span>上级单位</span>
            <select aria-label="上级单位" value={form.upperId} onChange={(e) => set('upperId', e.target.value)}>
              {(mayCreateTop || (editing && editing.upperId === null)) && <option value={TOP}>（顶级，无上级单位）</option>}
              {units
                .filter((u) => !below.has(u.set.id))
                .map((u) => (
                  <option key={u.set.id} value={u.set.id}>
                    {'\u3000'.repeat(u.depth)}
                    {u.set.code} {u.set.name}
                  </option>
                ))}
            </select>
          </label>
        </div>
        <div className="zt-field">
          <TextField
            id="zt-code"
            label="账套编码"
            value={form.code}
            issues={issues.code ? [issues.code] : []}
            hint={upper ? `以 ${upper.code} 开头，如 ${nextCode(upper)}` : '数字，最多30位'}
            inputMode="numeric"
            autoFocus={!editing}
            onChange={(e) => set('code', e.target.value)}
          />
        </div>
        <div className="zt-field">
          <TextField
            id="zt-name"
            label="账套名称"
            value={form.name}
            issues={issues.name ? [issues.name] : []}
            hint="单位名称，最多60个字"
            autoFocus={!!editing}
            onChange={(e) => set('name', e.target.value)}
          />
        </div>
        <div className="zt-field">
          <label className="field">
            <span>会计制度</span>
            <select
              aria-label="会计制度"
              value={form.accountingSystem}
              disabled={editing?.hasVouchers}
              onChange={(e) => set('accountingSystem', e.target.value as AccountingSystem)}
            >
              {Object.entries(ACCOUNTING_SYSTEM_NAMES).map(([value, name]) => (
                <option key={value} value={value}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="zt-field">
          <TextField
            id="zt-year"
            label="启用年度"
            value={form.year}
            issues={issues.year ? [issues.year] : []}
            inputMode="numeric"
            disabled={editing?.hasVouchers}
            onChange={(e) => set('year', e.target.value)}
          />
        </div>
        <div className="zt-field">
          <TextField
            id="zt-level"
            label="层级"
            value={form.level}
            issues={issues.level ? [issues.level] : []}
            hint="留空：上级单位的层级加一"
            inputMode="numeric"
            onChange={(e) => set('level', e.target.value)}
          />
        </div>
        <div className="zt-field">
          <TextField
            id="zt-expire"
            label="到期日"
            type="date"
            value={form.expireTime}
            hint="留空为不到期；到期日当天仍可使用"
            onChange={(e) => set('expireTime', e.target.value)}
          />
        </div>
        <div className="zt-checks zt-field-wide">
          {check('enable', '启用')}
          {check('isImproveUnit', '完善单位')}
          {check('isAssetCheck', '资产核查')}
          {check('saveLocalizationPrint', '本地打印')}
        </div>
        <ZtPlatformChecklist choice={platforms} />
        {refusal && (
          <p className="field-error zt-refusal zt-field-wide" role="alert">
            {refusal}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
