/**
 * The voucher's header: date, category (凭证字), the number the server proposes, the attached-
 * document count and the period. A new voucher starts on the date (the 用友 habit); Enter steps
 * date → 凭证字 → 附单据 and from there into the first line's summary (the number is the server's
 * and read-only, so it is no stop). A date typed in another month of the year moves the period
 * with it, so the period needs no stop of its own; it stays reachable with Tab, and Enter there
 * goes into the grid. Integer fields take digits only.
 */
import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import type { CertificateTypeItem } from '../../shared/api/vouchers.js';
import type { VoucherHead } from './voucher-rows.js';
import { monthOfTypedDate } from './voucher-head-date.js';

interface Props {
  head: VoucherHead;
  types: readonly CertificateTypeItem[];
  readOnly: boolean;
  /** The period stays choosable although the voucher is read-only: a new voucher of a closed month moves to an open one. */
  periodOpen?: boolean;
  problems: readonly string[];
  /** Changes when a new voucher is shown: the date takes the focus then (null: it does not). */
  startKey: number | null;
  onChange: (patch: Partial<VoucherHead>) => void;
  /** A new period; `pzDate` keeps a date typed in that month instead of the month's proposal. */
  onPeriod: (month: number, pzDate?: string) => void;
  onCategory: (certificateType: number) => void;
  onDone: () => void;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Enter steps through the header's stops (data-head-stop), then into the grid. */
function nextOnEnter(onDone: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.altKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const stops = [...document.querySelectorAll<HTMLElement>('.voucher-head [data-head-stop]:not([disabled])')];
    const at = stops.indexOf(event.currentTarget);
    const next = at < 0 ? undefined : stops[at + 1];
    if (next) next.focus();
    else onDone();
  };
}

/** A typed field is taken whole on entry, so typing replaces it (Enter alone keeps it). */
const selectAll = (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select();

export function VoucherHeadBar({
  head,
  types,
  readOnly,
  periodOpen,
  problems,
  startKey,
  onChange,
  onPeriod,
  onCategory,
  onDone,
}: Props) {
  const dateRef = useRef<HTMLInputElement>(null);
  // In the commit that shows the new voucher, not after its paint: the saved voucher's grid is
  // gone by then, and keys typed before a later effect went to the page's body and were lost.
  useLayoutEffect(() => {
    if (startKey !== null) dateRef.current?.focus();
  }, [startKey]);

  /** The date's month, when it is another month of the voucher's year, becomes the period. */
  const commitDate = () => {
    const month = monthOfTypedDate(head.pzDate, head.year);
    if (month !== null && month !== head.month) onPeriod(month, head.pzDate.trim());
  };
  const onEnter = nextOnEnter(onDone);
  return (
    <div className="voucher-head">
      <label className="voucher-field">
        <span>日期</span>
        <input
          ref={dateRef}
          data-head-stop
          className="voucher-date"
          value={head.pzDate}
          placeholder="yyyy-MM-dd"
          readOnly={readOnly}
          maxLength={10}
          onFocus={selectAll}
          onChange={(e) => onChange({ pzDate: e.target.value.replace(/[^\d-]/g, '') })}
          // Enter leaves the field too, so the blur alone commits the date.
          onBlur={() => !readOnly && commitDate()}
          onKeyDown={onEnter}
        />
      </label>
      <label className="voucher-field">
        <span>凭证字</span>
        <select
          data-head-stop
          value={head.certificateType}
          disabled={readOnly}
          onChange={(e) => onCategory(Number(e.target.value))}
          onKeyDown={onEnter}
        >
          {types.map((t) => (
            <option key={t.value} value={t.value}>
              {t.entry ? `${t.entry}（${t.name}）` : t.name}
            </option>
          ))}
        </select>
      </label>
      <label className="voucher-field">
        <span>凭证号</span>
        <input
          className="voucher-number"
          inputMode="numeric"
          value={head.pzNo}
          readOnly
          tabIndex={-1}
          aria-readonly="true"
          title="凭证号由系统按期间和凭证字连续编号"
          data-testid="voucher-number"
        />
      </label>
      <label className="voucher-field">
        <span>附单据</span>
        <input
          data-head-stop
          className="voucher-count"
          inputMode="numeric"
          value={head.numberOfDocument}
          readOnly={readOnly}
          maxLength={6}
          onFocus={selectAll}
          onChange={(e) => onChange({ numberOfDocument: e.target.value.replace(/\D/g, '') })}
          onKeyDown={onEnter}
        />
        <span>张</span>
      </label>
      <label className="voucher-field">
        <span>会计期间</span>
        <select
          value={head.month}
          disabled={readOnly && !periodOpen}
          onChange={(e) => onPeriod(Number(e.target.value))}
          onKeyDown={onEnter}
        >
          {MONTHS.map((m) => (
            <option key={m} value={m}>
              {head.year}年{m}月
            </option>
          ))}
        </select>
      </label>
      {problems.length > 0 && (
        <div className="voucher-head-problems" role="alert">
          {problems.join('；')}
        </div>
      )}
    </div>
  );
}
