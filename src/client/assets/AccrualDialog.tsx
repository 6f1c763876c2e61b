/**
 * The 2022 accrual dialog (spec: "Fixed-asset accrual dialog opens when the year is 2022 and isProvision is false"):
 * the init cards' catch-up depreciation as of 2022-01-01 (previewOldFinancialAssetsProvision: rows, total, entries
 * Dr 301 / Cr 163 or 172), written as one 调账凭证 (category 10000, forced and disabled) by
 * addOldFinancialAssetsProvision; 不再提示 declines it (UpdateSysInfoIsProvision isProvision true), 稍后 closes.
 */
import { useEffect, useState } from 'react';
import type { AccrualPreview } from '../../shared/api/schemas/assets-cards.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { messageBox } from '../message-box/message-box.js';
import { accrualCheck, accrualPreview, addAccrual, declineAccrual, loadInitState } from './asset-init-api.js';

/** Spec §9: 调账凭证. */
export const ADJUSTMENT_VOUCHER_TYPE = 10000;
/** Spec §9: the default init date of 2022. */
export const ACCRUAL_DEFAULT_DATE = '2022-01-01';

/** Whether the spec's rule asks for the dialog: the year is 2022, the accrual neither made nor declined, init done. */
export function offersAccrual(check: { year: number; isProvision: boolean }, initDone: boolean): boolean {
  return initDone && check.year === 2022 && !check.isProvision;
}

export async function shouldOfferAccrual(): Promise<boolean> {
  const check = await accrualCheck();
  if (check.year !== 2022 || check.isProvision) return false;
  const state = await loadInitState();
  return offersAccrual(check, state.initDone);
}

const yuan = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function AccrualDialog({ onClose }: { onClose: () => void }) {
  const [preview, setPreview] = useState<AccrualPreview | null>(null);
  const [date, setDate] = useState(ACCRUAL_DEFAULT_DATE);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void accrualPreview().then(setPreview);
  }, []);

  const submit = async () => {
    if (!date) {
      void messageBox.alert('请选择凭证日期');
      return;
    }
    setBusy(true);
    try {
      const answer = await addAccrual(date);
      await messageBox.alert(`${answer.message || '补提折旧凭证已生成'}，金额${yuan(answer.data.total)}元`);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const decline = async () => {
    await messageBox.confirm('不再补提期初资产折旧？以后不再提示');
    await declineAccrual();
    onClose();
  };

  return (
    <FormDialog
      title="期初资产补提折旧"
      className="asset-accrual"
      busy={busy || !preview || preview.rows.length === 0}
      submitLabel="生成凭证"
      note="2022年执行新制度：期初资产按启用日期补提至2021年12月的折旧（摊销），生成一张调账凭证"
      buttons={
        <button type="button" className="btn" onClick={() => void decline()}>
          不再提示
        </button>
      }
      onSubmit={() => void submit()}
      onCancel={onClose}
    >
      <label className="field">
        <span>凭证类别</span>
        <select aria-label="凭证类别" value={ADJUSTMENT_VOUCHER_TYPE} disabled>
          <option value={ADJUSTMENT_VOUCHER_TYPE}>调账凭证</option>
        </select>
      </label>
      <label className="field">
        <span>凭证日期</span>
        <input type="date" aria-label="凭证日期" min="2022-01-01" value={date} onChange={(e) => setDate(e.target.value)} />
      </label>
      <div className="field">
        <span>补提金额</span>
        <strong data-testid="accrual-total">{preview ? yuan(preview.total) : ''}</strong>
      </div>
      <table className="asset-accrual-rows" aria-label="补提明细">
        <thead>
          <tr>
            <th>资产编号</th>
            <th>资产名称</th>
            <th>补提金额</th>
          </tr>
        </thead>
        <tbody>
          {(preview?.rows ?? []).map((r) => (
            <tr key={r.cardId}>
              <td>{r.cardNo}</td>
              <td>{r.name}</td>
              <td className="num">{yuan(r.amount)}</td>
            </tr>
          ))}
          {preview && preview.rows.length === 0 && (
            <tr>
              <td colSpan={3}>没有需要补提折旧的期初资产</td>
            </tr>
          )}
        </tbody>
      </table>
      <table className="asset-accrual-entries" aria-label="凭证分录">
        <thead>
          <tr>
            <th>摘要</th>
            <th>科目</th>
            <th>借方</th>
            <th>贷方</th>
          </tr>
        </thead>
        <tbody>
          {(preview?.entries ?? []).map((e, i) => (
            <tr key={i}>
              <td>{e.summary}</td>
              <td>{e.subjectCode}</td>
              <td className="num">{e.balanceDirection === 1 ? yuan(e.moneyAmount) : ''}</td>
              <td className="num">{e.balanceDirection === 2 ? yuan(e.moneyAmount) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </FormDialog>
  );
}
