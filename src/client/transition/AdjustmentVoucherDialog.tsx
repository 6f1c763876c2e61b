/**
 * STUB (lane "page"): the adjustment-voucher dialog (调账凭证) is built by the "zero" lane on branch wt-zero; the
 * coordinator takes that version. This placeholder keeps the page's call with the agreed signature.
 */
export interface AdjustmentVoucherDialogProps {
  open: boolean;
  onClose: () => void;
  /** The zero period's vouchers changed: the worksheet reloads its adjustments. */
  onChanged: () => void;
  canEdit: boolean;
}

export function AdjustmentVoucherDialog({ open, onClose }: AdjustmentVoucherDialogProps) {
  if (!open) return null;
  return (
    <div className="modal-backdrop" role="dialog" aria-modal="true" aria-label="调账凭证">
      <div className="modal">
        <p>调账凭证</p>
        <button type="button" className="btn" onClick={onClose}>
          关闭
        </button>
      </div>
    </div>
  );
}
