import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FundsEntryData,
  GenerateFundsVouchersResponse,
  SaveFundsReceiptsRequest,
} from '../../shared/api/schemas/funds-entry.js';
import type { Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { FundsEntryMessages } from '../../shared/funds/entry-messages.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { ApiClient } from '../test-support/api-client.js';
import {
  insertFundsRatio,
  insertFundsReceipt,
  insertFundsSetting,
  insertFundsUnit,
  insertUnitItems,
  openFundsPlatform,
} from '../test-support/funds-fixture.js';
import { insertUser } from '../test-support/test-users.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY } from '../vouchers/voucher-test-kit.js';

const CITY = '示范市总工会';
type Row = SaveFundsReceiptsRequest['rows'][number];

describe.each(TEST_DIALECTS)('funds entry and the union-fund voucher (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let ztId: number;

  const units = {
    a: { code: '9001', name: '第一机械厂工会' },
    b: { code: '9002', name: '实验中学工会' },
    c: { code: '9003', name: '新建厂工会' },
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = (await setIds(server.db))(CITY);
    const a = await insertFundsUnit(server.db, ztId, units.a);
    const b = await insertFundsUnit(server.db, ztId, units.b);
    await insertFundsUnit(server.db, ztId, units.c);
    // A: 60% kept, 30% up, 10% down, a 2% collection fee; B: 40 / 60 (from March: 50 / 50).
    await insertFundsRatio(server.db, ztId, a, { fromYear: 2026, retained: 60, superiorOne: 30, lower: 10, collectionFee: 2 });
    await insertFundsRatio(server.db, ztId, b, { fromYear: 2026, retained: 40, superiorOne: 60 });
    await insertFundsRatio(server.db, ztId, b, { fromYear: 2026, fromMonth: 3, retained: 50, superiorOne: 50 });
    await insertFundsSetting(server.db, ztId, { collectionFee: '50504' });
    await insertUnitItems(server.db, ztId, { years: [2026], units: Object.values(units), subjects: ['211', '21202'] });
    await openFundsPlatform(server.db, ztId);
    admin = new ApiClient(server.url);
    await admin.openSet(server.db, 'admin', 'Admin@123', CITY);
  });
  afterAll(() => server.close());

  const read = async (month: number) => {
    const answer = await admin.get<FundsEntryData>(Paths.fundsReceipts, { year: 2026, month });
    expect(answer.body.errorMsg).toBeNull();
    return answer.body.data;
  };
  const saveRows = (month: number, rows: Row[]) =>
    admin.post<FundsEntryData>(Paths.fundsReceiptsSave, { year: 2026, month, rows });
  const generate = (month: number, ids: string[], mode: 'each' | 'batch') =>
    admin.post<GenerateFundsVouchersResponse>(Paths.fundsVoucherGenerate, { year: 2026, month, ids, mode });
  const voucher = async (id: string) => (await admin.get<Voucher>(Paths.certificateDetail, { id })).body.data;
  const row = (unitCode: string, fundsAmount: number | string, extra: Partial<Row> = {}): Row => ({
    unitCode,
    fundsAmount,
    bankCode: '102',
    auxiliaryDateTime: '2026-02-10',
    ...extra,
  });
  const voucherCount = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('voucher')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('zt_id', '=', ztId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers the units with the ratios in force in the period (none: null), and the period’s receipts', async () => {
    const feb = await read(2);
    expect(feb.rows).toEqual([]);
    expect(feb.units.map((u) => [u.code, u.ratios?.retained ?? null, u.ratios?.collectionFee ?? null])).toEqual([
      ['9001', 60, 2],
      ['9002', 40, 0],
      ['9003', null, null],
    ]);
    expect((await read(3)).units.find((u) => u.code === '9002')?.ratios?.retained).toBe(50);
  });

  it('refuses a save with the spec’s messages, naming row and field, and writes nothing', async () => {
    const answer = await saveRows(2, [
      row('9001', 0),
      row('9002', 10, { bankCode: '212' }),
      row('9002', 10, { auxiliaryDateTime: '2027-01-01' }),
      row('9999', 10),
      row('9001', 10, { bankCode: '999' }),
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe(ErrorCode.ValidationFailed);
    expect(answer.body.errorMsg).toBe(FundsEntryMessages.incomplete);
    const issues = answer.body.data as unknown as { message: string; rowId: string; fieldId: string }[];
    expect(issues.map((i) => [i.rowId, i.fieldId, i.message])).toEqual([
      ['1', 'fundsAmount', `第1行${FundsEntryMessages.amountZero}`],
      ['2', 'bankCode', `第2行${FundsEntryMessages.bankNotLast}`],
      ['3', 'auxiliaryDateTime', `第3行${FundsEntryMessages.dateTooLate(2026)}`],
      ['4', 'unitCode', `第4行${FundsEntryMessages.unitUnknown}`],
      ['5', 'bankCode', `第5行${FundsEntryMessages.bankUnknown}`],
    ]);
    expect((await read(2)).rows).toEqual([]);
  });

  it('refuses an amount with more than two decimals, a period or payment date missing (4000)', async () => {
    const answer = await saveRows(2, [row('9001', '1.001')]);
    expect(answer.body.errorCode).toBe(ErrorCode.BadRequest);
    // The spec's 'payment date and period required'.
    const noPeriod = await admin.post(Paths.fundsReceiptsSave, { year: 2026, month: 13, rows: [] });
    expect(noPeriod.body.errorCode).toBe(ErrorCode.BadRequest);
    expect(noPeriod.body.errorMsg).toContain(FundsEntryMessages.periodRequired);
    const noDate = await saveRows(2, [row('9001', 1, { auxiliaryDateTime: '' })]);
    expect(noDate.body.errorMsg).toContain(FundsEntryMessages.periodRequired);
    const generateNoPeriod = await admin.post(Paths.fundsVoucherGenerate, { year: 0, month: 2, ids: ['x'], mode: 'each' });
    expect(generateNoPeriod.body.errorMsg).toContain(FundsEntryMessages.periodRequired);
    expect((await read(2)).rows).toEqual([]);
  });

  it('saves the rows in order, changes one in place and removes one not sent', async () => {
    const saved = await saveRows(2, [row('9001', '1000.01', { summary: '二月' }), row('9002', 500), row('9003', 300)]);
    expect(saved.body.errorMsg).toBeNull();
    const rows = saved.body.data.rows;
    expect(rows.map((r) => [r.rowNo, r.unitCode, r.unitName, r.fundsAmount, r.summary, r.voucherId])).toEqual([
      [1, '9001', units.a.name, 1000.01, '二月', null],
      [2, '9002', units.b.name, 500, '', null],
      [3, '9003', units.c.name, 300, '', null],
    ]);
    const [first, second, third] = rows;
    const again = await saveRows(2, [
      { ...row('9001', '1000.01', { summary: '二月' }), id: first?.id },
      { ...row('9002', 600), id: second?.id },
      { ...row('9003', 300), id: third?.id },
      row('9001', 20),
    ]);
    expect(again.body.errorMsg).toBeNull();
    expect(again.body.data.rows.map((r) => [r.id === second?.id ? 'same' : r.rowNo, r.fundsAmount])).toEqual([
      [1, 1000.01],
      ['same', 600],
      [3, 300],
      [4, 20],
    ]);
    const fourth = again.body.data.rows[3];
    const removed = await saveRows(
      2,
      again.body.data.rows.slice(0, 3).map((r) => ({ ...row(r.unitCode, r.fundsAmount, { summary: r.summary }), id: r.id })),
    );
    expect(removed.body.data.rows.map((r) => r.id)).not.toContain(fourth?.id);
    expect(removed.body.data.rows).toHaveLength(3);
  });

  it('checks every id sent: another set’s or another period’s receipt is not found (4004) and nothing changes', async () => {
    const factory = (await setIds(server.db))(FACTORY);
    const before = await read(2);
    const otherSetReceipt = await insertFundsReceipt(server.db, factory, 1, {
      year: 2026,
      month: 2,
      rowNo: 1,
      unitId: 'x',
      amount: 100,
      bankCode: '102',
      paidOn: '2026-02-01',
    });
    const foreign = await saveRows(2, [{ ...row('9001', 5), id: otherSetReceipt }]);
    expect(foreign.body.errorCode).toBe(ErrorCode.NotFound);
    const otherPeriod = await saveRows(3, [{ ...row('9001', 5), id: before.rows[0]?.id }]);
    expect(otherPeriod.body.errorCode).toBe(ErrorCode.NotFound);
    expect((await read(2)).rows).toEqual(before.rows);
    expect((await read(3)).rows).toEqual([]);
    const generated = await generate(2, [otherSetReceipt], 'each');
    expect(generated.body.errorCode).toBe(ErrorCode.NotFound);
  });

  it('refuses a unit without ratios (经费比例没有配置，无法生成凭证，请核实) and makes no voucher', async () => {
    const { rows } = await read(2);
    const count = await voucherCount();
    const answer = await generate(
      2,
      rows.map((r) => r.id),
      'batch',
    );
    expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(answer.body.errorMsg).toBe(FundsEntryMessages.notConfiguredFor(units.c.name));
    expect(answer.body.errorMsg).toContain(FundsEntryMessages.notConfigured);
    expect(await voucherCount()).toBe(count);
    expect((await read(2)).rows.every((r) => r.voucherId === null)).toBe(true);
  });

  it('makes one voucher per receipt: Dr bank net and fee, Cr the shares, 211/212 with the unit; numbered; marked', async () => {
    const { rows } = await read(2);
    const [a, b] = rows;
    const answer = await generate(2, [a?.id ?? '', b?.id ?? ''], 'each');
    expect(answer.body.errorMsg).toBeNull();
    const made = answer.body.data.vouchers;
    expect(made.map((v) => v.pzNo)).toEqual([1, 2]);
    expect(made[0]?.text).toBe('记-1');
    const first = await voucher(made[0]?.id ?? '');
    // 1000.01: fee 20.00; shares 600.01 / 300.00 / 100.00 (the last takes the remainder).
    expect(first.certiDetails.map((l) => [l.subjectCode, l.debitAmount, l.creditAmount, l.auxis.map((x) => x.infoNo)])).toEqual([
      ['102', 980.01, null, []],
      ['50504', 20, null, []],
      ['402', null, 600.01, []],
      ['211', null, 300, ['9001']],
      ['21202', null, 100, ['9001']],
    ]);
    expect(first.certiDetails[0]?.summary).toBe('二月');
    const second = await voucher(made[1]?.id ?? '');
    expect(second.certiDetails.map((l) => [l.subjectCode, l.debitAmount, l.creditAmount])).toEqual([
      ['102', 600, null],
      ['402', null, 240],
      ['211', null, 360],
    ]);
    expect(second.certiDetails[0]?.summary).toBe(FundsEntryMessages.summary(units.b.name));
    const after = await read(2);
    expect(
      after.rows
        .slice(0, 2)
        .map((r) => [r.voucherText, r.retainedAmount, r.superiorOneAmount, r.lowerAmount, r.collectionFeeAmount]),
    ).toEqual([
      ['记-1', 600.01, 300, 100, 20],
      ['记-2', 240, 360, 0, 0],
    ]);
  });

  it('refuses a receipt whose voucher exists, in a generation and in a save', async () => {
    const { rows } = await read(2);
    const count = await voucherCount();
    const again = await generate(2, [rows[0]?.id ?? ''], 'batch');
    expect(again.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(again.body.errorMsg).toBe(FundsEntryMessages.alreadyGenerated(units.a.name, '记-1'));
    expect(await voucherCount()).toBe(count);
    const saved = await saveRows(2, [{ ...row('9001', 1), id: rows[0]?.id }]);
    expect(saved.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(saved.body.errorMsg).toBe(FundsEntryMessages.generated);
    // Saving the other rows keeps the generated ones as they are.
    const kept = await saveRows(2, [{ ...row('9003', 300), id: rows[2]?.id }]);
    expect(kept.body.data.rows.map((r) => r.voucherText)).toEqual(['记-1', '记-2', '']);
  });

  it('makes one voucher for a batch: lines added up by subject and unit, the ratios of the voucher’s period', async () => {
    const saved = await saveRows(3, [
      row('9001', 100, { auxiliaryDateTime: '2026-03-01' }),
      row('9002', 100),
      row('9002', '0.03'),
    ]);
    const ids = saved.body.data.rows.map((r) => r.id);
    const answer = await generate(3, ids, 'batch');
    expect(answer.body.errorMsg).toBeNull();
    expect(answer.body.data.vouchers).toHaveLength(1);
    const v = await voucher(answer.body.data.vouchers[0]?.id ?? '');
    expect(v.month).toBe(3);
    // A 100: fee 2, 60 / 30 / 10; B (50 / 50 from March) 100 and 0.03: 50 / 50 and 0.02 / 0.01.
    expect(v.certiDetails.map((l) => [l.subjectCode, l.debitAmount, l.creditAmount, l.auxis.map((x) => x.infoNo)])).toEqual([
      ['102', 198.03, null, []],
      ['50504', 2, null, []],
      ['402', null, 110.02, []],
      ['211', null, 30, ['9001']],
      ['21202', null, 10, ['9001']],
      ['211', null, 50.01, ['9002']],
    ]);
    expect(v.certiDetails[0]?.summary).toBe(FundsEntryMessages.batchSummary(2026, 3));
    expect((await read(3)).rows.every((r) => r.voucherId === v.id)).toBe(true);
  });

  it('obeys the voucher rules: a closed period refuses (4014) and nothing is marked', async () => {
    const saved = await saveRows(4, [row('9001', 100, { auxiliaryDateTime: '2026-04-01' })]);
    await server.db.kysely
      .insertInto('period_close')
      .values({ zt_id: ztId, year: 2026, month: 4, closed_at: Date.now(), closed_by: 1 })
      .execute();
    const count = await voucherCount();
    const answer = await generate(
      4,
      saved.body.data.rows.map((r) => r.id),
      'each',
    );
    expect(answer.body.errorCode).toBe(ErrorCode.PeriodClosed);
    expect(await voucherCount()).toBe(count);
    expect((await read(4)).rows[0]?.voucherId).toBeNull();
    // Nor does the closed month take receipts: none could become a voucher there.
    const more = await saveRows(4, [row('9001', 200, { auxiliaryDateTime: '2026-04-02' })]);
    expect(more.body.errorCode).toBe(ErrorCode.PeriodClosed);
    expect(more.body.errorMsg).toBe(VoucherMessages.periodClosed(2026, 4));
    expect((await read(4)).rows.map((r) => r.fundsAmount)).toEqual([100]);
  });

  it('refuses a share whose subject is not a last-level subject, naming the share and the subject', async () => {
    await server.db.kysely.updateTable('funds_setting').set({ lower_subject: '212' }).where('zt_id', '=', ztId).execute();
    const saved = await saveRows(5, [row('9001', 100, { auxiliaryDateTime: '2026-05-01' })]);
    const answer = await generate(
      5,
      saved.body.data.rows.map((r) => r.id),
      'each',
    );
    expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(answer.body.errorMsg).toBe(`${units.a.name}：${FundsEntryMessages.subjectNotLast('应付下级', '212')}`);
    await server.db.kysely.updateTable('funds_setting').set({ lower_subject: null }).where('zt_id', '=', ztId).execute();
  });

  it('refuses a share whose ratio has no subject anywhere (建会筹备金 without one), naming unit and share', async () => {
    const d = await insertFundsUnit(server.db, ztId, { code: '9004', name: '筹备工会' });
    await insertFundsRatio(server.db, ztId, d, { fromYear: 2026, retained: 90, preparatory: 10 });
    const saved = await saveRows(8, [row('9004', 100, { auxiliaryDateTime: '2026-08-01' })]);
    expect(saved.body.errorMsg).toBeNull();
    const count = await voucherCount();
    const answer = await generate(
      8,
      saved.body.data.rows.map((r) => r.id),
      'batch',
    );
    expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(answer.body.errorMsg).toBe(`筹备工会：${FundsEntryMessages.subjectMissing('建会筹备金')}`);
    expect(await voucherCount()).toBe(count);
  });

  it('refuses a row without its unit, amount, date or counterpart subject with the spec’s messages', async () => {
    const noUnit = await saveRows(2, [row('', 10)]);
    expect(noUnit.body.errorCode).toBe(ErrorCode.BadRequest);
    expect(noUnit.body.errorMsg).toContain(FundsEntryMessages.unitRequired);
    const noAmount = await admin.post(Paths.fundsReceiptsSave, {
      year: 2026,
      month: 2,
      rows: [{ unitCode: '9001', bankCode: '102', auxiliaryDateTime: '2026-02-01' }],
    });
    expect(noAmount.body.errorCode).toBe(ErrorCode.ValidationFailed);
    expect(noAmount.body.errorMsg).toBe(FundsEntryMessages.incomplete);
    expect(noAmount.body.data).toEqual([
      { message: `第1行${FundsEntryMessages.amountRequired}`, rowId: '1', fieldId: 'fundsAmount' },
    ]);
    const nothing = await admin.post(Paths.fundsReceiptsSave, { year: 2026, month: 2, rows: [{ summary: '只有摘要' }] });
    expect((nothing.body.data as { message: string }[]).map((i) => i.message)).toEqual([
      `第1行${FundsEntryMessages.unitRequired}`,
      `第1行${FundsEntryMessages.amountRequired}`,
      `第1行${FundsEntryMessages.dateRequired}`,
      `第1行${FundsEntryMessages.bankRequired}`,
    ]);
    expect((await read(2)).rows).toHaveLength(3);
    // A row with nothing typed (a counterpart subject alone) is no receipt: nothing is stored for it.
    const before = await read(9);
    const blank = await admin.post<FundsEntryData>(Paths.fundsReceiptsSave, {
      year: 2026,
      month: 9,
      rows: [{ bankCode: '102' }],
    });
    expect(blank.body.errorMsg).toBeNull();
    expect(blank.body.data.rows).toEqual(before.rows);
  });

  it('checks every voucher by the save’s rules: a unit without its 经费单位 item refuses the whole generation (4003)', async () => {
    const e = await insertFundsUnit(server.db, ztId, { code: '9005', name: '无项目工会' });
    await insertFundsRatio(server.db, ztId, e, { fromYear: 2026, retained: 50, superiorOne: 50 });
    const saved = await saveRows(11, [
      row('9001', 100, { auxiliaryDateTime: '2026-11-01' }),
      row('9005', 100, { auxiliaryDateTime: '2026-11-02' }),
    ]);
    expect(saved.body.errorMsg).toBeNull();
    const count = await voucherCount();
    const answer = await generate(
      11,
      saved.body.data.rows.map((r) => r.id),
      'each',
    );
    expect(answer.body.errorCode).toBe(ErrorCode.ValidationFailed);
    expect(answer.body.errorMsg).toContain('经费单位');
    expect(await voucherCount()).toBe(count);
    expect((await read(11)).rows.map((r) => r.voucherId)).toEqual([null, null]);
  });

  it('two generations of the same receipts at once make one set of vouchers', async () => {
    const saved = await saveRows(6, [
      row('9001', 100, { auxiliaryDateTime: '2026-06-01' }),
      row('9002', 50, { auxiliaryDateTime: '2026-06-02' }),
    ]);
    const ids = saved.body.data.rows.map((r) => r.id);
    const count = await voucherCount();
    const answers = await Promise.all([generate(6, ids, 'each'), generate(6, ids, 'each'), generate(6, ids, 'batch')]);
    const succeeded = answers.filter((a) => a.body.success);
    // Refused when checked (its voucher is there) or when marking (it came meanwhile).
    for (const a of answers.filter((x) => !x.body.success)) {
      expect(a.body.errorMsg).toMatch(/已由他人生成凭证|已生成凭证记-1，不能重复生成/);
    }
    expect(succeeded).toHaveLength(1);
    const made = succeeded[0]?.body.data.vouchers.length ?? 0;
    expect(await voucherCount()).toBe(count + made);
    const marks = new Set((await read(6)).rows.map((r) => r.voucherId));
    expect(marks.has(null)).toBe(false);
  });

  it('a clerk with the page’s add button only: adds rows, but changes none and makes no voucher without the voucher editor’s add', async () => {
    const q = server.db.kysely;
    const { id: levelId } = await q
      .insertInto('user_level')
      .values({
        code: 'funds-clerk',
        name: '经费录入员',
        resources: JSON.stringify([{ href: '/funds-management/funds-entry', resourceList: ['add'] }]),
        sort: 98,
        enable: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertUser(server.db, server.config.scryptLogN, {
      loginName: 'funds-clerk',
      password: 'Clerk@123',
      grants: [{ ztId, level: levelId }],
    });
    const clerk = new ApiClient(server.url);
    await clerk.openSet(server.db, 'funds-clerk', 'Clerk@123', CITY);
    const added = await clerk.post<FundsEntryData>(Paths.fundsReceiptsSave, {
      year: 2026,
      month: 7,
      rows: [row('9001', 10, { auxiliaryDateTime: '2026-07-01' })],
    });
    expect(added.body.errorMsg).toBeNull();
    const saved = added.body.data.rows[0];
    const changed = await clerk.post(Paths.fundsReceiptsSave, {
      year: 2026,
      month: 7,
      rows: [{ ...row('9001', 11, { auxiliaryDateTime: '2026-07-01' }), id: saved?.id }],
    });
    expect(changed.body.errorCode).toBe(ErrorCode.Forbidden);
    const removed = await clerk.post(Paths.fundsReceiptsSave, { year: 2026, month: 7, rows: [] });
    expect(removed.body.errorCode).toBe(ErrorCode.Forbidden);
    const count = await voucherCount();
    const generated = await clerk.post(Paths.fundsVoucherGenerate, { year: 2026, month: 7, ids: [saved?.id], mode: 'each' });
    expect(generated.body.errorCode).toBe(ErrorCode.Forbidden);
    expect(await voucherCount()).toBe(count);
    expect((await read(7)).rows.map((r) => [r.fundsAmount, r.voucherId])).toEqual([[10, null]]);
  });

  it('needs the page to read and its buttons to write (a user without them: 4005)', async () => {
    const chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
    expect((await chuna.get(Paths.fundsReceipts, { year: 2026, month: 2 })).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await chuna.post(Paths.fundsReceiptsSave, { year: 2026, month: 2, rows: [] })).body.errorCode).toBe(
      ErrorCode.Forbidden,
    );
    expect(
      (await chuna.post(Paths.fundsVoucherGenerate, { year: 2026, month: 2, ids: ['x'], mode: 'each' })).body.errorCode,
    ).toBe(ErrorCode.Forbidden);
  });
});
