import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { FinancialState } from '../../shared/financial-state.js';
import type { DraftContentControl } from '../../shared/api/schemas/transition.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { seedCertificateTypes } from '../vouchers/certificate-types.js';
import { line, request, save } from '../vouchers/voucher-test-kit.js';
import { insertAdjustment, lastLevelTrial, readOpeningState } from '../test-support/transition-fixtures.js';

const SET = '完成衔接测试基层工会';
const GOV = '完成衔接测试行政单位';

describe.each(TEST_DIALECTS)('finishing and cancelling the transition (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let ztId: number;
  let govId: number;

  const state = async () => (await kuaiji.get<number>(Paths.financialState)).body;
  const snapshotCount = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('transition_snapshot')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('zt_id', '=', ztId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = await createSet(server.db, { name: SET, code: 'XJ-FIN-1', system: 'union-grassroots', year: 2022, users: ['kuaiji'] });
    govId = await createSet(server.db, { name: GOV, code: 'XJ-FIN-2', system: 'government', year: 2022, users: ['kuaiji'] });
    // 出纳 holds the page but not its 衔接 button.
    const cashier = await server.db.kysely
      .selectFrom('user_level')
      .select('id')
      .where('code', '=', 'cashier')
      .executeTakeFirstOrThrow();
    const chunaUser = await server.db.kysely
      .selectFrom('app_user')
      .select('id')
      .where('login_name', '=', 'chuna')
      .executeTakeFirstOrThrow();
    await server.db.kysely
      .insertInto('user_zt_level')
      .values({ user_id: chunaUser.id, zt_id: ztId, user_level_id: cashier.id })
      .execute();
    // Openings keyed before the transition (one plain, one by auxiliary items): cancelling must bring them back.
    const k = server.db.kysely;
    await k.updateTable('subject').set({ init_amount: 12_345 }).where('zt_id', '=', ztId).where('code', '=', '101').execute();
    await k.updateTable('subject').set({ init_amount: 12_345 }).where('zt_id', '=', ztId).where('code', '=', '211').execute();
    const type = await k
      .selectFrom('auxi_type')
      .select('type_no')
      .where('zt_id', '=', ztId)
      .orderBy('sort')
      .executeTakeFirstOrThrow();
    await k.insertInto('subject_auxi_type').values({ zt_id: ztId, year: 2022, code: '182', type_no: type.type_no }).execute();
    await k
      .insertInto('auxi_opening')
      .values({
        zt_id: ztId,
        year: 2022,
        code: '182',
        auxi_key: `${type.type_no}:x`,
        init_amount: 700,
        cumule_debit_amount: 0,
        cumule_credit_amount: 0,
      })
      .execute();
    await k.updateTable('subject').set({ init_amount: 700 }).where('zt_id', '=', ztId).where('code', '=', '182').execute();
    await k.updateTable('subject').set({ init_amount: 700 }).where('zt_id', '=', ztId).where('code', '=', '215').execute();
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET, 2022);
  });
  afterAll(() => server.close());

  it('refuses to finish before the year-end figures are saved, and the state is not the reconciliation one', async () => {
    const early = await kuaiji.get(Paths.reconciliationFinish);
    expect(early.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(early.body.errorMsg).toBe(TransitionMessages.saveFiguresFirst(2021));
    expect((await state()).data).toBe(FinancialState.SubjectsNotInitialised);
  });

  it('answers the reconciliation state once figures are saved, and refuses a worksheet with problems, changing nothing', async () => {
    const saved = await kuaiji.post(Paths.transitionSaveFigures, {
      balances: [
        { code: '102', amount: '1000.00' },
        { code: '162', amount: '500.00' },
        { code: '331', amount: '900.00' },
      ],
    });
    expect(saved.body.errorMsg).toBeNull();
    const pending = await state();
    expect(pending.data).toBe(FinancialState.Reconciliation);
    expect(pending.message).toBe(TransitionMessages.reconciliationPending);
    const before = await readOpeningState(server.db, ztId, 2022);
    const refused = await kuaiji.get<{ at: string; message: string }[]>(Paths.reconciliationFinish);
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toBe(TransitionMessages.worksheetHasProblems);
    expect(refused.body.data).toContainEqual({ at: '', message: TransitionMessages.oldUnbalanced(150_000, 90_000) });
    expect(await readOpeningState(server.db, ztId, 2022)).toEqual(before);
    expect(await snapshotCount()).toBe(0);
  });

  it('refuses a user without the 衔接 button and a session on another year', async () => {
    const chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', SET, 2022);
    const denied = await chuna.get(Paths.reconciliationFinish);
    expect(denied.body.success).toBe(false);
    expect(denied.body.errorCode).toBe(ErrorCode.Forbidden);
    await server.db.kysely
      .insertInto('zt_year')
      .values({ zt_id: ztId, year: 2023, account_month: 1, subjects_initialised: 0 })
      .execute();
    expect((await kuaiji.post(Paths.setUserZtLevel, { ztId, year: 2023 })).body.success).toBe(true);
    const other = await kuaiji.get(Paths.reconciliationFinish);
    expect(other.body.errorMsg).toBe(TransitionMessages.finishInFirstYear(2022));
    expect((await kuaiji.get(Paths.unReconciliationFinish)).body.errorMsg).toBe(TransitionMessages.finishInFirstYear(2022));
    expect((await state()).data).not.toBe(FinancialState.Reconciliation);
    expect((await kuaiji.post(Paths.setUserZtLevel, { ztId, year: 2022 })).body.success).toBe(true);
    await server.db.kysely.deleteFrom('zt_year').where('zt_id', '=', ztId).where('year', '=', 2023).execute();
  });

  it('refuses a government set', async () => {
    expect((await kuaiji.post(Paths.setUserZtLevel, { ztId: govId, year: 2022 })).body.success).toBe(true);
    expect((await kuaiji.get(Paths.reconciliationFinish)).body.errorMsg).toBe(TransitionMessages.governmentSet);
    expect((await kuaiji.get(Paths.unReconciliationFinish)).body.errorMsg).toBe(TransitionMessages.governmentSet);
    expect((await kuaiji.post(Paths.setUserZtLevel, { ztId, year: 2022 })).body.success).toBe(true);
  });

  let before: Awaited<ReturnType<typeof readOpeningState>>;

  it('finishes: writes the openings, adds 171 from the county chart, initialises the year; once only', async () => {
    // 162 500 = 162 300 + 171 120 + 141 80; 301 is 0 here, so the new side must balance by 331: 900 + 600 = 1500.
    await kuaiji.post(Paths.transitionSaveFigures, {
      balances: [
        { code: '102', amount: '1000.00' },
        { code: '162', amount: '500.00' },
        { code: '331', amount: '1500.00' },
      ],
    });
    await kuaiji.post(Paths.transitionSaveSplits, {
      splits: [
        { key: '162-171', amount: '120.00' },
        { key: '162-141', amount: '80.00' },
        { key: '331-30101', amount: '80.00' },
      ],
    });
    await insertAdjustment(server.db, ztId, 1, [
      { code: '30104', debit: 5_000 },
      { code: '163', credit: 5_000 },
    ]);
    before = await readOpeningState(server.db, ztId, 2022);
    const [a, b] = await Promise.all([kuaiji.get(Paths.reconciliationFinish), kuaiji.get(Paths.reconciliationFinish)]);
    const answers = [a.body, b.body];
    expect(answers.filter((x) => x.success)).toHaveLength(1);
    expect(answers.find((x) => x.success)?.message).toBe(TransitionMessages.finished);
    const loser = answers.find((x) => !x.success);
    expect(loser?.errorCode).toBe(ErrorCode.BusinessRule);
    expect(loser?.errorMsg).toBe(TransitionMessages.alreadyReconciled);

    const after = await readOpeningState(server.db, ztId, 2022);
    expect(after.subjects).toEqual({
      '102': [100_000, 0, 0],
      '162': [30_000, 0, 0],
      '171': [12_000, 0, 0],
      '141': [8_000, 0, 0],
      '163': [5_000, 0, 0],
      // 301 = 30101 80 + 30104 (0 − 50 catch-up depreciation) = 30
      '301': [3_000, 0, 0],
      '30101': [8_000, 0, 0],
      '30104': [-5_000, 0, 0],
      // 331 1500 − 80 → 32205 1420
      '322': [142_000, 0, 0],
      '32205': [142_000, 0, 0],
    });
    expect(after.aux).toEqual({});
    expect(after.initialised).toBe(1);
    expect(after.openingSource).toBe('transition');
    expect(after.codes).toContain('171:1');
    // Debit 102 1000 + 162 300 + 171 120 + 141 80 + 30104's −50 (a credit subject below zero) = 1550;
    // credit 163 50 + 30101 80 + 32205 1420 = 1550.
    expect(await lastLevelTrial(server.db, ztId, 2022)).toEqual({ debit: 155_000, credit: 155_000 });
    const added = await server.db.kysely
      .selectFrom('transition_snapshot')
      .select('code')
      .where('zt_id', '=', ztId)
      .where('added', '=', 1)
      .execute();
    expect(added.map((r) => r.code)).toEqual(['171']);

    expect((await state()).data).toBe(FinancialState.Normal);
    const control = await kuaiji.get<DraftContentControl>(Paths.transitionControl);
    expect(control.body.data).toMatchObject({ reconciled: true, unReconciliationFinish: true, edit: false });
    // In a later year the worksheet is read-only and does not offer cancelling (it is done in the first year).
    await server.db.kysely
      .insertInto('zt_year')
      .values({ zt_id: ztId, year: 2023, account_month: 1, subjects_initialised: 0 })
      .execute();
    expect((await kuaiji.post(Paths.setUserZtLevel, { ztId, year: 2023 })).body.success).toBe(true);
    const later = await kuaiji.get<DraftContentControl>(Paths.transitionControl);
    expect(later.body.data).toMatchObject({ reconciled: true, unReconciliationFinish: false });
    expect((await kuaiji.post(Paths.setUserZtLevel, { ztId, year: 2022 })).body.success).toBe(true);
    await server.db.kysely.deleteFrom('zt_year').where('zt_id', '=', ztId).where('year', '=', 2023).execute();
    const edit = await kuaiji.post(Paths.transitionSaveFigures, { balances: [] });
    expect(edit.body.errorMsg).toBe(TransitionMessages.alreadyReconciled);
  });

  it('refuses to cancel while a month of the year is closed, then cancels back to the openings before', async () => {
    const kuaijiUser = await server.db.kysely
      .selectFrom('app_user')
      .select('id')
      .where('login_name', '=', 'kuaiji')
      .executeTakeFirstOrThrow();
    await server.db.kysely
      .insertInto('period_close')
      .values({ zt_id: ztId, year: 2022, month: 1, closed_at: Date.now(), closed_by: kuaijiUser.id })
      .execute();
    const closed = await kuaiji.get(Paths.unReconciliationFinish);
    expect(closed.body.errorMsg).toBe(TransitionMessages.cancelClosed);
    const control = await kuaiji.get<DraftContentControl>(Paths.transitionControl);
    expect(control.body.data.unReconciliationFinish).toBe(false);
    await server.db.kysely.deleteFrom('period_close').where('zt_id', '=', ztId).execute();

    const chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', SET, 2022);
    expect((await chuna.get(Paths.unReconciliationFinish)).body.errorCode).toBe(ErrorCode.Forbidden);

    const cancelled = await kuaiji.get(Paths.unReconciliationFinish);
    expect(cancelled.body.message).toBe(TransitionMessages.cancelled);
    expect(await readOpeningState(server.db, ztId, 2022)).toEqual(before);
    expect(await snapshotCount()).toBe(0);
    expect((await state()).data).toBe(FinancialState.Reconciliation);
    const again = await kuaiji.get(Paths.unReconciliationFinish);
    expect(again.body.errorMsg).toBe(TransitionMessages.notReconciled);
  });

  it('keeps an added subject a voucher uses when cancelling, and says so', async () => {
    expect((await kuaiji.get(Paths.reconciliationFinish)).body.errorMsg).toBeNull();
    // A voucher on 171 right after finishing: the chart a voucher is checked against knows the added subject.
    await seedCertificateTypes(server.db.kysely, ztId);
    const voucher = await save(
      kuaiji,
      request({ year: 2022, month: 1, pzDate: '2022-01-20', certiDetails: [line('171', 100, null), line('102', null, 100)] }),
    );
    expect(voucher.body.errorMsg).toBeNull();
    const cancelled = await kuaiji.get(Paths.unReconciliationFinish);
    expect(cancelled.body.message).toBe(TransitionMessages.cancelledKeeping(['171']));
    const after = await readOpeningState(server.db, ztId, 2022);
    expect(after.subjects).toEqual(before.subjects);
    expect(after.codes).toContain('171:1');
  });

  it('writes an adjustment kept by items as an auxiliary opening, and refuses a whole amount on a subject kept by items', async () => {
    await server.db.kysely
      .insertInto('subject_auxi_type')
      .values({ zt_id: ztId, year: 2022, code: '135', type_no: 'ZJLY' })
      .execute();
    await insertAdjustment(server.db, ztId, 2, [
      { code: '135', debit: 30_000, auxiKey: 'ZJLY:001' },
      { code: '32205', credit: 30_000 },
    ]);
    const start = await readOpeningState(server.db, ztId, 2022);
    expect((await kuaiji.get(Paths.reconciliationFinish)).body.errorMsg).toBeNull();
    const after = await readOpeningState(server.db, ztId, 2022);
    expect(after.aux).toEqual({ '135|ZJLY:001': [30_000, 0, 0] });
    expect(after.subjects['135']).toEqual([30_000, 0, 0]);
    // 32205: 1420 + 300
    expect(after.subjects['32205']).toEqual([172_000, 0, 0]);
    expect((await kuaiji.get(Paths.unReconciliationFinish)).body.errorMsg).toBeNull();
    expect(await readOpeningState(server.db, ztId, 2022)).toEqual(start);

    // 应收建会筹备金 goes to 135 as a whole amount, which a subject kept by items cannot hold.
    await kuaiji.post(Paths.transitionSaveFigures, {
      balances: [
        { code: '102', amount: '1000.00' },
        { code: '13103', amount: '100.00' },
        { code: '162', amount: '500.00' },
        { code: '331', amount: '1600.00' },
      ],
    });
    const refused = await kuaiji.get(Paths.reconciliationFinish);
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toBe(TransitionMessages.openingNeedsItems('135'));
    expect(await readOpeningState(server.db, ztId, 2022)).toEqual(start);
    expect(await snapshotCount()).toBe(0);
  });
});
