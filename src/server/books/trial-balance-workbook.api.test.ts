/**
 * The trial balance's 合计 equals what is listed, each amount once, on screen and in the workbook,
 * whatever the code or name filter lists: the answer of the real API (SQLite and PostgreSQL) goes
 * through the page's rows and grid engine (the screen's totals) and the page's workbook builder;
 * the file is recalculated with HyperFormula (test-support/workbook-check.ts) and its 合计 row
 * compared with the sum of the listed rows that no listed row contains.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialBalanceQuery, TrialBalanceResponse } from '../../shared/api/books.js';
import { Paths } from '../../shared/api/paths.js';
import { answerFen, trialBalanceAmounts } from '../../shared/books/answer-amounts.js';
import { createGridEngine } from '../../../formulas/engine.js';
import { toTrialBalanceGridRows, trialBalanceGrid, type TrialBalanceGridRow } from '../../../grids/trial-balance.js';
import type { ExportHeading } from '../../../grids/workbook/heading.js';
import { buildWorkbook } from '../../../grids/workbook/workbook.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { checkWorkbook, fenOf } from '../test-support/workbook-check.js';
import { SCHOOL } from '../vouchers/voucher-test-kit.js';
import { saveCashMonths } from './books-test-kit.js';

const MONEY = [
  'openingDebit',
  'openingCredit',
  'periodDebit',
  'periodCredit',
  'yearDebit',
  'yearCredit',
  'closingDebit',
  'closingCredit',
] as const;

describe.each(TEST_DIALECTS)('trial balance totals in the workbook (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SCHOOL);
    await saveCashMonths(kuaiji);
  });
  afterAll(() => server.close());

  async function rowsOf(query: Partial<TrialBalanceQuery>): Promise<TrialBalanceGridRow[]> {
    const answer = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, {
      beginTime: '2026-01',
      endTime: '2026-02',
      ...query,
    });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    return toTrialBalanceGridRows(trialBalanceAmounts(answer.body.data, answerFen).rows);
  }

  /** What is listed, each amount once: rows whose code starts with no other listed code. */
  const listedOnce = (rows: readonly TrialBalanceGridRow[], id: (typeof MONEY)[number]) =>
    rows
      .filter((r) => !r.isGovernment && !rows.some((o) => o.code !== r.code && r.code.startsWith(o.code)))
      .reduce((s, r) => s + r[id], 0);

  for (const [name, query] of [
    ['only child subjects (code)', { codeOrName: '50101' }],
    ['only child subjects (name)', { codeOrName: '文体' }],
    ['a parent and its children (name)', { codeOrName: '活动支出' }],
    ['a parent and its children', { codeOrName: '501' }],
    ['a code range of children', { beginCode: '50101', endCode: '50102' }],
    ['the whole chart', {}],
  ] as const) {
    it(`adds ${name} once, on screen and in the recalculated workbook`, async () => {
      const rows = await rowsOf(query);
      expect(rows.length).toBeGreaterThan(0);
      const engine = createGridEngine(trialBalanceGrid, rows);
      const screen = engine.totals();
      engine.destroy();
      const heading: ExportHeading = {
        title: '科目余额表',
        unit: SCHOOL,
        ledgerSet: SCHOOL,
        period: '2026年01-02月',
        filters: Object.entries(query).map(([label, value]) => ({ label, value: String(value) })),
        exportedBy: '测试',
        exportedAt: new Date(),
      };
      const bytes = await buildWorkbook(trialBalanceGrid, rows, heading, screen).xlsx.writeBuffer();
      const sheet = (await checkWorkbook(bytes, { heading })).sheet();
      const at = sheet.rowOf(1, '合计');
      expect(at).toBeGreaterThan(0);
      MONEY.forEach((id, i) => {
        const expected = listedOnce(rows, id);
        expect(screen[`sum_${id}`], `screen ${id}`).toBe(expected);
        expect(fenOf(sheet.value(at, 3 + i)), `workbook ${id}`).toBe(expected);
      });
      // The 50101 filter lists figures: the total is not the 0.00 of first-level-only totals.
      if ('codeOrName' in query) expect(listedOnce(rows, 'periodDebit')).toBeGreaterThan(0);
    });
  }
});
