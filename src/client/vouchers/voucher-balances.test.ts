import { describe, expect, it } from 'vitest';
import type { SubjectBalanceResponse } from '../../shared/api/vouchers.js';
import { sampleSubject } from '../../shared/subjects/subject-item-sample.js';
import { SubjectBalances } from './voucher-balances.js';
import { VoucherLookupStore } from './voucher-cells.js';

interface Asked {
  code: string;
  year: number;
  month: number;
  answer: (balance: number) => void;
  fail: () => void;
}

function setUp() {
  const store = new VoucherLookupStore();
  store.load(
    [sampleSubject('101'), sampleSubject('102'), sampleSubject('501', { lastLevel: false }), sampleSubject('50101')],
    false,
  );
  const asked: Asked[] = [];
  const balances = new SubjectBalances(
    store,
    (code, year, month) =>
      new Promise<SubjectBalanceResponse>((resolve, reject) => {
        asked.push({
          code,
          year,
          month,
          answer: (balance) => resolve({ code, balance, balanceDirection: 1 }),
          fail: () => reject(new Error('offline')),
        });
      }),
  );
  let arrived = 0;
  balances.listen(() => arrived++);
  return { store, asked, balances, arrived: () => arrived };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SubjectBalances', () => {
  it('asks once per last-level subject of the voucher, for its period, and repaints once for the batch', async () => {
    const { store, asked, balances, arrived } = setUp();
    const codes = Array.from({ length: 2_000 }, (_, i) => ['101', '50101', '102', '501', null, 'nope'][i % 6] ?? null);
    balances.startVoucher(2026, 12, codes);
    expect(asked.map((a) => [a.code, a.year, a.month])).toEqual([
      ['101', 2026, 12],
      ['50101', 2026, 12],
      ['102', 2026, 12],
    ]);
    balances.ask(['101', '102']);
    expect(asked).toHaveLength(3);
    asked.forEach((a, i) => a.answer(100 * (i + 1)));
    await settle();
    expect(store.balances().get('50101')?.balance).toBe(200);
    expect(arrived()).toBe(1);
  });

  it('drops answers meant for the voucher that left the screen', async () => {
    const { store, asked, balances, arrived } = setUp();
    balances.startVoucher(2026, 11, ['101']);
    store.startVoucher(new Map());
    balances.startVoucher(2026, 12, ['101']);
    expect(asked.map((a) => a.month)).toEqual([11, 12]);
    asked[0]?.answer(1);
    await settle();
    expect(store.balances().has('101')).toBe(false);
    expect(arrived()).toBe(0);
    asked[1]?.answer(2);
    await settle();
    expect(store.balances().get('101')?.balance).toBe(2);
    expect(arrived()).toBe(1);
  });

  it('asks again after a failed request', async () => {
    const { asked, balances } = setUp();
    balances.startVoucher(2026, 3, ['102']);
    asked[0]?.fail();
    await settle();
    balances.ask(['102']);
    expect(asked.map((a) => [a.code, a.month])).toEqual([
      ['102', 3],
      ['102', 3],
    ]);
  });
});
