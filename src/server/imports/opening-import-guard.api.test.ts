/**
 * The openings import through the shared guard, over HTTP on both databases: a zip bomb is
 * refused at once with the limit's message and changes nothing, and while a large workbook is
 * being read another user's calls keep being answered.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { bombWorkbook } from '../test-support/workbook-bombs.js';
import { MAX_OPENING_ROWS } from '../subjects/opening-service.js';
import { WORKBOOK_LIMITS, WorkbookMessages } from './workbook-limits.js';

describe.each(TEST_DIALECTS)('the openings import refuses hostile workbooks (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', '示范市第一机械厂工会');
    admin = new ApiClient(server.url);
    await admin.openSet(server.db, 'admin', 'Admin@123', '示范市总工会');
  });
  afterAll(() => server.close());

  const openings = async () => JSON.stringify((await kuaiji.get(Paths.subjectSetting)).body.data);

  it('a 1.8 MB workbook that inflates to 500 MB is refused at once, changing nothing', async () => {
    const before = await openings();
    const bomb = bombWorkbook(500 * 1024 * 1024);
    const t0 = performance.now();
    const answer = await kuaiji.upload(Paths.openingImport, { name: '期初.xlsx', content: bomb });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(answer.body).toMatchObject({
      success: false,
      errorCode: ErrorCode.BusinessRule,
      errorMsg: WorkbookMessages.tooLarge(WORKBOOK_LIMITS.maxTotalBytes),
    });
    const lie = await kuaiji.upload(Paths.openingImport, { name: '期初.xlsx', content: bombWorkbook(500 * 1024 * 1024, true) });
    expect(lie.body.errorMsg).toBe(WorkbookMessages.lies('xl/worksheets/sheet1.xml'));
    expect(await openings()).toBe(before);
  });

  it('another user is answered while a large workbook is read', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('科目期初');
    sheet.addRow(['科目编码', '期初余额']);
    for (let i = 0; i < 60_000; i++) sheet.addRow([`9${String(i).padStart(6, '0')}`, i + 0.5]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    let running = true;
    const latencies: number[] = [];
    const t0 = performance.now();
    const importing = kuaiji.upload(Paths.openingImport, { name: '期初.xlsx', content: bytes }).finally(() => (running = false));
    while (running) {
      const t = performance.now();
      await admin.get(Paths.getInfo);
      latencies.push(performance.now() - t);
    }
    const answer = await importing;
    const took = performance.now() - t0;
    expect(answer.body.errorMsg).toBe(WorkbookMessages.tooManyRows(MAX_OPENING_ROWS + 20));
    // Answered all along: many calls, none waiting for most of the read.
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(took / 2);
  }, 60_000);
});
