/**
 * Budget control in voucher entry (issue 21 §2), against a real server and database: what a
 * budget has spent follows every save, modification and deletion; a forbid budget (3) of an
 * approved plan refuses a write that raises its spent past the adjusted budget with the spec's
 * message and the available balance, and nothing of that write is kept, also when two saves race;
 * a warn budget (2) saves; a plan not yet approved controls nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { insertBudgetCategory, insertBudgetDetail, setPlanState } from '../test-support/budget-fixture.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, line, modifyOf, refOf, request, save } from '../vouchers/voucher-test-kit.js';
import { readExecution } from './execution.js';
import { recomputeBudgetSpent } from './spent-posting.js';

const YEAR = 2026;
const SUBJECT = '50102';

describe.each(TEST_DIALECTS)('budget control in voucher entry (%s)', (dialect) => {
  let server: TestServer;
  let ztId: number;
  let kuaiji: ApiClient;
  let typeId: string;
  let next = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    ztId = await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    expect((await kuaiji.post(Paths.saveAuxiRealedSub, { code: SUBJECT, typeNoArray: ['XMYS'] })).body.errorMsg).toBeNull();
    typeId = await insertBudgetCategory(server.db, ztId, { year: YEAR, auxiType: 'XMYS', typeName: '专项活动', infoNo: '901' });
    await setPlanState(server.db, ztId, YEAR, 'approved');
  });
  afterAll(() => server.close());

  /** A detail of the approved plan under category 901; answers its item code and id. */
  const detail = async (budgetYuan: number, control: 0 | 2 | 3, subjects?: string[]) => {
    next += 1;
    const infoNo = `901${String(next).padStart(3, '0')}`;
    const id = await insertBudgetDetail(server.db, ztId, {
      year: YEAR,
      typeId,
      auxiType: 'XMYS',
      infoNo,
      parentNo: '901',
      name: `项目${infoNo}`,
      opening: budgetYuan * 100,
      control,
      subjects,
    });
    return { infoNo, id };
  };

  /** An expense (positive) or a refund (negative) on the project, against cash. */
  const spend = (infoNo: string, yuan: number, month = 3) =>
    save(
      kuaiji,
      request({
        month,
        pzDate: `2026-${String(month).padStart(2, '0')}-10`,
        certiDetails:
          yuan >= 0
            ? [
                { ...line(SUBJECT, yuan, null, '活动支出'), auxis: [{ typeNo: 'XMYS', infoNo }] },
                line('101', null, yuan, '活动支出'),
              ]
            : [{ ...line(SUBJECT, null, -yuan, '退回'), auxis: [{ typeNo: 'XMYS', infoNo }] }, line('101', -yuan, null, '退回')],
      }),
    );

  const spentOf = async (id: string) => {
    const rows = await readExecution(server.db.kysely, ztId, YEAR);
    const row = rows.find((r) => r.detail.id === id);
    if (!row) throw new Error(`no detail ${id}`);
    return row;
  };

  const voucherCount = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('voucher')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('zt_id', '=', ztId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const expectForbidden = (answer: Awaited<ReturnType<typeof save>>, available: string) => {
    expect(answer.body.success).toBe(false);
    expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(answer.body.errorMsg).toBe(`系统设置不能超预算执行,可用余额${available}`);
  };

  it('a forbid budget refuses the save that passes it, with the available balance, and keeps nothing of it', async () => {
    const { infoNo, id } = await detail(1000, 3);
    expect((await spend(infoNo, 600)).body.errorMsg).toBeNull();
    const before = await voucherCount();
    expectForbidden(await spend(infoNo, 500), '400.00');
    expect(await voucherCount()).toBe(before);
    expect(await spentOf(id)).toMatchObject({ spent: 60000, remaining: 40000 });
    // Up to the budget exactly is allowed.
    expect((await spend(infoNo, 400)).body.errorMsg).toBeNull();
    expect(await spentOf(id)).toMatchObject({ spent: 100000, remaining: 0 });
    expectForbidden(await spend(infoNo, 0.01), '0.00');
  });

  it('a modification is judged on what it adds: raising past the budget is refused, lowering is not', async () => {
    const { infoNo, id } = await detail(1000, 3);
    const v = (await spend(infoNo, 600)).body.data;
    const raised = modifyOf(v);
    raised.certiDetails = [
      { ...line(SUBJECT, 1100, null, '活动支出'), id: v.certiDetails[0]?.id, auxis: [{ typeNo: 'XMYS', infoNo }] },
      { ...line('101', null, 1100, '活动支出'), id: v.certiDetails[1]?.id },
    ];
    // The voucher's own 600 is not counted twice: 400 is left besides it.
    expectForbidden(await save(kuaiji, raised), '400.00');
    expect(await spentOf(id)).toMatchObject({ spent: 60000 });
    const lowered = modifyOf(v);
    lowered.certiDetails = [
      { ...line(SUBJECT, 300, null, '活动支出'), id: v.certiDetails[0]?.id, auxis: [{ typeNo: 'XMYS', infoNo }] },
      { ...line('101', null, 300, '活动支出'), id: v.certiDetails[1]?.id },
    ];
    expect((await save(kuaiji, lowered)).body.errorMsg).toBeNull();
    expect(await spentOf(id)).toMatchObject({ spent: 30000, remaining: 70000 });
  });

  it('deleting a refund that would put a forbid budget past its amount is refused; deleting an expense is not', async () => {
    const { infoNo, id } = await detail(100, 3);
    const expense = (await spend(infoNo, 100)).body.data;
    const refund = (await spend(infoNo, -50)).body.data;
    expect((await spend(infoNo, 50)).body.errorMsg).toBeNull();
    const del = (v: Voucher) => kuaiji.delete(Paths.certificate, { year: YEAR, details: JSON.stringify([refOf(v)]) });
    const refused = await del(refund);
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toBe('系统设置不能超预算执行,可用余额0.00');
    expect(await spentOf(id)).toMatchObject({ spent: 10000 });
    expect((await del(expense)).body.errorMsg).toBeNull();
    expect(await spentOf(id)).toMatchObject({ spent: 0, remaining: 10000 });
  });

  it('a warn budget saves past its amount; a plan not approved controls nothing', async () => {
    const warn = await detail(100, 2);
    expect((await spend(warn.infoNo, 150)).body.errorMsg).toBeNull();
    expect(await spentOf(warn.id)).toMatchObject({ spent: 15000, remaining: -5000 });
    const forbid = await detail(100, 3);
    await setPlanState(server.db, ztId, YEAR, 'submitted');
    try {
      expect((await spend(forbid.infoNo, 150)).body.errorMsg).toBeNull();
    } finally {
      await setPlanState(server.db, ztId, YEAR, 'approved');
    }
    expect(await spentOf(forbid.id)).toMatchObject({ spent: 15000 });
  });

  it('only the subjects a budget names count toward it', async () => {
    const { infoNo, id } = await detail(100, 3, ['50101']);
    // 50102 is not the budget's subject: spent stays 0 and nothing is refused.
    expect((await spend(infoNo, 150)).body.errorMsg).toBeNull();
    expect(await spentOf(id)).toMatchObject({ spent: 0, remaining: 10000 });
  });

  it('the month-end carry-forward, which closes the expense subjects item by item, leaves spent alone', async () => {
    const { infoNo, id } = await detail(1000, 3);
    expect((await spend(infoNo, 700, 5)).body.errorMsg).toBeNull();
    const carried = await kuaiji.get<{ vouchers?: unknown[] }>(Paths.generateVoucherEndPeriod, { year: YEAR, month: 5 });
    expect(carried.body.errorMsg).toBeNull();
    const carryLines = await server.db.kysely
      .selectFrom('voucher_line_auxi as a')
      .innerJoin('voucher as v', (j) => j.onRef('v.zt_id', '=', 'a.zt_id').onRef('v.id', '=', 'a.voucher_id'))
      .select('a.info_no')
      .where('a.zt_id', '=', ztId)
      .where('v.carry_over', '=', 1)
      .where('a.info_no', '=', infoNo)
      .execute();
    // The carry-forward did credit the project's expense with its item: spent must not follow it.
    expect(carryLines.length).toBeGreaterThan(0);
    expect(await spentOf(id)).toMatchObject({ spent: 70000, remaining: 30000 });
  });

  it('重新生成发生额 rebuilds what the budgets have spent from the lines', async () => {
    const { infoNo, id } = await detail(1000, 0);
    expect((await spend(infoNo, 250)).body.errorMsg).toBeNull();
    await server.db.kysely
      .updateTable('budget_spent')
      .set({ amount: 1 })
      .where('zt_id', '=', ztId)
      .where('info_no', '=', infoNo)
      .execute();
    expect(await spentOf(id)).toMatchObject({ spent: 1 });
    expect((await kuaiji.post(Paths.regenerateOccur, {})).body.errorMsg).toBeNull();
    expect(await spentOf(id)).toMatchObject({ spent: 25000, remaining: 75000 });
  });

  it('a year’s reading of many details (summed by the database per side) equals the reading detail by detail', async () => {
    const named = await detail(100, 0, ['50102']);
    const elsewhere = await detail(100, 0, ['50101']);
    const plain = await detail(100, 0);
    expect((await spend(named.infoNo, 12.34)).body.errorMsg).toBeNull();
    expect((await spend(elsewhere.infoNo, 5)).body.errorMsg).toBeNull();
    expect((await spend(plain.infoNo, 7.5)).body.errorMsg).toBeNull();
    expect((await spend(plain.infoNo, -2.25)).body.errorMsg).toBeNull();
    // Enough details that the reading takes the year's path (more than 200).
    while (next < 230) await detail(1, 0);
    const all = await readExecution(server.db.kysely, ztId, YEAR);
    expect(all.length).toBeGreaterThan(200);
    for (const d of [named, elsewhere, plain]) {
      const one = (
        await readExecution(
          server.db.kysely,
          ztId,
          YEAR,
          all.filter((r) => r.detail.id === d.id).map((r) => r.detail),
        )
      )[0];
      expect(all.find((r) => r.detail.id === d.id)?.spent).toBe(one?.spent);
    }
    expect(all.find((r) => r.detail.id === named.id)?.spent).toBe(1234);
    expect(all.find((r) => r.detail.id === elsewhere.id)?.spent).toBe(0);
    expect(all.find((r) => r.detail.id === plain.id)?.spent).toBe(525);
  });

  it('of saves racing on one forbid budget, only those within it are kept', async () => {
    const { infoNo, id } = await detail(1000, 3);
    const answers = await Promise.all(Array.from({ length: 6 }, () => spend(infoNo, 300)));
    const kept = answers.filter((a) => a.body.success);
    expect(kept).toHaveLength(3);
    for (const a of answers.filter((x) => !x.body.success)) expect(a.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(await spentOf(id)).toMatchObject({ spent: 90000, remaining: 10000 });
  });

  it('after any sequence of saves, edits and deletes: spent + remaining = the adjusted budget, spent follows the lines, a forbid budget is never passed', async () => {
    const ops = fc.array(
      fc.oneof(
        fc.record({
          kind: fc.constant('save' as const),
          yuan: fc.integer({ min: -300, max: 900 }).filter((n) => n !== 0),
          cents: fc.integer({ min: 0, max: 99 }),
        }),
        fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), yuan: fc.integer({ min: 1, max: 900 }) }),
        fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      ),
      { minLength: 1, maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(ops, fc.constantFrom<0 | 3>(0, 3), async (steps, control) => {
        const { infoNo, id } = await detail(500, control);
        const kept: Voucher[] = [];
        for (const step of steps) {
          if (step.kind === 'save') {
            const yuan = step.yuan + Math.sign(step.yuan) * (step.cents / 100);
            const answer = await spend(infoNo, Math.round(yuan * 100) / 100);
            if (answer.body.success) kept.push(answer.body.data);
            else expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
          } else if (kept.length > 0) {
            const index = step.pick % kept.length;
            const v = kept[index];
            if (!v) continue;
            if (step.kind === 'delete') {
              const answer = await kuaiji.delete(Paths.certificate, { year: YEAR, details: JSON.stringify([refOf(v)]) });
              if (answer.body.success) kept.splice(index, 1);
              else expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
            } else {
              const edited = modifyOf(v);
              edited.certiDetails = [
                { ...line(SUBJECT, step.yuan, null, '活动支出'), id: v.certiDetails[0]?.id, auxis: [{ typeNo: 'XMYS', infoNo }] },
                { ...line('101', null, step.yuan, '活动支出'), id: v.certiDetails[1]?.id },
              ];
              const answer = await save(kuaiji, edited);
              if (answer.body.success) kept[index] = answer.body.data;
              else expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
            }
          }
          const row = await spentOf(id);
          expect(row.spent + row.remaining).toBe(50000);
          const fromLines = kept.reduce((sum, v) => {
            const l = v.certiDetails[0];
            return sum + Math.round(((l?.debitAmount ?? 0) - (l?.creditAmount ?? 0)) * 100);
          }, 0);
          expect(row.spent).toBe(fromLines);
          if (control === 3) expect(row.spent).toBeLessThanOrEqual(50000);
        }
      }),
      { numRuns: 16 },
    );
    // What was kept step by step is what the lines say.
    const kept = await server.db.kysely
      .selectFrom('budget_spent')
      .selectAll()
      .where('zt_id', '=', ztId)
      .orderBy('info_no')
      .orderBy('subject_code')
      .execute();
    await recomputeBudgetSpent(server.db.kysely, ztId);
    const rebuilt = await server.db.kysely
      .selectFrom('budget_spent')
      .selectAll()
      .where('zt_id', '=', ztId)
      .orderBy('info_no')
      .orderBy('subject_code')
      .execute();
    const text = (rows: typeof kept) =>
      rows.filter((r) => Number(r.amount) !== 0).map((r) => `${r.info_no}|${r.subject_code}|${Number(r.amount)}`);
    expect(text(kept)).toEqual(text(rebuilt));
  });
});
