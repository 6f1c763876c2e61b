import { describe, expect, it } from 'vitest';
import type { ProvisionMonthRow } from '../../shared/api/schemas/assets-vouchers.js';
import { initialMonth, provisionStateText } from './AssetDepreciationPage.js';

const row = (month: number, extra: Partial<ProvisionMonthRow> = {}): ProvisionMonthRow => ({
  month,
  isProvision: false,
  unGenerateCertificate: false,
  cardCount: 0,
  total: 0,
  canRun: false,
  canUndo: false,
  ...extra,
});

describe('the depreciation page', () => {
  it('names the three month states (a run month whose voucher was deleted reads 已计提未生成凭证)', () => {
    expect(provisionStateText(row(1))).toBe('未计提');
    expect(provisionStateText(row(1, { isProvision: true, unGenerateCertificate: true }))).toBe('已计提未生成凭证');
    expect(provisionStateText(row(1, { isProvision: true }))).toBe('已生成凭证');
  });

  it('opens on the last month run, else the first that may be run, else January', () => {
    const run = [row(1, { isProvision: true }), row(2, { isProvision: true }), row(3, { canRun: true }), row(4)];
    expect(initialMonth(run)).toBe(2);
    expect(initialMonth([row(1), row(2), row(3, { canRun: true })])).toBe(3);
    expect(initialMonth([row(1), row(2)])).toBe(1);
    expect(initialMonth([])).toBe(1);
  });
});
