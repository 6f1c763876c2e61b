import type { ZJUnitType } from '../../shared/api/schemas/funds-units.js';

type Categories = ZJUnitType['expenditureTypes'];

/**
 * 支出类型, the spec's expenditure-type cascader: a category, then its detail when it has any. A
 * category without details is itself the leaf when `leaflessIsLeaf` (the dialog's choice); the
 * page's filter leaves the leaf empty and filters by the category.
 */
export function ExpenditureTypeCascader({
  categories,
  category,
  leaf,
  onChange,
  emptyCategory,
  emptyLeaf,
  leaflessIsLeaf,
}: {
  categories: Categories;
  category: string;
  leaf: string;
  onChange: (category: string, leaf: string) => void;
  emptyCategory: string;
  emptyLeaf: string;
  leaflessIsLeaf: boolean;
}) {
  const chosen = categories.find((c) => c.value === category);
  return (
    <label className="field">
      <span>支出类型</span>
      <span className="funds-cascader">
        <select
          aria-label="支出类型大类"
          value={category}
          onChange={(e) => {
            const next = categories.find((c) => c.value === e.target.value);
            onChange(e.target.value, leaflessIsLeaf && next && !next.children ? next.value : '');
          }}
        >
          <option value="">{emptyCategory}</option>
          {categories.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        {chosen?.children && (
          <select aria-label="支出类型明细" value={leaf} onChange={(e) => onChange(category, e.target.value)}>
            <option value="">{emptyLeaf}</option>
            {chosen.children.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </span>
    </label>
  );
}
