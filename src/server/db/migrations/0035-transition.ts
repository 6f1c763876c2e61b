/**
 * The old-to-new transition (issue 22, 新旧衔接): a union moving from the 2009 system to the 2021 one keys its
 * year-end balances on the old chart, splits them by the official mapping (templates/transition), books adjustment
 * vouchers in the zero period, and finishes: the worksheet's new column becomes the first year's openings.
 *
 * - transition_state: one row per set that started: the first year on the new system, the level of the mapping,
 *   whether the year-end figures were saved and the set reconciled, and what the openings were before finishing
 *   (prev_*), so cancelling restores them.
 * - transition_balance: the year-end balance of a last-level 2009 subject, fen, in its direction.
 * - transition_split: a keyed split part (templates/transition part key): its amount and target.
 * - transition_voucher / transition_voucher_line: the adjustment vouchers (调账凭证, category 10000) of the zero
 *   period. They are kept apart from the year's vouchers: their effect reaches the books through the openings the
 *   finish writes, so no book, balance or close reads them twice.
 * - transition_snapshot: the first year's openings as they were when the set was reconciled, and the subjects the
 *   finish added (added = 1), restored or removed by cancelling.
 *
 * Every primary key leads with zt_id: these are ledger tables (db/ledger-tables.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

const TRANSITION_PAGE = '/accounting-management/transition/subject-transition';
const BUTTONS = ['edit', 'export', 'reconciliation', 'reconciliationvoucher'];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  const money = 'bigint' as const;

  await db.schema
    .createTable('transition_state')
    .addColumn('zt_id', id, (c) => c.notNull().primaryKey())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('level', 'varchar(12)', (c) => c.notNull())
    .addColumn('figures_saved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reconciled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reconciled_at', money)
    .addColumn('reconciled_by', id)
    .addColumn('prev_initialised', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prev_opening_source', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', money, (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('transition_balance')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('transition_balance_pk', ['zt_id', 'code'])
    .execute();

  await db.schema
    .createTable('transition_split')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('part_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull().defaultTo(0))
    .addColumn('new_code', 'varchar(40)')
    .addPrimaryKeyConstraint('transition_split_pk', ['zt_id', 'part_key'])
    .execute();

  await db.schema
    .createTable('transition_voucher')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('id', 'varchar(40)', (c) => c.notNull())
    .addColumn('pz_no', 'integer', (c) => c.notNull())
    .addColumn('pz_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('certificate_type', 'integer', (c) => c.notNull())
    .addColumn('number_of_document', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prepared_by', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_by', id, (c) => c.notNull())
    .addColumn('debit_total', money, (c) => c.notNull())
    .addColumn('credit_total', money, (c) => c.notNull())
    .addColumn('created_at', money, (c) => c.notNull())
    .addColumn('updated_at', money, (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('transition_voucher_pk', ['zt_id', 'id'])
    .execute();
  await db.schema
    .createIndex('transition_voucher_no_idx')
    .on('transition_voucher')
    .columns(['zt_id', 'pz_no'])
    .unique()
    .execute();

  await db.schema
    .createTable('transition_voucher_line')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('voucher_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('summary', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('debit_amount', money, (c) => c.notNull())
    .addColumn('credit_amount', money, (c) => c.notNull())
    .addColumn('auxi_key', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('transition_voucher_line_pk', ['zt_id', 'voucher_id', 'line_no'])
    .execute();

  await db.schema
    .createTable('transition_snapshot')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('auxi_key', 'varchar(400)', (c) => c.notNull())
    .addColumn('init_amount', money, (c) => c.notNull())
    .addColumn('cumule_debit_amount', money, (c) => c.notNull())
    .addColumn('cumule_credit_amount', money, (c) => c.notNull())
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('transition_snapshot_pk', ['zt_id', 'code', 'auxi_key'])
    .execute();

  // The worksheet page gains 编辑 (the year-end figures and splits) and 导出; a new database gets them from the
  // catalogue seed. The 会计 role holds every button of the page, as it held the two before.
  await sql`update menu set buttons = ${JSON.stringify(BUTTONS)} where href = ${TRANSITION_PAGE}`.execute(db);
  const { rows } = await sql<{ id: number; resources: string }>`select id, resources from user_level
    where code = 'accountant'`.execute(db);
  for (const level of rows) {
    const grants = JSON.parse(level.resources) as { href: string; resourceList: string[] }[];
    const next = grants.map((g) =>
      g.href === TRANSITION_PAGE ? { href: g.href, resourceList: [...new Set([...g.resourceList, ...BUTTONS])] } : g,
    );
    if (JSON.stringify(next) !== JSON.stringify(grants))
      await sql`update user_level set resources = ${JSON.stringify(next)} where id = ${level.id}`.execute(db);
  }
}
