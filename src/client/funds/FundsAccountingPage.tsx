/**
 * 上下级经费核算 (/funds-management/funds-accounting). Two variants by the set (spec "isZJ versus
 * lower-level unit"): a 县级以上 set (isZJ) lists its funding organisations with their columns
 * (code, name, type, tax id, people, number of units, expenditure type, the five ratios, sjrate,
 * lcrate, collection fee), filtered by the expenditure-type cascader, and adds them with the unit
 * dialog; another set lists its lower units with the subordinate-unit ratio columns and keeps them
 * with the funds accounting dialog. The ratios shown are those in force at the chosen month of the
 * session year. Buttons follow the page's rights (add, edit, delete); a row is chosen by a click
 * or the arrow keys, Enter or a double-click edits it.
 */
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import type { FundsUnitRow, ZJUnitType } from '../../shared/api/schemas/funds-units.js';
import { isReject, messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { PermissionButton, usePermission } from '../shell/Permission.js';
import { ApiError, performAction } from '../shell/request.js';
import { useSession } from '../shell/session-store.js';
import { useWorkingMonth } from '../shell/working-month.js';
import { ExpenditureTypeCascader } from './ExpenditureTypeCascader.js';
import { deleteUnits, listUnits, zjUnitTypes } from './funds-units-api.js';
import { LowerUnitDialog } from './LowerUnitDialog.js';
import { OrgDialog } from './OrgDialog.js';
import { SettingDialog } from './SettingDialog.js';
import './funds.css';

type Column = { title: string; value: (row: FundsUnitRow) => string; numeric?: boolean };

const pct = (n: number | null | undefined) => (n === null || n === undefined ? '' : `${n}%`);
const SOURCE = (row: FundsUnitRow) => (row.sameLevel ? '同级' : row.hand ? '手工' : '下级账套');

const LOWER_COLUMNS: Column[] = [
  { title: '单位编码', value: (r) => r.code },
  { title: '单位名称', value: (r) => r.name },
  { title: '来源', value: SOURCE },
  { title: '下级上解比例', value: (r) => pct(r.ratio?.lowerLevelUpperSolutionRatio), numeric: true },
  { title: '下级留成比例', value: (r) => pct(r.ratio?.proportionLowerLevel), numeric: true },
  { title: '本级留成比例', value: (r) => pct(r.ratio?.retentionRatioThisLevel), numeric: true },
  { title: '本级留成科目', value: (r) => r.ratio?.retentionThisLevelSubjectsCodeFullName ?? '' },
  { title: '应付上级一比例', value: (r) => pct(r.ratio?.dealingWithSuperiorRatioOne), numeric: true },
  { title: '应付上级一科目', value: (r) => r.ratio?.copeWithSuperiorSubjectsOneCodeFullName ?? '' },
  { title: '应付上级二比例', value: (r) => pct(r.ratio?.dealingWithSuperiorRatioTwo), numeric: true },
  { title: '应付上级二科目', value: (r) => r.ratio?.copeWithSuperiorSubjectsTwoCodeFullName ?? '' },
  { title: '应付下级比例', value: (r) => pct(r.ratio?.copeWithSubordinateRatio), numeric: true },
  { title: '应付下级科目', value: (r) => r.ratio?.copeWithLowerLevelSubjectsCodeFullName ?? '' },
  {
    title: '适用起始期间',
    value: (r) => (r.ratio ? `${r.ratio.fromYear}-${String(r.ratio.fromMonth).padStart(2, '0')}` : '未配置'),
  },
];

function orgColumns(types: ZJUnitType | null): Column[] {
  const typeName = (lx: number | null) => types?.fundingTypes.find((t) => t.value === lx)?.label ?? '';
  const leaves = (types?.expenditureTypes ?? []).flatMap((c) =>
    (c.children ?? [c]).map((l) => [l.value, c.children ? `${c.label}/${l.label}` : l.label] as const),
  );
  const expenditure = (code: string | null) => leaves.find(([v]) => v === code)?.[1] ?? '';
  return [
    { title: '单位编码', value: (r) => r.code },
    { title: '单位名称', value: (r) => r.name },
    { title: '单位类型', value: (r) => typeName(r.lx) },
    { title: '纳税人识别号', value: (r) => r.taxId ?? '' },
    { title: '负责人', value: (r) => r.ceo ?? '' },
    { title: '财务负责人', value: (r) => r.cfo ?? '' },
    { title: '单位数', value: (r) => (r.mcount === null ? '' : String(r.mcount)), numeric: true },
    { title: '支出类型', value: (r) => expenditure(r.expenditureType) },
    { title: '本级比例', value: (r) => pct(r.ratio?.bjRata), numeric: true },
    { title: '上解上级比例', value: (r) => pct(r.ratio?.bjsjRate), numeric: true },
    { title: '回拨比例', value: (r) => pct(r.ratio?.hbRate), numeric: true },
    { title: '建会筹备金', value: (r) => pct(r.ratio?.fundsPayableJianhui), numeric: true },
    { title: '小微企业返还', value: (r) => pct(r.ratio?.smallBusinessReturns), numeric: true },
    { title: '上级比例', value: (r) => pct(r.ratio?.sjrate), numeric: true },
    { title: '留成比例', value: (r) => pct(r.ratio?.lcrate), numeric: true },
    { title: '代收手续费', value: (r) => pct(r.ratio?.taxCollectionFee), numeric: true },
  ];
}

export function FundsAccountingPage() {
  usePageTitle('上下级经费核算');
  const isZJ = useSession((s) => s.authInfo?.isZJ ?? false);
  const year = useSession((s) => s.authInfo?.year ?? new Date().getFullYear());
  const { has } = usePermission();
  const [month, setMonth] = useState(useWorkingMonth());
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState('');
  const [leaf, setLeaf] = useState('');
  const [types, setTypes] = useState<ZJUnitType | null>(null);
  const [rows, setRows] = useState<FundsUnitRow[] | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ unit: FundsUnitRow | null } | null>(null);
  const [setting, setSettingOpen] = useState(false);

  const [reloads, setReloads] = useState(0);
  const load = useCallback(() => setReloads((n) => n + 1), []);

  useEffect(() => {
    let active = true;
    const expenditureType = isZJ && (leaf || category) ? { expenditureType: leaf || category } : {};
    listUnits({ kind: isZJ ? 'org' : 'lower', month, keyword, pageSize: 200, ...expenditureType }).then(
      (page) => active && setRows(page.currentPageItems),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [isZJ, month, keyword, leaf, category, reloads]);
  useEffect(() => {
    if (isZJ) void zjUnitTypes().then(setTypes, () => undefined);
  }, [isZJ]);

  const current = rows?.find((r) => r.id === focused) ?? null;
  const needRow = async (): Promise<FundsUnitRow | null> => {
    if (!current) await messageBox.alert('请先选择一个单位', { tone: 'warning' });
    return current;
  };
  const edit = async () => {
    const unit = await needRow();
    if (unit) setEditing({ unit });
  };
  const remove = async () => {
    const unit = await needRow();
    if (!unit) return;
    try {
      await messageBox.confirm(`确定删除经费单位“${unit.code} ${unit.name}”及其各期比例吗？`, { title: '删除经费单位' });
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    try {
      await deleteUnits({ ids: [unit.id] });
      messageBox.fireAndForget(messageBox.alert('已删除', { tone: 'success' }));
      setFocused(null);
      load();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.envelope) await messageBox.alert(error.message, { tone: 'warning' });
      else performAction(error.action);
    }
  };

  const columns = isZJ ? orgColumns(types) : LOWER_COLUMNS;

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    const list = rows ?? [];
    const move = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (move) {
      event.preventDefault();
      const next = list[index + move];
      if (next) {
        setFocused(next.id);
        (event.currentTarget.parentElement?.children[index + move] as HTMLElement | undefined)?.focus();
      }
    } else if (event.key === 'Enter' && has('edit')) {
      event.preventDefault();
      const row = list[index];
      if (row) setEditing({ unit: row });
    }
  };

  return (
    <div className="funds-page page-fill">
      <header className="funds-head">
        <h1>{isZJ ? '经费单位（县级以上）' : '上下级经费核算'}</h1>
        <label className="field funds-month">
          <span>比例期间</span>
          <select value={month} onChange={(e) => setMonth(Number(e.target.value))}>
            {Array.from({ length: 12 }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {year}年{i + 1}月
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>编码或名称</span>
          <input value={keyword} maxLength={100} onChange={(e) => setKeyword(e.target.value)} />
        </label>
        {isZJ && (
          <ExpenditureTypeCascader
            categories={types?.expenditureTypes ?? []}
            category={category}
            leaf={leaf}
            onChange={(c, l) => {
              setCategory(c);
              setLeaf(l);
            }}
            emptyCategory="全部"
            emptyLeaf="全部"
            leaflessIsLeaf={false}
          />
        )}
      </header>
      <div className="funds-toolbar" role="toolbar" aria-label="经费单位操作">
        <PermissionButton value="add" primary onClick={() => setEditing({ unit: null })}>
          新增
        </PermissionButton>
        <PermissionButton value="edit" onClick={() => void edit()}>
          编辑
        </PermissionButton>
        <PermissionButton value="delete" onClick={() => void remove()}>
          删除
        </PermissionButton>
        <PermissionButton value="edit" onClick={() => setSettingOpen(true)}>
          默认科目
        </PermissionButton>
        <span className="muted">
          {isZJ
            ? '上级比例为本级、上解上级、回拨、建会筹备金与小微企业返还五项之和'
            : '同级单位各项比例之和为100%，其他单位各项之和等于下级上解比例'}
        </span>
      </div>
      <div className="funds-table-wrap">
        <table className="funds-table" aria-label={isZJ ? '经费单位' : '下级单位经费比例'}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.title} scope="col">
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows?.map((row, index) => (
              <tr
                key={row.id}
                tabIndex={0}
                aria-selected={row.id === focused}
                className={row.id === focused ? 'chosen' : undefined}
                onClick={() => setFocused(row.id)}
                onFocus={() => setFocused(row.id)}
                onDoubleClick={() => has('edit') && setEditing({ unit: row })}
                onKeyDown={(e) => onRowKey(e, index)}
              >
                {columns.map((c) => (
                  <td key={c.title} className={c.numeric ? 'num' : undefined}>
                    {c.value(row)}
                  </td>
                ))}
              </tr>
            ))}
            {rows?.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="muted">
                  {isZJ ? '还没有经费单位，点“新增”添加' : '还没有配置经费核算的下级单位，点“新增”添加'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {setting && <SettingDialog onClose={() => setSettingOpen(false)} />}
      {editing &&
        (isZJ ? (
          <OrgDialog
            unit={editing.unit}
            types={types}
            month={month}
            onClose={(saved) => {
              setEditing(null);
              if (saved) load();
            }}
          />
        ) : (
          <LowerUnitDialog
            unit={editing.unit}
            month={month}
            onClose={(saved) => {
              setEditing(null);
              if (saved) load();
            }}
          />
        ))}
    </div>
  );
}
