/**
 * A unit (ledger set) found by its code or name on the server, for lists of thousands of units: a
 * province's tree does not fit a drop-down. Type, Enter asks the server (the caller's whole scope),
 * the matches are listed with the way down to each; ↓ goes into the list, ↑ ↓ move, Enter (or a
 * click) chooses, Esc closes. With a `chosen` unit the box shows its name; Enter on that name
 * unchanged is the form's (it submits), and Enter on an emptied box clears the choice.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ZtTreeSearchItem, ZtTreeSearchResult } from '../../../shared/api/schemas/zt.js';
import { searchTree } from '../zt/zt-api.js';
import './unit-picker.css';

export interface UnitChoice {
  id: number;
  name: string;
}

interface UnitPickerProps {
  label: string;
  placeholder: string;
  onChoose: (unit: UnitChoice | null) => void;
  /** The unit chosen now (a picker); without it the box is a search that keeps what was typed. */
  chosen?: UnitChoice | null;
  inputId?: string;
  invalid?: boolean;
  className?: string;
}

export function UnitPicker({ label, placeholder, onChoose, chosen, inputId, invalid, className }: UnitPickerProps) {
  const picker = chosen !== undefined;
  const chosenName = chosen?.name ?? '';
  const [text, setText] = useState(chosenName);
  const [searched, setSearched] = useState('');
  const [result, setResult] = useState<ZtTreeSearchResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const options = useRef<(HTMLLIElement | null)[]>([]);
  const listId = useId();

  // A choice made outside (a form reset, another record) shows at once.
  const [shownFor, setShownFor] = useState(chosenName);
  if (picker && shownFor !== chosenName) {
    setShownFor(chosenName);
    setText(chosenName);
  }

  // ↓ pressed while the server was still answering goes into the matches when they come.
  const downPending = useRef(false);
  useEffect(() => {
    if (!downPending.current || !result) return;
    downPending.current = false;
    options.current[0]?.focus();
  }, [result]);

  const run = async (wanted: string) => {
    downPending.current = false;
    setBusy(true);
    try {
      setResult(await searchTree(wanted));
      setSearched(wanted);
      setActive(0);
    } catch {
      // The request wrapper has shown the refusal.
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setResult(null);
    if (picker) setText(chosenName);
    inputRef.current?.focus();
  };
  const choose = (item: ZtTreeSearchItem) => {
    setResult(null);
    if (picker) {
      setText(item.name);
      inputRef.current?.focus();
    }
    onChoose({ id: item.id, name: item.name });
  };
  const focusOption = (index: number) => {
    const items = result?.items ?? [];
    const next = Math.max(0, Math.min(items.length - 1, index));
    setActive(next);
    options.current[next]?.focus();
  };

  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const wanted = text.trim();
    if (e.key === 'Enter') {
      if (picker && wanted === chosenName) return; // Unchanged: the form's Enter.
      if (wanted === '') {
        if (picker) onChoose(null);
        setResult(null);
      } else void run(wanted);
    } else if (e.key === 'ArrowDown' && busy) downPending.current = true;
    else if (e.key === 'ArrowDown' && result && result.items.length > 0) focusOption(0);
    else if (e.key === 'Escape' && result) close();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const item = result?.items[active];
    if (e.key === 'ArrowDown') focusOption(active + 1);
    else if (e.key === 'ArrowUp') {
      if (active === 0) inputRef.current?.focus();
      else focusOption(active - 1);
    } else if (e.key === 'Home') focusOption(0);
    else if (e.key === 'End') focusOption((result?.items.length ?? 1) - 1);
    else if ((e.key === 'Enter' || e.key === ' ') && item) choose(item);
    else if (e.key === 'Escape') close();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div className={`unit-picker${className ? ` ${className}` : ''}`}>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        role={picker ? 'combobox' : undefined}
        aria-label={label}
        aria-expanded={picker ? !!result && result.items.length > 0 : undefined}
        aria-controls={listId}
        aria-invalid={invalid || undefined}
        placeholder={placeholder}
        maxLength={60}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onInputKey}
      />
      {busy && (
        <p className="unit-picker-note" role="status">
          查找中…
        </p>
      )}
      {result && result.items.length === 0 && (
        <p className="unit-picker-note" role="status">
          没有编码或名称包含「{searched}」的单位
        </p>
      )}
      {result && result.items.length > 0 && (
        <ul id={listId} className="unit-picker-result" role="listbox" aria-label={`${label}：查找结果`} onKeyDown={onListKey}>
          {result.items.map((item, index) => (
            <li
              key={item.id}
              ref={(el) => {
                options.current[index] = el;
              }}
              role="option"
              aria-selected={index === active}
              tabIndex={index === active ? 0 : -1}
              className={`unit-picker-item${item.enable ? '' : ' disabled'}`}
              onFocus={() => setActive(index)}
              onClick={() => choose(item)}
            >
              <span>
                <span className="unit-picker-code">{item.code}</span> {item.name}
                {!item.enable && <span className="unit-picker-tag">停用</span>}
              </span>
              {item.path.length > 0 && <span className="unit-picker-path">{item.path.map((p) => p.name).join(' › ')}</span>}
            </li>
          ))}
        </ul>
      )}
      {result?.more && <p className="unit-picker-note">只列出前{result.items.length}个，请输入更多文字</p>}
    </div>
  );
}
