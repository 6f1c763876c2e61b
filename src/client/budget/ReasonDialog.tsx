/**
 * A reason the server requires (退回原因, 调整原因), with an amount for an adjustment: checked here
 * with the server's own message before the call, and the server's refusal shown in the dialog.
 */
import { useState } from 'react';
import { FormDialog } from '../message-box/FormDialog.js';
import { TextField } from '../message-box/TextField.js';
import { ApiError } from '../shell/request.js';

export interface ReasonDialogProps {
  title: string;
  reasonLabel: string;
  reasonRequired: string;
  submitLabel: string;
  /** An amount field (yuan text) with its label and starting value. */
  amount?: { label: string; initial: string; required: string };
  note?: string;
  onSubmit: (reason: string, amount: string) => Promise<void>;
  onCancel: () => void;
}

export function ReasonDialog(props: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(props.amount?.initial ?? '');
  const [issue, setIssue] = useState<{ field: 'reason' | 'amount'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (props.amount && amount.trim() === '') return setIssue({ field: 'amount', text: props.amount.required });
    if (reason.trim() === '') return setIssue({ field: 'reason', text: props.reasonRequired });
    setBusy(true);
    try {
      await props.onSubmit(reason.trim(), amount.trim());
    } catch (error) {
      setIssue({
        field: 'reason',
        text: error instanceof ApiError ? (error.envelope?.errorMsg ?? error.message) : String(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={props.title}
      className="budget-dialog"
      busy={busy}
      submitLabel={props.submitLabel}
      note={props.note}
      onSubmit={submit}
      onCancel={props.onCancel}
    >
      {props.amount && (
        <TextField
          id="budget-amount"
          label={props.amount.label}
          inputMode="decimal"
          value={amount}
          issues={issue?.field === 'amount' ? [issue.text] : []}
          onChange={(e) => setAmount(e.target.value)}
        />
      )}
      <TextField
        id="budget-reason"
        label={props.reasonLabel}
        maxLength={200}
        value={reason}
        issues={issue?.field === 'reason' ? [issue.text] : []}
        onChange={(e) => setReason(e.target.value)}
      />
    </FormDialog>
  );
}
