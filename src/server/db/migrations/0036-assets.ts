/**
 * Assets (issue 23, 固定资产): cards of fixed, intangible and inventory assets, their monthly depreciation and
 * amortisation, the documents that take them out, the long-term deferred expenses (181), and the vouchers made from
 * each. Amounts are fen.
 *
 * - asset_setting: one row per set that started the module: whether its assets are initialised (资产初始化; until
 *   then every asset page but asset-init answers the financial state "assets not initialised"), from which period,
 *   and the spec's isProvision (the 2022 catch-up accrual of cards keyed at initialisation is done or declined).
 * - asset_category: the set's category tree per class (1 fixed, 2 intangible, 3 inventory), with its default life in
 *   months and whether it depreciates at all (land, 文物和陈列品, 图书档案 … do not). Seeded from
 *   templates/assets/categories.ts when the set first opens the module.
 * - asset_card: a card. original_value and init_depreciation (accumulated before the module, keyed at initialisation)
 *   are as keyed; accumulated_depreciation = init_depreciation + every provision since, kept in the transaction that
 *   writes the provisions. Inventory cards carry quantity and value on hand (issued_* is what documents took out).
 *   voucher_id names the addition voucher (a deleted voucher leaves the card reviewed again: state is read by join).
 *   left_year/left_month: the period of the document that took the asset out (no depreciation from that month).
 * - asset_provision / asset_provision_run: a month's depreciation (class 1) or amortisation (class 2), per card, and
 *   the run itself (not done: no run; done: a run; voucher generated: its vouchers exist). A month is run once.
 * - asset_document / asset_document_line: a disposal (fixed or intangible) or an inventory issue, its cards with the
 *   amounts at that moment, and its voucher.
 * - long_amortion / long_amortion_detail: the long-term deferred expenses and their monthly amortisation.
 *
 * Every primary key and index leads with zt_id: these are ledger tables (db/ledger-tables.ts). The pages come from
 * the menu catalogue on a new database; an older one gains them here.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

const TOP = '/fixed-assets';
const REPORTS_TOP = '/accounting-management';
const PAGES: readonly { href: string; titleName: string; buttons: readonly string[]; top: string }[] = [
  { top: TOP, href: '/fixed-assets/fixed-assets/assets-init', titleName: '资产初始化', buttons: ['edit', 'import'] },
  {
    top: TOP,
    href: '/fixed-assets/fixed-assets/cards',
    titleName: '资产卡片',
    buttons: ['add', 'edit', 'delete', 'modify', 'review', 'voucher', 'export'],
  },
  { top: TOP, href: '/fixed-assets/fixed-assets/depreciation', titleName: '折旧摊销', buttons: ['add', 'voucher', 'export'] },
  {
    top: TOP,
    href: '/fixed-assets/fixed-assets/documents',
    titleName: '资产处置',
    buttons: ['add', 'edit', 'delete', 'voucher'],
  },
  {
    top: TOP,
    href: '/fixed-assets/fixed-assets/long-amortion',
    titleName: '长期待摊费用',
    buttons: ['add', 'edit', 'delete', 'review', 'voucher', 'export'],
  },
  { top: TOP, href: '/fixed-assets/fixed-assets/settings', titleName: '资产设置', buttons: ['add', 'edit', 'delete'] },
  {
    top: REPORTS_TOP,
    href: '/accounting-management/reports/assets-debt',
    titleName: '资产负债情况表',
    buttons: ['print', 'export'],
  },
  {
    top: REPORTS_TOP,
    href: '/accounting-management/reports/lower-asset-warning',
    titleName: '低值资产预警',
    buttons: ['export'],
  },
  { top: REPORTS_TOP, href: '/accounting-management/reports/analysis', titleName: '收支分析', buttons: ['export'] },
];
const REVIEWER_PAGES = PAGES.filter((p) => p.top === REPORTS_TOP).map((p) => p.href);

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  const money = 'bigint' as const;

  await db.schema
    .createTable('asset_setting')
    .addColumn('zt_id', id, (c) => c.notNull().primaryKey())
    .addColumn('init_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('init_year', 'integer', (c) => c.notNull())
    .addColumn('init_month', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('init_at', money)
    .addColumn('init_by', id)
    .addColumn('is_provision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provision_voucher_id', 'varchar(40)')
    .addColumn('updated_at', money, (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('asset_category')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('asset_class', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('life_months', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('depreciates', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('asset_category_pk', ['zt_id', 'id'])
    .execute();
  await db.schema.createIndex('asset_category_code_idx').on('asset_category').columns(['zt_id', 'code']).unique().execute();

  await db.schema
    .createTable('asset_card')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('id', 'varchar(40)', (c) => c.notNull())
    .addColumn('card_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('asset_class', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('spec', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('original_value', money, (c) => c.notNull())
    .addColumn('init_depreciation', money, (c) => c.notNull().defaultTo(0))
    .addColumn('accumulated_depreciation', money, (c) => c.notNull().defaultTo(0))
    .addColumn('issued_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_value', money, (c) => c.notNull().defaultTo(0))
    .addColumn('life_months', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activation_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('purchasing_method', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('department_id', id)
    .addColumn('nature', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('usage', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('keeper', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_init', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reviewed_by', 'varchar(50)')
    .addColumn('voucher_id', 'varchar(40)')
    .addColumn('left_year', 'integer')
    .addColumn('left_month', 'integer')
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', id, (c) => c.notNull())
    .addColumn('created_at', money, (c) => c.notNull())
    .addColumn('updated_at', money, (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('asset_card_pk', ['zt_id', 'id'])
    .execute();
  await db.schema.createIndex('asset_card_no_idx').on('asset_card').columns(['zt_id', 'card_no']).unique().execute();
  await db.schema.createIndex('asset_card_class_idx').on('asset_card').columns(['zt_id', 'asset_class', 'category_id']).execute();
  await db.schema.createIndex('asset_card_voucher_idx').on('asset_card').columns(['zt_id', 'voucher_id']).execute();

  await db.schema
    .createTable('asset_provision_run')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('asset_class', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('card_count', 'integer', (c) => c.notNull())
    .addColumn('total', money, (c) => c.notNull())
    .addColumn('created_by', id, (c) => c.notNull())
    .addColumn('created_at', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('asset_provision_run_pk', ['zt_id', 'asset_class', 'year', 'month'])
    .execute();

  await db.schema
    .createTable('asset_provision')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('asset_class', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('card_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('voucher_id', 'varchar(40)')
    // What the month's detail lists and sums, as the card stood at the run: no join of 50,000 cards to page or total.
    .addColumn('card_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('original_value', money, (c) => c.notNull().defaultTo(0))
    .addColumn('cumulative', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('asset_provision_pk', ['zt_id', 'asset_class', 'year', 'month', 'card_id'])
    .execute();
  await db.schema.createIndex('asset_provision_card_idx').on('asset_provision').columns(['zt_id', 'card_id']).execute();
  await db.schema
    .createIndex('asset_provision_no_idx')
    .on('asset_provision')
    .columns(['zt_id', 'asset_class', 'year', 'month', 'card_no', 'card_id'])
    .execute();
  // A month's run adds to every card's accumulated_depreciation and its voucher marks every provision: on PostgreSQL
  // half-empty pages let those updates of unindexed columns stay on their page (HOT), touching no index.
  if (dialect === 'postgres') {
    await sql`alter table asset_card set (fillfactor = 50)`.execute(db);
    await sql`alter table asset_provision set (fillfactor = 50)`.execute(db);
  }

  await db.schema
    .createTable('asset_document')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('id', 'varchar(40)', (c) => c.notNull())
    .addColumn('document_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('asset_class', 'integer', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('doc_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('dispose_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dispose_amount', money, (c) => c.notNull().defaultTo(0))
    .addColumn('dispose_cost', money, (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('voucher_id', 'varchar(40)')
    .addColumn('created_by', id, (c) => c.notNull())
    .addColumn('created_at', money, (c) => c.notNull())
    .addColumn('updated_at', money, (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('asset_document_pk', ['zt_id', 'id'])
    .execute();
  await db.schema
    .createIndex('asset_document_no_idx')
    .on('asset_document')
    .columns(['zt_id', 'asset_class', 'document_no'])
    .unique()
    .execute();
  await db.schema.createIndex('asset_document_period_idx').on('asset_document').columns(['zt_id', 'year', 'month']).execute();

  await db.schema
    .createTable('asset_document_line')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('document_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('card_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('original_amount', money, (c) => c.notNull())
    .addColumn('cumulative_amount', money, (c) => c.notNull().defaultTo(0))
    .addColumn('residual_amount', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('asset_document_line_pk', ['zt_id', 'document_id', 'card_id'])
    .execute();
  await db.schema.createIndex('asset_document_line_card_idx').on('asset_document_line').columns(['zt_id', 'card_id']).execute();

  await db.schema
    .createTable('long_amortion')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('id', 'varchar(40)', (c) => c.notNull())
    .addColumn('matter', 'varchar(100)', (c) => c.notNull())
    .addColumn('department_id', id)
    .addColumn('pay_out_amount', money, (c) => c.notNull())
    .addColumn('pay_out_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('life_months', 'integer', (c) => c.notNull())
    .addColumn('init_amortized', money, (c) => c.notNull().defaultTo(0))
    .addColumn('amortized_total', money, (c) => c.notNull().defaultTo(0))
    .addColumn('is_init', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reviewed_by', 'varchar(50)')
    .addColumn('voucher_id', 'varchar(40)')
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', id, (c) => c.notNull())
    .addColumn('created_at', money, (c) => c.notNull())
    .addColumn('updated_at', money, (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('long_amortion_pk', ['zt_id', 'id'])
    .execute();

  await db.schema
    .createTable('long_amortion_detail')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('voucher_id', 'varchar(40)')
    .addPrimaryKeyConstraint('long_amortion_detail_pk', ['zt_id', 'year', 'month', 'item_id'])
    .execute();
  await db.schema.createIndex('long_amortion_detail_item_idx').on('long_amortion_detail').columns(['zt_id', 'item_id']).execute();

  await addAssetPages(db);
}

/** An older database gains the pages, the 生成凭证 button key, and the roles' grants (the accountant every button). */
export async function addAssetPages(db: Kysely<unknown>): Promise<void> {
  const { rows: keys } = await sql<{ id: number }>`select id from permission where code = 'voucher'`.execute(db);
  if (keys.length === 0) {
    const { rows } = await sql<{ max: number | string | null }>`select max(sort) as max from permission`.execute(db);
    await sql`insert into permission (code, name, sort) values ('voucher', '生成凭证', ${Number(rows[0]?.max ?? 0) + 1})`.execute(
      db,
    );
  }
  const { rows: maxRows } = await sql<{ max: number | string | null }>`select max(id) as max from menu`.execute(db);
  let nextId = Number(maxRows[0]?.max ?? 0);
  for (const page of PAGES) {
    const { rows: tops } = await sql<{ id: number }>`select id from menu where href = ${page.top}`.execute(db);
    const top = tops[0];
    if (!top) continue;
    const { rows } = await sql<{ id: number }>`select id from menu where href = ${page.href}`.execute(db);
    if (rows.length > 0) {
      await sql`update menu set buttons = ${JSON.stringify(page.buttons)}, title_name = ${page.titleName}
        where href = ${page.href}`.execute(db);
      continue;
    }
    const { rows: sortRows } = await sql<{ max: number | string | null }>`select max(sort) as max from menu
      where parent_id = ${top.id}`.execute(db);
    await sql`insert into menu (id, parent_id, href, title_name, icon, sort, enable, buttons, admin_only)
      values (${++nextId}, ${top.id}, ${page.href}, ${page.titleName}, ${null}, ${Number(sortRows[0]?.max ?? 0) + 1}, 1,
        ${JSON.stringify(page.buttons)}, 0)`.execute(db);
  }
  await grant(db, 'accountant', PAGES);
  await grant(
    db,
    'reviewer',
    PAGES.filter((p) => REVIEWER_PAGES.includes(p.href)).map((p) => ({ ...p, buttons: p.buttons.filter((b) => b !== 'edit') })),
  );
}

async function grant(
  db: Kysely<unknown>,
  code: string,
  pages: readonly { href: string; buttons: readonly string[] }[],
): Promise<void> {
  const { rows } = await sql<{
    id: number;
    resources: string;
  }>`select id, resources from user_level where code = ${code}`.execute(db);
  for (const level of rows) {
    const held = JSON.parse(level.resources) as { href: string; resourceList: string[] }[];
    const byHref = new Map(held.map((g) => [g.href, g]));
    for (const page of pages) {
      const existing = byHref.get(page.href);
      if (existing) existing.resourceList = [...new Set([...existing.resourceList, ...page.buttons])];
      else {
        const added = { href: page.href, resourceList: [...page.buttons] };
        held.push(added);
        byHref.set(page.href, added);
      }
    }
    const next = JSON.stringify(held);
    if (next !== level.resources) await sql`update user_level set resources = ${next} where id = ${level.id}`.execute(db);
  }
}
