/**
 * The search above 账套管理's tree: a code or a name, Enter asks the server (the whole managed
 * tree, not only the levels read so far), and the matches are listed with the way down to each.
 * ↓ goes into the list, ↑ ↓ move, Enter (or a click) chooses: the tree opens the way to the unit
 * and the list shows it. Esc closes the matches.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import type { ZtTreeSearchItem, ZtTreeSearchResult } from '../../../shared/api/schemas/zt.js';
import { searchTree } from './zt-api.js';

export function UnitSearch({ onChoose }: { onChoose: (id: number) => void }) {
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const [result, setResult] = useState<ZtTreeSearchResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const options = useRef<(HTMLLIElement | null)[]>([]);

  const run = async () => {
    const wanted = text.trim();
    if (wanted === '') {
      setResult(null);
      return;
    }
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
    inputRef.current?.focus();
  };
  const choose = (item: ZtTreeSearchItem) => {
    setResult(null);
    onChoose(item.id);
  };
  const focusOption = (index: number) => {
    const items = result?.items ?? [];
    const next = Math.max(0, Math.min(items.length - 1, index));
    setActive(next);
    options.current[next]?.focus();
  };

  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') void run();
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
    <div className="zt-search">
      <input
        ref={inputRef}
        type="search"
        aria-label="查找单位"
        placeholder="查找单位：编码或名称，回车"
        maxLength={60}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onInputKey}
      />
      {busy && (
        <p className="zt-search-note" role="status">
          查找中…
        </p>
      )}
      {result && result.items.length === 0 && (
        <p className="zt-search-note" role="status">
          没有编码或名称包含「{searched}」的单位
        </p>
      )}
      {result && result.items.length > 0 && (
        <ul className="zt-search-result" role="listbox" aria-label="查找结果" onKeyDown={onListKey}>
          {result.items.map((item, index) => (
            <li
              key={item.id}
              ref={(el) => {
                options.current[index] = el;
              }}
              role="option"
              aria-selected={index === active}
              tabIndex={index === active ? 0 : -1}
              className={`zt-search-item${item.enable ? '' : ' disabled'}`}
              onFocus={() => setActive(index)}
              onClick={() => choose(item)}
            >
              <span>
                <span className="zt-tree-code">{item.code}</span> {item.name}
                {!item.enable && <span className="zt-tree-tag">停用</span>}
              </span>
              {item.path.length > 0 && <span className="zt-search-path">{item.path.map((p) => p.name).join(' › ')}</span>}
            </li>
          ))}
        </ul>
      )}
      {result?.more && <p className="zt-search-note">只列出前{result.items.length}个，请输入更多文字</p>}
    </div>
  );
}
