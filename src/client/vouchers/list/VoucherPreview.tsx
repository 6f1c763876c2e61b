/**
 * 预览凭证 / 查看凭证: the vouchers of the selection (or the one opened) in the voucher layout,
 * one at a time. PageUp / PageDown (or the buttons) step through them; 修改记录 shows the
 * voucher's audit trail under it; 修改 opens the voucher in the editor; Esc closes.
 */
import { useEffect, useState } from 'react';
import type { Voucher } from '../../../shared/api/vouchers.js';
import { formatFen } from '../../../shared/money.js';
import { yuanToFen } from '../../../shared/vouchers/amounts.js';
import { amountToChineseCapitals } from '../../../../formulas/chinese-capitals.js';
import { voucherNo, voucherStatus } from '../../../../grids/voucher-list.js';
import { ViewDialog } from '../../message-box/ViewDialog.js';
import { Permission } from '../../shell/Permission.js';
import { loadVoucher } from './list-api.js';
import { VoucherAuditTrail } from './VoucherAuditTrail.js';

const fen = (yuan: number | null): number | null => {
  if (yuan === null) return null;
  const r = yuanToFen(yuan);
  return r.ok ? r.fen : null;
};
const money = (yuan: number | null) => {
  const f = fen(yuan);
  return f === null || f === 0 ? '' : formatFen(f, { thousands: true });
};

export function VoucherPreview({
  ids,
  start,
  title,
  onEdit,
  onClose,
}: {
  ids: readonly string[];
  start: number;
  title: '预览凭证' | '查看凭证';
  onEdit: (voucher: Voucher) => void;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(start);
  const [trail, setTrail] = useState(false);
  /** What was loaded, for which id: another id shows 加载中 until its answer arrives. */
  const [loaded, setLoaded] = useState<{ id: string; voucher: Voucher | null }>({ id: '', voucher: null });
  const id = ids[index];
  const current = loaded.id === id ? loaded : null;
  const voucher = current?.voucher ?? null;
  const failed = current !== null && current.voucher === null;

  useEffect(() => {
    if (id === undefined) return;
    let active = true;
    loadVoucher(id).then(
      (v) => active && setLoaded({ id, voucher: v }),
      () => active && setLoaded({ id, voucher: null }),
    );
    return () => {
      active = false;
    };
  }, [id]);

  const step = (delta: number) => setIndex((i) => Math.min(ids.length - 1, Math.max(0, i + delta)));
  const total = voucher ? fen(voucher.debitTotal) : null;

  return (
    <ViewDialog
      title={title}
      className="voucher-preview"
      titleTag={
        <span className="muted">
          第 {index + 1} / {ids.length} 张
        </span>
      }
      onKeyDown={(e) => {
        if (e.key === 'PageDown' || (e.key === 'ArrowRight' && e.altKey)) {
          e.preventDefault();
          step(1);
        } else if (e.key === 'PageUp' || (e.key === 'ArrowLeft' && e.altKey)) {
          e.preventDefault();
          step(-1);
        }
      }}
      onClose={onClose}
    >
      {failed && <p role="alert">凭证加载失败。</p>}
      {!voucher && !failed && <p className="muted">加载中…</p>}
      {voucher && (
        <article className="voucher-sheet" aria-label={`凭证 ${voucherNo(voucher)}`}>
          <h2 className="voucher-sheet-title">记账凭证</h2>
          {(voucher.isReview || voucher.isBook) && <span className="voucher-seal">{voucherStatus(voucher)}</span>}
          <div className="voucher-sheet-head">
            <span>
              凭证字号：<b>{voucherNo(voucher)}</b>
            </span>
            <span>日期：{voucher.pzDate}</span>
            <span>附件：{voucher.numberOfDocument} 张</span>
          </div>
          <table className="voucher-sheet-lines">
            <thead>
              <tr>
                <th>摘要</th>
                <th>会计科目</th>
                <th>借方金额</th>
                <th>贷方金额</th>
              </tr>
            </thead>
            <tbody>
              {voucher.certiDetails.map((line) => (
                <tr key={line.id}>
                  <td>{line.summary}</td>
                  <td>
                    {line.codeAndFullName}
                    {line.auxis.length > 0 && <span className="muted"> [{line.auxis.map((a) => a.infoName).join('/')}]</span>}
                  </td>
                  <td className="num">{money(line.debitAmount)}</td>
                  <td className="num">{money(line.creditAmount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={2}>合计：{total === null ? '' : amountToChineseCapitals(total)}</td>
                <td className="num">{money(voucher.debitTotal)}</td>
                <td className="num">{money(voucher.creditTotal)}</td>
              </tr>
            </tfoot>
          </table>
          <div className="voucher-sheet-foot">
            <span>财务主管：{voucher.financialOfficer}</span>
            <span>记账：{voucher.bookkeeper}</span>
            <span>审核：{voucher.reviewer}</span>
            <span>制单：{voucher.preparedBy}</span>
            <span>出纳：{voucher.cashier}</span>
          </div>
        </article>
      )}
      {voucher && trail && <VoucherAuditTrail voucherId={voucher.id} />}
      <div className="mb-footer">
        <span className="muted">PageUp / PageDown 切换凭证，Esc 关闭</span>
        <div className="mb-buttons">
          <button type="button" className="btn" disabled={index === 0} onClick={() => step(-1)}>
            上一张
          </button>
          <button type="button" className="btn" disabled={index >= ids.length - 1} onClick={() => step(1)}>
            下一张
          </button>
          <button type="button" className="btn" disabled={!voucher} aria-pressed={trail} onClick={() => setTrail((t) => !t)}>
            修改记录
          </button>
          <Permission value="edit">
            <button type="button" className="btn btn-primary" disabled={!voucher} onClick={() => voucher && onEdit(voucher)}>
              修改
            </button>
          </Permission>
        </div>
      </div>
    </ViewDialog>
  );
}
