/** The attachment panel of one saved voucher in a dialog (凭证管理 → 附件). */
import type { FileRelation } from '../../shared/api/files.js';
import { ViewDialog } from '../message-box/ViewDialog.js';
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
  return (
    <ViewDialog title={`凭证附件 ${label}`} className="attachment-dialog" escapeFromWithin={false} onClose={onClose}>
      <AttachmentPanel voucherId={voucherId} readOnly={readOnly} onChange={onChange} />
    </ViewDialog>
  );
}
