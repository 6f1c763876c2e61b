/**
 * 调账凭证 (the worksheet's adjustment vouchers, spec: the reconciliation voucher list dialog): the zero period's
 * vouchers with checkbox rows, 新增 (the editor, in the dialog), 删除 (the checked rows, after a confirmation), and a
 * row opened by double-click or Enter, and each voucher's attached files (the spec's file viewer: the attachment
 * panel of the year's vouchers, on the zero-period voucher's id). Their numbers (调-N) are the ones the worksheet's
 * adjustment columns show.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ZeroVoucherSummary } from '../../shared/api/schemas/transition-vouchers.js';
import { formatFen } from '../../shared/money.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { isReject, messageBox } from '../message-box/message-box.js';
import { ViewDialog } from '../message-box/ViewDialog.js';
import { AttachmentDialog } from '../files/AttachmentDialog.js';
import { ApiError } from '../shell/request.js';
import { AdjustmentVoucherEditor } from './AdjustmentVoucherEditor.js';
import { deleteZeroVouchers, fetchZeroVouchers } from './zero-voucher-api.js';
import './adjustment-voucher.css';

const money = (yuan: number): string => {
  const fen = yuanToFen(yuan);
  return fen.ok ? formatFen(fen.fen, { thousands: true }) : String(yuan);
};

type View = { kind: 'list' } | { kind: 'editor'; id: string | null };

export function AdjustmentVoucherDialog({
  open,
  onClose,
  onChanged,
  canEdit,
}: {
  open: boolean;
  onClose: () => void;
  /** A voucher was added, changed or deleted: the worksheet's adjustments changed. */
  onChanged?: () => void;
  /** May add, change and delete (DraftContentControl.reconciliationVoucher). */
  canEdit: boolean;
}) {
  // Each opening starts afresh (the list, no row checked, no editor).
  return open ? <DialogBody onClose={onClose} onChanged={onChanged} canEdit={canEdit} /> : null;
}

function DialogBody({ onClose, onChanged, canEdit }: { onClose: () => void; onChanged?: () => void; canEdit: boolean }) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const [list, setList] = useState<ZeroVoucherSummary[] | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState('');
  const [files, setFiles] = useState<ZeroVoucherSummary | null>(null);

  const reload = useCallback(async () => {
    const vouchers = await fetchZeroVouchers().catch(() => [] as ZeroVoucherSummary[]);
    setList(vouchers);
    setChecked((c) => new Set([...c].filter((id) => vouchers.some((v) => v.id === id))));
  }, []);

  useEffect(() => {
    let active = true;
    fetchZeroVouchers()
      .catch(() => [] as ZeroVoucherSummary[])
      .then((vouchers) => active && setList(vouchers))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);

  const toggle = (id: string) =>
    setChecked((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const remove = async () => {
    const ids = [...checked];
    if (ids.length === 0) return messageBox.fireAndForget(messageBox.alert(VoucherMessages.selectAtLeastOne));
    const names = (list ?? []).filter((v) => checked.has(v.id)).map((v) => v.voucherNo);
    try {
      await messageBox.confirm(`确定删除调账凭证${names.join('、')}吗？删除后其后的凭证号依次前移。`, { title: '删除调账凭证' });
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    try {
      await deleteZeroVouchers(ids);
    } catch (error) {
      if (error instanceof ApiError) return; // shown by the request wrapper
      throw error;
    }
    setChecked(new Set());
    setStatus(`已删除${ids.length}张调账凭证`);
    onChanged?.();
    await reload();
  };

  const backToList = () => {
    setView({ kind: 'list' });
    void reload();
  };

  const all = list ?? [];
  const allChecked = all.length > 0 && all.every((v) => checked.has(v.id));

  return (
    <ViewDialog
      title={view.kind === 'list' ? '调账凭证' : '调账凭证 — 录入'}
      className="adjustment-voucher-dialog"
      escapeFromWithin={false}
      onClose={onClose}
    >
      {view.kind === 'editor' ? (
        <div className="adjustment-dialog-editor">
          <AdjustmentVoucherEditor
            voucherId={view.id}
            canEdit={canEdit}
            onClose={backToList}
            onSaved={(v) => {
              setStatus(`已保存：调账凭证${v.voucherNo}`);
              onChanged?.();
              backToList();
            }}
          />
        </div>
      ) : (
        <div className="adjustment-dialog-list">
          <div className="voucher-toolbar" role="toolbar" aria-label="调账凭证列表操作">
            {canEdit && (
              <button type="button" className="btn btn-primary" onClick={() => setView({ kind: 'editor', id: null })}>
                新增
              </button>
            )}
            {canEdit && (
              <button type="button" className="btn" onClick={() => void remove()}>
                删除
              </button>
            )}
            <span className="voucher-status" role="status">
              {status}
            </span>
          </div>
          <table className="adjustment-list" aria-label="调账凭证列表">
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    aria-label="全选"
                    checked={allChecked}
                    onChange={() => setChecked(allChecked ? new Set() : new Set(all.map((v) => v.id)))}
                  />
                </th>
                <th>凭证号</th>
                <th>日期</th>
                <th>摘要</th>
                <th className="num">借方金额</th>
                <th className="num">贷方金额</th>
                <th className="num">附单据</th>
                <th className="num">附件</th>
                <th>制单人</th>
              </tr>
            </thead>
            <tbody>
              {list === null ? (
                <tr>
                  <td colSpan={9} className="muted">
                    加载中…
                  </td>
                </tr>
              ) : all.length === 0 ? (
                <tr>
                  <td colSpan={9} className="muted">
                    暂无调账凭证
                  </td>
                </tr>
              ) : (
                all.map((v) => (
                  <tr
                    key={v.id}
                    tabIndex={0}
                    aria-selected={checked.has(v.id)}
                    title="双击或回车打开"
                    onDoubleClick={() => setView({ kind: 'editor', id: v.id })}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') setView({ kind: 'editor', id: v.id });
                      else if (e.key === ' ' && e.target === e.currentTarget) {
                        e.preventDefault();
                        toggle(v.id);
                      }
                    }}
                  >
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`选择${v.voucherNo}`}
                        checked={checked.has(v.id)}
                        onChange={() => toggle(v.id)}
                      />
                    </td>
                    <td>{v.voucherNo}</td>
                    <td>{v.pzDate}</td>
                    <td>{v.summary}</td>
                    <td className="num">{money(v.debitTotal)}</td>
                    <td className="num">{money(v.creditTotal)}</td>
                    <td className="num">{v.numberOfDocument}</td>
                    <td className="num">
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`${v.voucherNo}的附件`}
                        onClick={(e) => {
                          e.stopPropagation();
                          setFiles(v);
                        }}
                      >
                        {v.fileCount > 0 ? `查看（${v.fileCount}）` : canEdit ? '上传' : '无'}
                      </button>
                    </td>
                    <td>{v.preparedBy}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {files && (
        <AttachmentDialog
          voucherId={files.id}
          label={files.voucherNo}
          readOnly={!canEdit}
          onClose={() => {
            setFiles(null);
            void reload();
          }}
        />
      )}
    </ViewDialog>
  );
}
