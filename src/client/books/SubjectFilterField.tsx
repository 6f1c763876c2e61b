/**
 * A subject in a filter bar: the code typed as before, or chosen with the product's subject picker
 * (the … button, or F7 in the field, as in voucher entry), any level, since a parent covers its
 * children. The report pages and 凭证管理 use it alike.
 */
import { useRef, useState } from 'react';
import { SubjectPicker } from '../subjects/SubjectPicker.js';

export function SubjectFilterField({
  name,
  value,
  onChange,
  placeholder,
}: {
  /** The field's accessible name (起始科目, 科目编码...). */
  name: string;
  value: string;
  onChange: (code: string) => void;
  placeholder?: string;
}) {
  const [picking, setPicking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const close = () => {
    setPicking(false);
    input.current?.focus();
  };
  return (
    <span className="subject-filter-field">
      <input
        ref={input}
        aria-label={name}
        aria-keyshortcuts="F7"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'F7') return;
          e.preventDefault();
          setPicking(true);
        }}
      />
      {/* Not a <button>: the page's <label> around the field would name it too; F7 is the keyboard's way. */}
      <span
        role="button"
        tabIndex={-1}
        className="btn btn-icon"
        aria-label="选择科目"
        title={`选择${name}（F7）`}
        onClick={() => setPicking(true)}
      >
        …
      </span>
      {picking && (
        <SubjectPicker
          title={`选择${name}`}
          anyLevel
          initialKeyword={value.trim()}
          onPick={(subject) => {
            onChange(subject.code);
            close();
          }}
          onClose={close}
        />
      )}
    </span>
  );
}
