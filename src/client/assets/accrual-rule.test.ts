import { describe, expect, it } from 'vitest';
import { offersAccrual } from './AccrualDialog.js';

describe('the 2022 accrual dialog rule (spec: opens when the year is 2022 and isProvision is false)', () => {
  it('opens only in 2022, before the accrual is made or declined, once the assets are initialised', () => {
    expect(offersAccrual({ year: 2022, isProvision: false }, true)).toBe(true);
    expect(offersAccrual({ year: 2022, isProvision: true }, true)).toBe(false);
    expect(offersAccrual({ year: 2023, isProvision: false }, true)).toBe(false);
    expect(offersAccrual({ year: 2021, isProvision: false }, true)).toBe(false);
    expect(offersAccrual({ year: 2022, isProvision: false }, false)).toBe(false);
  });
});
