/**
 * The demo's budgets (npm start's full demo, after the books): every demo set has the 预算
 * platform, and 示范市第一机械厂工会 has an approved 2026 plan of three project budgets (项目预算
 * XMYS, category 2026年重点工作项目), one per kind of control, each on an expense subject of its own
 * that the demo's vouchers do not use (XMYS is linked to them, so a line there names its project):
 * 职工创新工作室 forbids passing its budget, 劳模疗休养 warns, 职工书屋 is not controlled. Nothing is
 * spent yet: the first expense keyed shows in 预算执行表 and in the voucher editor's 预算余额.
 */
import type { Db } from '../db/database.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { placeItem } from '../budget/setup-items.js';
import { openPlatformForDemoSets } from './demo.js';

const FACTORY = '001001';
const YEAR = 2026;
const CATEGORY = '2026年重点工作项目';

export const DEMO_BUDGETS = [
  { name: '职工创新工作室', yuan: 40_000, control: 3, subject: '50303' },
  { name: '劳模疗休养', yuan: 30_000, control: 2, subject: '50104' },
  { name: '职工书屋', yuan: 20_000, control: 0, subject: '50304' },
] as const;

export async function seedDemoBudgets(db: Db, now = Date.now()): Promise<void> {
  await db.kysely.transaction().execute(async (q) => {
    const ztId = (await openPlatformForDemoSets(q, 'budget')).get(FACTORY);
    if (ztId === undefined) throw new Error('demo: no factory union');
    const categoryNo = await placeItem(q, { ztId, year: YEAR, typeNo: 'XMYS', parentNo: null }, CATEGORY);
    const typeId = timeOrderedId(now);
    await q
      .insertInto('budget_category')
      .values({
        zt_id: ztId,
        id: typeId,
        year: YEAR,
        auxi_type: 'XMYS',
        type_name: CATEGORY,
        expend_class: null,
        type_no: 'XMYS',
        info_no: categoryNo,
        created_at: now,
      })
      .execute();
    for (const [sort, b] of DEMO_BUDGETS.entries()) {
      const infoNo = await placeItem(q, { ztId, year: YEAR, typeNo: 'XMYS', parentNo: categoryNo }, b.name);
      await q
        .insertInto('budget_project')
        .values({
          zt_id: ztId,
          id: timeOrderedId(now),
          year: YEAR,
          type_id: typeId,
          auxi_type: 'XMYS',
          type_no: 'XMYS',
          info_no: infoNo,
          project_name: b.name,
          expend_class: null,
          amount_before_adjustment: b.yuan * 100,
          project_amount: b.yuan * 100,
          subject_codes: b.subject,
          control_status: b.control,
          sort,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await q
        .insertInto('subject_auxi_type')
        .values({ zt_id: ztId, year: YEAR, code: b.subject, type_no: 'XMYS' })
        .onConflict((c) => c.doNothing())
        .execute();
    }
    const reviewer = await q.selectFrom('app_user').select(['id', 'name']).where('login_name', '=', 'shenhe').executeTakeFirst();
    const accountant = await q
      .selectFrom('app_user')
      .select(['id', 'name'])
      .where('login_name', '=', 'kuaiji')
      .executeTakeFirst();
    await q
      .insertInto('budget_plan')
      .values({ zt_id: ztId, year: YEAR, status: 'approved', reason: null, updated_at: now })
      .execute();
    const events = [
      { action: 'submit', user: accountant },
      { action: 'approve', user: reviewer },
    ];
    for (const [i, e] of events.entries()) {
      await q
        .insertInto('budget_plan_event')
        .values({
          zt_id: ztId,
          year: YEAR,
          seq: i + 1,
          action: e.action,
          reason: null,
          user_id: e.user?.id ?? 0,
          user_name: e.user?.name ?? '',
          at: now,
        })
        .execute();
    }
  });
}
