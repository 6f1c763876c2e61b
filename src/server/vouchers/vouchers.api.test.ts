import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../../shared/envelope.js';
import type { Paged } from '../../shared/envelope.js';
import type {
  BatchResponse,
  CertificateTypeItem,
  EmptyVoucherResponse,
  NextNumberResponse,
  PreparerItem,
  SubjectBalanceResponse,
  SummaryItem,
  Voucher,
  VoucherAuditEntry,
} from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { MONEY_CAP_FEN, MONEY_MESSAGES } from '../../shared/money.js';
import { AuxiMessages } from '../../shared/subjects/auxiliary-rules.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { VoucherRuleMessages } from '../../shared/vouchers/rules.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet, setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { StateMessages } from './state-service.js';
import { FACTORY, SCHOOL, current, line, modifyOf, refOf, request, save } from './voucher-test-kit.js';

describe.each(TEST_DIALECTS)('vouchers: rules, state, rights, audit (%s)', (dialect) => {
  let server: TestServer;
  let id: (name: string) => number;
  let kuaiji: ApiClient;
  let shenhe: ApiClient;
  let chuna: ApiClient;
  let adminSchool: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    id = await setIds(server.db);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
    chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
    adminSchool = new ApiClient(server.url);
    await adminSchool.openSet(server.db, 'admin', 'Admin@123', SCHOOL);
  });
  afterAll(() => server.close());

  const count = async (table: 'voucher' | 'voucher_line' | 'voucher_audit' | 'voucher_line_auxi'): Promise<number> => {
    const row = await server.db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const created = async (body = request()): Promise<Voucher> => {
    const answer = await save(kuaiji, body);
    expect(answer.body.errorMsg).toBeNull();
    return answer.body.data;
  };
  const refused = async (body: Record<string, unknown>, messages: string[]): Promise<ValidationIssue[]> => {
    const before = [await count('voucher'), await count('voucher_line'), await count('voucher_audit')];
    const answer = await kuaiji.post<ValidationIssue[]>(Paths.certificate, body);
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe(ErrorCode.ValidationFailed);
    expect(answer.body.data.map((i) => i.message)).toEqual(messages);
    expect([await count('voucher'), await count('voucher_line'), await count('voucher_audit')]).toEqual(before);
    return answer.body.data;
  };
  /** A body its schema refuses: 400, 4000, the field and the rule in Chinese, nothing written. */
  const malformed = async (body: Record<string, unknown>, message: string): Promise<void> => {
    const before = [await count('voucher'), await count('voucher_line'), await count('voucher_audit')];
    const answer = await kuaiji.post(Paths.certificate, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorCode: ErrorCode.BadRequest, errorMsg: `请求参数有误: ${message}` });
    expect([await count('voucher'), await count('voucher_line'), await count('voucher_audit')]).toEqual(before);
  };

  it('lists the set’s categories with 记账凭证 first', async () => {
    const types = (await kuaiji.get<CertificateTypeItem[]>(Paths.certificateType)).body.data;
    expect(types).toEqual([
      { value: 1, name: '记账凭证', entry: '记' },
      { value: 2, name: '收款凭证', entry: '收' },
      { value: 3, name: '付款凭证', entry: '付' },
      { value: 4, name: '转账凭证', entry: '转' },
      { value: 10000, name: '调账凭证', entry: '调' },
    ]);
  });

  it('creates a voucher: number 1, amounts in yuan, preparer the user, audit row', async () => {
    const v = await created(
      request({
        month: 1,
        pzDate: '2026-01-05',
        certiDetails: [
          line('101', '1234.5', ''),
          line('401', null, 1234.5),
          { summary: '', subjectCode: '', debitAmount: null, creditAmount: null },
        ],
      }),
    );
    expect(v).toMatchObject({
      pzNo: 1,
      entry: '记',
      certificateTypeName: '记账凭证',
      year: 2026,
      month: 1,
      pzDate: '2026-01-05',
      preparedBy: '李会计',
      isReview: false,
      isBook: false,
      isShowCashier: true,
      debitTotal: 1234.5,
      creditTotal: 1234.5,
    });
    expect(v.certiDetails).toHaveLength(2);
    expect(v.certiDetails[0]).toMatchObject({
      numberRow: 1,
      subjectCode: '101',
      codeName: '库存现金',
      debitAmount: 1234.5,
      creditAmount: null,
      balanceDirection: 1,
    });
    expect(v.certiDetails[1]).toMatchObject({
      numberRow: 2,
      subjectCode: '401',
      debitAmount: null,
      creditAmount: 1234.5,
      isGovernment: false,
    });
    const stored = await server.db.kysely
      .selectFrom('voucher_line')
      .select(['debit_amount', 'credit_amount'])
      .where('voucher_id', '=', v.id)
      .orderBy('line_no')
      .execute();
    expect(stored).toEqual([
      { debit_amount: 123450, credit_amount: 0 },
      { debit_amount: 0, credit_amount: 123450 },
    ]);
    const trail = (await kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: v.id })).body.data;
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'create', userName: '李会计', before: null, after: { id: v.id, pzNo: 1 } });
    const second = await created(request({ month: 1, pzDate: '2026-01-06' }));
    expect(second.pzNo).toBe(2);
  });

  describe('refuses each rule with 4003 and writes nothing', () => {
    it('empty voucher', async () => {
      await refused({ ...request(), certiDetails: [] }, [VoucherMessages.empty]);
      await refused({ ...request(), certiDetails: [{ summary: '', subjectCode: '', debitAmount: '', creditAmount: null }] }, [
        VoucherMessages.empty,
      ]);
    });
    it('missing subject, amount and summary, with rows and fields', async () => {
      const issues = await refused(
        { ...request(), certiDetails: [line('', 1, null), line('401', null, null), line('401', null, 1, ' ')] },
        [VoucherMessages.subjectMissing(1), VoucherMessages.amountMissing(2), VoucherMessages.summaryMissing(3)],
      );
      expect(issues.map((i) => [i.rowId, i.fieldId])).toEqual([
        ['1', 'subjectCode'],
        ['2', 'debitAmount'],
        ['3', 'summary'],
      ]);
    });
    it('a summary longer than 200 characters', async () => {
      await refused({ ...request(), certiDetails: [line('101', 100, null, '摘'.repeat(201)), line('401', null, 100)] }, [
        VoucherRuleMessages.summaryTooLong(1),
      ]);
    });
    it('unbalanced', async () => {
      await refused({ ...request(), certiDetails: [line('101', 100, null), line('401', null, 99.99)] }, [
        VoucherMessages.unbalanced,
      ]);
    });
    it('debit and credit on one line', async () => {
      await refused({ ...request(), certiDetails: [line('101', 100, 100), line('401', null, 0)] }, [
        VoucherRuleMessages.bothSides(1),
        VoucherMessages.amountMissing(2),
      ]);
    });
    it('amounts: three decimals, above the cap, not a number (the schema: 4000, field and rule)', async () => {
      await malformed(
        { ...request(), certiDetails: [line('101', '1.005', null), line('401', null, 1.005)] },
        `参数certiDetails[0].debitAmount：${MONEY_MESSAGES.decimals}`,
      );
      await malformed(
        { ...request(), certiDetails: [line('101', 1, null), line('401', null, 0.1 + 0.2)] },
        `参数certiDetails[1].creditAmount：${MONEY_MESSAGES.decimals}`,
      );
      await malformed(
        { ...request(), certiDetails: [line('101', '100000000000', null), line('401', null, 1)] },
        `参数certiDetails[0].debitAmount：${MONEY_MESSAGES.cap(MONEY_CAP_FEN)}`,
      );
      await malformed(
        { ...request(), certiDetails: [line('101', 1, null), line('401', null, 'abc')] },
        `参数certiDetails[1].creditAmount：${MONEY_MESSAGES.format}`,
      );
    });
    it('subject not last level, unknown, disabled', async () => {
      await refused({ ...request(), certiDetails: [line('501', 100, null), line('401', null, 100)] }, [
        VoucherMessages.notLastLevel,
      ]);
      await refused({ ...request(), certiDetails: [line('999', 100, null), line('401', null, 100)] }, [
        VoucherRuleMessages.subjectUnknown(1, '999'),
      ]);
      await server.db.kysely
        .updateTable('subject')
        .set({ enable: 0 })
        .where('zt_id', '=', id(FACTORY))
        .where('code', '=', '408')
        .execute();
      await refused({ ...request(), certiDetails: [line('101', 100, null), line('408', null, 100)] }, [
        VoucherRuleMessages.subjectDisabled(2, '408'),
      ]);
      await server.db.kysely
        .updateTable('subject')
        .set({ enable: 1 })
        .where('zt_id', '=', id(FACTORY))
        .where('code', '=', '408')
        .execute();
    });
    it('period, category, date and document count', async () => {
      // Their forms are the schema's (4000, the field and the rule); the rules judge the values.
      await malformed({ ...request(), month: null }, '参数month：月份须在1到12之间');
      await malformed({ ...request(), year: 99_999_999_999 }, '参数year：年份须为四位数字');
      await malformed({ ...request(), certificateType: 2 ** 40 }, `参数certificateType：${VoucherRuleMessages.categoryMissing}`);
      await malformed({ ...request(), numberOfDocument: 2 ** 40 }, `参数numberOfDocument：${VoucherRuleMessages.documentCount}`);
      await malformed({ ...request(), numberOfDocument: -1 }, `参数numberOfDocument：${VoucherRuleMessages.documentCount}`);
      await malformed({ ...request(), numberOfDocument: 1.5 }, `参数numberOfDocument：${VoucherRuleMessages.documentCount}`);
      await malformed({ ...request(), pzDate: '2026-3-10' }, '参数pzDate：日期须为yyyy-MM-dd');
      const hugeRef = await shenhe.post(Paths.certificateReview, {
        year: 2026,
        details: [{ month: 1, pzNo: 2 ** 40, certificateType: 1 }],
        isReview: true,
      });
      expect(hugeRef.body.errorCode).toBe(ErrorCode.BadRequest);
      expect(
        (await kuaiji.get(Paths.getCertificateManNo, { year: 2026, month: 1, certificateType: 2 ** 40 })).body.errorCode,
      ).toBe(ErrorCode.BadRequest);
      await refused({ ...request(), year: 2030, pzDate: '2030-03-10' }, [
        '账套没有2030年度',
        VoucherRuleMessages.subjectUnknown(1, '101'),
        VoucherRuleMessages.subjectUnknown(2, '401'),
      ]);
      await refused({ ...request(), pzDate: '2026-04-01' }, [VoucherMessages.dateOutsideMonth(2026, 3)]);
      await refused({ ...request(), year: 2021, month: 12, pzDate: '2021-12-31' }, [
        '账套没有2021年度',
        VoucherMessages.dateBefore2022,
        VoucherRuleMessages.subjectUnknown(1, '101'),
        VoucherRuleMessages.subjectUnknown(2, '401'),
      ]);
      await refused({ ...request(), certificateType: 77 }, ['凭证分类不存在']);
    });
    it('auxiliary items: required per type, existing, leaf, enabled', async () => {
      const ztId = id(FACTORY);
      await server.db.kysely
        .insertInto('subject_auxi_type')
        .values({ zt_id: ztId, year: 2026, code: '50101', type_no: 'JFHS' })
        .execute();
      const items = await server.db.kysely
        .selectFrom('auxi_info')
        .selectAll()
        .where('zt_id', '=', ztId)
        .where('type_no', '=', 'JFHS')
        .execute();
      const parentNos = new Set(items.map((i) => i.parent_no));
      const leaf = items.find((i) => !parentNos.has(i.info_no));
      const parent = items.find((i) => parentNos.has(i.info_no));
      if (!leaf || !parent) throw new Error('JFHS seed has no tree');
      const withItem = (infoNo: string | null) => ({
        ...request(),
        certiDetails: [
          { ...line('50101', 100, null), auxis: infoNo === null ? [] : [{ typeNo: 'JFHS', infoNo }] },
          line('101', null, 100),
        ],
      });
      const [missing] = await refused(withItem(null), [VoucherMessages.auxiMissing]);
      expect(missing).toMatchObject({ rowId: '1', fieldId: 'auxis' });
      await refused(withItem('NOPE'), ['第1行' + AuxiMessages.itemMissing('经费核算')]);
      await refused(withItem(parent.info_no), ['第1行' + AuxiMessages.leafOnly('经费核算')]);
      await server.db.kysely
        .updateTable('auxi_info')
        .set({ is_enable: 0 })
        .where('zt_id', '=', ztId)
        .where('type_no', '=', 'JFHS')
        .where('info_no', '=', leaf.info_no)
        .execute();
      await refused(withItem(leaf.info_no), ['第1行' + AuxiMessages.itemDisabled('经费核算', leaf.info_name)]);
      await server.db.kysely
        .updateTable('auxi_info')
        .set({ is_enable: 1 })
        .where('zt_id', '=', ztId)
        .where('type_no', '=', 'JFHS')
        .where('info_no', '=', leaf.info_no)
        .execute();
      const ok = await save(kuaiji, withItem(leaf.info_no));
      expect(ok.body.errorMsg).toBeNull();
      expect(ok.body.data.certiDetails[0]?.auxis).toEqual([{ typeNo: 'JFHS', infoNo: leaf.info_no, infoName: leaf.info_name }]);
      expect(
        await server.db.kysely
          .selectFrom('voucher_line_auxi')
          .select('info_no')
          .where('voucher_id', '=', ok.body.data.id)
          .execute(),
      ).toEqual([{ info_no: leaf.info_no }]);
      await kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(ok.body.data)]) });
      await server.db.kysely.deleteFrom('subject_auxi_type').where('zt_id', '=', ztId).where('code', '=', '50101').execute();
    });
  });

  it('balances each side of a two-table (government) voucher on its own', async () => {
    const govId = await createSet(server.db, { name: '示范市行政单位', code: 'GOV1', system: 'government', users: ['kuaiji'] });
    // One session per account: admin opens the new set, then goes back to the school.
    const gov = adminSchool;
    await gov.openSet(server.db, 'admin', 'Admin@123', '示范市行政单位');
    const empty = (await gov.get<EmptyVoucherResponse>(Paths.emptyCertificate, { year: 2026, month: 3 })).body.data;
    expect(empty.twoTable).toBe(true);
    const across = await gov.post<ValidationIssue[]>(Paths.certificate, {
      ...request(),
      certiDetails: [line('1001', 100, null), line('6001', null, 100)],
    });
    expect(across.body.data.map((i) => i.message)).toEqual([
      VoucherMessages.unbalancedFinancial,
      VoucherMessages.unbalancedBudget,
    ]);
    const ok = await gov.post<Voucher>(Paths.certificate, {
      ...request(),
      certiDetails: [line('1001', 100, null), line('4001', null, 100), line('8001', 100, null), line('6001', null, 100)],
    });
    expect(ok.body.errorMsg).toBeNull();
    expect(ok.body.data.certiDetails.map((l) => l.isGovernment)).toEqual([false, false, true, true]);
    expect(govId).toBeGreaterThan(0);
    await adminSchool.openSet(server.db, 'admin', 'Admin@123', SCHOOL);
  });

  it('modifies a voucher in place: number kept, line ids kept, audit before and after', async () => {
    const v = await created(request({ month: 2, pzDate: '2026-02-02' }));
    const body = modifyOf(v, {
      pzDate: '2026-02-03',
      certiDetails: [
        ...modifyOf(v).certiDetails.map((l) => ({
          ...l,
          debitAmount: l.debitAmount ? 200 : null,
          creditAmount: l.creditAmount ? 200 : null,
        })),
      ],
    });
    const answer = await save(kuaiji, body);
    expect(answer.body.errorMsg).toBeNull();
    expect(answer.body.data).toMatchObject({ id: v.id, pzNo: v.pzNo, pzDate: '2026-02-03', debitTotal: 200 });
    expect(answer.body.data.certiDetails.map((l) => l.id)).toEqual(v.certiDetails.map((l) => l.id));
    const trail = (await kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: v.id })).body.data;
    expect(trail.map((t) => t.action)).toEqual(['create', 'modify']);
    expect(trail[1]?.before?.debitTotal).toBe(100);
    expect(trail[1]?.after?.debitTotal).toBe(200);
    // What the change changed, amounts in yuan like the vouchers themselves.
    expect(trail[1]?.fieldChanges).toEqual(
      expect.arrayContaining([
        { field: 'pzDate', before: v.pzDate, after: '2026-02-03' },
        { field: 'debitTotal', before: 100, after: 200 },
        { field: 'creditTotal', before: 100, after: 200 },
      ]),
    );
    expect(
      trail[1]?.lineChanges.map((c) => [
        c.kind,
        c.fields,
        c.before?.debitAmount ?? c.before?.creditAmount,
        c.after?.debitAmount ?? c.after?.creditAmount,
      ]),
    ).toEqual([
      ['changed', ['debitAmount'], 100, 200],
      ['changed', ['creditAmount'], 100, 200],
    ]);
    // A modify naming a voucher that is not there.
    const gone = await save(kuaiji, { ...modifyOf(answer.body.data), id: 'no-such-voucher' });
    expect(gone.body.errorCode).toBe(ErrorCode.NotFound);
  });

  it('a modify into another period takes its next number and closes the old gap', async () => {
    const a = await created(request({ month: 4, pzDate: '2026-04-01' }));
    const b = await created(request({ month: 4, pzDate: '2026-04-02' }));
    const c = await created(request({ month: 4, pzDate: '2026-04-03' }));
    expect([a.pzNo, b.pzNo, c.pzNo]).toEqual([1, 2, 3]);
    const moved = await save(kuaiji, modifyOf(a, { month: 5, pzDate: '2026-05-01' }));
    expect(moved.body.data).toMatchObject({ month: 5, pzNo: 1 });
    const april = (await kuaiji.get<Paged<Voucher>>(Paths.certificate, { year: 2026, beginMonth: 4, endMonth: 4 })).body.data
      .currentPageItems;
    expect(april.map((v) => [v.id, v.pzNo])).toEqual([
      [b.id, 1],
      [c.id, 2],
    ]);
    const trail = (await kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: c.id })).body.data;
    expect(trail.map((t) => [t.action, t.before?.pzNo, t.after?.pzNo])).toEqual([
      ['create', undefined, 3],
      ['renumber', 3, 2],
    ]);
  });

  it('review, book, unbook, unreview, sign: rules and audit', async () => {
    const v = await created(request({ month: 6, pzDate: '2026-06-01' }));
    let details = [refOf(v)];
    /** A state change that changed the voucher: its answer gives the revision the next change names. */
    const changedOnce = (answer: { body: { data: BatchResponse } }, revision: number) => {
      expect(answer.body.data).toEqual({ count: 1, vouchers: [{ id: v.id, revision }], skipped: [] });
      details = [{ ...refOf(v), revision }];
    };
    // Nobody reviews their own voucher.
    const own = await kuaiji.post(Paths.certificateReview, { year: 2026, details, isReview: true });
    expect(own.body).toMatchObject({ errorCode: ErrorCode.BusinessRule, errorMsg: VoucherMessages.reviewOwn });
    // Booking needs a review first.
    const early = await shenhe.post(Paths.certificateBook, { year: 2026, details, isBook: true });
    expect(early.body.errorMsg).toBe(StateMessages.notReviewed);
    changedOnce(await shenhe.post<BatchResponse>(Paths.certificateReview, { year: 2026, details, isReview: true }), 2);
    const detail = (await kuaiji.get<Voucher>(Paths.certificateDetail, { id: v.id })).body.data;
    expect(detail).toMatchObject({ isReview: true, reviewer: '王审核', revision: 2 });
    // A reviewed voucher is locked.
    const change = await save(kuaiji, modifyOf(detail, { numberOfDocument: 3 }));
    expect(change.body).toMatchObject({ errorCode: ErrorCode.BusinessRule, errorMsg: VoucherMessages.reviewedLocked });
    const del = await kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify(details) });
    expect(del.body.errorMsg).toBe(VoucherMessages.reviewedLocked);
    // Reviewing a reviewed voucher changes nothing (its revision stays) and says why.
    const reviewedAgain = await shenhe.post<BatchResponse>(Paths.certificateReview, { year: 2026, details, isReview: true });
    expect(reviewedAgain.body.data).toEqual({
      count: 0,
      vouchers: [{ id: v.id, revision: 2 }],
      skipped: [
        {
          id: v.id,
          month: 6,
          certificateType: 1,
          pzNo: v.pzNo,
          label: `记-${String(v.pzNo).padStart(4, '0')}`,
          reason: '已审核',
        },
      ],
    });
    expect(reviewedAgain.body.message).toBe(`审核 0 张，跳过 1 张：记-${String(v.pzNo).padStart(4, '0')} 已审核`);
    changedOnce(await shenhe.post<BatchResponse>(Paths.certificateBook, { year: 2026, details, isBook: true }), 3);
    expect((await save(kuaiji, modifyOf(await current(kuaiji, v), { numberOfDocument: 3 }))).body.errorMsg).toBe(
      VoucherMessages.bookedLocked,
    );
    expect((await kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify(details) })).body.errorMsg).toBe(
      VoucherMessages.bookedLocked,
    );
    const unreviewBooked = await shenhe.post(Paths.certificateReview, { year: 2026, details, isReview: false });
    expect(unreviewBooked.body.errorMsg).toBe(StateMessages.bookedNoUnreview);
    changedOnce(await shenhe.post<BatchResponse>(Paths.certificateBook, { year: 2026, details, isBook: false }), 4);
    changedOnce(await shenhe.post<BatchResponse>(Paths.certificateReview, { year: 2026, details, isReview: false }), 5);
    changedOnce(await chuna.post<BatchResponse>(Paths.voucherCashierSignature, { year: 2026, details, isSign: true }), 6);
    expect((await kuaiji.get<Voucher>(Paths.certificateDetail, { id: v.id })).body.data).toMatchObject({
      isCashierSigned: true,
      cashier: '张出纳',
      isReview: false,
    });
    const trail = (await kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: v.id })).body.data;
    expect(trail.map((t) => [t.action, t.userName])).toEqual([
      ['create', '李会计'],
      ['review', '王审核'],
      ['book', '王审核'],
      ['unbook', '王审核'],
      ['unreview', '王审核'],
      ['sign', '张出纳'],
    ]);
    expect(trail[1]?.before?.isReview).toBe(false);
    expect(trail[1]?.after?.isReview).toBe(true);
    // The trail's after is the voucher as stored by the review.
    expect(trail[1]?.after).toEqual(detail);
    // The modify after unreview is allowed again and clears the signature.
    const again = await save(kuaiji, modifyOf(await current(kuaiji, v), { numberOfDocument: 4 }));
    expect(again.body.data).toMatchObject({ numberOfDocument: 4, isCashierSigned: false, revision: 7 });
  });

  it('a delete, and a missing voucher in any batch, is all or nothing', async () => {
    const a = await created(request({ month: 7, pzDate: '2026-07-01' }));
    const b = await created(request({ month: 7, pzDate: '2026-07-02' }));
    await shenhe.post(Paths.certificateReview, { year: 2026, details: [refOf(b)], isReview: true });
    const reviewedB = await current(kuaiji, b);
    const del = await kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(a), refOf(reviewedB)]) });
    expect(del.body.errorMsg).toBe(VoucherMessages.reviewedLocked);
    expect((await kuaiji.get(Paths.certificateDetail, { id: a.id })).body.success).toBe(true);
    const missing = await shenhe.post(Paths.certificateReview, {
      year: 2026,
      details: [refOf(a), { id: 'no-such-voucher', revision: 1 }],
      isReview: true,
    });
    expect(missing.body.errorCode).toBe(ErrorCode.NotFound);
    expect((await kuaiji.get<Voucher>(Paths.certificateDetail, { id: a.id })).body.data.isReview).toBe(false);
  });

  it('delete: at least one, audit row kept, gap left for reloadBreak', async () => {
    const none = await kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify([]) });
    expect(none.body).toMatchObject({ errorCode: ErrorCode.BusinessRule, errorMsg: VoucherMessages.selectAtLeastOne });
    const absent = await kuaiji.delete(Paths.certificate, { year: 2026 });
    expect(absent.body).toMatchObject({ errorCode: ErrorCode.BadRequest, errorMsg: '请求参数有误: 缺少参数details' });
    expect((await shenhe.post(Paths.certificateReview, { year: 2026, details: [], isReview: true })).body.errorMsg).toBe(
      VoucherMessages.selectAtLeastOne,
    );
    const vs: Voucher[] = [];
    for (const day of ['05', '01', '03']) vs.push(await created(request({ month: 8, pzDate: `2026-08-${day}` })));
    const [first, second] = vs;
    if (!first || !second) throw new Error('vouchers not created');
    const del = await kuaiji.delete<BatchResponse>(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(first)]) });
    expect(del.body.data).toEqual({ count: 1, vouchers: [], skipped: [] });
    expect(del.body.message).toBe('删除 1 张');
    expect(await server.db.kysely.selectFrom('voucher_line').select('id').where('voucher_id', '=', first.id).execute()).toEqual(
      [],
    );
    const trail = (await kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: first.id })).body.data;
    expect(trail.map((t) => t.action)).toEqual(['create', 'delete']);
    expect(trail[1]?.before?.id).toBe(first.id);
    expect(trail[1]?.after).toBeNull();
    const numbers = async () =>
      (
        await kuaiji.get<Paged<Voucher>>(Paths.certificate, { year: 2026, beginMonth: 8, endMonth: 8 })
      ).body.data.currentPageItems.map((v) => [v.pzDate, v.pzNo]);
    expect(await numbers()).toEqual([
      ['2026-08-01', 2],
      ['2026-08-03', 3],
    ]);
    expect(
      (await kuaiji.get<NextNumberResponse>(Paths.getCertificateManNo, { year: 2026, month: 8, certificateType: 1 })).body.data,
    ).toEqual({ pzNo: 4 });
    const renumbered = await kuaiji.post(Paths.reloadBreak, { year: 2026, month: 8 });
    expect(renumbered.body.data).toEqual({ renumbered: 2 });
    expect(await numbers()).toEqual([
      ['2026-08-01', 1],
      ['2026-08-03', 2],
    ]);
    expect(
      (await kuaiji.get<NextNumberResponse>(Paths.getCertificateManNo, { year: 2026, month: 8, certificateType: 1 })).body.data,
    ).toEqual({ pzNo: 3 });
    const secondTrail = (await kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: second.id })).body.data;
    expect(secondTrail.at(-1)).toMatchObject({ action: 'renumber', before: { pzNo: 2 }, after: { pzNo: 1 } });
  });

  it('a closed period refuses every write with 4014', async () => {
    const open = await created(request({ month: 9, pzDate: '2026-09-01' }));
    const reviewedOne = await created(request({ month: 9, pzDate: '2026-09-02' }));
    await shenhe.post(Paths.certificateReview, { year: 2026, details: [refOf(reviewedOne)], isReview: true });
    await server.db.kysely
      .insertInto('period_close')
      .values({ zt_id: id(FACTORY), year: 2026, month: 9, closed_at: Date.now(), closed_by: 1 })
      .execute();
    const audits = await count('voucher_audit');
    const closed = VoucherMessages.periodClosed(2026, 9);
    const expectClosed = (answer: { body: { errorCode: number | null; errorMsg: string | null } }) =>
      expect(answer.body).toMatchObject({ errorCode: ErrorCode.PeriodClosed, errorMsg: closed });
    expectClosed(await save(kuaiji, request({ month: 9, pzDate: '2026-09-03' })));
    expectClosed(await save(kuaiji, modifyOf(open, { numberOfDocument: 9 })));
    expectClosed(
      await save(
        kuaiji,
        modifyOf(await created(request({ month: 10, pzDate: '2026-10-01' })), { month: 9, pzDate: '2026-09-05' }),
      ),
    );
    expectClosed(await save(kuaiji, modifyOf(open, { month: 10, pzDate: '2026-10-05' })));
    expectClosed(await kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(open)]) }));
    expectClosed(await shenhe.post(Paths.certificateReview, { year: 2026, details: [refOf(open)], isReview: true }));
    const reviewedNow = await current(kuaiji, reviewedOne);
    expectClosed(await shenhe.post(Paths.certificateReview, { year: 2026, details: [refOf(reviewedNow)], isReview: false }));
    expectClosed(await shenhe.post(Paths.certificateBook, { year: 2026, details: [refOf(reviewedNow)], isBook: true }));
    expectClosed(await chuna.post(Paths.voucherCashierSignature, { year: 2026, details: [refOf(open)], isSign: true }));
    expectClosed(await kuaiji.post(Paths.reloadBreak, { year: 2026, month: 9 }));
    expect(await count('voucher_audit')).toBe(audits + 1); // only the create of the October voucher
    const empty = (await kuaiji.get<EmptyVoucherResponse>(Paths.emptyCertificate, { year: 2026, month: 9 })).body.data;
    expect(empty.closed).toBe(true);
  });

  it('rights: only the granted buttons write', async () => {
    const v = await created(request({ month: 11, pzDate: '2026-11-01' }));
    const forbidden = (answer: { body: { errorCode: number | null } }) => expect(answer.body.errorCode).toBe(ErrorCode.Forbidden);
    forbidden(await save(shenhe, request({ month: 11, pzDate: '2026-11-02' })));
    forbidden(await save(chuna, request({ month: 11, pzDate: '2026-11-02' })));
    forbidden(await save(chuna, modifyOf(v)));
    forbidden(await chuna.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(v)]) }));
    forbidden(await chuna.post(Paths.certificateReview, { year: 2026, details: [refOf(v)], isReview: true }));
    forbidden(await chuna.post(Paths.certificateBook, { year: 2026, details: [refOf(v)], isBook: true }));
    forbidden(await shenhe.post(Paths.voucherCashierSignature, { year: 2026, details: [refOf(v)], isSign: true }));
    forbidden(await shenhe.post(Paths.reloadBreak, { year: 2026, month: 11 }));
    forbidden(await chuna.post(Paths.summary, { contents: ['x'] }));
    // Reads are open to everyone of the set.
    expect((await chuna.get<Voucher>(Paths.certificateDetail, { id: v.id })).body.data.id).toBe(v.id);
  });

  it('another set’s vouchers are not reachable, and naming another set is refused', async () => {
    const v = await created(request({ month: 11, pzDate: '2026-11-03' }));
    expect((await adminSchool.get(Paths.certificateDetail, { id: v.id })).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await adminSchool.get(Paths.certificateAudit, { id: v.id })).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await adminSchool.get(Paths.certificateDetail, { id: 'no-such-id' })).body.errorCode).toBe(ErrorCode.NotFound);
    expect((await adminSchool.get(Paths.certificateAudit, { id: 'no-such-id' })).body.errorCode).toBe(ErrorCode.NotFound);
    expect((await adminSchool.get(Paths.certificateNeighbour, { id: v.id, year: 2026, direction: 'next' })).body.errorCode).toBe(
      ErrorCode.Forbidden,
    );
    const list = (await adminSchool.get<Paged<Voucher>>(Paths.certificate, { year: 2026 })).body.data;
    expect(list.currentPageItems.some((x) => x.id === v.id)).toBe(false);
    // Changing calls name the voucher by id: another set's id is refused like reading it.
    const del = await adminSchool.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(v)]) });
    expect(del.body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await save(adminSchool, modifyOf(v))).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await current(kuaiji, v)).revision).toBe(1);
    const otherZt = await kuaiji.post(Paths.certificate, { ...request(), ztId: id(SCHOOL) });
    expect(otherZt.body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await kuaiji.get<Voucher>(Paths.certificateDetail, { id: v.id })).body.data.id).toBe(v.id);
  });

  it('lists with every filter and pages', async () => {
    const ztId = id(FACTORY);
    const base = { year: 2026, beginMonth: 12, endMonth: 12 };
    const a = await created(
      request({ month: 12, pzDate: '2026-12-01', certiDetails: [line('102', 50, null, '银行收款'), line('401', null, 50)] }),
    );
    const b = await created(
      request({
        month: 12,
        pzDate: '2026-12-02',
        certificateType: 2,
        certiDetails: [line('50101', 800, null, '职工培训'), line('101', null, 800, '职工培训')],
      }),
    );
    const c = await created(
      request({
        month: 12,
        pzDate: '2026-12-03',
        certiDetails: [line('50102', 3000, null, '文体活动'), line('102', null, 3000, '文体活动')],
      }),
    );
    await shenhe.post(Paths.certificateReview, { year: 2026, details: [refOf(c)], isReview: true });
    const ids = async (params: Record<string, unknown>) =>
      (await kuaiji.get<Paged<Voucher>>(Paths.certificate, { ...base, ...params })).body.data.currentPageItems.map((v) => v.id);
    expect(await ids({})).toEqual([a.id, c.id, b.id]); // month, category, number
    expect(await ids({ certificateType: 2 })).toEqual([b.id]);
    expect(await ids({ certificateType: 1, beginPzNo: 2, endPzNo: 2 })).toEqual([c.id]);
    expect(await ids({ subjectCode: '501' })).toEqual([c.id, b.id]);
    expect(await ids({ subjectCode: '50101' })).toEqual([b.id]);
    expect(await ids({ summary: '培训' })).toEqual([b.id]);
    expect(await ids({ summary: '100%' })).toEqual([]);
    expect(await ids({ minAmount: '800', maxAmount: 800 })).toEqual([b.id]);
    expect(await ids({ minAmount: 1000 })).toEqual([c.id]);
    expect(await ids({ maxAmount: 100 })).toEqual([a.id]);
    expect(await ids({ status: 'reviewed' })).toEqual([c.id]);
    expect(await ids({ status: 'unreviewed' })).toEqual([a.id, b.id]);
    expect(await ids({ status: 'unbooked' })).toEqual([a.id, c.id, b.id]);
    expect(await ids({ status: 'booked' })).toEqual([]);
    const page = (await kuaiji.get<Paged<Voucher>>(Paths.certificate, { ...base, pageSize: 2, pageIndex: 2 })).body.data;
    expect(page.totalItemCount).toBe(3);
    expect(page.currentPageItems.map((v) => v.id)).toEqual([b.id]);
    expect(page.currentPageItems[0]?.certiDetails).toHaveLength(2);
    expect((await kuaiji.get(Paths.certificate, { ...base, status: 'odd' })).body.errorCode).toBe(ErrorCode.BadRequest);
    expect(ztId).toBeGreaterThan(0);
  });

  it('neighbour steps through the year by month, category and number', async () => {
    const all = (await kuaiji.get<Paged<Voucher>>(Paths.certificate, { year: 2026 })).body.data.currentPageItems;
    expect(all.length).toBeGreaterThan(3);
    const [first, second] = all;
    const last = all.at(-1);
    if (!first || !second || !last) throw new Error('no vouchers');
    const next = await kuaiji.get<Voucher | null>(Paths.certificateNeighbour, { id: first.id, year: 2026, direction: 'next' });
    expect(next.body.data?.id).toBe(second.id);
    expect(
      (await kuaiji.get<Voucher | null>(Paths.certificateNeighbour, { id: second.id, year: 2026, direction: 'prev' })).body.data
        ?.id,
    ).toBe(first.id);
    expect(
      (await kuaiji.get<Voucher | null>(Paths.certificateNeighbour, { id: first.id, year: 2026, direction: 'prev' })).body.data,
    ).toBeNull();
    expect(
      (await kuaiji.get<Voucher | null>(Paths.certificateNeighbour, { id: last.id, year: 2026, direction: 'next' })).body.data,
    ).toBeNull();
    expect((await kuaiji.get<Voucher | null>(Paths.certificateNeighbour, { year: 2026, direction: 'prev' })).body.data?.id).toBe(
      last.id,
    );
  });

  it('emptyCertificate proposes the next number, the last day of a past month and 记账凭证', async () => {
    const empty = (await adminSchool.get<EmptyVoucherResponse>(Paths.emptyCertificate, { year: 2026, month: 2 })).body.data;
    expect(empty).toMatchObject({
      year: 2026,
      month: 2,
      pzNo: 1,
      pzDate: '2026-02-28',
      certificateType: 1,
      preparedBy: '系统管理员',
      twoTable: false,
      closed: false,
    });
    expect(empty.certificateTypeList).toHaveLength(5);
    const factory = (await kuaiji.get<EmptyVoucherResponse>(Paths.emptyCertificate, { year: 2026, month: 1 })).body.data;
    expect(factory.pzNo).toBe(3);
  });

  it('subjectBalance: opening plus lines of the subject and its children up to the month, in its direction', async () => {
    const ztId = id(SCHOOL);
    await server.db.kysely
      .updateTable('subject')
      .set({ init_amount: 10000 })
      .where('zt_id', '=', ztId)
      .where('year', '=', 2026)
      .where('code', '=', '101')
      .execute();
    const school = (body: ReturnType<typeof request>) => save(adminSchool, body);
    await school(request({ month: 1, pzDate: '2026-01-10', certiDetails: [line('101', 250.5, null), line('401', null, 250.5)] }));
    await school(request({ month: 2, pzDate: '2026-02-10', certiDetails: [line('50101', 20, null), line('101', null, 20)] }));
    await school(request({ month: 3, pzDate: '2026-03-10', certiDetails: [line('101', 1000, null), line('401', null, 1000)] }));
    const balance = async (code: string, month: number) =>
      (await adminSchool.get<SubjectBalanceResponse>(Paths.subjectBalance, { code, year: 2026, month })).body.data;
    expect(await balance('101', 2)).toEqual({ code: '101', balance: 330.5, balanceDirection: 1 });
    expect(await balance('401', 3)).toEqual({ code: '401', balance: 1250.5, balanceDirection: 2 });
    expect(await balance('501', 12)).toEqual({ code: '501', balance: 20, balanceDirection: 1 });
  });

  it('summaries: replace, keyword, empty and duplicate refused', async () => {
    const saved = await kuaiji.post<SummaryItem[]>(Paths.summary, { contents: ['收会费', '支付职工培训费', '提取备用金'] });
    expect(saved.body.data).toHaveLength(3);
    expect((await kuaiji.get<SummaryItem[]>(Paths.summary, { keyword: '职工' })).body.data).toEqual([
      { id: 2, content: '支付职工培训费' },
    ]);
    const empty = await kuaiji.post<ValidationIssue[]>(Paths.summary, { contents: ['a', ' '] });
    expect(empty.body.data.map((i) => i.message)).toEqual([VoucherMessages.summaryEmpty]);
    const dup = await kuaiji.post<ValidationIssue[]>(Paths.summary, { contents: ['a', 'a'] });
    expect(dup.body.data.map((i) => i.message)).toEqual([VoucherMessages.summaryDuplicate]);
    expect((await kuaiji.get<SummaryItem[]>(Paths.summary)).body.data).toHaveLength(3);
    expect((await adminSchool.get<SummaryItem[]>(Paths.summary)).body.data).toEqual([]);
  });

  it('pzUser lists the set’s users with their level', async () => {
    const users = (await kuaiji.get<PreparerItem[]>(Paths.pzUser)).body.data;
    expect(users).toEqual(
      expect.arrayContaining([
        { userName: '李会计', levelName: '会计' },
        { userName: '王审核', levelName: '审核' },
        { userName: '张出纳', levelName: '出纳' },
      ]),
    );
    expect((await adminSchool.get<PreparerItem[]>(Paths.pzUser)).body.data.some((u) => u.userName === '张出纳')).toBe(false);
  });
});
