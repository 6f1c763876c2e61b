/** Data of the books API tests, keyed through the real voucher API. */
import { expect } from 'vitest';
import type { ApiClient } from '../test-support/api-client.js';
import { line, request, save } from '../vouchers/voucher-test-kit.js';

/**
 * A cash subject's first two months of 2026 in the open ledger set: January, dues 1,000.00 into
 * cash (101 against 401); February, 300.00 for an activity (50102, the summary given: a test may
 * key one that looks like a formula) and 200.50 for training (50101) out of cash.
 */
export async function saveCashMonths(client: ApiClient, activitySummary = '文体活动'): Promise<void> {
  const vouchers: [date: string, debit: string, credit: string, yuan: string, summary: string][] = [
    ['2026-01-05', '101', '401', '1000', '收一月会费'],
    ['2026-02-03', '50102', '101', '300', activitySummary],
    ['2026-02-20', '50101', '101', '200.50', '职工培训'],
  ];
  for (const [date, debit, credit, yuan, summary] of vouchers) {
    const certiDetails = [line(debit, yuan, null, summary), line(credit, null, yuan, summary)];
    const answer = await save(client, request({ month: Number(date.slice(5, 7)), pzDate: date, certiDetails }));
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
  }
}
