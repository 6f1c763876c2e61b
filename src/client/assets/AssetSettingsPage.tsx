/**
 * 资产设置 (/fixed-assets/fixed-assets/settings): the category tree per class (tabs 固定资产 / 无形资产 / 库存物品)
 * with add, edit and delete (code, name, default life in years, 计提折旧 yes/no), each by the page's buttons; the
 * server refuses a used category or one with children. Beside it the set's departments (read-only: they are kept in
 * the set's department settings).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AssetCategory } from '../../shared/api/schemas/assets-cards.js';
import { ASSET_CLASSES } from '../../shared/assets/constants.js';
import { messageBox } from '../message-box/message-box.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { PermissionButton } from '../shell/Permission.js';
import { PageTabs } from '../layout/PageTabs.js';
import { usePageTitle } from '../shell/page-title.js';
import { deleteCategory, loadCategories, saveCategory } from './asset-cards-api.js';
import { useAssetDepartments } from './DepartmentSelect.js';
import './assets.css';

/** The categories in tree order (parent before children), each with its depth. */
export function treeOrder(categories: readonly AssetCategory[]): { category: AssetCategory; depth: number }[] {
  const children = new Map<number | null, AssetCategory[]>();
  const ids = new Set(categories.map((c) => c.id));
  for (const c of categories) {
    const parent = c.parentId !== null && ids.has(c.parentId) ? c.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const out: { category: AssetCategory; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const c of [...(children.get(parent) ?? [])].sort((a, b) => a.code.localeCompare(b.code))) {
      out.push({ category: c, depth });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function AssetSettingsPage() {
  usePageTitle('资产设置');
  const [assetClass, setAssetClass] = useState<number>(1);
  const departments = useAssetDepartments();
  return (
    <div className="page asset-settings">
      <PageTabs label="资产大类" tabs={ASSET_CLASSES} value={assetClass} onChange={setAssetClass} />
      <div className="asset-settings-body" style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <CategoryTree key={assetClass} assetClass={assetClass} />
        <section className="asset-departments" aria-label="部门" style={{ minWidth: 220 }}>
          <h3>使用部门</h3>
          <table className="plain-table">
            <thead>
              <tr>
                <th>部门名称</th>
              </tr>
            </thead>
            <tbody>
              {departments.map((d) => (
                <tr key={d.id}>
                  <td>{d.name}</td>
                </tr>
              ))}
              {departments.length === 0 && (
                <tr>
                  <td className="muted">本账套未设置部门</td>
                </tr>
              )}
            </tbody>
          </table>
        </section>
      </div>
    </div>
  );
}

function CategoryTree({ assetClass }: { assetClass: number }) {
  const [categories, setCategories] = useState<AssetCategory[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ category: AssetCategory | null; parentId: number | null } | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    void loadCategories(assetClass).then((list) => {
      if (live) setCategories(list);
    });
    return () => {
      live = false;
    };
  }, [assetClass, version]);
  const rows = useMemo(() => treeOrder(categories), [categories]);
  const current = categories.find((c) => c.id === chosen) ?? null;

  const remove = async () => {
    if (!current) return;
    await messageBox.confirm(`确定删除资产类别“${current.code} ${current.name}”？`);
    await deleteCategory(current.id);
    setChosen(null);
    reload();
  };

  return (
    <section className="asset-category-tree" aria-label="资产类别" style={{ flex: 1 }}>
      <div className="toolbar">
        <PermissionButton value="add" onClick={() => setEditing({ category: null, parentId: current?.id ?? null })}>
          新增下级
        </PermissionButton>
        <PermissionButton value="add" onClick={() => setEditing({ category: null, parentId: current?.parentId ?? null })}>
          新增同级
        </PermissionButton>
        <PermissionButton
          value="edit"
          disabled={!current}
          onClick={() => current && setEditing({ category: current, parentId: current.parentId })}
        >
          修改
        </PermissionButton>
        <PermissionButton value="delete" disabled={!current} onClick={() => void remove()}>
          删除
        </PermissionButton>
      </div>
      <table className="plain-table asset-categories" role="grid">
        <thead>
          <tr>
            <th>类别编码</th>
            <th>类别名称</th>
            <th>默认使用年限</th>
            <th>计提折旧</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ category: c, depth }) => (
            <tr
              key={c.id}
              aria-selected={c.id === chosen}
              className={c.id === chosen ? 'selected' : ''}
              style={c.id === chosen ? { background: 'var(--row-selected, #dbeafe)' } : undefined}
              onClick={() => setChosen(c.id)}
              onDoubleClick={() => setEditing({ category: c, parentId: c.parentId })}
            >
              <td style={{ paddingLeft: 8 + depth * 16 }}>{c.code}</td>
              <td>{c.name}</td>
              <td className="num">{c.lifeYears}</td>
              <td>{c.depreciates ? '是' : '否'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing && (
        <CategoryDialog
          assetClass={assetClass}
          category={editing.category}
          parent={categories.find((c) => c.id === editing.parentId) ?? null}
          onDone={(saved) => {
            setEditing(null);
            setChosen(saved.id);
            reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </section>
  );
}

function CategoryDialog({
  assetClass,
  category,
  parent,
  onDone,
  onCancel,
}: {
  assetClass: number;
  category: AssetCategory | null;
  parent: AssetCategory | null;
  onDone: (saved: AssetCategory) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState(category?.code ?? parent?.code ?? '');
  const [name, setName] = useState(category?.name ?? '');
  const [lifeYears, setLifeYears] = useState(String(category?.lifeYears ?? parent?.lifeYears ?? 0));
  const [depreciates, setDepreciates] = useState(category?.depreciates ?? parent?.depreciates ?? assetClass !== 3);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const saved = await saveCategory({
        ...(category ? { id: category.id } : {}),
        parentId: parent?.id ?? null,
        assetClass: assetClass as 1 | 2 | 3,
        code: code.trim(),
        name: name.trim(),
        lifeYears: Number(lifeYears) || 0,
        depreciates,
      });
      onDone(saved);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={category ? `修改资产类别 ${category.code}` : '新增资产类别'}
      busy={busy}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <label className="field">
        <span>上级类别</span>
        <input aria-label="上级类别" value={parent ? `${parent.code} ${parent.name}` : '（顶级）'} disabled />
      </label>
      <label className="field">
        <span>类别编码</span>
        <input aria-label="类别编码" value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      <label className="field">
        <span>类别名称</span>
        <input aria-label="类别名称" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        <span>默认使用年限（年）</span>
        <input aria-label="默认使用年限" inputMode="decimal" value={lifeYears} onChange={(e) => setLifeYears(e.target.value)} />
      </label>
      <label className="field">
        <span>计提折旧</span>
        <select aria-label="计提折旧" value={depreciates ? '1' : '0'} onChange={(e) => setDepreciates(e.target.value === '1')}>
          <option value="1">是</option>
          <option value="0">否</option>
        </select>
      </label>
    </FormDialog>
  );
}
