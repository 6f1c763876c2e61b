/**
 * A labelled text input of a dialog's form with its messages below it: the input is marked
 * invalid and described by them, and they are announced (role alert) when there are any.
 */
import type { InputHTMLAttributes } from 'react';

export function TextField({
  id,
  label,
  issues,
  ...input
}: {
  id: string;
  label: string;
  issues: readonly string[];
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <>
      <label className="field">
        <span>{label}</span>
        <input id={id} aria-invalid={issues.length > 0} aria-describedby={`${id}-error`} {...input} />
      </label>
      <p id={`${id}-error`} className="field-error" role={issues.length ? 'alert' : undefined}>
        {issues.join(' ')}
      </p>
    </>
  );
}
