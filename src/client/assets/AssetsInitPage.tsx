/**
 * 资产初始化 (/fixed-assets/fixed-assets/assets-init): the cards keyed at initialisation with their accumulated
 * depreciation, per class (tabs 固定资产 / 无形资产 / 库存物品), on the one grid editor (grids/asset-init.ts); right-click
 * 新增行 / 编辑 / 删除行 (or the toolbar, or a double click) open the card dialog. 下载模板 and 导入 load cards from a
 * workbook (a refused import lists each row and its reason, nothing imported). The check below compares the cards
 * with the ledger's openings per class (162/163, 171/172, 141) with the difference; 完成初始化 is refused by the server
 * unless every class agrees (its message shows), 取消初始化 reopens. The shell sends the other asset pages here while
 * the assets are not initialised. After finishing (and on entering once finished) in 2022 the accrual dialog offers
 * the catch-up depreciation (AccrualDialog).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { assetInitGrid, toAssetInitGridRow, type AssetInitGridRow } from '../../../grids/asset-init.js';
import type { AssetCard, AssetCategory, AssetInitState } from '../../shared/api/schemas/assets-cards.js';
import { ASSET_CLASSES } from '../../shared/assets/constants.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { GridEditor } from '../grid/GridEditor.js';
import { Pager } from '../user-center/common/Pager.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { messageBox } from '../message-box/message-box.js';
import { PageTabs } from '../layout/PageTabs.js';
import { usePageTitle } from '../shell/page-title.js';
import { Permission } from '../shell/Permission.js';
import './assets-init.css';
import { AccrualDialog, shouldOfferAccrual } from './AccrualDialog.js';
import {
  cancelInit,
  deleteInitCards,
  downloadInitTemplate,
  finishInit,
  importInitCards,
  loadInitCards,
  loadInitState,
  saveInitCard,
} from './asset-init-api.js';
import { loadCategories } from './asset-cards-api.js';
import { useAssetDepartments } from './DepartmentSelect.js';
import { CardFields, cardSaveOf, useCardForm } from './CardForm.js';

const yuan = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** The difference cards − ledger in yuan, computed in fen so it is exact. */
const diff = (cards: number, ledger: number) => fenToYuan(Math.round(cards * 100) - Math.round(ledger * 100));

export function AssetsInitPage() {
  usePageTitle('资产初始化');
  const [assetClass, setAssetClass] = useState<number>(1);
  const [state, setState] = useState<AssetInitState | null>(null);
  const [version, setVersion] = useState(0);
  const [issues, setIssues] = useState<{ row: number; message: string }[]>([]);
  const [accrual, setAccrual] = useState(false);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const file = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    void loadInitState().then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, [version]);
  // Entering the page once finished: the 2022 accrual, when not yet made nor declined.
  useEffect(() => {
    void shouldOfferAccrual().then((offer) => {
      if (offer) setAccrual(true);
    });
  }, []);

  const done = state?.initDone ?? false;
  const finish = async () => {
    const answer = await finishInit();
    setState(answer.data);
    await messageBox.alert(answer.message || '资产初始化完成');
    if (await shouldOfferAccrual()) setAccrual(true);
  };
  const cancel = async () => {
    await messageBox.confirm('确定取消资产初始化？');
    const answer = await cancelInit();
    setState(answer.data);
    void messageBox.alert(answer.message || '已取消资产初始化');
  };
  const upload = async (f: File) => {
    const outcome = await importInitCards(f);
    if (outcome.kind === 'refused') setIssues(outcome.issues);
    else if (outcome.kind === 'done') {
      setIssues([]);
      void messageBox.alert(outcome.message);
      reload();
    }
  };

  return (
    <div className="page asset-init">
      <div className="asset-init-toolbar" role="toolbar">
        <span className={done ? 'page-state done' : 'page-state todo'} data-testid="init-state">
          {done ? '已完成初始化' : '未完成初始化'}
        </span>
        <button type="button" className="btn" onClick={() => void downloadInitTemplate()}>
          下载模板
        </button>
        <Permission value="import">
          <button type="button" className="btn" disabled={done} onClick={() => file.current?.click()}>
            导入
          </button>
        </Permission>
        <input
          ref={file}
          type="file"
          accept=".xlsx"
          aria-label="导入文件"
          hidden
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void upload(f);
          }}
        />
        {done ? (
          <Permission value="edit">
            <button type="button" className="btn" onClick={() => void cancel()}>
              取消初始化
            </button>
          </Permission>
        ) : (
          <Permission value="edit">
            <button type="button" className="btn btn-primary" onClick={() => void finish()}>
              完成初始化
            </button>
          </Permission>
        )}
      </div>
      {issues.length > 0 && (
        <div className="import-issues" role="alert" aria-label="导入未通过的行">
          <div>
            导入文件有{issues.length}行数据不正确，未导入：
            <button type="button" className="btn btn-link" onClick={() => setIssues([])}>
              关闭
            </button>
          </div>
          <ul>
            {issues.map((i) => (
              <li key={`${i.row}-${i.message}`}>{i.message}</li>
            ))}
          </ul>
        </div>
      )}
      <PageTabs label="资产大类" tabs={ASSET_CLASSES} value={assetClass} onChange={setAssetClass} />
      <InitCardList key={`${assetClass}-${version}`} assetClass={assetClass} locked={done} onChanged={reload} />
      {state && <InitCheck state={state} />}
      {accrual && (
        <AccrualDialog
          onClose={() => {
            setAccrual(false);
            reload();
          }}
        />
      )}
    </div>
  );
}

/** The check against the ledger per class: cards, ledger openings and the difference, original and accumulated. */
function InitCheck({ state }: { state: AssetInitState }) {
  return (
    <table className="asset-init-check" aria-label="资产与总账核对">
      <thead>
        <tr>
          <th>资产大类</th>
          <th>科目</th>
          <th>卡片原值</th>
          <th>总账期初</th>
          <th>差额</th>
          <th>卡片累计折旧(摊销)</th>
          <th>总账期初</th>
          <th>差额</th>
          <th>核对结果</th>
        </tr>
      </thead>
      <tbody>
        {state.classes.map((c) => (
          <tr key={c.assetClass} data-testid={`check-${c.assetClass}`}>
            <td>{c.name}</td>
            <td>
              {c.costSubject}
              {c.provisionSubject ? ` / ${c.provisionSubject}` : ''}
            </td>
            <td className="num">{yuan(c.cardsOriginal)}</td>
            <td className="num">{yuan(c.ledgerOriginal)}</td>
            <td className="num">{yuan(diff(c.cardsOriginal, c.ledgerOriginal))}</td>
            <td className="num">{c.provisionSubject ? yuan(c.cardsAccumulated) : ''}</td>
            <td className="num">{c.provisionSubject ? yuan(c.ledgerAccumulated) : ''}</td>
            <td className="num">{c.provisionSubject ? yuan(diff(c.cardsAccumulated, c.ledgerAccumulated)) : ''}</td>
            <td className={c.agrees ? 'ok' : 'error'}>{c.agrees ? '一致' : '不一致'}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={9} className={state.agrees ? 'ok' : 'error'} data-testid="check-all">
            {state.agrees ? '资产与总账期初余额一致' : '资产与总账期初余额不一致，不能完成初始化'}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function InitCardList({ assetClass, locked, onChanged }: { assetClass: number; locked: boolean; onChanged: () => void }) {
  const [rows, setRows] = useState<AssetCard[]>([]);
  const [total, setTotal] = useState(0);
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState<number>(20);
  const [selected, setSelected] = useState<string[]>([]);
  const [focused, setFocused] = useState<string | null>(null);
  const [editing, setEditing] = useState<AssetCard | 'new' | null>(null);

  useEffect(() => {
    let live = true;
    void loadInitCards(assetClass, pageIndex, pageSize).then((page) => {
      if (!live) return;
      setRows(page.currentPageItems);
      setTotal(page.totalItemCount);
    });
    return () => {
      live = false;
    };
  }, [assetClass, pageIndex, pageSize]);

  const chosen = () => (selected.length > 0 ? selected : focused ? [focused] : []);
  const add = () => {
    if (!locked) setEditing('new');
  };
  const edit = () => {
    const row = rows.find((r) => r.id === (chosen()[0] ?? ''));
    if (row && !locked) setEditing(row);
  };
  const remove = async () => {
    const ids = chosen();
    if (ids.length === 0 || locked) return;
    await messageBox.confirm(`确定删除选中的${ids.length}张初始化卡片？`);
    await deleteInitCards(ids);
    onChanged();
  };

  return (
    <div className="asset-init-list">
      <div className="asset-init-toolbar" role="toolbar">
        <Permission value="edit">
          <button type="button" className="btn" disabled={locked} onClick={add}>
            新增
          </button>
        </Permission>
        <Permission value="edit">
          <button type="button" className="btn" disabled={locked} onClick={edit}>
            修改
          </button>
        </Permission>
        <Permission value="edit">
          <button type="button" className="btn" disabled={locked} onClick={() => void remove()}>
            删除
          </button>
        </Permission>
      </div>
      <GridEditor<AssetInitGridRow>
        definition={assetInitGrid}
        rows={rows.map(toAssetInitGridRow)}
        readOnly
        selectable
        label="初始化资产卡片"
        onSelectionChange={setSelected}
        onFocusedRowChange={setFocused}
        onRowOpen={(rowId) => {
          const row = rows.find((r) => r.id === rowId);
          if (row && !locked) setEditing(row);
        }}
        onCommand={(id, at) => {
          if (at) setFocused(at.rowId);
          if (id === 'insertRowAfter' || id === 'insertRowBefore') add();
          else if (id === 'editCell') edit();
          else if (id === 'deleteRow') void remove();
        }}
        fill
      />
      <Pager
        label="初始化卡片"
        total={total}
        page={{ pageIndex, pageSize }}
        onChange={(next) => {
          setPageSize(next.pageSize);
          setPageIndex(next.pageIndex);
        }}
      />
      {editing && (
        <InitCardDialog
          assetClass={assetClass}
          card={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
            onChanged();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}

/** Keys one init card: the card's fields and its accumulated depreciation (amortisation) at initialisation. */
function InitCardDialog({
  assetClass,
  card,
  onDone,
  onCancel,
}: {
  assetClass: number;
  card: AssetCard | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [categories, setCategories] = useState<AssetCategory[]>([]);
  const departments = useAssetDepartments();
  const form = useCardForm(assetClass, card, '');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadCategories(assetClass).then(setCategories);
  }, [assetClass]);

  const submit = async () => {
    setBusy(true);
    try {
      await saveInitCard(cardSaveOf(assetClass, card, form.values, { accumulated: assetClass !== 3, custody: false }));
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={card ? `修改初始化卡片 ${card.cardNo}` : '新增初始化卡片'}
      className="asset-init-card"
      busy={busy}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <div className="asset-init-fields">
        <CardFields
          {...form}
          categories={categories}
          departments={departments}
          {...(assetClass !== 3 ? { accumulatedLabel: assetClass === 2 ? '累计摊销' : '累计折旧' } : {})}
        />
      </div>
    </FormDialog>
  );
}
