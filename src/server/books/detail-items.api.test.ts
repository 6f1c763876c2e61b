/**
 * The detail ledger per auxiliary item (isShowAuxi) and its two zero switches, over the real
 * server, worked out by hand. Amounts are yuan, in the comments and on the wire (the openings call
 * still takes fen).
 *
 * 其他应收款 135 is kept by 经费核算 (JFHS) and 资金来源 (ZJLY); a section's key lists JFHS first.
 * Openings: 135 [001001 人员经费 / 001 工会资金] 300.00 and [002 项目支出 / 002 财政拨款] 200.00;
 * 102 1,000.00; 32205 1,500.00.
 *   S1 JFHS:001001|ZJLY:001  opening 300; Jan 10 借支差旅 +100 → 400; Mar 15 收回借款 -400 → 0
 *   S2 JFHS:001001|ZJLY:002  opening 0; Feb 3 借支 +100 → 100; Feb 25 收回借款 -100 → 0
 *   S3 JFHS:001002|ZJLY:001  opening 0; Mar 5 借支 +80 → 80
 *   S4 JFHS:002|ZJLY:002     opening 200; Jan 20 收回借款 -50 → 150
 * The other side of each voucher is 102.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetailLedgerQuery, DetailLedgerResponse, DetailLedgerRow } from '../../shared/api/books.js';
import type { VoucherLineInput } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { detailRowAmounts } from '../../shared/books/answer-amounts.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { checkWorkbook } from '../test-support/workbook-check.js';
import { line, request, save } from '../vouchers/voucher-test-kit.js';
import { forEachLedgerRow } from './detail-ledger.js';
import { ledgerContext, ledgerOptionsOf } from './detail-sections.js';

const SET = '示范市辅助明细测试工会';
const S1 = 'JFHS:001001|ZJLY:001';
const S2 = 'JFHS:001001|ZJLY:002';
const S3 = 'JFHS:001002|ZJLY:001';
const S4 = 'JFHS:002|ZJLY:002';
const NAMES: Record<string, string> = {
  [S1]: '经费核算：001001 人员经费；资金来源：001 工会资金',
  [S2]: '经费核算：001001 人员经费；资金来源：002 财政拨款',
  [S3]: '经费核算：001002 公用经费；资金来源：001 工会资金',
  [S4]: '经费核算：002 项目支出；资金来源：002 财政拨款',
};

/** [kind, section key, summary, debit, credit, side, balance] in yuan. */
const pick = (r: DetailLedgerRow) => [r.kind, r.auxiKey, r.summary, r.debit, r.credit, r.direction, r.balance];
/** A section's first two rows as pick gives them: its heading (names, no amounts) and its opening. */
const headed = (key: string, summary: string, direction: number, balance: number) => [
  ['item', key, NAMES[key], 0, 0, 0, 0],
  ['opening', key, summary, 0, 0, direction, balance],
];

describe.each(TEST_DIALECTS)('detail ledger per auxiliary item (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let ztId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = await createSet(server.db, { name: SET, code: 'FZMX', system: 'union-grassroots', users: ['kuaiji'] });
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET);
    expect((await kuaiji.post(Paths.saveAuxiRealedSub, { code: '135', typeNoArray: ['ZJLY', 'JFHS'] })).body.success).toBe(true);
    const item = (jfhs: string, zjly: string) => [
      { typeNo: 'JFHS', infoNo: jfhs },
      { typeNo: 'ZJLY', infoNo: zjly },
    ];
    const opened = await kuaiji.post(Paths.branchSave, {
      detailList: [
        { code: '135', auxis: item('001001', '001'), initAmount: 300 },
        { code: '135', auxis: item('002', '002'), initAmount: 200 },
        { code: '102', initAmount: 1_000 },
        { code: '32205', initAmount: 1_500 },
      ],
      confirmPrompt: false,
      autoUnderAllAcc: true,
    });
    expect(opened.body.success, opened.body.errorMsg ?? '').toBe(true);
    const key = async (date: string, lines: VoucherLineInput[]) => {
      const answer = await save(kuaiji, request({ month: Number(date.slice(5, 7)), pzDate: date, certiDetails: lines }));
      expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    };
    const lend = (date: string, auxis: ReturnType<typeof item>, yuan: string, summary: string) =>
      key(date, [{ ...line('135', yuan, null, summary), auxis }, line('102', null, yuan, summary)]);
    const repay = (date: string, auxis: ReturnType<typeof item>, yuan: string) =>
      key(date, [line('102', yuan, null, '收回借款'), { ...line('135', null, yuan, '收回借款'), auxis }]);
    await lend('2026-01-10', item('001001', '001'), '100', '借支差旅');
    await repay('2026-01-20', item('002', '002'), '50');
    await lend('2026-02-03', item('001001', '002'), '100', '借支');
    await repay('2026-02-25', item('001001', '002'), '100');
    await lend('2026-03-05', item('001002', '001'), '80', '借支');
    await repay('2026-03-15', item('001001', '001'), '400');
  }, 60_000);
  afterAll(() => server.close());

  const ledger = async (query: Partial<DetailLedgerQuery>) => {
    const answer = await kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, {
      code: '135',
      beginTime: '2026-01',
      endTime: '2026-04',
      isShowAuxi: true,
      ...query,
    });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    return answer.body.data;
  };

  it('shows one section per item: heading, opening, lines with the item balance, the item totals', async () => {
    const data = await ledger({});
    expect(data.totalItemCount).toBe(6);
    expect(data.rows.map(pick)).toEqual([
      ...headed(S1, '上年结转', 1, 300),
      ['line', S1, '借支差旅', 100, 0, 1, 400],
      ['monthTotal', S1, '本月合计', 100, 0, 1, 400],
      ['yearTotal', S1, '本年累计', 100, 0, 1, 400],
      ['line', S1, '收回借款', 0, 400, 0, 0],
      ['monthTotal', S1, '本月合计', 0, 400, 0, 0],
      ['yearTotal', S1, '本年累计', 100, 400, 0, 0],
      ...headed(S2, '上年结转', 0, 0),
      ['line', S2, '借支', 100, 0, 1, 100],
      ['line', S2, '收回借款', 0, 100, 0, 0],
      ['monthTotal', S2, '本月合计', 100, 100, 0, 0],
      ['yearTotal', S2, '本年累计', 100, 100, 0, 0],
      ...headed(S3, '上年结转', 0, 0),
      ['line', S3, '借支', 80, 0, 1, 80],
      ['monthTotal', S3, '本月合计', 80, 0, 1, 80],
      ['yearTotal', S3, '本年累计', 80, 0, 1, 80],
      ...headed(S4, '上年结转', 1, 200),
      ['line', S4, '收回借款', 0, 50, 1, 150],
      ['monthTotal', S4, '本月合计', 0, 50, 1, 150],
      ['yearTotal', S4, '本年累计', 0, 50, 1, 150],
    ]);
    // Lines carry their section's names and the voucher; the subject's own ledger adds the items up.
    const lines = data.rows.filter((r) => r.kind === 'line');
    expect(lines.every((r) => r.auxiNames === NAMES[r.auxiKey] && r.voucherId)).toBe(true);
    const plain = await ledger({ isShowAuxi: false });
    // 300 + 200 = 500; +100 → 600; -50 → 550; +100 → 650; -100 → 550; +80 → 630; -400 → 230
    expect(plain.rows.filter((r) => r.kind === 'line').map((r) => r.balance)).toEqual([600, 550, 650, 550, 630, 230]);
    expect(plain.rows[0]).toMatchObject({ kind: 'opening', balance: 500, auxiKey: '' });
    expect(plain.rows.some((r) => r.kind === 'item')).toBe(false);
  });

  it('opens a later range from each item’s own balance and leaves out an item that is all zero', async () => {
    const march = await ledger({ beginTime: '2026-03' });
    // S2 is zero at the start of March and has nothing in March or April: left out. S4 keeps its 150.
    expect(march.rows.map(pick)).toEqual([
      ...headed(S1, '期初余额', 1, 400),
      ['line', S1, '收回借款', 0, 400, 0, 0],
      ['monthTotal', S1, '本月合计', 0, 400, 0, 0],
      ['yearTotal', S1, '本年累计', 100, 400, 0, 0],
      ...headed(S3, '期初余额', 0, 0),
      ['line', S3, '借支', 80, 0, 1, 80],
      ['monthTotal', S3, '本月合计', 80, 0, 1, 80],
      ['yearTotal', S3, '本年累计', 80, 0, 1, 80],
      ...headed(S4, '期初余额', 1, 150),
    ]);
    // balanceWhetherShowZero: the zero item too, heading and opening.
    const withZero = await ledger({ beginTime: '2026-03', balanceWhetherShowZero: true });
    expect(withZero.rows.filter((r) => r.auxiKey === S2).map(pick)).toEqual(headed(S2, '期初余额', 0, 0));
    expect(withZero.rows.filter((r) => r.auxiKey !== S2)).toEqual(march.rows);
    // The subject itself, all zero in a range: nothing unless asked.
    const empty = await kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, {
      code: '101',
      beginTime: '2026-01',
      endTime: '2026-04',
    });
    expect(empty.body.data).toMatchObject({ rows: [], totalItemCount: 0 });
    const shown = await kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, {
      code: '101',
      beginTime: '2026-01',
      endTime: '2026-04',
      balanceWhetherShowZero: true,
    });
    expect(shown.body.data.rows.map(pick)).toEqual([['opening', '', '上年结转', 0, 0, 0, 0]]);
  });

  it('gives every month its totals when zero amounts are shown', async () => {
    const march = await ledger({ beginTime: '2026-03', amountWhetherShowZero: true });
    expect(march.rows.filter((r) => r.auxiKey === S4).map(pick)).toEqual([
      ...headed(S4, '期初余额', 1, 150),
      ['monthTotal', S4, '本月合计', 0, 0, 1, 150],
      ['yearTotal', S4, '本年累计', 0, 50, 1, 150],
      ['monthTotal', S4, '本月合计', 0, 0, 1, 150],
      ['yearTotal', S4, '本年累计', 0, 50, 1, 150],
    ]);
    expect(march.rows.filter((r) => r.auxiKey === S1).map((r) => [r.kind, r.month])).toEqual([
      ['item', 3],
      ['opening', 3],
      ['line', 3],
      ['monthTotal', 3],
      ['yearTotal', 3],
      ['monthTotal', 4],
      ['yearTotal', 4],
    ]);
    // S1 over January to April: February and April between and after its lines.
    const year = await ledger({ amountWhetherShowZero: true });
    expect(year.rows.filter((r) => r.auxiKey === S1 && r.kind !== 'yearTotal').map((r) => [r.kind, r.month, r.balance])).toEqual([
      ['item', 1, 0],
      ['opening', 1, 300],
      ['line', 1, 400],
      ['monthTotal', 1, 400],
      ['monthTotal', 2, 400],
      ['line', 3, 0],
      ['monthTotal', 3, 0],
      ['monthTotal', 4, 0],
    ]);
  });

  it('filters by summary within each item without changing its balances', async () => {
    const data = await ledger({ abstractNumber: '收回' });
    expect(data.totalItemCount).toBe(3);
    expect(data.rows.filter((r) => r.kind === 'line').map((r) => [r.auxiKey, r.balance])).toEqual([
      [S1, 0],
      [S2, 0],
      [S4, 150],
    ]);
    // S3 has turnover but no hit: its heading and opening only.
    expect(data.rows.filter((r) => r.auxiKey === S3).map((r) => r.kind)).toEqual(['item', 'opening']);
  });

  it('cuts pages of any size, and exports in chunks of any size, with the same rows, whatever the switches', async () => {
    const scope = { ztId, year: 2026, system: 'union-grassroots' as const };
    for (const flags of [
      {},
      { amountWhetherShowZero: true },
      { balanceWhetherShowZero: true, beginTime: '2026-03' },
      { amountWhetherShowZero: true, balanceWhetherShowZero: true, beginTime: '2026-02' },
      { abstractNumber: '借支' },
      { abstractNumber: '收回', amountWhetherShowZero: true },
      { isShowAuxi: false, amountWhetherShowZero: true },
      { isShowAuxi: false, abstractNumber: '借支', beginTime: '2026-02' },
      // Two hits a month: a page may start at the second (read from the first hit's running sum).
      { isShowAuxi: false, abstractNumber: '借' },
      { abstractNumber: '借', removeCarryForwardVoucher: true, book: false },
    ] satisfies Partial<DetailLedgerQuery>[]) {
      const whole = await ledger({ ...flags, pageSize: 1000 });
      for (const size of [1, 2, 4]) {
        const rows: DetailLedgerRow[] = [];
        for (let page = 1; page <= Math.max(1, Math.ceil(whole.totalItemCount / size)) + 1; page++)
          rows.push(...(await ledger({ ...flags, pageIndex: page, pageSize: size })).rows);
        expect(rows.map(pick), `${JSON.stringify(flags)} pages of ${size}`).toEqual(whole.rows.map(pick));
      }
      const range = { beginMonth: Number((flags.beginTime ?? '2026-01').slice(5)), endMonth: 4 };
      const ctx = await ledgerContext(server.db, scope, range, '135', ledgerOptionsOf({ isShowAuxi: true, ...flags }));
      for (const chunk of [1, 3]) {
        const rows: DetailLedgerRow[] = [];
        await forEachLedgerRow(server.db, ctx, (r) => void rows.push(...r), chunk);
        // The export's rows are fen, the page's yuan.
        expect(
          rows.map((r) => detailRowAmounts(r, fenToYuan)),
          `${JSON.stringify(flags)} chunks of ${chunk}`,
        ).toEqual(whole.rows);
      }
    }
  });

  it('exports and prints the sections as the page shows them', async () => {
    const params = { code: '135', beginTime: '2026-01', endTime: '2026-04', isShowAuxi: true };
    const page = await ledger({});
    const file = await kuaiji.download(Paths.exportDetailAccount, params);
    // Recalculated: each item's 本月合计 / 本年累计 are formulas over its own lines.
    const sheet = (await checkWorkbook(file.bytes)).sheet();
    const first = sheet.rowOf(1, '日期') + 1;
    const data: unknown[][] = [];
    for (let r = first; r <= sheet.rowCount; r++) data.push([1, 2, 3, 4, 5, 6, 7, 8].map((c) => sheet.value(r, c)));
    // 日期 凭证字号 摘要 辅助核算 借方 贷方 方向 余额
    expect(data.map((r) => r[2])).toEqual(page.rows.map((r) => r.summary));
    // A heading row has no balance.
    expect(data.map((r) => r[7] ?? null)).toEqual(page.rows.map((r) => (r.kind === 'item' ? null : r.balance)));
    const totals = page.rows.flatMap((r, i) => (r.kind === 'monthTotal' || r.kind === 'yearTotal' ? [i] : []));
    expect(totals.length).toBeGreaterThan(0);
    for (const i of totals) {
      const r = page.rows[i];
      expect([data[i]?.[4], data[i]?.[5]], `${r?.summary} of row ${i}`).toEqual([r?.debit, r?.credit]);
    }
    expect(new Set(sheet.formulas.map((f) => f.row - first))).toEqual(new Set(totals));
    expect(data[0]?.[2]).toBe(NAMES[S1]);
    expect(sheet.worksheet.getRow(first).getCell(3).font?.bold).toBe(true);

    const pdf = await kuaiji.download(Paths.detailAccountPrint, params);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const doc = await getDocument({ data: pdf.bytes.slice() }).promise;
    let text = '';
    for (let n = 1; n <= doc.numPages; n++)
      text += (await (await doc.getPage(n)).getTextContent()).items.map((i) => (i as TextItem).str).join('');
    await doc.destroy();
    text = text.replace(/\s+/g, '');
    const at = (s: string) => text.indexOf(s.replace(/\s+/g, ''));
    for (const key of [S1, S2, S3, S4]) expect(at(NAMES[key] ?? ''), key).toBeGreaterThanOrEqual(0);
    expect(at(NAMES[S1] ?? '')).toBeLessThan(at(NAMES[S2] ?? ''));
    expect(at(NAMES[S3] ?? '')).toBeLessThan(at(NAMES[S4] ?? ''));
  });
});
