/**
 * The funds reports over the real server (issue 20 §4, §3's close check and B8), in the county
 * federation's set: three lower units (two with ratios, the first changing them from March), their
 * receipts (two with vouchers, one whose voucher was deleted, two never generated), the vouchers
 * keyed through the voucher API with the units' 经费单位 items on 211/21202, one 211 credit keyed
 * before the units were configured, and a remittance to the superior in March.
 */
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialBalanceResponse } from '../../shared/api/books.js';
import type { CloseCheckResult } from '../../shared/api/close.js';
import { Paths } from '../../shared/api/paths.js';
import { FundsEntryMessages } from '../../shared/funds/entry-messages.js';
import type {
  FundsPayablesResponse,
  FundsProposalResponse,
  FundsRegisterResponse,
} from '../../shared/api/schemas/funds-reports.js';
import type { Voucher } from '../../shared/api/vouchers.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { up as migration0031 } from '../db/migrations/0031-funds-report-pages.js';
import { ApiClient } from '../test-support/api-client.js';
import {
  insertFundsRatio,
  insertFundsReceipt,
  insertFundsUnit,
  insertUnitItems,
  openFundsPlatform,
} from '../test-support/funds-fixture.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { insertUser } from '../test-support/test-users.js';
import { checkWorkbook } from '../test-support/workbook-check.js';
import { line, refOf, request, save, SCHOOL } from '../vouchers/voucher-test-kit.js';

const COUNTY = '示范市总工会';
const FORMULA_SUMMARY = '=HYPERLINK("x")';
const jfdw = (infoNo: string) => [{ typeNo: 'JFDW', infoNo }];

describe.each(TEST_DIALECTS)('funds reports (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let ztId: number;
  const vouchers: Record<string, Voucher> = {};

  async function keep(name: string, body: ReturnType<typeof request>): Promise<Voucher> {
    const answer = await save(kuaiji, body);
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    vouchers[name] = answer.body.data;
    return answer.body.data;
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    ztId = await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', COUNTY);
    const db = server.db;
    await openFundsPlatform(db, ztId);
    const userId = (
      await db.kysely.selectFrom('app_user').select('id').where('login_name', '=', 'kuaiji').executeTakeFirstOrThrow()
    ).id;

    // January: a 211 credit keyed before the units had their items (no 经费单位 on the line).
    await keep(
      'jan',
      request({ month: 1, pzDate: '2026-01-20', certiDetails: [line('102', 70, null, '旧欠'), line('211', null, 70, '旧欠')] }),
    );

    const u1 = await insertFundsUnit(db, ztId, { code: '1001', name: '一厂工会' });
    const u2 = await insertFundsUnit(db, ztId, { code: '1002', name: '二厂工会' });
    const u3 = await insertFundsUnit(db, ztId, { code: '1003', name: '三厂工会' });
    const u4 = await insertFundsUnit(db, ztId, { code: '1004', name: '四厂工会' });
    await insertFundsRatio(db, ztId, u1, { fromYear: 2026, retained: 60, superiorOne: 30, lower: 10 });
    await insertFundsRatio(db, ztId, u1, { fromYear: 2026, fromMonth: 3, retained: 70, superiorOne: 30 });
    await insertFundsRatio(db, ztId, u2, { fromYear: 2026, retained: 50, superiorOne: 50, collectionFee: 2 });
    // A share on a subject that is not a last-level one: the proposal refuses it.
    await insertFundsRatio(db, ztId, u4, { fromYear: 2026, retained: 50, superiorOne: 50, subjects: { superiorOne: '212' } });
    await insertUnitItems(db, ztId, {
      years: [2026],
      units: [
        { code: '1001', name: '一厂工会' },
        { code: '1002', name: '二厂工会' },
        { code: '1003', name: '三厂工会' },
        { code: '1004', name: '四厂工会' },
      ],
      subjects: ['211', '21202'],
    });

    const feb = (details: ReturnType<typeof line>[]) => request({ month: 2, pzDate: '2026-02-10', certiDetails: details });
    const v1 = await keep(
      'v1',
      feb([
        line('102', 1000, null, '二月经费'),
        line('402', null, 600, '二月经费'),
        { ...line('211', null, 300, '二月经费'), auxis: jfdw('1001') },
        { ...line('21202', null, 100, '二月经费'), auxis: jfdw('1001') },
      ]),
    );
    const v2 = await keep(
      'v2',
      feb([line('102', 500, null), line('402', null, 250), { ...line('211', null, 250), auxis: jfdw('1002') }]),
    );
    await keep(
      'remit',
      request({
        month: 3,
        pzDate: '2026-03-15',
        certiDetails: [
          { ...line('211', 300, null, '上解一厂经费'), auxis: jfdw('1001') },
          line('102', null, 300, '上解一厂经费'),
        ],
      }),
    );
    const v4 = await keep(
      'v4',
      request({
        month: 3,
        pzDate: '2026-03-16',
        certiDetails: [line('102', 100, null), line('402', null, 50), { ...line('211', null, 50), auxis: jfdw('1002') }],
      }),
    );
    const deleted = await kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(v4)]) });
    expect(deleted.body.success, deleted.body.errorMsg ?? '').toBe(true);

    const base = { year: 2026, bankCode: '102' };
    await insertFundsReceipt(db, ztId, userId, {
      ...base,
      month: 2,
      rowNo: 1,
      unitId: u1,
      amount: 100_000,
      paidOn: '2026-02-08',
      summary: '二月经费',
      voucherId: v1.id,
      shares: { retained: 60_000, superiorOne: 30_000, lower: 10_000 },
    });
    await insertFundsReceipt(db, ztId, userId, {
      ...base,
      month: 2,
      rowNo: 2,
      unitId: u2,
      amount: 50_000,
      paidOn: '2026-02-09',
      summary: FORMULA_SUMMARY,
      voucherId: v2.id,
      shares: { retained: 25_000, superiorOne: 25_000, collectionFee: 1_000 },
    });
    await insertFundsReceipt(db, ztId, userId, { ...base, month: 3, rowNo: 1, unitId: u1, amount: 20_000, paidOn: '2026-03-02' });
    await insertFundsReceipt(db, ztId, userId, {
      ...base,
      month: 3,
      rowNo: 2,
      unitId: u2,
      amount: 10_000,
      paidOn: '2026-03-03',
      voucherId: v4.id,
      shares: { retained: 5_000, superiorOne: 5_000, collectionFee: 200 },
    });
    await insertFundsReceipt(db, ztId, userId, { ...base, month: 3, rowNo: 3, unitId: u3, amount: 8_000, paidOn: '2026-03-04' });
  });
  afterAll(() => server.close());

  const register = async (params: Record<string, unknown>) => {
    const answer = await kuaiji.get<FundsRegisterResponse>(Paths.fundsRegister, params);
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    return answer.body.data;
  };

  it('registers every receipt per unit and period with its shares and voucher number; a deleted voucher shows as not generated', async () => {
    const answer = await register({ beginTime: '2026-02', endTime: '2026-03' });
    const pick = (r: FundsRegisterResponse['rows'][number]) => [
      r.unitCode,
      r.month,
      r.amount,
      r.retained,
      r.superiorOne,
      r.lower,
      r.collectionFee,
      r.split,
      r.voucherNo,
    ];
    const no = (v: Voucher | undefined) => `${v?.entry ?? ''}-${String(v?.pzNo).padStart(4, '0')}`;
    expect(answer.rows.map(pick)).toEqual([
      ['1001', 2, 1000, 600, 300, 100, 0, true, no(vouchers.v1)],
      // March: not generated, split by the ratios in force from March (70/30), not February's.
      ['1001', 3, 200, 140, 60, 0, 0, true, null],
      ['1002', 2, 500, 250, 250, 0, 10, true, no(vouchers.v2)],
      // Its voucher was deleted: not generated, shares from the ratios.
      ['1002', 3, 100, 50, 50, 0, 2, true, null],
      // No ratios configured: received, not split.
      ['1003', 3, 80, 0, 0, 0, 0, false, null],
    ]);
    expect(answer.rows[0]).toMatchObject({
      voucherId: vouchers.v1?.id,
      voucherMonth: 2,
      unitName: '一厂工会',
      paidOn: '2026-02-08',
    });
    expect(answer.rows[3]).toMatchObject({ voucherId: null, voucherMonth: null });

    expect((await register({ beginTime: '2026-02', endTime: '2026-03', unitCode: '1002' })).rows.map((r) => r.amount)).toEqual([
      500, 100,
    ]);
    expect((await register({ beginTime: '2026-03', endTime: '2026-03' })).rows.map((r) => r.amount)).toEqual([200, 100, 80]);
    expect((await register({ beginTime: '2026-01', endTime: '2026-01' })).rows).toEqual([]);
  });

  it('refuses a range outside the session year, a reversed range and a malformed unit code (4000), changing nothing', async () => {
    for (const params of [
      { beginTime: '2025-01', endTime: '2026-03' },
      { beginTime: '2026-04', endTime: '2026-03' },
      { beginTime: '2026-13', endTime: '2026-03' },
      { beginTime: '2026-01', endTime: '2026-03', unitCode: "1' or 1=1" },
    ]) {
      const answer = await kuaiji.get(Paths.fundsRegister, params);
      expect(answer.body.errorCode, JSON.stringify(params)).toBe(ErrorCode.BadRequest);
      expect(answer.body.errorMsg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('exports the register as a workbook whose totals are live formulas, user text never a formula', async () => {
    const file = await kuaiji.download(Paths.fundsRegisterExport, { beginTime: '2026-02', endTime: '2026-03' });
    expect(file.status).toBe(200);
    const sheet = (await checkWorkbook(file.bytes, { userTexts: [FORMULA_SUMMARY] })).sheet('经费上解台账');
    const header = sheet.rowOf(1, '期间');
    expect(header).toBeGreaterThan(0);
    const first = header + 1;
    expect([1, 2, 3, 6, 7, 8, 9].map((c) => sheet.value(first, c))).toEqual([
      '2026-02',
      '1001',
      '一厂工会',
      '二月经费',
      1000,
      600,
      300,
    ]);
    expect(sheet.value(first, 4)).toBe(`${vouchers.v1?.entry ?? ''}-${String(vouchers.v1?.pzNo).padStart(4, '0')}`);
    expect(sheet.value(first + 3, 4)).toBe('未生成');
    const totalRow = first + 5;
    // 上解经费 1,000 + 200 + 500 + 100 + 80; 本级留成 600 + 140 + 250 + 50.
    expect(sheet.formulas.find((f) => f.row === totalRow && f.col === 7)?.formula).toBe(`SUM(G${first}:G${first + 4})`);
    expect(sheet.value(totalRow, 7)).toBe(1880);
    expect(sheet.value(totalRow, 8)).toBe(1040);
    expect(sheet.text(first + 2, 6)).toBe(FORMULA_SUMMARY);
  });

  it('answers the payables up and down per unit over the range, agreeing with the trial balance', async () => {
    const answer = await kuaiji.get<FundsPayablesResponse>(Paths.fundsPayables, { beginTime: '2026-02', endTime: '2026-03' });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    const zero = { opening: 0, credit: 0, debit: 0, closing: 0 };
    expect(answer.body.data.rows).toEqual([
      {
        unitCode: '1001',
        unitName: '一厂工会',
        superior: { opening: 0, credit: 300, debit: 300, closing: 0 },
        lower: { opening: 0, credit: 100, debit: 0, closing: 100 },
      },
      { unitCode: '1002', unitName: '二厂工会', superior: { opening: 0, credit: 250, debit: 0, closing: 250 }, lower: zero },
      { unitCode: null, unitName: '未指定经费单位', superior: { opening: 70, credit: 0, debit: 0, closing: 70 }, lower: zero },
    ]);
    const trial = (await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, { beginTime: '2026-02', endTime: '2026-03' })).body
      .data;
    const closing = (code: string) => trial.rows.find((r) => r.code === code)?.endBalance;
    expect(closing('211')).toBe(320);
    expect(closing('212')).toBe(100);

    const january = await kuaiji.get<FundsPayablesResponse>(Paths.fundsPayables, { beginTime: '2026-01', endTime: '2026-01' });
    expect(january.body.data.rows).toEqual([
      { unitCode: null, unitName: '未指定经费单位', superior: { opening: 0, credit: 70, debit: 0, closing: 70 }, lower: zero },
    ]);
    expect((await kuaiji.get(Paths.fundsPayables, { beginTime: '2026-03', endTime: '2026-02' })).body.errorCode).toBe(
      ErrorCode.BadRequest,
    );
  });

  it('exports the payables with live totals', async () => {
    const file = await kuaiji.download(Paths.fundsPayablesExport, { beginTime: '2026-02', endTime: '2026-03' });
    expect(file.status).toBe(200);
    const sheet = (await checkWorkbook(file.bytes)).sheet('上下级经费往来');
    const first = sheet.rowOf(2, '一厂工会');
    expect(first).toBeGreaterThan(0);
    const totalRow = first + 3;
    // 期末未上解 (column 6): 0 + 250 + 70; 期末未转拨 (column 10): 100.
    expect(sheet.formulas.find((f) => f.row === totalRow && f.col === 6)?.formula).toBe(`SUM(F${first}:F${first + 2})`);
    expect(sheet.value(totalRow, 6)).toBe(320);
    expect(sheet.value(totalRow, 10)).toBe(100);
  });

  it('the close check lists the payables left at the month end (unionFundTransfer), without keeping the month open', async () => {
    const answer = await kuaiji.get<CloseCheckResult>(Paths.closeCheck, { month: 3 });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    const r = answer.body.data;
    expect(r.endInspection.unionFundTransfer).toBe(false);
    expect(r.endInspection.status).toBe(true);
    expect(r.endInspection.unsettledFunds).toEqual([
      { subjectCode: '211', subjectName: '应付上级经费', side: 'superior', unitCode: '1002', unitName: '二厂工会', amount: 250 },
      {
        subjectCode: '211',
        subjectName: '应付上级经费',
        side: 'superior',
        unitCode: null,
        unitName: '未指定经费单位',
        amount: 70,
      },
      {
        subjectCode: '21202',
        subjectName: '应付下级转拨经费',
        side: 'lower',
        unitCode: '1001',
        unitName: '一厂工会',
        amount: 100,
      },
    ]);
    expect(r.yearEndInspection.unionFundTransfer).toBe(true);

    // The reviewer's set has no payables (and the reviewer may run the check).
    const school = new ApiClient(server.url);
    await school.openSet(server.db, 'shenhe', 'Shenhe@123', SCHOOL);
    const clean = (await school.get<CloseCheckResult>(Paths.closeCheck, { month: 3 })).body.data;
    expect(clean.endInspection).toMatchObject({ unionFundTransfer: true, unsettledFunds: [] });
  });

  it('proposes the remittance lines of a 402 line from the ratios in force in the period; saved, they balance', async () => {
    const propose = (params: Record<string, unknown>) => kuaiji.get<FundsProposalResponse>(Paths.fundsProposal, params);
    const march = await propose({ year: 2026, month: 3, unitCode: '1001', amount: '1000', summary: '收一厂经费' });
    expect(march.body.success, march.body.errorMsg ?? '').toBe(true);
    const pick = (l: FundsProposalResponse['lines'][number]) => [l.share, l.subjectCode, l.creditAmount, l.auxis];
    expect(march.body.data.lines.map(pick)).toEqual([
      ['retained', '402', 700, []],
      ['superiorOne', '211', 300, jfdw('1001')],
    ]);
    expect(march.body.data.lines[0]).toMatchObject({ summary: '收一厂经费', subjectName: '拨缴经费收入', shareName: '本级留成' });
    const february = await propose({ year: 2026, month: 2, unitCode: '1001', amount: 999.99 });
    expect(february.body.data.lines.map(pick)).toEqual([
      ['retained', '402', 599.99, []],
      ['superiorOne', '211', 300, jfdw('1001')],
      ['lower', '21202', 100, jfdw('1001')],
    ]);

    const april = await propose({ year: 2026, month: 4, unitCode: '1001', amount: '1234.56', summary: '四月经费' });
    const lines = april.body.data.lines.map((l) => ({ ...line(l.subjectCode, null, l.creditAmount, l.summary), auxis: l.auxis }));
    const saved = await save(
      kuaiji,
      request({ month: 4, pzDate: '2026-04-10', certiDetails: [line('102', '1234.56', null, '四月经费'), ...lines] }),
    );
    expect(saved.body.success, saved.body.errorMsg ?? '').toBe(true);
    expect(saved.body.data.creditTotal).toBe(1234.56);
  });

  it('the proposed lines add up to the 402 line to the fen, for any amount and unit (property)', async () => {
    const yuanText = (fen: number) =>
      `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }).filter((fen) => fen !== 0),
        fc.constantFrom(['1001', 2], ['1001', 3], ['1002', 3]),
        async (fen, [unitCode, month]) => {
          const answer = await kuaiji.get<FundsProposalResponse>(Paths.fundsProposal, {
            year: 2026,
            month,
            unitCode,
            amount: yuanText(fen),
          });
          expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
          const sum = answer.body.data.lines.reduce((total, l) => total + Math.round(l.creditAmount * 100), 0);
          expect(sum).toBe(fen);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses a proposal for an unknown unit, a unit without ratios, a zero or malformed amount, another year or a share on a parent subject', async () => {
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ year: 2026, month: 3, unitCode: '9999', amount: 100 }, ErrorCode.NotFound, '经费单位9999不存在或未启用'],
      [{ year: 2026, month: 3, unitCode: '1003', amount: 100 }, ErrorCode.BusinessRule, '经费比例没有配置，无法生成凭证，请核实'],
      [{ year: 2026, month: 3, unitCode: '1001', amount: 0 }, ErrorCode.BusinessRule, '402行金额为0，无可分配的经费'],
      [{ year: 2026, month: 3, unitCode: '1001', amount: '12.345' }, ErrorCode.BadRequest, /小数|金额/],
      [{ year: 2026, month: 3, unitCode: '1001', amount: 'abc' }, ErrorCode.BadRequest, /金额/],
      [{ year: 2025, month: 3, unitCode: '1001', amount: 100 }, ErrorCode.BadRequest, '只能使用当前年度(2026年)的经费比例'],
      [{ year: 2026, month: 13, unitCode: '1001', amount: 100 }, ErrorCode.BadRequest, /月份/],
      [
        { year: 2026, month: 3, unitCode: '1004', amount: 100 },
        ErrorCode.BusinessRule,
        FundsEntryMessages.subjectNotLast('应付上级一', '212'),
      ],
    ];
    for (const [params, code, message] of cases) {
      const answer = await kuaiji.get(Paths.fundsProposal, params);
      expect(answer.body.errorCode, JSON.stringify(params)).toBe(code);
      if (typeof message === 'string') expect(answer.body.errorMsg).toBe(message);
      else expect(answer.body.errorMsg).toMatch(message);
    }
  });

  it('reads need the report page, exports its export button, the proposal the voucher editor', async () => {
    const shenhe = new ApiClient(server.url);
    // The platform open, so the refusal is the role's.
    await openFundsPlatform(server.db, await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', SCHOOL));
    for (const path of [Paths.fundsRegister, Paths.fundsPayables, Paths.fundsRegisterExport, Paths.fundsPayablesExport]) {
      const answer = await shenhe.get(path, { beginTime: '2026-01', endTime: '2026-03' });
      expect(answer.body.errorCode, path).toBe(ErrorCode.Forbidden);
      expect(answer.body.errorMsg, path).toMatch(/^没有该(页面|操作)的权限$/);
    }
    // The reviewer opens the voucher editor (read-only), so reads the proposal.
    expect((await shenhe.get(Paths.fundsProposal, { year: 2026, month: 3, unitCode: '1001', amount: 1 })).body.errorCode).toBe(
      ErrorCode.NotFound,
    );

    const { id: levelId } = await server.db.kysely
      .insertInto('user_level')
      .values({
        code: 'fundsReader',
        name: '经费查询',
        resources: JSON.stringify([
          { href: '/funds-management/funds-register', resourceList: [] },
          { href: '/funds-management/funds-payables', resourceList: [] },
        ]),
        sort: 90,
        enable: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertUser(server.db, server.config.scryptLogN, {
      loginName: 'jingfei',
      password: 'Jingfei@123',
      grants: [{ ztId, level: levelId }],
    });
    const reader = new ApiClient(server.url);
    await reader.openSet(server.db, 'jingfei', 'Jingfei@123', COUNTY);
    const range = { beginTime: '2026-02', endTime: '2026-03' };
    expect((await reader.get<FundsRegisterResponse>(Paths.fundsRegister, range)).body.data.rows).toHaveLength(5);
    expect((await reader.get(Paths.fundsPayables, range)).body.success).toBe(true);
    expect((await reader.get(Paths.fundsRegisterExport, range)).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await reader.get(Paths.fundsPayablesExport, range)).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await reader.get(Paths.fundsProposal, { year: 2026, month: 3, unitCode: '1001', amount: 1 })).body.errorCode).toBe(
      ErrorCode.Forbidden,
    );
  });

  it('migration 0031 gives a database seeded before the reports their pages and the accountant their export', async () => {
    const q = server.db.kysely;
    const hrefs = ['/funds-management/funds-register', '/funds-management/funds-payables'];
    const accountant = await q
      .selectFrom('user_level')
      .select(['id', 'resources'])
      .where('code', '=', 'accountant')
      .executeTakeFirstOrThrow();
    const stripped = (JSON.parse(accountant.resources) as { href: string }[]).filter((r) => !hrefs.includes(r.href));
    await q.deleteFrom('menu').where('href', 'in', hrefs).execute();
    await q
      .updateTable('user_level')
      .set({ resources: JSON.stringify(stripped) })
      .where('id', '=', accountant.id)
      .execute();

    await migration0031(q as unknown as Kysely<unknown>);
    await migration0031(q as unknown as Kysely<unknown>);
    const top = await q.selectFrom('menu').select('id').where('href', '=', '/funds-management').executeTakeFirstOrThrow();
    const pages = await q
      .selectFrom('menu')
      .select(['href', 'parent_id', 'buttons'])
      .where('href', 'in', hrefs)
      .orderBy('sort')
      .execute();
    expect(pages).toEqual(hrefs.map((href) => ({ href, parent_id: top.id, buttons: '["export"]' })));
    const after = await q.selectFrom('user_level').select('resources').where('id', '=', accountant.id).executeTakeFirstOrThrow();
    const granted = (JSON.parse(after.resources) as { href: string; resourceList: string[] }[]).filter((r) =>
      hrefs.includes(r.href),
    );
    expect(granted).toEqual(hrefs.map((href) => ({ href, resourceList: ['export'] })));
    // And the accountant reads and exports again.
    expect((await kuaiji.get(Paths.fundsRegister, { beginTime: '2026-02', endTime: '2026-02' })).body.success).toBe(true);
  });
});
