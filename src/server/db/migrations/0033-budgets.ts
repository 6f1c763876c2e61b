/**
 * Budgets (issue 21, 预算管理).
 *
 * - budget_category: a category of project budgets (auxi_type XMYS / XMZC) or of an expenditure
 *   class (auxi_type JBZC / RYJF / GYJF with expend_class 001 / 00101 / 00102), per year. Its
 *   auxiliary item (type_no, info_no) is the parent of its details' items.
 * - budget_project: a budget detail of a year: a project or an expenditure line, the auxiliary
 *   item a voucher line carries to spend from it (type_no, info_no: a leaf of XMYS, XMZC or JFHS),
 *   its opening budget (amount_before_adjustment) and adjusted budget (project_amount), both fen,
 *   the expense subjects it is spent on (subject_codes, comma-joined; '' = every expense subject of
 *   the set's side), its control (control_status 0 none, 2 warn, 3 forbid) and the execution ratio
 *   from which 支出预警 warns (warn_ppm, parts per million).
 * - budget_adjustment: every change of an adjusted budget after approval, with its reason.
 * - budget_plan / budget_plan_event: the year's plan and its approval (draft, submitted, approved,
 *   returned) with who did what, when and why.
 * - budget_spent: what the vouchers spent, kept in step with them in the transaction that writes
 *   them: per (year, item, expense subject) the debit less the credit of every line carrying the
 *   item, of every voucher but the carry-forwards. A project's spent is the sum over its subjects.
 * - budget_indicator: the indicators (指标) of a project, a tree by code, for the two-table
 *   voucher's indicator picker; voucher_line_auxi.target_id records the indicator chosen on a line.
 *
 * Every primary key and index leads with zt_id: these are ledger tables (db/ledger-tables.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  const money = 'bigint' as const;

  await db.schema
    .createTable('budget_category')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('id', 'varchar(40)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('auxi_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('type_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('expend_class', 'varchar(8)')
    .addColumn('type_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('info_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('budget_category_pk', ['zt_id', 'id'])
    .execute();
  await db.schema
    .createIndex('budget_category_name_idx')
    .on('budget_category')
    .columns(['zt_id', 'year', 'auxi_type', 'type_name'])
    .unique()
    .execute();

  await db.schema
    .createTable('budget_project')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('id', 'varchar(40)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('type_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('auxi_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('type_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('info_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('project_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('expend_class', 'varchar(8)')
    .addColumn('amount_before_adjustment', money, (c) => c.notNull().defaultTo(0))
    .addColumn('project_amount', money, (c) => c.notNull().defaultTo(0))
    .addColumn('subject_codes', 'varchar(800)', (c) => c.notNull().defaultTo(''))
    .addColumn('control_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('warn_ppm', 'integer', (c) => c.notNull().defaultTo(800000))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', money, (c) => c.notNull())
    .addColumn('updated_at', money, (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('budget_project_pk', ['zt_id', 'id'])
    .execute();
  await db.schema
    .createIndex('budget_project_item_idx')
    .on('budget_project')
    .columns(['zt_id', 'year', 'type_no', 'info_no'])
    .unique()
    .execute();
  await db.schema.createIndex('budget_project_type_idx').on('budget_project').columns(['zt_id', 'type_id']).execute();

  await db.schema
    .createTable('budget_adjustment')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('project_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('before_amount', money, (c) => c.notNull())
    .addColumn('after_amount', money, (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('budget_adjustment_pk', ['zt_id', 'project_id', 'seq'])
    .execute();

  await db.schema
    .createTable('budget_plan')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('budget_plan_pk', ['zt_id', 'year'])
    .execute();

  await db.schema
    .createTable('budget_plan_event')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(12)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)')
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('budget_plan_event_pk', ['zt_id', 'year', 'seq'])
    .execute();

  await db.schema
    .createTable('budget_spent')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('type_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('info_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('subject_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('budget_spent_pk', ['zt_id', 'year', 'type_no', 'info_no', 'subject_code'])
    .execute();

  await db.schema
    .createTable('budget_indicator')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('project_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('code', 'varchar(30)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('parent_code', 'varchar(30)')
    .addColumn('amount', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('budget_indicator_pk', ['zt_id', 'project_id', 'code'])
    .execute();

  await db.schema.alterTable('voucher_line_auxi').addColumn('target_id', 'varchar(30)').execute();
  // A save checks that its items are leaves by their children, not by reading every item of the
  // type (a year's thousands of budget projects are items of one type).
  await db.schema.createIndex('auxi_info_parent_idx').on('auxi_info').columns(['zt_id', 'type_no', 'parent_no']).execute();

  // Lines keyed before budgets existed already carry items: their spent is counted from the start.
  await sql`insert into budget_spent (zt_id, year, type_no, info_no, subject_code, amount)
    select l.zt_id, l.year, a.type_no, a.info_no, l.subject_code, sum(l.debit_amount - l.credit_amount)
    from voucher_line l
    join voucher_line_auxi a on a.zt_id = l.zt_id and a.voucher_id = l.voucher_id and a.line_no = l.line_no
    join voucher v on v.zt_id = l.zt_id and v.id = l.voucher_id
    where v.carry_over = 0 and a.type_no in ('XMYS', 'XMZC', 'JFHS')
      and (l.subject_code like '5%' or l.subject_code like '7%')
    group by l.zt_id, l.year, a.type_no, a.info_no, l.subject_code
    having sum(l.debit_amount - l.credit_amount) <> 0`.execute(db);
}
