/**
 * 资产处置 (/fixed-assets/fixed-assets/documents): tabs 固定资产处置 / 无形资产处置 / 库存物品出库 list the documents on
 * the one grid editor (grids/asset-documents.ts); right-click 新增行 adds, 编辑 edits, 删除行 deletes (the toolbar does
 * the same); 生成凭证 makes the selected documents' vouchers (one each, or one for all). The 资产变动 tab records a
 * change of a card's original value and makes the asset-change voucher (spec §5 checks).
 */
import { useCallback, useEffect, useState } from 'react';
import { assetDocumentsGrid, toAssetDocumentGridRow, type AssetDocumentGridRow } from '../../../grids/asset-documents.js';
import type { AssetDocumentCard, AssetDocumentRow } from '../../shared/api/schemas/assets-documents.js';
import { DISPOSE_TYPES } from '../../shared/assets/constants.js';
import { GridEditor } from '../grid/GridEditor.js';
import { Pager } from '../user-center/common/Pager.js';
import { messageBox } from '../message-box/message-box.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { PageTabs } from '../layout/PageTabs.js';
import { usePageTitle } from '../shell/page-title.js';
import {
  deleteDocuments,
  generateDocumentVouchers,
  loadDocumentCards,
  loadDocuments,
  saveDocument,
} from './asset-documents-api.js';
import { AssetChangePanel } from './AssetChangePanel.js';

const TABS = [
  { value: 1, name: '固定资产处置' },
  { value: 2, name: '无形资产处置' },
  { value: 3, name: '库存物品出库' },
  { value: 4, name: '资产变动' },
] as const;

export function AssetDocumentsPage() {
  usePageTitle('资产处置');
  const [tab, setTab] = useState<number>(1);
  return (
    <div className="page asset-documents">
      <PageTabs label="资产处置" tabs={TABS} value={tab} onChange={setTab} />
      {tab === 4 ? <AssetChangePanel /> : <DocumentList key={tab} assetClass={tab} />}
    </div>
  );
}

function DocumentList({ assetClass }: { assetClass: number }) {
  const [rows, setRows] = useState<AssetDocumentRow[]>([]);
  const [total, setTotal] = useState(0);
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState<number>(20);
  const [selected, setSelected] = useState<string[]>([]);
  const [focused, setFocused] = useState<string | null>(null);
  const [editing, setEditing] = useState<AssetDocumentRow | 'new' | null>(null);
  const [onePz, setOnePz] = useState(false);

  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    void loadDocuments(assetClass, pageIndex, pageSize).then((page) => {
      if (!live) return;
      setRows(page.currentPageItems);
      setTotal(page.totalItemCount);
    });
    return () => {
      live = false;
    };
  }, [assetClass, pageIndex, pageSize, version]);

  const chosen = () => (selected.length > 0 ? selected : focused ? [focused] : []);
  const edit = () => {
    const row = rows.find((r) => r.id === (chosen()[0] ?? ''));
    if (row) setEditing(row);
  };
  const remove = async () => {
    const ids = chosen();
    if (ids.length === 0) return;
    await messageBox.confirm(`确定删除选中的${ids.length}张单据？卡片将恢复`);
    await deleteDocuments(ids);
    reload();
  };
  const generate = async () => {
    const ids = chosen().filter((id) => !rows.find((r) => r.id === id)?.isGenerateCertificate);
    const answer = await generateDocumentVouchers(assetClass, ids, onePz);
    void messageBox.alert(`已生成${answer.vouchers.length}张凭证：${answer.vouchers.map((v) => v.text).join('、')}`);
    reload();
  };

  return (
    <div className="asset-document-list">
      <div className="toolbar">
        <button onClick={() => setEditing('new')}>新增</button>
        <button onClick={edit}>修改</button>
        <button onClick={() => void remove()}>删除</button>
        <label>
          <input type="checkbox" checked={onePz} onChange={(e) => setOnePz(e.target.checked)} /> 合并生成一张凭证
        </label>
        <button className="primary" onClick={() => void generate()}>
          生成凭证
        </button>
      </div>
      <GridEditor<AssetDocumentGridRow>
        definition={assetDocumentsGrid}
        rows={rows.map(toAssetDocumentGridRow)}
        readOnly
        selectable
        label="资产处置单据"
        onSelectionChange={setSelected}
        onFocusedRowChange={setFocused}
        onRowOpen={(rowId) => {
          const row = rows.find((r) => r.id === rowId);
          if (row) setEditing(row);
        }}
        onCommand={(id, at) => {
          if (at) setFocused(at.rowId);
          if (id === 'insertRowAfter' || id === 'insertRowBefore') setEditing('new');
          else if (id === 'editCell') edit();
          else if (id === 'deleteRow') void remove();
        }}
        fill
      />
      <Pager
        label="资产单据"
        total={total}
        page={{ pageIndex, pageSize }}
        onChange={(next) => {
          setPageSize(next.pageSize);
          setPageIndex(next.pageIndex);
        }}
      />
      {editing && (
        <DocumentDialog
          assetClass={assetClass}
          document={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
            reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function DocumentDialog({
  assetClass,
  document,
  onDone,
  onCancel,
}: {
  assetClass: number;
  document: AssetDocumentRow | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const inventory = assetClass === 3;
  const [cards, setCards] = useState<AssetDocumentCard[]>([]);
  const [docDate, setDocDate] = useState(document?.repayDate ?? today());
  const [disposeType, setDisposeType] = useState(document?.disposeOfType || 1);
  const [amount, setAmount] = useState(document ? String(document.disposeOfAmount) : '');
  const [cost, setCost] = useState(document ? String(document.disposeCost) : '');
  const [picked, setPicked] = useState<Record<string, number>>(
    Object.fromEntries((document?.lines ?? []).map((l) => [l.cardId, l.quantity])),
  );
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadDocumentCards(assetClass, document?.id).then(setCards);
  }, [assetClass, document?.id]);

  const submit = async () => {
    setBusy(true);
    try {
      await saveDocument({
        ...(document ? { id: document.id, revision: document.revision } : {}),
        assetClass,
        docDate,
        ...(inventory ? {} : { disposeOfType: disposeType, disposeOfAmount: amount || '0', disposeCost: cost || '0' }),
        lines: Object.entries(picked).map(([cardId, quantity]) => ({ cardId, ...(inventory ? { quantity } : {}) })),
      });
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={document ? `修改单据 ${document.documentNo}` : inventory ? '新增出库单' : '新增处置单'}
      busy={busy}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <label className="field">
        <span>{inventory ? '出库日期' : '处置日期'}</span>
        <input type="date" aria-label="单据日期" value={docDate} onChange={(e) => setDocDate(e.target.value)} />
      </label>
      {!inventory && (
        <>
          <label className="field">
            <span>处置方式</span>
            <select aria-label="处置方式" value={disposeType} onChange={(e) => setDisposeType(Number(e.target.value))}>
              {DISPOSE_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>变价收入</span>
            <input aria-label="变价收入" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </label>
          <label className="field">
            <span>处置费用</span>
            <input aria-label="处置费用" inputMode="decimal" value={cost} onChange={(e) => setCost(e.target.value)} />
          </label>
        </>
      )}
      <table className="asset-document-cards">
        <thead>
          <tr>
            <th />
            <th>卡片编号</th>
            <th>名称</th>
            <th>原值</th>
            <th>累计折旧(摊销)</th>
            <th>净值</th>
            {inventory && <th>出库数量</th>}
          </tr>
        </thead>
        <tbody>
          {cards.map((c) => (
            <tr key={c.id}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`选择${c.cardNo}`}
                  checked={c.id in picked}
                  onChange={(e) => {
                    const next = { ...picked };
                    if (e.target.checked) next[c.id] = inventory ? c.quantity : 1;
                    else delete next[c.id];
                    setPicked(next);
                  }}
                />
              </td>
              <td>{c.cardNo}</td>
              <td>{c.name}</td>
              <td className="num">{c.originalValue.toFixed(2)}</td>
              <td className="num">{c.accumulatedDepreciation.toFixed(2)}</td>
              <td className="num">{c.residualValue.toFixed(2)}</td>
              {inventory && (
                <td>
                  <input
                    type="number"
                    min={1}
                    max={c.quantity}
                    aria-label={`出库数量${c.cardNo}`}
                    value={picked[c.id] ?? ''}
                    disabled={!(c.id in picked)}
                    onChange={(e) => setPicked({ ...picked, [c.id]: Number(e.target.value) })}
                  />
                  /{c.quantity}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </FormDialog>
  );
}
