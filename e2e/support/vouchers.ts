/**
 * Vouchers keyed through the real API for the books and report specs: two lines (one debit, one
 * credit, the same summary) on a day of the session year, saved with the session of apiSession.
 */
import { expect } from '@playwright/test';
import { Paths } from '../../src/shared/api/paths.js';
import type { SaveVoucherRequest } from '../../src/shared/api/vouchers.js';
import type { ApiClient } from '../../src/server/test-support/api-client.js';

/** voucher(month, day, summary, debit code, credit code, yuan) in the year. */
export function twoLineVouchersOf(year: number) {
  return (month: number, day: number, summary: string, debit: string, credit: string, yuan: string): SaveVoucherRequest => ({
    year,
    month,
    pzDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    certificateType: 1,
    numberOfDocument: 0,
    certiDetails: [
      { summary, subjectCode: debit, debitAmount: yuan, creditAmount: null },
      { summary, subjectCode: credit, debitAmount: null, creditAmount: yuan },
    ],
  });
}

/** Saves each voucher in turn; a refusal fails the test with the server's message. */
export async function saveVouchers(session: ApiClient, bodies: readonly SaveVoucherRequest[]): Promise<void> {
  for (const body of bodies) {
    const answer = await session.post(Paths.certificate, { ...body });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
  }
}
