/**
 * 辅助核算 (/accounting-management/initialization/auxiliary): the types (built-in and custom, add
 * a custom one), the items of the chosen type as a tree (add, add a sub-item, rename, enable and
 * disable: a child cannot be enabled under a disabled parent), and the types linked to a
 * last-level subject.
 */
import { useCallback, useEffect, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AuxiInfo, AuxiType } from '../../shared/api/auxiliary.js';
import { checkAuxiTypeName, checkEnableItem } from '../../shared/subjects/auxiliary-rules.js';
import { messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { Permission, usePermission } from '../shell/Permission.js';
import { fetchTypeInfo, fetchTypes, saveType, setItemEnable } from './auxiliary-api.js';
import { findItem, flattenItems } from './auxi-tree.js';
import { AuxiItemDialog } from './AuxiItemDialog.js';
import { SubjectAuxiLink } from './SubjectAuxiLink.js';
import './auxiliary.css';

type ItemEditing = { parent: AuxiInfo | null; item?: AuxiInfo } | null;

export function AuxiliaryPage() {
  usePageTitle('辅助核算');
  const { has } = usePermission();
  const [types, setTypes] = useState<AuxiType[]>([]);
  const [typeNo, setTypeNo] = useState<string | null>(null);
  const [items, setItems] = useState<AuxiInfo[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [newTypeName, setNewTypeName] = useState('');
  const [typeProblem, setTypeProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<ItemEditing>(null);

  const loadTypes = useCallback(async (select?: string) => {
    const list = await fetchTypes();
    setTypes(list);
    if (select) {
      setTypeNo(select);
      setSelected(null);
    }
  }, []);

  const loadItems = useCallback(async (no: string, select?: string) => {
    const [type] = await fetchTypeInfo([no]);
    setItems(type?.infoList ?? []);
    if (select) setSelected(select);
  }, []);

  useEffect(() => {
    fetchTypes()
      .then((list) => {
        setTypes(list);
        setTypeNo((current) => current ?? list[0]?.typeNo ?? null);
      })
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!typeNo) return;
    fetchTypeInfo([typeNo])
      .then(([found]) => setItems(found?.infoList ?? []))
      .catch(() => undefined);
  }, [typeNo]);

  const chooseType = (no: string) => {
    setTypeNo(no);
    setSelected(null);
  };

  const type = types.find((t) => t.typeNo === typeNo) ?? null;
  const rows = useMemo(() => flattenItems(items), [items]);
  const current = selected ? findItem(items, selected) : undefined;
  const index = rows.findIndex((r) => r.item.infoNo === selected);

  const addType = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkAuxiTypeName(newTypeName);
    setTypeProblem(problem);
    if (problem) return;
    try {
      const saved = await saveType({ typeName: newTypeName.trim() });
      setNewTypeName('');
      await loadTypes(saved?.typeNo);
    } catch {
      // Shown by the request wrapper.
    }
  };

  const toggleEnable = async () => {
    if (!type || !current) return;
    const enable = !current.isEnable;
    const parent = current.parentNo ? findItem(items, current.parentNo) : undefined;
    const refused = checkEnableItem(enable, parent ? parent.isEnable : null);
    try {
      if (refused) {
        await messageBox.alert(refused, { tone: 'error', autoClose: false });
        return;
      }
      await setItemEnable({ typeNo: type.typeNo, infoNo: current.infoNo, isEnable: enable });
      await loadItems(type.typeNo, current.infoNo);
    } catch {
      // Shown by the request wrapper.
    } finally {
      document.querySelector<HTMLElement>('.auxi-items [role="treegrid"]')?.focus();
    }
  };

  const onItemsKey = (event: KeyboardEvent) => {
    const move = (to: number) => {
      const row = rows[Math.max(0, Math.min(rows.length - 1, to))];
      if (row) setSelected(row.item.infoNo);
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(rows.length - 1);
    else if (event.key === 'Enter' && current && has('edit')) setEditing({ parent: null, item: current });
    else if ((event.key === 'Insert' || (event.ctrlKey && event.key.toLowerCase() === 'n')) && has('added'))
      setEditing({ parent: current ?? null });
    else return;
    event.preventDefault();
  };

  return (
    <section className="auxi-page" aria-label="辅助核算">
      <div className="auxi-columns">
        <div className="auxi-types">
          <h2>辅助核算类型</h2>
          <ul role="listbox" aria-label="辅助核算类型">
            {types.map((t) => (
              <li
                key={t.typeNo}
                role="option"
                tabIndex={t.typeNo === typeNo ? 0 : -1}
                aria-selected={t.typeNo === typeNo}
                onClick={() => chooseType(t.typeNo)}
                onKeyDown={(e) => {
                  const at = types.findIndex((x) => x.typeNo === t.typeNo);
                  const next = e.key === 'ArrowDown' ? types[at + 1] : e.key === 'ArrowUp' ? types[at - 1] : undefined;
                  if (!next) return;
                  e.preventDefault();
                  chooseType(next.typeNo);
                  setTimeout(() => document.getElementById(`auxi-type-${next.typeNo}`)?.focus());
                }}
                id={`auxi-type-${t.typeNo}`}
              >
                <span>{t.typeName}</span>
                <span className="muted">{t.builtInSystem ? '内置' : '自定义'}</span>
              </li>
            ))}
          </ul>
          <Permission value="added">
            <form className="auxi-type-form" noValidate onSubmit={(e) => void addType(e)}>
              <input
                aria-label="新类型名称"
                placeholder="自定义类型名称"
                value={newTypeName}
                onChange={(e) => {
                  setNewTypeName(e.target.value);
                  setTypeProblem(null);
                }}
              />
              <button type="submit" className="btn">
                新增类型
              </button>
            </form>
          </Permission>
          <p className="field-error" role={typeProblem ? 'alert' : undefined}>
            {typeProblem}
          </p>
        </div>
        <div className="auxi-items">
          <div className="subject-toolbar">
            <h2>{type ? `${type.typeName}（${type.typeNo}）` : '辅助项'}</h2>
            <div className="subject-actions">
              <Permission value="added">
                <button type="button" className="btn btn-primary" disabled={!type} onClick={() => setEditing({ parent: null })}>
                  新增
                </button>
              </Permission>
              <Permission value="added">
                <button type="button" className="btn" disabled={!current} onClick={() => setEditing({ parent: current ?? null })}>
                  新增下级
                </button>
              </Permission>
              <Permission value="edit">
                <button
                  type="button"
                  className="btn"
                  disabled={!current}
                  onClick={() => current && setEditing({ parent: null, item: current })}
                >
                  修改
                </button>
              </Permission>
              <Permission value="edit">
                <button type="button" className="btn" disabled={!current} onClick={() => void toggleEnable()}>
                  {current && !current.isEnable ? '启用' : '停用'}
                </button>
              </Permission>
            </div>
          </div>
          <div className="subject-table-wrap">
            <table
              className="subject-table"
              role="treegrid"
              aria-label="辅助项"
              tabIndex={0}
              aria-activedescendant={selected && index >= 0 ? `auxi-item-${selected}` : undefined}
              onKeyDown={onItemsKey}
            >
              <thead>
                <tr>
                  <th scope="col">编码</th>
                  <th scope="col">名称</th>
                  <th scope="col">末级</th>
                  <th scope="col">状态</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ item, depth }) => (
                  <tr
                    key={item.infoNo}
                    id={`auxi-item-${item.infoNo}`}
                    role="row"
                    aria-level={depth + 1}
                    aria-selected={item.infoNo === selected}
                    className={item.isEnable ? undefined : 'disabled'}
                    onClick={() => setSelected(item.infoNo)}
                  >
                    <td role="gridcell" style={{ paddingLeft: `${0.5 + depth * 1.2}rem` }}>
                      {item.infoNo}
                    </td>
                    <td role="gridcell">{item.infoName}</td>
                    <td role="gridcell">{item.isLeaf ? '是' : ''}</td>
                    <td role="gridcell">{item.isEnable ? '启用' : '停用'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {rows.length === 0 && <p className="muted pad">暂无辅助项</p>}
          </div>
          <p className="muted subject-keys">↑↓ 移动 · Enter 修改 · Insert 或 Ctrl+N 新增下级</p>
        </div>
      </div>
      <SubjectAuxiLink />
      {editing && type && (
        <AuxiItemDialog
          type={type}
          parent={editing.parent}
          item={editing.item}
          onCancel={() => setEditing(null)}
          onSaved={(infoNo) => {
            setEditing(null);
            loadItems(type.typeNo, infoNo)
              .catch(() => undefined)
              .finally(() => document.querySelector<HTMLElement>('.auxi-items [role="treegrid"]')?.focus());
          }}
        />
      )}
    </section>
  );
}
