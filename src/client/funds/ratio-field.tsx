/**
 * A ratio input of the funds dialogs: a percentage with the % suffix beside it, and, for a share
 * with a receiving subject, the subject button (enabled only while the ratio is filled; the
 * dialog clears the subject when the ratio is emptied).
 */
import { fieldMessagesId } from '../message-box/TextField.js';

export function RatioField({
  id,
  label,
  value,
  issue,
  readOnly = false,
  onChange,
  subject,
}: {
  id: string;
  label: string;
  value: string;
  issue?: string | undefined;
  readOnly?: boolean;
  onChange?: (value: string) => void;
  subject?: { text: string | null; onPick: () => void; onClear: () => void };
}) {
  const filled = value.trim() !== '';
  return (
    <div className="funds-ratio">
      <label className="field">
        <span>{label}</span>
        <span className="funds-ratio-input">
          <input
            id={id}
            aria-label={label}
            inputMode="decimal"
            autoComplete="off"
            value={value}
            readOnly={readOnly}
            tabIndex={readOnly ? -1 : undefined}
            aria-invalid={!!issue}
            aria-describedby={fieldMessagesId(id)}
            onChange={(e) => onChange?.(e.target.value)}
          />
          <span aria-hidden="true">%</span>
        </span>
      </label>
      {subject && (
        <span className="funds-subject">
          <button type="button" disabled={!filled} aria-label={`${label}科目`} onClick={subject.onPick}>
            {subject.text ?? '选择科目'}
          </button>
          {subject.text && filled && (
            <button type="button" className="link" aria-label={`清除${label}科目`} onClick={subject.onClear}>
              ×
            </button>
          )}
        </span>
      )}
      <p id={fieldMessagesId(id)} className="field-error" role={issue ? 'alert' : undefined}>
        {issue ?? ''}
      </p>
    </div>
  );
}
