/**
 * The asset voucher dialog (资产生成凭证, spec doc 1 §2 line 41, §4 "Asset voucher dialog", §5 "Asset voucher
 * generation"), shared by every asset page that makes vouchers: additions from cards, a month's depreciation or
 * amortisation, documents, the long-term deferred expenses. The server's preview answers its defaults (category,
 * maker, date, this accrual's amount, the template's entries); the user may change them, and 保存凭证 checks in the
 * spec's order (assetEntriesProblem, the same function the server runs) before sending.
 *
 * Usage (other lanes): open it with the kind and what to generate, e.g.
 *   <AssetVoucherDialog pzAssetType={1} assetClass={1} assetsCards={ids} onClose={...} onSaved={reload} />
 *   <AssetVoucherDialog pzAssetType={2} assetClass={1} accruedStage="2026-03" onClose={...} onSaved={reload} />
 * After a successful save the form resets (new defaults from the server) but keeps the accrued period.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { assetEntriesProblem, createAssetEntryGrid, type AssetEntryRow } from '../../../grids/asset-voucher-entries.js';
import type { AssetEntryOut, AssetVoucherRequest } from '../../shared/api/schemas/assets-voucher.js';
import type { ProvisionClassification, ProvisionDetailPage } from '../../shared/api/schemas/assets-vouchers.js';
import type { GeneratedVoucher } from '../../shared/api/schemas/funds-entry.js';
import type { CertificateTypeItem, PreparerItem } from '../../shared/api/vouchers.js';
import {
  ASSET_NATURES,
  ASSET_PAGE_SIZES,
  PzAssetType,
  type AssetClassCode,
  type PzAssetTypeCode,
} from '../../shared/assets/constants.js';
import { formatFen } from '../../shared/money.js';
import { auxiKeyOf, parseAuxiKey } from '../../shared/subjects/auxiliary-rules.js';
import { fenToYuan, yuanToFen } from '../../shared/vouchers/amounts.js';
import { GridEditor } from '../grid/GridEditor.js';
import { messageBox } from '../message-box/message-box.js';
import { ViewDialog } from '../message-box/ViewDialog.js';
import { ApiError } from '../shell/request.js';
import { fetchSubjects } from '../subjects/subject-api.js';
import { VOUCHER_ADD_PATH } from '../vouchers/list/VoucherListPage.js';
import { voucherCellExtras, VoucherLookupStore, lookupsOf } from '../vouchers/voucher-cells.js';
import {
  fetchCategories,
  fetchCertificateTypes,
  fetchDepartments,
  fetchPreparers,
  fetchProvisionClassification,
  fetchProvisionDetail,
  previewAssetVoucher,
  saveAssetVoucher,
  type CategoryNode,
} from './asset-voucher-api.js';
import { DepartmentSelect } from './DepartmentSelect.js';
import './assets.css';

export interface AssetVoucherDialogProps {
  /** What the vouchers are made from (PzAssetType): 1 cards, 2 a month's provision, 3 documents, 5/6 long-term. */
  pzAssetType: PzAssetTypeCode;
  /** 1 fixed, 2 intangible, 3 inventory (kinds 1–3). */
  assetClass?: AssetClassCode;
  /** The month accrued, yyyy-MM (kinds 2 and 5): the date must fall in it. */
  accruedStage?: string;
  /** Kind 1: the cards; kind 3: the documents; kind 6: the long-term items. Absent: every one without a voucher. */
  assetsCards?: readonly string[];
  assetsDocs?: readonly { documentId: string }[];
  longAmortions?: readonly string[];
  /** The 2022 init mode: the category is forced to 10000 (调账凭证) and disabled. */
  isAssetsInit?: boolean;
  /** Whether one voucher for all is offered (kinds 1, 3, 6); its initial value. */
  onePzDefault?: boolean;
  title?: string;
  onClose: () => void;
  /** The vouchers made (the page reloads its rows). */
  onSaved?: (vouchers: GeneratedVoucher[]) => void;
}

const INIT_CATEGORY = 10000;
let rowSeq = 0;
const newRowId = () => `ae-${++rowSeq}`;
const blankRow = (rowId: string): AssetEntryRow => ({
  rowId,
  summary: null,
  subjectCode: null,
  balanceDirection: 1,
  moneyAmount: null,
  auxis: null,
});
const toFen = (yuan: number): number => {
  const r = yuanToFen(yuan);
  return r.ok ? r.fen : 0;
};
const yuanText = (yuan: number) => formatFen(toFen(yuan));

function rowsOf(entries: readonly AssetEntryOut[]): AssetEntryRow[] {
  return entries.map((e) => ({
    rowId: newRowId(),
    summary: e.summary,
    subjectCode: e.subjectCode || null,
    balanceDirection: e.balanceDirection,
    moneyAmount: toFen(e.moneyAmount),
    auxis: e.auxis.length > 0 ? auxiKeyOf(e.auxis) : null,
  }));
}

export function AssetVoucherDialog(props: AssetVoucherDialogProps) {
  const navigate = useNavigate();
  const { pzAssetType, assetClass, accruedStage, isAssetsInit } = props;
  const isProvision = pzAssetType === 2 || pzAssetType === 5;
  const offersOnePz = pzAssetType === 1 || pzAssetType === 3 || pzAssetType === 6;

  const [types, setTypes] = useState<CertificateTypeItem[]>([]);
  const [makers, setMakers] = useState<PreparerItem[]>([]);
  const [departments, setDepartments] = useState<{ id: number; name: string }[]>([]);
  const [categories, setCategories] = useState<CategoryNode[]>([]);
  const [store] = useState(() => new VoucherLookupStore());
  const [chartLoaded, setChartLoaded] = useState(0);

  const [certificateType, setCertificateType] = useState<number | null>(null);
  const [maker, setMaker] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [dateLocked, setDateLocked] = useState(true);
  const [accrualYuan, setAccrualYuan] = useState(0);
  const [rows, setRows] = useState<AssetEntryRow[]>([]);
  const [loads, setLoads] = useState(0);
  const [onePz, setOnePz] = useState(props.onePzDefault ?? true);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [nature, setNature] = useState<1 | 2 | null>(null);
  const [aetTypes, setAetTypes] = useState<ReadonlySet<number>>(new Set());
  const [detail, setDetail] = useState<ProvisionDetailPage | null>(null);
  const [page, setPage] = useState({ index: 1, size: 20 as (typeof ASSET_PAGE_SIZES)[number] });
  const [classification, setClassification] = useState<ProvisionClassification | null>(null);
  const [saved, setSaved] = useState<GeneratedVoucher[]>([]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  const request = useCallback(
    (): AssetVoucherRequest => ({
      pzAssetType,
      ...(assetClass ? { assetClass } : {}),
      ...(accruedStage ? { accruedStage } : {}),
      ...(props.assetsCards ? { assetsCards: [...props.assetsCards] } : {}),
      ...(props.assetsDocs ? { assetsDocs: [...props.assetsDocs] } : {}),
      ...(props.longAmortions ? { longAmortions: [...props.longAmortions] } : {}),
      ...(isAssetsInit ? { isAssetsInit: true } : {}),
      ...(departmentId ? { departmentId } : {}),
      ...(nature ? { nature } : {}),
      ...(aetTypes.size > 0 ? { aetTypeArr: [...aetTypes] } : {}),
      isOnePz: offersOnePz ? onePz : true,
    }),
    [
      pzAssetType,
      assetClass,
      accruedStage,
      props.assetsCards,
      props.assetsDocs,
      props.longAmortions,
      isAssetsInit,
      departmentId,
      nature,
      aetTypes,
      offersOnePz,
      onePz,
    ],
  );

  /** 预览凭证 and every (re)load: the server's defaults. */
  const loadDefaults = useCallback(async () => {
    try {
      const preview = await previewAssetVoucher(request());
      setCertificateType(isAssetsInit ? INIT_CATEGORY : preview.certificateType);
      setMaker(preview.czy || null);
      setDate(preview.assetsDateTime);
      setDateLocked(preview.dateLocked);
      setAccrualYuan(preview.accruedStageMoney);
      setRows(rowsOf(preview.subjectInfos));
      setLoads((n) => n + 1);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }, [request, isAssetsInit]);

  const filters = useMemo(
    () =>
      assetClass === 1 || assetClass === 2
        ? {
            assetClass,
            accruedStage: accruedStage ?? '',
            ...(departmentId ? { departmentId } : {}),
            ...(nature ? { nature } : {}),
            ...(aetTypes.size > 0 ? { aetTypeArr: [...aetTypes].join(',') } : {}),
          }
        : null,
    [assetClass, accruedStage, departmentId, nature, aetTypes],
  );

  const loadDetail = useCallback(
    async (at: { index: number; size: (typeof ASSET_PAGE_SIZES)[number] } = page) => {
      if (!isProvision || !filters || !accruedStage) return;
      try {
        setDetail(await fetchProvisionDetail({ ...filters, pageIndex: at.index, pageSize: at.size }));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
      }
    },
    [isProvision, filters, accruedStage, page],
  );
  const goTo = (at: { index: number; size: (typeof ASSET_PAGE_SIZES)[number] }) => {
    setPage(at);
    void loadDetail(at);
  };

  useEffect(() => {
    void Promise.all([
      fetchCertificateTypes().then(setTypes),
      fetchPreparers().then(setMakers),
      fetchDepartments().then(setDepartments),
      assetClass ? fetchCategories(assetClass).then(setCategories) : Promise.resolve(),
      fetchSubjects().then((subjects) => {
        store.load(subjects, false);
        setChartLoaded((n) => n + 1);
      }),
    ]).catch(() => undefined);
    // The first defaults and detail page; later ones come from 查询, 预览凭证 and the pager.
    void Promise.resolve()
      .then(() => Promise.all([loadDefaults(), loadDetail()]))
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const definition = useMemo(
    () =>
      createAssetEntryGrid({
        lastLevel: (code) => {
          const s = store.subjectMap.get(code);
          return s ? s.lastLevel : undefined;
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [chartLoaded],
  );
  const cells = useMemo(() => voucherCellExtras(lookupsOf(store)), [store]);

  const accrualFen = toFen(accrualYuan);
  const [year, month] = (accruedStage ?? '').split('-').map(Number);
  const monthBounds =
    year && month
      ? {
          min: `${accruedStage}-01`,
          max: `${accruedStage}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`,
        }
      : null;

  const query = async () => {
    const first = { ...page, index: 1 };
    setPage(first);
    await Promise.all([loadDefaults(), loadDetail(first)]);
  };

  const save = async () => {
    const problem = assetEntriesProblem({ certificateType, maker }, rows, isProvision ? accrualFen : null);
    if (problem) return messageBox.fireAndForget(messageBox.alert(problem, { tone: 'warning' }));
    if (dateLocked && monthBounds && (date < monthBounds.min || date > monthBounds.max))
      return messageBox.fireAndForget(messageBox.alert(`凭证日期须在计提月份${year}年${month}月内`, { tone: 'warning' }));
    const lines = rows.filter((r) => r.summary?.trim() || r.subjectCode || r.moneyAmount);
    setBusy(true);
    try {
      const answer = await saveAssetVoucher({
        ...request(),
        czy: maker ?? '',
        certificateType: certificateType ?? 0,
        assetsDateTime: date,
        accruedStageMoney: accrualYuan,
        isAuto: false,
        subjectInfos: lines.map((r) => ({
          summary: r.summary ?? '',
          moneyAmount: fenToYuan(r.moneyAmount ?? 0),
          balanceDirection: r.balanceDirection ?? 1,
          subjectCode: r.subjectCode ?? '',
          auxis: r.auxis ? parseAuxiKey(r.auxis) : [],
        })),
      });
      const vouchers = answer.data.vouchers;
      setSaved(vouchers);
      setStatus(
        `已生成凭证${vouchers.length}张：${vouchers
          .slice(0, 10)
          .map((v) => v.text)
          .join('、')}`,
      );
      props.onSaved?.(vouchers);
      // Spec: the form resets but keeps the accrued period. Only a month's provision can have more left (the cards
      // of other departments, natures or categories); named cards, documents or items and a 181 month are vouchered
      // whole, and asking their defaults again would only be refused, so the form keeps what was saved.
      if (props.pzAssetType === PzAssetType.Provision) {
        await loadDefaults();
        await loadDetail();
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  const openClassification = async () => {
    if (!filters) return;
    try {
      setClassification(await fetchProvisionClassification(filters));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  const debitFen = rows.filter((r) => r.balanceDirection === 1).reduce((s, r) => s + (r.moneyAmount ?? 0), 0);
  const creditFen = rows.filter((r) => r.balanceDirection === 2).reduce((s, r) => s + (r.moneyAmount ?? 0), 0);
  const pages = detail ? Math.max(1, Math.ceil(detail.totalItemCount / page.size)) : 1;
  const toggleType = (id: number) =>
    setAetTypes((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const depthOf = (c: CategoryNode): number => (c.parentId ? 1 : 0);

  return (
    <ViewDialog
      title={props.title ?? (isProvision ? '计提生成凭证' : '生成凭证')}
      className="asset-voucher-dialog"
      escapeFromWithin={false}
      onClose={props.onClose}
    >
      <div className="asset-voucher-head" role="group" aria-label="凭证信息">
        <label>
          <span>凭证分类</span>
          <select
            aria-label="凭证分类"
            value={certificateType ?? ''}
            disabled={!!isAssetsInit}
            onChange={(e) => setCertificateType(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">请选择</option>
            {isAssetsInit && <option value={INIT_CATEGORY}>调账凭证</option>}
            {types.map((t) => (
              <option key={t.value} value={t.value}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>制单人</span>
          <select aria-label="制单人" value={maker ?? ''} onChange={(e) => setMaker(e.target.value || null)}>
            <option value="">请选择</option>
            {maker && !makers.some((m) => m.userName === maker) && <option value={maker}>{maker}</option>}
            {makers.map((m) => (
              <option key={m.userName} value={m.userName}>
                {m.userName}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>凭证日期</span>
          <input
            type="date"
            aria-label="凭证日期"
            value={date}
            min={dateLocked ? monthBounds?.min : undefined}
            max={dateLocked ? monthBounds?.max : undefined}
            onChange={(e) => setDate(e.target.value)}
          />
        </label>
        <label>
          <span>{isProvision ? '本次计提金额' : '本次生成金额'}</span>
          <output aria-label="本次计提金额" className="num">
            {yuanText(accrualYuan)}
          </output>
        </label>
        {offersOnePz && (
          <label className="asset-check">
            <input type="checkbox" checked={onePz} onChange={(e) => setOnePz(e.target.checked)} />
            <span>合并生成一张凭证</span>
          </label>
        )}
      </div>

      <div className="asset-voucher-filters" role="group" aria-label="筛选">
        <label>
          <span>部门</span>
          <DepartmentSelect
            label="部门"
            departments={departments}
            value={departmentId}
            onChange={setDepartmentId}
            noneLabel="全部"
          />
        </label>
        <label>
          <span>资产性质</span>
          <select
            aria-label="资产性质"
            value={nature ?? ''}
            onChange={(e) => setNature(e.target.value ? (Number(e.target.value) as 1 | 2) : null)}
          >
            <option value="">全部</option>
            {ASSET_NATURES.map((n) => (
              <option key={n.value} value={n.value}>
                {n.name}
              </option>
            ))}
          </select>
        </label>
        {categories.length > 0 && (
          <details className="asset-category-tree">
            <summary>资产分类{aetTypes.size > 0 ? `（已选${aetTypes.size}）` : ''}</summary>
            <ul role="tree" aria-label="资产分类" aria-multiselectable="true">
              {categories.map((c) => (
                <li key={c.id} role="treeitem" aria-selected={aetTypes.has(c.id)} style={{ paddingLeft: depthOf(c) * 16 }}>
                  <label>
                    <input type="checkbox" checked={aetTypes.has(c.id)} onChange={() => toggleType(c.id)} />
                    {c.code} {c.name}
                  </label>
                </li>
              ))}
            </ul>
          </details>
        )}
        <button type="button" className="btn" onClick={() => void query()}>
          查询
        </button>
        {isProvision && (
          <button type="button" className="btn" onClick={() => void openClassification()}>
            分类明细
          </button>
        )}
      </div>

      {isProvision && detail && (
        <div className="asset-voucher-detail">
          <table className="asset-table" aria-label="计提明细">
            <thead>
              <tr>
                <th>卡片编号</th>
                <th>资产名称</th>
                <th>资产分类</th>
                <th>计提期间</th>
                <th className="num">原值</th>
                <th className="num">本月计提</th>
                <th className="num">累计</th>
                <th className="num">净值</th>
                <th>已提/使用月数</th>
              </tr>
            </thead>
            <tbody>
              {detail.currentPageItems.map((r) => (
                <tr key={r.cardId}>
                  <td>{r.detailFixedNo}</td>
                  <td>{r.fixedName}</td>
                  <td>{r.sortsTypeName}</td>
                  <td>{r.accruedStageMonthsString}</td>
                  <td className="num">{yuanText(r.originalValue)}</td>
                  <td className="num">{yuanText(r.accruedValue)}</td>
                  <td className="num">{yuanText(r.cumulativeValue)}</td>
                  <td className="num">{yuanText(r.residualValue)}</td>
                  <td>{r.accrueddateString}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={4}>合计（{detail.totalItemCount}张）</td>
                <td className="num">{yuanText(detail.footer.originalValueSum)}</td>
                <td className="num">{yuanText(detail.footer.accruedValueSum)}</td>
                <td className="num">{yuanText(detail.footer.cumulativeValueSum)}</td>
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
          <div className="asset-pager" role="navigation" aria-label="分页">
            <button
              type="button"
              className="btn"
              disabled={page.index <= 1}
              onClick={() => goTo({ ...page, index: page.index - 1 })}
            >
              上一页
            </button>
            <span>
              第{page.index}/{pages}页
            </span>
            <button
              type="button"
              className="btn"
              disabled={page.index >= pages}
              onClick={() => goTo({ ...page, index: page.index + 1 })}
            >
              下一页
            </button>
            <select
              aria-label="每页条数"
              value={page.size}
              onChange={(e) => goTo({ index: 1, size: Number(e.target.value) as (typeof ASSET_PAGE_SIZES)[number] })}
            >
              {ASSET_PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}条/页
                </option>
              ))}
            </select>
          </div>
        </div>
      )}

      <div className="asset-voucher-entries">
        <GridEditor<AssetEntryRow>
          key={`${loads}-${chartLoaded}`}
          definition={definition}
          rows={rows}
          toolbar={false}
          cells={cells}
          createRow={(rowId) => blankRow(rowId)}
          onChange={setRows}
          onSave={() => void save()}
          label="分录"
          height={220}
        />
        <div className="asset-voucher-totals" role="status">
          借方合计 {formatFen(debitFen)}
          {'\u3000'}贷方合计 {formatFen(creditFen)}
          {isProvision ? `\u3000本次计提金额 ${formatFen(accrualFen)}` : ''}
        </div>
      </div>

      <div className="asset-voucher-actions" role="toolbar" aria-label="凭证操作">
        <span className="voucher-status" role="status">
          {status}
        </span>
        <button
          type="button"
          className="btn"
          disabled={saved.length === 0}
          onClick={() => {
            const first = saved[0];
            if (first) void navigate(`${VOUCHER_ADD_PATH}?id=${encodeURIComponent(first.id)}`);
          }}
        >
          查看凭证
        </button>
        <button type="button" className="btn" onClick={() => void loadDefaults()}>
          预览凭证
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save()}>
          保存凭证
        </button>
      </div>

      {classification && <ClassificationDialog data={classification} onClose={() => setClassification(null)} />}
    </ViewDialog>
  );
}

const TABS = [
  ['item2', '按资产分类'],
  ['item3', '按部门'],
  ['item1', '按资产性质'],
] as const;

/** 分类明细: the month's provisions by type, department and nature. */
export function ClassificationDialog({ data, onClose }: { data: ProvisionClassification; onClose: () => void }) {
  const [tab, setTab] = useState<(typeof TABS)[number][0]>('item2');
  const rows = data[tab];
  const total = rows.reduce((s, r) => s + toFen(r.accruedValue), 0);
  return (
    <ViewDialog title="分类计提明细" className="asset-classification-dialog" onClose={onClose}>
      <div role="tablist" aria-label="分类">
        {TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={tab === key ? 'btn btn-primary' : 'btn'}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <table className="asset-table" role="tabpanel" aria-label="分类明细">
        <thead>
          <tr>
            <th>分类</th>
            <th className="num">卡片数</th>
            <th className="num">本月计提</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.sortsTypeName}>
              <td>{r.sortsTypeName}</td>
              <td className="num">{r.cardCount}</td>
              <td className="num">{yuanText(r.accruedValue)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>合计</td>
            <td />
            <td className="num">{formatFen(total)}</td>
          </tr>
        </tfoot>
      </table>
    </ViewDialog>
  );
}
