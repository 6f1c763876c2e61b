/** The attachment panel of one saved voucher in a dialog (凭证管理 → 附件). */
import { useEffect, useRef } from 'react';
import type { FileRelation } from '../../shared/api/files.js';
import { AttachmentPanel } from './AttachmentPanel.js';

interface Props {
  voucherId: string;
  /** How the voucher is named in the title, e.g. 记-0003. */
  label: string;
  readOnly?: boolean;
  onChange?: (files: FileRelation[], numberOfDocument: number | null) => void;
  onClose: () => void;
}

export function AttachmentDialog({ voucherId, label, readOnly, onChange, onClose }: Props) {
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => dialogRef.current?.focus(), []);
  return (
    <div className="mb-overlay">
      <div
        ref={dialogRef}
        tabIndex={-1}
        className="dialog attachment-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="attachment-dialog-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && e.target === e.currentTarget) {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="mb-header">
          <span id="attachment-dialog-title" className="mb-title">
            凭证附件 {label}
          </span>
          <button type="button" className="mb-x" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        <AttachmentPanel voucherId={voucherId} readOnly={readOnly} onChange={onChange} />
      </div>
    </div>
  );
}
