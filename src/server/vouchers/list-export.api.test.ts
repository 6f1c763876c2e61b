/**
 * The voucher list's export (GET certificate/exportList): every voucher its filters select, all
 * pages, read through the real app on SQLite and PostgreSQL. The file is opened as an auditor
 * would (exceljs, every formula recalculated with HyperFormula: test-support/workbook-check.ts)
 * and every row and total is compared with the same query through the list API, page by page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse, CertificateTypeItem, Voucher, VoucherListQuery } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import type { Paged } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { toVoucherListRow, voucherStatus } from '../../../grids/voucher-list.js';
import { periodText, type ExportFilter } from '../../../grids/workbook/heading.js';
import { ApiClient } from '../test-support/api-client.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { checkWorkbook, fenOf, type CheckedSheet } from '../test-support/workbook-check.js';
import { listFilterOf, listVouchers, forEachListedVoucher } from './queries.js';
import { afterBatch, FACTORY, line, refOf, request, save } from './voucher-test-kit.js';

const MONTH = 4;
/** More than the page of 200 the screen shows. */
const MANY = 230;
const INJECTION = '=HYPERLINK("http://x","点我")';

describe.each(TEST_DIALECTS)('voucher list export (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let ztId: number;
  let exporter: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = (await setIds(server.db))(FACTORY);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    exporter = (
      await server.db.kysely.selectFrom('app_user').select('name').where('login_name', '=', 'kuaiji').executeTakeFirstOrThrow()
    ).name;
    const saved: Voucher[] = [];
    for (let i = 0; i < MANY; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const fen = 100 + ((i * 7919) % 900_000);
      const amount = (fen / 100).toFixed(2);
      const lines =
        i % 5 === 0
          ? [line('102', amount, null, '职工培训费'), line('401', null, amount, '职工培训费')]
          : [line('101', amount, null, i === 3 ? INJECTION : `收会费${i}`), line('401', null, amount)];
      const answer = await save(
        kuaiji,
        request({ month: MONTH, pzDate: `2026-04-${day}`, certificateType: 1, certiDetails: lines }),
      );
      if (!answer.body.success) throw new Error(answer.body.errorMsg ?? 'save failed');
      saved.push(answer.body.data);
    }
    // Some reviewed, so the status filter selects a part.
    const shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
    const refs = saved.filter((_, i) => i % 3 === 0).map(refOf);
    const reviewed = await shenhe.post<BatchResponse>(Paths.certificateReview, { year: 2026, details: refs, isReview: true });
    if (!reviewed.body.success) throw new Error(reviewed.body.errorMsg ?? 'review failed');
    afterBatch(refs, reviewed);
  }, 300_000);
  afterAll(() => server.close());

  /** Every voucher of the query through the list API, page after page. */
  async function listed(query: Omit<VoucherListQuery, 'pageIndex' | 'pageSize'>): Promise<Voucher[]> {
    const all: Voucher[] = [];
    for (let page = 1; ; page++) {
      const answer = await kuaiji.get<Paged<Voucher>>(Paths.certificate, { ...query, pageIndex: page, pageSize: 200 });
      expect(answer.body.success).toBe(true);
      all.push(...answer.body.data.currentPageItems);
      if (all.length >= answer.body.data.totalItemCount) return all;
    }
  }

  /** The data rows of the sheet (between the column headers and the totals) as the list shows them. */
  function sheetRows(sheet: CheckedSheet) {
    const header = sheet.rowOf(1, '日期');
    const rows: string[][] = [];
    for (let r = header + 1; r <= sheet.rowCount; r++) {
      if (sheet.text(r, 1) === '借方合计') return { rows, totalsAt: r };
      rows.push([
        sheet.text(r, 1),
        sheet.text(r, 2),
        sheet.text(r, 3),
        sheet.text(r, 4),
        String(fenOf(sheet.value(r, 5))),
        String(fenOf(sheet.value(r, 6))),
        String(sheet.value(r, 7)),
        sheet.text(r, 8),
        sheet.text(r, 9),
        sheet.text(r, 10),
      ]);
    }
    throw new Error('no 借方合计 row');
  }

  const expectedRow = (v: Voucher) => {
    const r = toVoucherListRow(v);
    return [
      r.pzDate,
      r.voucherNo,
      r.summary,
      r.subject,
      String(r.debitTotal),
      String(r.creditTotal),
      String(r.numberOfDocument),
      r.preparedBy,
      r.reviewer,
      voucherStatus(v),
    ];
  };

  async function exportAndCompare(query: Omit<VoucherListQuery, 'pageIndex' | 'pageSize'>, filters: ExportFilter[]) {
    const file = await kuaiji.download(Paths.certificateExportList, query);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const period = periodText(2026, query.beginMonth ?? 1, query.endMonth ?? 12);
    const book = await checkWorkbook(file.bytes, {
      heading: { title: '凭证列表', unit: FACTORY, ledgerSet: FACTORY, period, filters, exportedBy: exporter },
      userTexts: [INJECTION],
    });
    const sheet = book.sheet('凭证列表');
    const expected = await listed(query);
    const { rows, totalsAt } = sheetRows(sheet);
    expect(rows).toEqual(expected.map(expectedRow));
    // The totals are live formulas; recalculated they equal the list's sums, all pages.
    const sum = (side: 'debitTotal' | 'creditTotal') => expected.reduce((s, v) => s + toVoucherListRow(v)[side], 0);
    expect(fenOf(sheet.value(totalsAt, 5))).toBe(sum('debitTotal'));
    expect(fenOf(sheet.value(totalsAt + 1, 6))).toBe(sum('creditTotal'));
    expect(sheet.formulas.map((f) => f.address)).toEqual([`E${totalsAt}`, `F${totalsAt + 1}`]);
    return { file, rows: expected.length };
  }

  it('writes every voucher of the period, not the page on screen, with totals as formulas', async () => {
    const { file, rows } = await exportAndCompare({ beginMonth: MONTH, endMonth: MONTH }, []);
    expect(rows).toBeGreaterThanOrEqual(MANY);
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain(`凭证列表_${FACTORY}_2026年04月.xlsx`);
  });

  it('applies every filter of the list, each named in the heading', async () => {
    await exportAndCompare({ beginMonth: MONTH, endMonth: MONTH, subjectCode: '102' }, [{ label: '科目', value: '102' }]);
    await exportAndCompare({ beginMonth: MONTH, endMonth: MONTH, summary: '培训', status: 'reviewed' }, [
      { label: '摘要包含', value: '培训' },
      { label: '状态', value: '已审核' },
    ]);
    const types = await kuaiji.get<CertificateTypeItem[]>(Paths.certificateType);
    const type = types.body.data.find((t) => t.value === 1);
    if (!type) throw new Error('no category 1');
    await exportAndCompare(
      { beginMonth: 1, endMonth: 12, certificateType: 1, beginPzNo: 20, endPzNo: 120, minAmount: '1000', maxAmount: '5000.5' },
      [
        { label: '类别', value: `${type.entry}（${type.name}）` },
        { label: '凭证号', value: '20至120' },
        { label: '金额', value: '1000.00至5000.50' },
      ],
    );
    // Nothing selected: the headings and zero totals.
    await exportAndCompare({ beginMonth: 12, endMonth: 12 }, []);
  });

  it('reads in chunks in the list order, whatever the chunk size', async () => {
    const filter = listFilterOf({ beginMonth: MONTH, endMonth: MONTH, pageSize: 1000 }, 2026);
    const whole = await listVouchers(server.db.kysely, ztId, filter);
    for (const chunk of [1, 7, 229, 230, 1000]) {
      const ids: string[] = [];
      await forEachListedVoucher(server.db.kysely, ztId, filter, chunk, (vouchers) => {
        ids.push(...vouchers.map((v) => v.id));
        return Promise.resolve();
      });
      expect(ids, `chunk ${chunk}`).toEqual(whole.currentPageItems.map((v) => v.id));
    }
  });

  it('needs the list export right and refuses bad filters before writing', async () => {
    const chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
    const refused = await chuna.get(Paths.certificateExportList, { beginMonth: MONTH, endMonth: MONTH });
    expect(refused.body.errorCode).toBe(ErrorCode.Forbidden);
    const bad = await kuaiji.get(Paths.certificateExportList, { beginMonth: 13 });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe(ErrorCode.BadRequest);
  });
});
