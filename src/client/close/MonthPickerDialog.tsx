/**
 * The quick close and quick reverse close dialogs: a month picker over the periods the action may
 * reach (quick close: the open months of the session's year; quick reverse close: from January of
 * the start year to the last closed month), Enter to confirm, Escape to cancel.
 */
import { useState } from 'react';
import { FormDialog } from '../message-box/FormDialog.js';

export interface PeriodChoice {
  year: number;
  month: number;
}

export function MonthPickerDialog({
  title,
  note,
  choices,
  initial,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  note: string;
  choices: readonly PeriodChoice[];
  initial: PeriodChoice | undefined;
  confirmLabel: string;
  onConfirm: (choice: PeriodChoice) => void;
  onCancel: () => void;
}) {
  const key = (c: PeriodChoice) => `${c.year}-${c.month}`;
  const [picked, setPicked] = useState(initial ? key(initial) : choices[0] ? key(choices[0]) : '');
  const chosen = choices.find((c) => key(c) === picked);
  return (
    <FormDialog
      title={title}
      submitLabel={confirmLabel}
      busy={!chosen}
      onSubmit={() => {
        if (chosen) onConfirm(chosen);
      }}
      onCancel={onCancel}
    >
      <p className="dialog-note">{note}</p>
      {choices.length === 0 ? (
        <p>没有可选的月份</p>
      ) : (
        <label className="field">
          <span>会计期间</span>
          <select autoFocus value={picked} onChange={(e) => setPicked(e.target.value)} aria-label="会计期间">
            {choices.map((c) => (
              <option key={key(c)} value={key(c)}>
                {c.year}年{c.month}月
              </option>
            ))}
          </select>
        </label>
      )}
    </FormDialog>
  );
}
