/**
 * 资产变动: records a change of a card's original value (后续支出, 第三十五条: new cost and new life) and makes the
 * asset-change voucher (spec "Asset-change voucher form"): category, maker, date, the editable entries; only rows with
 * an amount above 0 are sent; save is disabled when every amount is 0 or a row with an amount lacks its subject.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AssetChangeMoney } from '../../shared/api/schemas/assets-documents.js';
import { messageBox } from '../message-box/message-box.js';
import { loadChanges, previewChangeVoucher, saveChange, saveChangeVoucher } from './asset-documents-api.js';

interface EntryRow {
  summary: string;
  moneyAmount: string;
  balanceDirection: 1 | 2;
  subjectCode: string;
}

/** Spec §5: save disabled when all amounts are 0 or a row with an amount lacks a subject. */
export function changeSaveDisabled(rows: readonly EntryRow[]): boolean {
  const withAmount = rows.filter((r) => Number(r.moneyAmount) > 0);
  return withAmount.length === 0 || withAmount.some((r) => !r.subjectCode.trim());
}

export function AssetChangePanel() {
  const [changes, setChanges] = useState<AssetChangeMoney[]>([]);
  const [cardId, setCardId] = useState('');
  const [changeDate, setChangeDate] = useState('');
  const [amount, setAmount] = useState('');
  const [life, setLife] = useState('');
  const [form, setForm] = useState<{ certificateType: number; czy: string; certificateDateTime: string } | null>(null);
  const [entries, setEntries] = useState<EntryRow[]>([]);

  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    void loadChanges().then((rows) => {
      if (live) setChanges(rows);
    });
    return () => {
      live = false;
    };
  }, [version]);

  const record = async () => {
    await saveChange({ cardId, changeDate, amount, ...(life ? { lifeMonths: Number(life) } : {}) });
    reload();
  };
  const openVoucher = async () => {
    const preview = await previewChangeVoucher();
    setForm({ certificateType: preview.certificateType, czy: preview.czy, certificateDateTime: preview.certificateDateTime });
    setEntries(preview.subjectInfos.map((s) => ({ ...s, moneyAmount: String(s.moneyAmount) })));
  };
  const save = async () => {
    if (!form) return;
    if (!form.certificateType) return void messageBox.alert('请选择凭证分类');
    if (!form.czy.trim()) return void messageBox.alert('请选择制单人');
    if (!form.certificateDateTime) return void messageBox.alert('请选择凭证日期');
    if (form.certificateDateTime <= '2021-12-31') return void messageBox.alert('凭证日期不能早于或等于2021-12-31');
    const sent = entries.filter((r) => Number(r.moneyAmount) > 0);
    if (sent.some((r) => !r.subjectCode.trim())) return void messageBox.alert('有金额的科目不能为空');
    const answer = await saveChangeVoucher({ PZAssetType: 4, ...form, subjectInfos: sent });
    void messageBox.alert(`已生成凭证${answer.vouchers.map((v) => v.text).join('、')}`);
    setForm(null);
    reload();
  };

  return (
    <div className="asset-change">
      <fieldset>
        <legend>记录资产变动（改建、扩建、大型修缮）</legend>
        <input aria-label="卡片id" placeholder="卡片" value={cardId} onChange={(e) => setCardId(e.target.value)} />
        <input type="date" aria-label="变动日期" value={changeDate} onChange={(e) => setChangeDate(e.target.value)} />
        <input aria-label="变动金额" placeholder="变动金额" value={amount} onChange={(e) => setAmount(e.target.value)} />
        <input aria-label="预计使用月数" placeholder="新的预计使用月数" value={life} onChange={(e) => setLife(e.target.value)} />
        <button onClick={() => void record()}>保存变动</button>
      </fieldset>
      <table>
        <thead>
          <tr>
            <th>单据编号</th>
            <th>卡片</th>
            <th>变动日期</th>
            <th>变动金额</th>
            <th>凭证</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.documentId}>
              <td>{c.documentNo}</td>
              <td>
                {c.cardNo} {c.name}
              </td>
              <td>{c.changeDate}</td>
              <td className="num">{c.amount.toFixed(2)}</td>
              <td>{c.isGenerateCertificate ? '已生成' : '未生成'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button className="primary" onClick={() => void openVoucher()}>
        生成资产变动凭证
      </button>
      {form && (
        <div className="asset-change-voucher" role="dialog" aria-label="资产变动凭证">
          <label>
            凭证分类
            <input
              aria-label="凭证分类"
              value={form.certificateType || ''}
              onChange={(e) => setForm({ ...form, certificateType: Number(e.target.value) })}
            />
          </label>
          <label>
            制单人
            <input aria-label="制单人" value={form.czy} onChange={(e) => setForm({ ...form, czy: e.target.value })} />
          </label>
          <label>
            凭证日期
            <input
              type="date"
              aria-label="凭证日期"
              value={form.certificateDateTime}
              onChange={(e) => setForm({ ...form, certificateDateTime: e.target.value })}
            />
          </label>
          <table>
            <tbody>
              {entries.map((r, i) => (
                <tr key={i}>
                  <td>
                    <input
                      value={r.summary}
                      aria-label={`摘要${i + 1}`}
                      onChange={(e) => setEntries(entries.map((x, j) => (j === i ? { ...x, summary: e.target.value } : x)))}
                    />
                  </td>
                  <td>{r.balanceDirection === 1 ? '借' : '贷'}</td>
                  <td>
                    <input
                      value={r.subjectCode}
                      aria-label={`科目${i + 1}`}
                      onChange={(e) => setEntries(entries.map((x, j) => (j === i ? { ...x, subjectCode: e.target.value } : x)))}
                    />
                  </td>
                  <td>
                    <input
                      value={r.moneyAmount}
                      aria-label={`金额${i + 1}`}
                      onChange={(e) => setEntries(entries.map((x, j) => (j === i ? { ...x, moneyAmount: e.target.value } : x)))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button className="primary" disabled={changeSaveDisabled(entries)} onClick={() => void save()}>
            保存凭证
          </button>
          <button onClick={() => setForm(null)}>取消</button>
        </div>
      )}
    </div>
  );
}
