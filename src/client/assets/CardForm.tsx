/**
 * The one card form: 资产卡片's card dialog and 资产初始化's init card dialog key the same card (AssetCardSave), the
 * init dialog adding the accumulated depreciation and the card dialog the custody (用途, 保管人, 备注). The category
 * list is the class's tree with only the leaves choosable; picking one fills an empty life with its months.
 */
import { useEffect, useMemo, useState } from 'react';
import type { AssetCard, AssetCardSave, AssetCategory } from '../../shared/api/schemas/assets-cards.js';
import { ASSET_NATURES, ASSET_USAGES, PURCHASING_METHODS } from '../../shared/assets/constants.js';
import { nextCardNo, type AssetDepartment } from './asset-cards-api.js';
import { treeOrder } from './AssetSettingsPage.js';
import { DepartmentSelect } from './DepartmentSelect.js';

export interface CardFormValues {
  cardNo: string;
  categoryId: number;
  name: string;
  spec: string;
  unit: string;
  quantity: string;
  originalValue: string;
  accumulated: string;
  life: string;
  activation: string;
  purchasingMethod: number;
  departmentId: number | null;
  nature: number;
  usage: number;
  keeper: string;
  remark: string;
}

type SetField = <K extends keyof CardFormValues>(field: K, value: CardFormValues[K]) => void;

/** The form's values for a card (or a new one, activated on `activation`), with the next card number offered. */
export function useCardForm(
  assetClass: number,
  card: AssetCard | null,
  activation: string,
): { values: CardFormValues; set: SetField } {
  const [values, setValues] = useState<CardFormValues>(() => ({
    cardNo: card?.cardNo ?? '',
    categoryId: card?.categoryId ?? 0,
    name: card?.name ?? '',
    spec: card?.spec ?? '',
    unit: card?.unit ?? '',
    quantity: String(card?.quantity ?? 1),
    originalValue: card ? String(card.originalValue) : '',
    accumulated: card ? String(card.initDepreciation) : '0',
    life: card ? String(card.estimatedServiceLife) : '',
    activation: card?.dateOfActivation || activation,
    purchasingMethod: card?.purchasingMethod ?? 1,
    departmentId: card?.departmentId ?? null,
    nature: card?.nature ?? 1,
    usage: card?.usage ?? 1,
    keeper: card?.keeper ?? '',
    remark: card?.remark ?? '',
  }));
  const set: SetField = (field, value) => setValues((prev) => ({ ...prev, [field]: value }));
  useEffect(() => {
    if (!card) void nextCardNo(assetClass).then((cardNo) => setValues((prev) => ({ ...prev, cardNo })));
  }, [assetClass, card]);
  return { values, set };
}

/** The save body of the form; the accumulated depreciation and the custody only when the dialog keys them. */
export function cardSaveOf(
  assetClass: number,
  card: AssetCard | null,
  v: CardFormValues,
  with_: { accumulated: boolean; custody: boolean },
): AssetCardSave {
  return {
    ...(card ? { id: card.id, revision: card.revision } : {}),
    assetClass: assetClass as AssetCardSave['assetClass'],
    cardNo: v.cardNo.trim(),
    categoryId: v.categoryId,
    name: v.name.trim(),
    spec: v.spec,
    unit: v.unit,
    quantity: Number(v.quantity) || 0,
    originalValue: v.originalValue.trim() || '0',
    ...(with_.accumulated ? { accumulatedDepreciation: v.accumulated.trim() || '0' } : {}),
    estimatedServiceLife: Number(v.life) || 0,
    dateOfActivation: v.activation,
    purchasingMethod: v.purchasingMethod,
    departmentId: v.departmentId,
    nature: v.nature,
    ...(with_.custody ? { usage: v.usage, keeper: v.keeper, remark: v.remark } : {}),
  };
}

function Text({
  label,
  value,
  onChange,
  disabled,
  inputMode,
  type,
  caption,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  inputMode?: 'numeric' | 'decimal';
  type?: 'date';
  caption?: string;
}) {
  return (
    <label className="field">
      <span>{caption ?? label}</span>
      <input
        aria-label={label}
        type={type}
        inputMode={inputMode}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

function Choice({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: number;
  options: readonly { value: number; name: string }[];
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select aria-label={label} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The card's fields. `locked` (a card with provisions or a voucher) freezes what the books already used: category,
 * value, life, activation and nature. `accumulatedLabel` adds the accumulated depreciation (amortisation) field.
 */
export function CardFields({
  values: v,
  set,
  categories,
  departments,
  locked = false,
  accumulatedLabel,
  custody = false,
}: {
  values: CardFormValues;
  set: SetField;
  categories: readonly AssetCategory[];
  departments: readonly AssetDepartment[];
  locked?: boolean;
  accumulatedLabel?: string;
  custody?: boolean;
}) {
  const tree = useMemo(() => treeOrder(categories), [categories]);
  return (
    <>
      <Text label="资产编号" value={v.cardNo} onChange={(x) => set('cardNo', x)} />
      <label className="field">
        <span>资产类别</span>
        <select
          aria-label="资产类别"
          value={v.categoryId || ''}
          disabled={locked}
          onChange={(e) => {
            const id = Number(e.target.value);
            set('categoryId', id);
            const category = categories.find((c) => c.id === id);
            if (category && !v.life) set('life', String(category.lifeMonths));
          }}
        >
          <option value="">请选择</option>
          {tree.map(({ category: c, depth }) => (
            <option key={c.id} value={c.id} disabled={!c.leaf}>
              {'\u3000'.repeat(depth)}
              {c.code} {c.name}
            </option>
          ))}
        </select>
      </label>
      <Text label="资产名称" value={v.name} onChange={(x) => set('name', x)} />
      <Text label="规格型号" value={v.spec} onChange={(x) => set('spec', x)} />
      <Text label="计量单位" value={v.unit} onChange={(x) => set('unit', x)} />
      <Text label="数量" inputMode="numeric" value={v.quantity} onChange={(x) => set('quantity', x)} />
      <Text
        label="原值"
        caption="原值（元）"
        inputMode="decimal"
        value={v.originalValue}
        disabled={locked}
        onChange={(x) => set('originalValue', x)}
      />
      {accumulatedLabel && (
        <Text label={accumulatedLabel} inputMode="decimal" value={v.accumulated} onChange={(x) => set('accumulated', x)} />
      )}
      <Text label="预计使用月数" inputMode="numeric" value={v.life} disabled={locked} onChange={(x) => set('life', x)} />
      <Text label="启用日期" type="date" value={v.activation} disabled={locked} onChange={(x) => set('activation', x)} />
      <Choice
        label="取得方式"
        value={v.purchasingMethod}
        options={PURCHASING_METHODS}
        onChange={(x) => set('purchasingMethod', x)}
      />
      <label className="field">
        <span>使用部门</span>
        <DepartmentSelect
          label="使用部门"
          departments={departments}
          value={v.departmentId}
          onChange={(departmentId) => set('departmentId', departmentId)}
          noneLabel="（无）"
        />
      </label>
      <Choice label="资产性质" value={v.nature} options={ASSET_NATURES} disabled={locked} onChange={(x) => set('nature', x)} />
      {custody && (
        <>
          <Choice label="用途" value={v.usage} options={ASSET_USAGES} onChange={(x) => set('usage', x)} />
          <Text label="保管人" value={v.keeper} onChange={(x) => set('keeper', x)} />
          <Text label="备注" value={v.remark} onChange={(x) => set('remark', x)} />
        </>
      )}
    </>
  );
}
