/**
 * 长期待摊费用 (181, /fixed-assets/fixed-assets/long-amortion): the items on the one grid editor
 * (grids/long-amortion.ts); right-click 新增行 adds, 编辑 edits, 删除行 deletes through the dialog (the toolbar does the
 * same); 审核 / 反审核; 生成凭证 makes the selected additions' voucher (AssetVoucherDialog, pzAssetType 6). Below, the
 * year's months (longAmortionMonthList): 摊销 opens the dialog for that month (pzAssetType 5), and the chosen month's
 * amortisation detail (amortionDetails, preview when not yet amortised) with its totals and 导出 (the server's
 * workbook).
 */
import { useCallback, useEffect, useState } from 'react';
import {
  amortionDetailGrid,
  longAmortionGrid,
  toAmortionDetailGridRow,
  toLongAmortionGridRow,
  type AmortionDetailGridRow,
  type LongAmortionGridRow,
} from '../../../grids/long-amortion.js';
import type { AmortionDetailList, LongAmortionItem, LongMonthRow } from '../../shared/api/schemas/assets-long.js';
import { PzAssetType } from '../../shared/assets/constants.js';
import { GridEditor } from '../grid/GridEditor.js';
import { Pager } from '../user-center/common/Pager.js';
import { messageBox } from '../message-box/message-box.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { usePageTitle } from '../shell/page-title.js';
import { useSession } from '../shell/session-store.js';
import { DepartmentSelect, useAssetDepartments } from './DepartmentSelect.js';
import { AssetVoucherDialog } from './AssetVoucherDialog.js';
import {
  deleteLongItems,
  exportAmortionDetail,
  loadAmortionDetail,
  loadLongItems,
  loadLongMonths,
  reviewLongItems,
  saveLongItem,
} from './long-amortion-api.js';
import './assets.css';

const stageOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

export function LongAmortionPage() {
  usePageTitle('长期待摊费用');
  const year = useSession((s) => s.authInfo?.year) ?? new Date().getFullYear();
  const [items, setItems] = useState<LongAmortionItem[]>([]);
  const [total, setTotal] = useState(0);
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState<number>(20);
  const [selected, setSelected] = useState<string[]>([]);
  const [focused, setFocused] = useState<string | null>(null);
  const [editing, setEditing] = useState<LongAmortionItem | 'new' | null>(null);
  const [voucherFor, setVoucherFor] = useState<{ kind: 'addition'; ids: string[] } | { kind: 'month'; month: number } | null>(
    null,
  );
  const [months, setMonths] = useState<LongMonthRow[]>([]);
  const [month, setMonth] = useState(1);
  const [detail, setDetail] = useState<AmortionDetailList | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    void loadLongItems(pageIndex, pageSize).then((page) => {
      if (!live) return;
      setItems(page.currentPageItems);
      setTotal(page.totalItemCount);
    });
    void loadLongMonths(year).then((rows) => live && setMonths(rows));
    return () => {
      live = false;
    };
  }, [pageIndex, pageSize, year, version]);

  useEffect(() => {
    let live = true;
    void loadAmortionDetail(year, month, 1, 50).then((d) => live && setDetail(d));
    return () => {
      live = false;
    };
  }, [year, month, version]);

  const chosen = () => (selected.length > 0 ? selected : focused ? [focused] : []);
  const edit = () => {
    const item = items.find((r) => r.id === (chosen()[0] ?? ''));
    if (item) setEditing(item);
  };
  const remove = async () => {
    const ids = chosen();
    if (ids.length === 0) return;
    await messageBox.confirm(`确定删除选中的${ids.length}项长期待摊费用？`);
    await deleteLongItems(ids);
    reload();
  };
  const review = async (isReview: boolean) => {
    const ids = chosen();
    if (ids.length === 0) return;
    await reviewLongItems(ids, isReview);
    reload();
  };
  const generate = () => {
    const ids = chosen().filter((id) => {
      const item = items.find((r) => r.id === id);
      return item && item.isReview && !item.isInit && !item.voucherId;
    });
    if (ids.length === 0) {
      void messageBox.alert('请选择已审核、未生成凭证的新增项目');
      return;
    }
    setVoucherFor({ kind: 'addition', ids });
  };

  return (
    <div className="page long-amortion">
      <div className="toolbar">
        <button onClick={() => setEditing('new')}>新增</button>
        <button onClick={edit}>修改</button>
        <button onClick={() => void remove()}>删除</button>
        <button onClick={() => void review(true)}>审核</button>
        <button onClick={() => void review(false)}>反审核</button>
        <button className="primary" onClick={generate}>
          生成凭证
        </button>
      </div>
      <GridEditor<LongAmortionGridRow>
        definition={longAmortionGrid}
        rows={items.map(toLongAmortionGridRow)}
        readOnly
        selectable
        label="长期待摊费用"
        height={320}
        onSelectionChange={setSelected}
        onFocusedRowChange={setFocused}
        onRowOpen={(rowId) => {
          const item = items.find((r) => r.id === rowId);
          if (item) setEditing(item);
        }}
        onCommand={(id, at) => {
          if (at) setFocused(at.rowId);
          if (id === 'insertRowAfter' || id === 'insertRowBefore') setEditing('new');
          else if (id === 'editCell') edit();
          else if (id === 'deleteRow') void remove();
        }}
      />
      <Pager
        label="长期待摊费用"
        total={total}
        page={{ pageIndex, pageSize }}
        onChange={(next) => {
          setPageSize(next.pageSize);
          setPageIndex(next.pageIndex);
        }}
      />

      <h3>{year}年摊销</h3>
      <table className="asset-table long-months" aria-label="各月摊销">
        <thead>
          <tr>
            <th>月份</th>
            <th>摊销金额</th>
            <th>状态</th>
            <th>凭证</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className={m.month === month ? 'active' : ''} onClick={() => setMonth(m.month)}>
              <td>{m.month}月</td>
              <td className="num">{m.amount === 0 ? '' : m.amount.toFixed(2)}</td>
              <td>{m.isProvision ? (m.unGenerateCertificate ? '已计提，凭证未生成' : '已摊销') : '未摊销'}</td>
              <td>{m.voucherText}</td>
              <td>
                {(!m.isProvision || m.unGenerateCertificate) && m.amount > 0 && (
                  <button
                    aria-label={`摊销${m.month}月`}
                    onClick={(e) => {
                      e.stopPropagation();
                      setVoucherFor({ kind: 'month', month: m.month });
                    }}
                  >
                    摊销
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="toolbar">
        <span>
          {month}月摊销明细{detail && !detail.isProvision ? '（未摊销，应摊数）' : ''}
        </span>
        <button onClick={() => void exportAmortionDetail(year, month)}>导出</button>
      </div>
      <GridEditor<AmortionDetailGridRow>
        definition={amortionDetailGrid}
        rows={(detail?.currentPageItems ?? []).map(toAmortionDetailGridRow)}
        readOnly
        label="摊销明细"
        height={260}
      />

      {editing && (
        <LongItemDialog
          item={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
            reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {voucherFor?.kind === 'addition' && (
        <AssetVoucherDialog
          pzAssetType={PzAssetType.LongAddition}
          longAmortions={voucherFor.ids}
          onePzDefault
          title="长期待摊费用新增凭证"
          onClose={() => setVoucherFor(null)}
          onSaved={() => {
            setVoucherFor(null);
            reload();
          }}
        />
      )}
      {voucherFor?.kind === 'month' && (
        <AssetVoucherDialog
          pzAssetType={PzAssetType.LongAmortion}
          accruedStage={stageOf(year, voucherFor.month)}
          title={`长期待摊费用摊销 ${year}年${voucherFor.month}月`}
          onClose={() => setVoucherFor(null)}
          onSaved={() => {
            setVoucherFor(null);
            reload();
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

function LongItemDialog({ item, onDone, onCancel }: { item: LongAmortionItem | null; onDone: () => void; onCancel: () => void }) {
  const departments = useAssetDepartments();
  const [matter, setMatter] = useState(item?.matter ?? '');
  const [departmentId, setDepartmentId] = useState<number | null>(item?.departmentId ?? null);
  const [amount, setAmount] = useState(item ? String(item.payOutAmount) : '');
  const [payOutDate, setPayOutDate] = useState(item?.payOutDate ?? today());
  const [life, setLife] = useState(item ? String(item.amortionServiceLife) : '');
  const [isInit, setIsInit] = useState(item?.isInit ?? false);
  const [initAmortized, setInitAmortized] = useState(item ? String(item.initAmortized) : '');
  const [remark, setRemark] = useState(item?.remark ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    try {
      await saveLongItem({
        ...(item ? { id: item.id, revision: item.revision } : {}),
        matter: matter.trim(),
        departmentId,
        payOutAmount: amount || '0',
        payOutDate,
        amortionServiceLife: Number(life),
        isInit,
        ...(isInit ? { initAmortized: initAmortized || '0' } : {}),
        remark,
      });
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={item ? '修改长期待摊费用' : '新增长期待摊费用'}
      busy={busy}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <label className="field">
        <span>摊销事项</span>
        <input aria-label="摊销事项" maxLength={100} value={matter} onChange={(e) => setMatter(e.target.value)} />
      </label>
      <label className="field">
        <span>部门</span>
        <DepartmentSelect
          label="部门"
          departments={departments}
          value={departmentId}
          onChange={setDepartmentId}
          noneLabel="（无）"
        />
      </label>
      <label className="field">
        <span>支出金额</span>
        <input aria-label="支出金额" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </label>
      <label className="field">
        <span>支出日期</span>
        <input type="date" aria-label="支出日期" value={payOutDate} onChange={(e) => setPayOutDate(e.target.value)} />
      </label>
      <label className="field">
        <span>摊销期限(月)</span>
        <input aria-label="摊销期限" inputMode="numeric" value={life} onChange={(e) => setLife(e.target.value)} />
      </label>
      <label className="field">
        <span>期初数据</span>
        <input type="checkbox" aria-label="期初数据" checked={isInit} onChange={(e) => setIsInit(e.target.checked)} />
      </label>
      {isInit && (
        <label className="field">
          <span>期初已摊销</span>
          <input
            aria-label="期初已摊销"
            inputMode="decimal"
            value={initAmortized}
            onChange={(e) => setInitAmortized(e.target.value)}
          />
        </label>
      )}
      <label className="field">
        <span>备注</span>
        <input aria-label="备注" maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} />
      </label>
    </FormDialog>
  );
}
