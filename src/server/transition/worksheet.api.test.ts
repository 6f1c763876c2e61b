import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type { CodeJoinResponse, DraftContentControl } from '../../shared/api/schemas/transition.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const SET = '衔接测试基层工会';
const GOV = '衔接测试行政单位';

describe.each(TEST_DIALECTS)('the transition worksheet: year-end figures and splits (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let ztId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = await createSet(server.db, { name: SET, code: 'XJ-API-1', system: 'union-grassroots', year: 2022, users: ['kuaiji'] });
    await createSet(server.db, { name: GOV, code: 'XJ-API-2', system: 'government', year: 2022, users: ['kuaiji'] });
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET, 2022);
  });
  afterAll(() => server.close());

  it('saves the year-end figures at the last level and answers the old chart with parents summed', async () => {
    const saved = await kuaiji.post<CodeJoinResponse>(Paths.transitionSaveFigures, {
      balances: [
        { code: '102', amount: '100000.00' },
        { code: '13101', amount: 300 },
        { code: '13103', amount: 200 },
        { code: '331', amount: '100500' },
      ],
    });
    expect(saved.body.errorMsg).toBeNull();
    const old = saved.body.data.oldSubjects;
    expect(old.find((s) => s.code === '131')?.amount).toBe(500);
    expect(saved.body.data.totals).toMatchObject({ oldDebit: 100500, oldCredit: 100500 });
    expect(saved.body.data.year).toBe(2022);
    const control = await kuaiji.get<DraftContentControl>(Paths.transitionControl);
    expect(control.body.data).toMatchObject({ showSubject: true, isSaved: true, edit: true, reconciled: false });
    const rows = (await server.db.kysely.selectFrom('transition_balance').selectAll().where('zt_id', '=', ztId).execute()).map(
      (r) => [r.code, Number(r.amount)],
    );
    expect(rows.sort()).toEqual([
      ['102', 10_000_000],
      ['13101', 30_000],
      ['13103', 20_000],
      ['331', 10_050_000],
    ]);
  });

  it('refuses a parent or unknown old code and keeps what was saved', async () => {
    const parent = await kuaiji.post(Paths.transitionSaveFigures, { balances: [{ code: '131', amount: 1 }] });
    expect(parent.body.errorCode).toBe(ErrorCode.ValidationFailed);
    expect(parent.body.errorMsg).toBe(TransitionMessages.oldNotLastLevel('131'));
    const unknown = await kuaiji.post(Paths.transitionSaveFigures, { balances: [{ code: '999', amount: 1 }] });
    expect(unknown.body.errorMsg).toBe(TransitionMessages.unknownOldSubject('999'));
    const count = await server.db.kysely
      .selectFrom('transition_balance')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('zt_id', '=', ztId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });

  it('splits 结余 and answers the worksheet with the remainder and the openings', async () => {
    const saved = await kuaiji.post<CodeJoinResponse>(Paths.transitionSaveSplits, {
      splits: [{ key: '331-32104', amount: '500.00' }],
    });
    expect(saved.body.errorMsg).toBeNull();
    const row331 = saved.body.data.rows.find((r) => r.oldCode === '331');
    expect(row331?.parts.map((p) => [p.newCode, p.amount])).toEqual([
      ['32205', 100000],
      ['30101', 0],
      ['32104', 500],
    ]);
    const openings = Object.fromEntries(saved.body.data.openings.map((o) => [o.code, o.amount]));
    expect(openings).toMatchObject({ '102': 100000, '13101': 300, '135': 200, '32205': 100000, '32104': 500 });
    expect(saved.body.data.problems).toEqual([]);
    const bad = await kuaiji.post(Paths.transitionSaveSplits, { splits: [{ key: 'nope', amount: 1 }] });
    expect(bad.body.errorMsg).toBe(TransitionMessages.unknownPart('nope'));
  });

  it('refuses a government set', async () => {
    const gov = new ApiClient(server.url);
    await gov.openSet(server.db, 'kuaiji', 'Kuaiji@123', GOV, 2022);
    const answer = await gov.get(Paths.transitionCodeJoin);
    expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(answer.body.errorMsg).toBe(TransitionMessages.governmentSet);
  });
});
