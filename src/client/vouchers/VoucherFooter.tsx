/** The voucher's signatures: financial officer, bookkeeper, reviewer (set by the review), preparer, cashier. */
import type { VoucherHead } from './voucher-rows.js';

interface Props {
  head: VoucherHead;
  readOnly: boolean;
  onChange: (patch: Partial<VoucherHead>) => void;
}

const FIELDS = [
  ['financialOfficer', '财务主管'],
  ['bookkeeper', '记账'],
  ['reviewer', '审核'],
  ['preparedBy', '制单'],
  ['cashier', '出纳'],
] as const;

export function VoucherFooter({ head, readOnly, onChange }: Props) {
  return (
    <div className="voucher-foot">
      {FIELDS.map(([key, label]) => (
        <label className="voucher-field" key={key}>
          <span>{label}</span>
          <input
            value={head[key]}
            readOnly={readOnly || key === 'reviewer'}
            maxLength={32}
            onChange={(e) => onChange({ [key]: e.target.value })}
          />
        </label>
      ))}
    </div>
  );
}
