/**
 * 资产卡片 (/fixed-assets/fixed-assets/cards): tabs per class list the cards on the one grid editor
 * (grids/asset-cards.ts), paged 20/30/40/50 and filtered by category, department, nature, state and text (the low-value
 * warning drills here with ?cardNo=). Right-click 新增行 adds, 编辑 edits, 删除行 deletes (the toolbar does the same);
 * the card dialog offers the next card number, and when the server refuses a unit price below the fixed-asset standard
 * (1000 / 1500 元) it asks and resends with belowThreshold. 审核 / 反审核 (review), 分配 (modify: department, usage,
 * keeper) and 生成凭证 (voucher: the asset voucher dialog, kind 1, for the selected reviewed cards without a voucher).
 * Every button follows the user's rights on the page.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { assetCardsGrid, toAssetCardGridRow, type AssetCardGridRow } from '../../../grids/asset-cards.js';
import type { AssetCard, AssetCategory } from '../../shared/api/schemas/assets-cards.js';
import { ASSET_CLASSES, ASSET_NATURES, ASSET_USAGES, type AssetClassCode } from '../../shared/assets/constants.js';
import { GridEditor } from '../grid/GridEditor.js';
import { Pager } from '../user-center/common/Pager.js';
import { messageBox } from '../message-box/message-box.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { PermissionButton, usePermission } from '../shell/Permission.js';
import { PageTabs } from '../layout/PageTabs.js';
import { usePageTitle } from '../shell/page-title.js';
import { ApiError } from '../shell/request.js';
import {
  allotCards,
  deleteCards,
  loadCards,
  loadCategories,
  reviewCards,
  saveCard,
  type AssetDepartment,
} from './asset-cards-api.js';
import { treeOrder } from './AssetSettingsPage.js';
import { AssetVoucherDialog } from './AssetVoucherDialog.js';
import { CardFields, cardSaveOf, useCardForm } from './CardForm.js';
import { DepartmentSelect, useAssetDepartments } from './DepartmentSelect.js';
import './assets.css';

/** The server's state filter (AssetCardStateFilter in the cards schema). */
const STATES = [
  { value: 1, name: '未审核' },
  { value: 2, name: '已审核' },
  { value: 3, name: '已生成凭证' },
] as const;

/** The threshold refusal's text starts so (cards-messages belowThreshold). */
const THRESHOLD_PREFIX = '单价低于';

export function AssetCardsPage() {
  usePageTitle('资产卡片');
  const [params] = useSearchParams();
  const cardNo = params.get('cardNo') ?? '';
  const [assetClass, setAssetClass] = useState<AssetClassCode>(1);
  return (
    <div className="page asset-cards">
      <PageTabs label="资产大类" tabs={ASSET_CLASSES} value={assetClass} onChange={setAssetClass} />
      <CardList key={`${assetClass}-${cardNo}`} assetClass={assetClass} initialText={cardNo} />
    </div>
  );
}

interface Filters {
  categoryId: number | null;
  departmentId: number | null;
  nature: number | null;
  state: number | null;
  text: string;
}

/** The category and its descendants, for the server's categoryIds filter. */
function withDescendants(categories: readonly AssetCategory[], id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const c of categories) if (c.parentId === out[i]) out.push(c.id);
  return out;
}

function CardList({ assetClass, initialText }: { assetClass: AssetClassCode; initialText: string }) {
  const { has } = usePermission();
  const [rows, setRows] = useState<AssetCard[]>([]);
  const [total, setTotal] = useState(0);
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState<number>(20);
  const [selected, setSelected] = useState<string[]>([]);
  const [focused, setFocused] = useState<string | null>(null);
  const [editing, setEditing] = useState<AssetCard | 'new' | null>(null);
  const [allotting, setAllotting] = useState<string[] | null>(null);
  const [voucherCards, setVoucherCards] = useState<string[] | null>(null);
  const [categories, setCategories] = useState<AssetCategory[]>([]);
  const departments = useAssetDepartments();
  const [filters, setFilters] = useState<Filters>({
    categoryId: null,
    departmentId: null,
    nature: null,
    state: null,
    text: initialText,
  });
  const [textDraft, setTextDraft] = useState(initialText);

  useEffect(() => {
    void loadCategories(assetClass).then(setCategories);
  }, [assetClass]);

  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    void loadCards({
      assetClass,
      pageIndex,
      pageSize,
      ...(filters.categoryId ? { categoryIds: withDescendants(categories, filters.categoryId).join(',') } : {}),
      ...(filters.departmentId ? { departmentId: filters.departmentId } : {}),
      ...(filters.nature ? { nature: filters.nature } : {}),
      ...(filters.state ? { state: filters.state } : {}),
      ...(filters.text.trim() ? { text: filters.text.trim() } : {}),
    }).then((page) => {
      if (!live) return;
      setRows(page.currentPageItems);
      setTotal(page.totalItemCount);
    });
    return () => {
      live = false;
    };
    // categories: only the category filter reads them, and it is set after they load
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [assetClass, pageIndex, pageSize, filters, version]);

  const setFilter = (patch: Partial<Filters>) => {
    setPageIndex(1);
    setFilters((f) => ({ ...f, ...patch }));
  };
  const chosen = () => (selected.length > 0 ? selected : focused ? [focused] : []);
  const chosenCards = () => chosen().flatMap((id) => rows.filter((r) => r.id === id));
  const edit = () => {
    const card = chosenCards()[0];
    if (card) setEditing(card);
  };
  const remove = async () => {
    const ids = chosen();
    if (ids.length === 0) return;
    await messageBox.confirm(`确定删除选中的${ids.length}张资产卡片？`);
    await deleteCards(ids);
    reload();
  };
  const review = async (isReview: boolean) => {
    const ids = chosenCards()
      .filter((c) => c.isReview !== isReview)
      .map((c) => c.id);
    if (ids.length === 0) {
      void messageBox.alert(isReview ? '请选择未审核的资产卡片' : '请选择已审核的资产卡片');
      return;
    }
    const answer = await reviewCards(ids, isReview);
    void messageBox.alert(`已${isReview ? '审核' : '反审核'}${answer.changed}张资产卡片`);
    reload();
  };
  const allot = () => {
    const ids = chosen();
    if (ids.length === 0) void messageBox.alert('请选择资产卡片');
    else setAllotting(ids);
  };
  const generate = () => {
    const ids = chosenCards()
      .filter((c) => c.isReview && !c.isGenerateCertificate)
      .map((c) => c.id);
    if (ids.length === 0) void messageBox.alert('请选择已审核且未生成凭证的资产卡片');
    else setVoucherCards(ids);
  };
  const gridRows = useMemo(() => rows.map(toAssetCardGridRow), [rows]);
  const leafCategories = useMemo(() => treeOrder(categories), [categories]);

  return (
    <div className="asset-card-list">
      <div className="toolbar asset-card-filters">
        <select
          aria-label="资产类别"
          value={filters.categoryId ?? ''}
          onChange={(e) => setFilter({ categoryId: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">全部类别</option>
          {leafCategories.map(({ category: c, depth }) => (
            <option key={c.id} value={c.id}>
              {'\u3000'.repeat(depth)}
              {c.code} {c.name}
            </option>
          ))}
        </select>
        <DepartmentSelect
          label="使用部门"
          departments={departments}
          value={filters.departmentId}
          onChange={(departmentId) => setFilter({ departmentId })}
          noneLabel="全部部门"
        />
        <select
          aria-label="资产性质"
          value={filters.nature ?? ''}
          onChange={(e) => setFilter({ nature: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">全部性质</option>
          {ASSET_NATURES.map((n) => (
            <option key={n.value} value={n.value}>
              {n.name}
            </option>
          ))}
        </select>
        <select
          aria-label="状态"
          value={filters.state ?? ''}
          onChange={(e) => setFilter({ state: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">全部状态</option>
          {STATES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.name}
            </option>
          ))}
        </select>
        <input
          aria-label="编号或名称"
          placeholder="编号或名称"
          value={textDraft}
          onChange={(e) => setTextDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setFilter({ text: textDraft });
          }}
        />
        <button type="button" className="btn" onClick={() => setFilter({ text: textDraft })}>
          查询
        </button>
      </div>
      <div className="toolbar">
        <PermissionButton value="add" onClick={() => setEditing('new')}>
          新增
        </PermissionButton>
        <PermissionButton value="edit" onClick={edit}>
          修改
        </PermissionButton>
        <PermissionButton value="delete" onClick={() => void remove()}>
          删除
        </PermissionButton>
        <PermissionButton value="review" onClick={() => void review(true)}>
          审核
        </PermissionButton>
        <PermissionButton value="review" onClick={() => void review(false)}>
          反审核
        </PermissionButton>
        <PermissionButton value="modify" onClick={allot}>
          分配
        </PermissionButton>
        <PermissionButton value="voucher" primary onClick={generate}>
          生成凭证
        </PermissionButton>
      </div>
      <GridEditor<AssetCardGridRow>
        definition={assetCardsGrid}
        rows={gridRows}
        readOnly
        selectable
        label="资产卡片"
        onSelectionChange={setSelected}
        onFocusedRowChange={setFocused}
        onRowOpen={(rowId) => {
          const card = rows.find((r) => r.id === rowId);
          if (card && has('edit')) setEditing(card);
        }}
        onCommand={(id, at) => {
          if (at) setFocused(at.rowId);
          if ((id === 'insertRowAfter' || id === 'insertRowBefore') && has('add')) setEditing('new');
          else if (id === 'editCell' && has('edit')) edit();
          else if (id === 'deleteRow' && has('delete')) void remove();
        }}
        fill
      />
      <Pager
        label="资产卡片"
        total={total}
        page={{ pageIndex, pageSize }}
        onChange={(next) => {
          setPageSize(next.pageSize);
          setPageIndex(next.pageIndex);
        }}
      />
      {editing && (
        <CardDialog
          assetClass={assetClass}
          card={editing === 'new' ? null : editing}
          categories={categories}
          departments={departments}
          onDone={() => {
            setEditing(null);
            reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {allotting && (
        <AllotDialog
          ids={allotting}
          departments={departments}
          onDone={() => {
            setAllotting(null);
            reload();
          }}
          onCancel={() => setAllotting(null)}
        />
      )}
      {voucherCards && (
        <AssetVoucherDialog
          pzAssetType={1}
          assetClass={assetClass}
          assetsCards={voucherCards}
          onePzDefault={false}
          title="资产卡片生成凭证"
          onClose={() => {
            setVoucherCards(null);
            reload();
          }}
          onSaved={(vouchers) => {
            // The cards now have their vouchers: the dialog closes (its defaults for these cards are spent).
            setVoucherCards(null);
            reload();
            void messageBox.alert(`已生成凭证${vouchers.length}张：${vouchers.map((v) => v.text).join('、')}`);
          }}
        />
      )}
    </div>
  );
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function CardDialog({
  assetClass,
  card,
  categories,
  departments,
  onDone,
  onCancel,
}: {
  assetClass: AssetClassCode;
  card: AssetCard | null;
  categories: readonly AssetCategory[];
  departments: readonly AssetDepartment[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const form = useCardForm(assetClass, card, today());
  const [busy, setBusy] = useState(false);
  const locked = card !== null && (card.hasProvisions || card.isGenerateCertificate);

  const send = async (belowThreshold: boolean): Promise<void> => {
    try {
      await saveCard({
        ...cardSaveOf(assetClass, card, form.values, { accumulated: false, custody: true }),
        ...(belowThreshold ? { belowThreshold: true } : {}),
      });
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (!belowThreshold && error.message.startsWith(THRESHOLD_PREFIX)) {
        try {
          await messageBox.confirm(error.message);
        } catch {
          return;
        }
        await send(true);
        return;
      }
      void messageBox.alert(error.message || '保存失败');
    }
  };
  const submit = async () => {
    setBusy(true);
    try {
      await send(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={card ? `修改资产卡片 ${card.cardNo}` : '新增资产卡片'}
      className="asset-card-dialog"
      busy={busy}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <CardFields {...form} categories={categories} departments={departments} locked={locked} custody />
    </FormDialog>
  );
}

function AllotDialog({
  ids,
  departments,
  onDone,
  onCancel,
}: {
  ids: readonly string[];
  departments: readonly AssetDepartment[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [usage, setUsage] = useState(1);
  const [keeper, setKeeper] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const answer = await allotCards({ ids, departmentId, usage, keeper });
      void messageBox.alert(`已分配${answer.changed}张资产卡片`);
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog title={`分配资产（${ids.length}张）`} busy={busy} onSubmit={() => void submit()} onCancel={onCancel}>
      <label className="field">
        <span>使用部门</span>
        <DepartmentSelect
          label="使用部门"
          departments={departments}
          value={departmentId}
          onChange={setDepartmentId}
          noneLabel="（无）"
        />
      </label>
      <label className="field">
        <span>用途</span>
        <select aria-label="用途" value={usage} onChange={(e) => setUsage(Number(e.target.value))}>
          {ASSET_USAGES.map((u) => (
            <option key={u.value} value={u.value}>
              {u.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>保管人</span>
        <input aria-label="保管人" value={keeper} onChange={(e) => setKeeper(e.target.value)} />
      </label>
    </FormDialog>
  );
}
