/**
 * 经费单位 dialog of a 县级以上 set (spec "unit-add dialog", saveZJUnit): code (numeric), name,
 * type (1 上解, 2 工会经费: a new organisation starts with this level's ratio at the type's default
 * upper-remittance ratio, 20 or 100), tax id, people, phone (checked, then sent encrypted with the
 * session's key), zip, address, number of units, the expenditure type (cascader: category, then
 * its leaf), the five ratios whose sum is the upper-level ratio sjrate (computed, shown), lcrate
 * and the collection fee, from a month of the year. A lower set of the tree may fill code and
 * name. Checked as on the server (shared/funds/unit-rules.ts); Enter saves, Esc cancels.
 */
import { useEffect, useState } from 'react';
import type { FundsUnitRow, JxhsDepart, ZJUnitType } from '../../shared/api/schemas/funds-units.js';
import { percentToPpm, ppmToPercentText, defaultUpperRatioPercent } from '../../shared/funds/ratios.js';
import { checkOrgForm, ORG_SHARES } from '../../shared/funds/unit-rules.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { TextField } from '../message-box/TextField.js';
import { departList, phoneOf, saveOrg } from './funds-units-api.js';
import { RatioField } from './ratio-field.js';
import { saveUnitDialog } from './unit-dialog-save.js';
import { FromMonthField } from './FromMonthField.js';
import { ExpenditureTypeCascader } from './ExpenditureTypeCascader.js';

const t = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function OrgDialog({
  unit,
  types,
  month,
  onClose,
}: {
  unit: FundsUnitRow | null;
  types: ZJUnitType | null;
  month: number;
  onClose: (saved: boolean) => void;
}) {
  const r = unit?.ratio;
  const [fields, setFields] = useState<Record<string, string>>(() => ({
    code: unit?.code ?? '',
    name: unit?.name ?? '',
    taxId: unit?.taxId ?? '',
    ceo: unit?.ceo ?? '',
    cfo: unit?.cfo ?? '',
    phone: unit ? phoneOf(unit) : '',
    zip: unit?.zip ?? '',
    address: unit?.address ?? '',
    mcount: t(unit?.mcount),
    bjRata: t(r?.bjRata),
    bjsjRate: t(r?.bjsjRate),
    hbRate: t(r?.hbRate),
    fundsPayableJianhui: t(r?.fundsPayableJianhui),
    smallBusinessReturns: t(r?.smallBusinessReturns),
    lcrate: t(r?.lcrate),
    taxCollectionFee: t(r?.taxCollectionFee),
  }));
  const [lx, setLx] = useState<number | null>(unit?.lx ?? null);
  const [ztid, setZtid] = useState<number | null>(unit?.ztid ?? null);
  const [category, setCategory] = useState(unit?.expenditureType?.slice(0, 3) ?? '');
  const [leaf, setLeaf] = useState(unit?.expenditureType ?? '');
  const [fromMonth, setFromMonth] = useState(unit ? month : 1);
  const [departs, setDeparts] = useState<JxhsDepart[]>([]);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (unit) return;
    let active = true;
    departList().then(
      (list) => active && setDeparts(list.filter((d) => !d.configured)),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [unit]);

  const set = (key: string, value: string) => setFields((f) => ({ ...f, [key]: value }));
  const form = {
    ...fields,
    code: (fields.code ?? '').trim(),
    name: (fields.name ?? '').trim(),
    phone: (fields.phone ?? '').trim(),
    lx,
  };
  const checked = checkOrgForm(form);
  const issue = (field: string) => (tried && !checked.ok ? checked.issues.find((i) => i.fieldId === field)?.message : undefined);
  const sum = ORG_SHARES.reduce((acc, s) => {
    const p = percentToPpm(fields[s.ratio]?.trim() || '0');
    return acc + (p.ok ? p.ppm : 0);
  }, 0);

  const chooseType = (value: number | null) => {
    setLx(value);
    // A new organisation starts at the type's default upper-remittance ratio (spec: 20 or 100).
    if (!unit && value !== null && ORG_SHARES.every((s) => (fields[s.ratio] ?? '').trim() === ''))
      set('bjRata', String(defaultUpperRatioPercent(value)));
  };

  const chooseDepart = (id: number | null) => {
    setZtid(id);
    const d = departs.find((x) => x.ztid === id);
    if (d) setFields((f) => ({ ...f, code: d.ztNo, name: d.ztName }));
  };

  const submit = async () => {
    setTried(true);
    setRefusal(null);
    if (!checked.ok) return;
    await saveUnitDialog(
      () =>
        saveOrg({
          ...(unit ? { id: unit.id } : {}),
          ...form,
          lowerZtId: ztid,
          mcount: (fields.mcount ?? '').trim() === '' ? null : Number(fields.mcount),
          expenditureType: leaf || null,
          fromMonth,
        }),
      {
        saved: () => onClose(true),
        refused: setRefusal,
        busy: setBusy,
      },
    );
  };

  const textField = (key: string, label: string, max: number, extra: { hint?: string; inputMode?: 'numeric' | 'tel' } = {}) => (
    <div>
      <TextField
        id={`org-${key}`}
        label={label}
        value={fields[key] ?? ''}
        maxLength={max}
        autoComplete="off"
        issues={issue(key) ? [issue(key) ?? ''] : []}
        {...extra}
        onChange={(e) => set(key, e.target.value)}
      />
    </div>
  );

  return (
    <FormDialog
      title={unit ? `编辑经费单位 ${unit.code} ${unit.name}` : '新增经费单位'}
      className="funds-dialog"
      busy={busy}
      note="回车保存"
      onSubmit={submit}
      onCancel={() => onClose(false)}
    >
      {!unit && departs.length > 0 && (
        <label className="field">
          <span>下级账套</span>
          <select value={ztid ?? ''} onChange={(e) => chooseDepart(e.target.value ? Number(e.target.value) : null)}>
            <option value="">（不选：手工录入）</option>
            {departs.map((d) => (
              <option key={d.ztid} value={d.ztid}>
                {d.ztNo} {d.ztName}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="funds-grid">
        {textField('code', '单位编码', 20, { hint: '数字，最多20位', inputMode: 'numeric' })}
        {textField('name', '单位名称', 100)}
        <div>
          <label className="field">
            <span>单位类型</span>
            <select
              value={lx ?? ''}
              aria-invalid={!!issue('lx')}
              onChange={(e) => chooseType(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">请选择</option>
              {(types?.fundingTypes ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.value} {o.label}
                </option>
              ))}
            </select>
          </label>
          {issue('lx') && (
            <p className="field-error" role="alert">
              {issue('lx')}
            </p>
          )}
        </div>
        {textField('taxId', '纳税人识别号', 30)}
        {textField('ceo', '负责人', 50)}
        {textField('cfo', '财务负责人', 50)}
        {textField('phone', '手机号', 11, { inputMode: 'tel', hint: '加密传送' })}
        {textField('zip', '邮编', 10)}
        {textField('address', '地址', 200)}
        {textField('mcount', '单位数', 7, { inputMode: 'numeric' })}
        <ExpenditureTypeCascader
          categories={types?.expenditureTypes ?? []}
          category={category}
          leaf={leaf}
          onChange={(c, l) => {
            setCategory(c);
            setLeaf(l);
          }}
          emptyCategory="无"
          emptyLeaf="请选择"
          leaflessIsLeaf
        />
        <FromMonthField value={fromMonth} onChange={setFromMonth} />
      </div>
      <div className="funds-ratios">
        {ORG_SHARES.map((s) => (
          <RatioField
            key={s.ratio}
            id={`org-${s.ratio}`}
            label={s.label}
            value={fields[s.ratio] ?? ''}
            issue={issue(s.ratio)}
            onChange={(v) => set(s.ratio, v)}
          />
        ))}
        <RatioField id="org-sjrate" label="上级比例合计" value={ppmToPercentText(sum)} readOnly issue={issue('sjrate')} />
        <RatioField
          id="org-lcrate"
          label="留成比例"
          value={fields.lcrate ?? ''}
          issue={issue('lcrate')}
          onChange={(v) => set('lcrate', v)}
        />
        <RatioField
          id="org-fee"
          label="代收手续费"
          value={fields.taxCollectionFee ?? ''}
          issue={issue('taxCollectionFee')}
          onChange={(v) => set('taxCollectionFee', v)}
        />
      </div>
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
    </FormDialog>
  );
}
