/**
 * The pager under every user-center list (spec: page sizes 20, 30, 40, 50, default 20): the
 * count, the page size, first/previous/next/last and a page number to go to. Alt+PageUp and
 * Alt+PageDown turn pages from anywhere in the list's region (the grid keeps PageUp/PageDown).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../shared/constants.js';

export interface PageState {
  /** 1-based. */
  pageIndex: number;
  pageSize: number;
}

export const FIRST_PAGE: PageState = { pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE };

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface PagerProps {
  total: number;
  page: PageState;
  onChange: (next: PageState) => void;
  /** The list's name, for the controls' labels (用户列表分页). */
  label: string;
}

export function Pager({ total, page, onChange, label }: PagerProps) {
  const pages = pageCount(total, page.pageSize);
  const go = (pageIndex: number) => onChange({ ...page, pageIndex: Math.min(pages, Math.max(1, pageIndex)) });
  const jump = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (jump.current) jump.current.value = String(page.pageIndex);
  }, [page.pageIndex]);
  const onJumpKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    const wanted = Number(e.currentTarget.value);
    if (Number.isInteger(wanted)) go(wanted);
  };
  return (
    <nav className="ufc-pager" aria-label={`${label}分页`}>
      <span className="muted">共 {total} 条</span>
      <select
        aria-label="每页条数"
        value={page.pageSize}
        onChange={(e) => onChange({ pageIndex: 1, pageSize: Number(e.target.value) })}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}条/页
          </option>
        ))}
      </select>
      <button type="button" className="btn" disabled={page.pageIndex <= 1} onClick={() => go(1)} aria-label="首页">
        «
      </button>
      <button
        type="button"
        className="btn"
        disabled={page.pageIndex <= 1}
        onClick={() => go(page.pageIndex - 1)}
        aria-label="上一页"
      >
        ‹
      </button>
      <span>
        第 {page.pageIndex} / {pages} 页
      </span>
      <button
        type="button"
        className="btn"
        disabled={page.pageIndex >= pages}
        onClick={() => go(page.pageIndex + 1)}
        aria-label="下一页"
      >
        ›
      </button>
      <button type="button" className="btn" disabled={page.pageIndex >= pages} onClick={() => go(pages)} aria-label="末页">
        »
      </button>
      <label>
        前往
        <input
          ref={jump}
          className="ufc-pager-jump"
          inputMode="numeric"
          defaultValue={page.pageIndex}
          onKeyDown={onJumpKey}
          aria-label="前往页"
        />
        页
      </label>
    </nav>
  );
}

/** Alt+PageUp / Alt+PageDown on the list's region turn its pages. */
export function pagerKeys(page: PageState, total: number, onChange: (next: PageState) => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (!e.altKey || (e.key !== 'PageUp' && e.key !== 'PageDown')) return;
    const pages = pageCount(total, page.pageSize);
    const next = page.pageIndex + (e.key === 'PageDown' ? 1 : -1);
    if (next < 1 || next > pages) return;
    e.preventDefault();
    onChange({ ...page, pageIndex: next });
  };
}
