/**
 * The voucher's header: category (凭证字), the number the server proposes, period, date and the
 * attached-document count. Integer fields take digits only; Enter moves to the next field, and
 * from the last one into the grid.
 */
import type { KeyboardEvent } from 'react';
import type { CertificateTypeItem } from '../../shared/api/vouchers.js';
import type { VoucherHead } from './voucher-rows.js';

interface Props {
  head: VoucherHead;
  types: readonly CertificateTypeItem[];
  readOnly: boolean;
  /** The period stays choosable although the voucher is read-only: a new voucher of a closed month moves to an open one. */
  periodOpen?: boolean;
  problems: readonly string[];
  onChange: (patch: Partial<VoucherHead>) => void;
  onPeriod: (month: number) => void;
  onCategory: (certificateType: number) => void;
  onDone: () => void;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Enter steps through the header's fields, then into the grid. */
function nextOnEnter(onDone: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.altKey) return;
    event.preventDefault();
    const fields = [...document.querySelectorAll<HTMLElement>('.voucher-head [data-head-field]:not([disabled])')];
    const at = fields.indexOf(event.currentTarget);
    const next = fields[at + 1];
    if (next) next.focus();
    else onDone();
  };
}

export function VoucherHeadBar({ head, types, readOnly, periodOpen, problems, onChange, onPeriod, onCategory, onDone }: Props) {
  const onEnter = nextOnEnter(onDone);
  return (
    <div className="voucher-head">
      <label className="voucher-field">
        <span>凭证字</span>
        <select
          data-head-field
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
          aria-readonly="true"
          title="凭证号由系统按期间和凭证字连续编号"
          data-testid="voucher-number"
        />
      </label>
      <label className="voucher-field">
        <span>会计期间</span>
        <select
          data-head-field
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
      <label className="voucher-field">
        <span>日期</span>
        <input
          data-head-field
          className="voucher-date"
          value={head.pzDate}
          placeholder="yyyy-MM-dd"
          readOnly={readOnly}
          maxLength={10}
          onChange={(e) => onChange({ pzDate: e.target.value.replace(/[^\d-]/g, '') })}
          onKeyDown={onEnter}
        />
      </label>
      <label className="voucher-field">
        <span>附单据</span>
        <input
          data-head-field
          className="voucher-count"
          inputMode="numeric"
          value={head.numberOfDocument}
          readOnly={readOnly}
          maxLength={6}
          onChange={(e) => onChange({ numberOfDocument: e.target.value.replace(/\D/g, '') })}
          onKeyDown={onEnter}
        />
        <span>张</span>
      </label>
      {problems.length > 0 && (
        <div className="voucher-head-problems" role="alert">
          {problems.join('；')}
        </div>
      )}
    </div>
  );
}
