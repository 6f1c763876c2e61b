/**
 * The declared voucher, template, attachment and voucher-print calls (src/shared/api/schemas/
 * vouchers.ts, templates.ts, files.ts) as other programs meet them: a malformed parameter of each
 * call family is refused with 400, 4000 and the field and its rule in Chinese, writing nothing;
 * amounts travel in yuan both ways and come back as the fen they were (property); and an answer
 * carries every field the server built (the serializer drops what its schema does not declare).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type { SubjectBalanceResponse, Voucher, VoucherAuditEntry } from '../../shared/api/vouchers.js';
import type { VoucherTemplate } from '../../shared/api/templates.js';
import type { Paged } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { fenToYuanString, MONEY_CAP_FEN, parseAmount } from '../../shared/money.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, line, request, save } from './voucher-test-kit.js';

type Call = ['GET' | 'POST' | 'DELETE', string, Record<string, unknown>, string];

const monthRule = '月份须在1到12之间';

/** Per call family, a few malformed parameters and what the caller is told (after 请求参数有误: ). */
const MALFORMED: Call[] = [
  ['GET', Paths.certificate, { year: 26 }, '参数year：年份须为四位数字'],
  ['GET', Paths.certificate, { status: 'odd' }, '参数status：须为"all"、"unreviewed"、"reviewed"、"unbooked"、"booked"之一'],
  ['GET', Paths.certificate, { minAmount: '1.005' }, '参数minAmount：金额最多两位小数'],
  ['GET', Paths.certificate, { pageSize: 0 }, '参数pageSize：不能小于1'],
  ['GET', Paths.certificate, { subjectCode: '10a' }, '参数subjectCode：科目代码只能是数字'],
  ['GET', Paths.certificateDetail, { id: "x' or 1=1" }, '参数id：凭证id无效'],
  ['GET', Paths.certificateNeighbour, { direction: 'up' }, '参数direction：须为prev或next'],
  ['GET', Paths.emptyCertificate, { month: 13 }, `参数month：${monthRule}`],
  ['GET', Paths.getCertificateManNo, { certificateType: 1 }, '缺少参数month'],
  ['GET', Paths.subjectBalance, { code: 'abc' }, '参数code：科目代码只能是数字'],
  ['GET', Paths.certificateAudit, {}, '缺少参数id'],
  ['GET', Paths.summary, { keyword: '摘'.repeat(201) }, '参数keyword：不能超过200个字符'],
  ['POST', Paths.summary, { contents: [{}] }, '参数contents[0]：须为文本'],
  ['POST', Paths.certificateReview, { details: [{ id: 'v1', revision: 1 }], isReview: 'yes' }, '参数isReview：须为true或false'],
  ['POST', Paths.certificateBook, { details: [{ id: 'v1', revision: 0 }], isBook: true }, '参数details[0].revision：不能小于1'],
  ['POST', Paths.reloadBreak, { month: 13 }, `参数month：${monthRule}`],
  ['DELETE', Paths.certificate, { details: '{"id":"v1"}' }, '参数details：须为列表'],
  ['GET', Paths.template, { isMonth: 'maybe' }, '参数isMonth：须为true或false'],
  ['GET', Paths.templateSelect, { template: 'x' }, '参数template：须为整数'],
  ['GET', Paths.templateDetail, { id: 'a b' }, '参数id：id格式不正确'],
  ['POST', Paths.template, { template: 1, name: '坏', policyBasis: '', details: ['x'] }, '参数details[0]：须为对象'],
  ['POST', Paths.updateTemplateSort, { tempInfo: [{ id: 'a b', templateSort: 1 }] }, '参数tempInfo[0].id：id格式不正确'],
  ['GET', Paths.generateVoucherEndPeriod, { year: 2026, month: 13 }, `参数month：${monthRule}`],
  ['GET', Paths.generateYearEndVoucher, {}, '缺少参数year'],
  ['GET', Paths.fileRelation, { voucherId: 'a b' }, '参数voucherId：凭证id无效'],
  ['GET', Paths.fileRelation, { fileIds: 'nope' }, '参数fileIds：附件id无效'],
  ['GET', Paths.fileDownload, { fileId: 'nope' }, '参数fileId：附件id无效'],
  ['POST', Paths.fileAttach, { voucherId: 'v1', fileIds: [] }, '参数fileIds：至少要有1项'],
  ['DELETE', Paths.fileRelation, {}, '缺少参数fileId'],
  ['GET', Paths.certificatePrint, { ids: 'v1', paper: 'a3' }, '参数paper：纸张只能为a4或voucher'],
  ['GET', Paths.certificatePrint, { ids: '<v1>' }, '参数ids：凭证id无效'],
];

describe.each(TEST_DIALECTS)('declared voucher, template, file and print calls (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
  });
  afterAll(() => server.close());

  const rows = async () =>
    Promise.all(
      (['voucher', 'voucher_line', 'voucher_audit', 'voucher_template', 'file_relation', 'voucher_summary'] as const).map(
        async (table) =>
          Number(
            (
              await server.db.kysely
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
      ),
    );

  it.each(MALFORMED)('%s %s %j: 400, 4000, %s, nothing written', async (method, path, params, message) => {
    const before = await rows();
    const answer =
      method === 'GET'
        ? await kuaiji.get(path, params)
        : method === 'POST'
          ? await kuaiji.post(path, params)
          : await kuaiji.delete(path, params);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      errorCode: ErrorCode.BadRequest,
      errorMsg: `请求参数有误: ${message}`,
      data: null,
    });
    expect(await rows()).toEqual(before);
  });

  it('answers a voucher with every field the server built (save, detail, list, neighbour, audit)', async () => {
    const saved = (await save(kuaiji, request({ month: 2, pzDate: '2026-02-03', numberOfDocument: 2 }))).body.data;
    const stored = await server.db.kysely
      .selectFrom('voucher_audit')
      .select('after_json')
      .where('voucher_id', '=', saved.id)
      .executeTakeFirstOrThrow();
    // The audit row is the voucher as the server built it, written with JSON.stringify, not the answer's serializer.
    const built = JSON.parse(stored.after_json ?? 'null') as Voucher;
    expect(Object.keys(saved).sort()).toEqual(Object.keys(built).sort());
    expect(saved).toEqual(built);
    expect((await kuaiji.get<Voucher>(Paths.certificateDetail, { id: saved.id })).body.data).toEqual(built);
    const page = (await kuaiji.get<Paged<Voucher>>(Paths.certificate, { beginMonth: 2, endMonth: 2 })).body.data;
    expect(page.currentPageItems.find((v) => v.id === saved.id)).toEqual(built);
    const next = (await kuaiji.get<Voucher | null>(Paths.certificateNeighbour, { direction: 'prev' })).body.data;
    expect(next).toEqual(built);
    const trail = (await kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: saved.id })).body.data;
    expect(trail[0]?.after).toEqual(built);
  });

  it('answers an audit entry written before revisions existed, without one', async () => {
    const saved = (await save(kuaiji, request({ month: 2, pzDate: '2026-02-04' }))).body.data;
    const { revision: _revision, ...old } = saved;
    await server.db.kysely
      .updateTable('voucher_audit')
      .set({ after_json: JSON.stringify(old) })
      .where('voucher_id', '=', saved.id)
      .execute();
    const trail = await kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: saved.id });
    expect(trail.status).toBe(200);
    expect(trail.body.data[0]?.after).toEqual(old);
  });

  it('amounts travel in yuan both ways and come back as the fen they were (property)', async () => {
    let n = 0;
    const balanceFen = async (code: string) => {
      const answer = await kuaiji.get<SubjectBalanceResponse>(Paths.subjectBalance, { code, month: 12 });
      // A balance may exceed one amount's cap: read it against the safe-integer bound.
      const fen = parseAmount(String(answer.body.data.balance), Number.MAX_SAFE_INTEGER);
      if (!fen.ok) throw new Error(`balance ${answer.body.data.balance} is no yuan amount`);
      return fen.fen;
    };
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: MONEY_CAP_FEN }), fc.boolean(), async (fen, asText) => {
        n += 1;
        const yuan = asText ? fenToYuanString(fen) : fenToYuan(fen);
        const before = await balanceFen('102');
        const saved = await save(
          kuaiji,
          request({ month: 4, pzDate: '2026-04-01', certiDetails: [line('102', yuan, null), line('401', null, yuan)] }),
        );
        expect(saved.body.errorMsg).toBeNull();
        const voucher = saved.body.data;
        expect(voucher.certiDetails.map((l) => [l.debitAmount, l.creditAmount])).toEqual([
          [fenToYuan(fen), null],
          [null, fenToYuan(fen)],
        ]);
        expect(voucher.debitTotal).toBe(fenToYuan(fen));
        const stored = await server.db.kysely
          .selectFrom('voucher_line')
          .select(['debit_amount', 'credit_amount'])
          .where('voucher_id', '=', voucher.id)
          .orderBy('line_no')
          .execute();
        expect(stored.map((r) => [Number(r.debit_amount), Number(r.credit_amount)])).toEqual([
          [fen, 0],
          [0, fen],
        ]);
        // The list's amount filter takes yuan too: this voucher is within [amount, amount].
        const found = await kuaiji.get<Paged<Voucher>>(Paths.certificate, {
          beginMonth: 4,
          endMonth: 4,
          minAmount: yuan,
          maxAmount: yuan,
        });
        expect(found.body.data.currentPageItems.map((v) => v.id)).toContain(voucher.id);
        expect((await balanceFen('102')) - before).toBe(fen);
        const template = await kuaiji.post<VoucherTemplate>(Paths.template, {
          template: 1,
          name: `往返${dialect}${n}`,
          policyBasis: '测试',
          details: [{ summary: '往返', subjectCode: '102', debitAmount: yuan, creditAmount: null }],
        });
        expect(template.body.errorMsg).toBeNull();
        expect(template.body.data.details[0]?.debitAmount).toBe(fenToYuan(fen));
      }),
      { numRuns: 15, seed: 20261125 },
    );
  });
});
