/**
 * A labelled text input of a dialog's form with its messages below it: the input is marked
 * invalid and described by them, and they are announced (role alert) when there are any. While
 * there are none, a hint (the rule the input must meet) may stand in their place. Fields that
 * share one line of messages (修改密码) point at the field that shows it.
 */
import type { InputHTMLAttributes } from 'react';

/** The id of the messages under the field `id`. */
export function fieldMessagesId(id: string): string {
  return `${id}-error`;
}

export function TextField({
  id,
  label,
  issues = [],
  hint,
  describedBy,
  ...input
}: {
  id: string;
  label: string;
  issues?: readonly string[];
  /** Shown, muted, where the messages go while there are none. */
  hint?: string;
  /** The messages' id when another field shows them (fieldMessagesId of it); this field shows none. */
  describedBy?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const messagesId = describedBy ?? fieldMessagesId(id);
  const hinting = issues.length === 0 && hint !== undefined;
  return (
    <>
      <label className="field">
        <span>{label}</span>
        <input id={id} aria-invalid={issues.length > 0} aria-describedby={messagesId} {...input} />
      </label>
      {describedBy === undefined && (
        <p id={messagesId} className={hinting ? 'field-hint' : 'field-error'} role={issues.length ? 'alert' : undefined}>
          {hinting ? hint : issues.join(' ')}
        </p>
      )}
    </>
  );
}
