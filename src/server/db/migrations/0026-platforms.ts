/**
 * Platforms (issue 18 §3, 平台管理): a platform is a business module (会计核算, 资产, 经费 ...)
 * holding top-level menu groups; a ledger set has the platforms listed for it in zt_platform. A
 * page whose group belongs to a platform the session's set lacks, or to a disabled platform,
 * leaves the menu and its calls are refused (auth/permissions.ts). Groups of no platform (the user
 * center, a group added later) are always present.
 *
 * Seeded from the menu catalogue's top-level groups as they stand (a frozen copy: the catalogue
 * may change later, this migration may not). 会计核算 is recommended (what a new set gets).
 * Every set that exists already gets every platform: nothing changes for it.
 */
import { sql, type Generated, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

const PLATFORMS: readonly { code: string; name: string; recommended: boolean; groups: readonly string[] }[] = [
  {
    code: 'accounting',
    name: '会计核算',
    recommended: true,
    groups: ['/accounting-management', '/accounting-management/transition'],
  },
  { code: 'assets', name: '资产', recommended: false, groups: ['/fixed-assets'] },
  { code: 'funds', name: '经费', recommended: false, groups: ['/funds-management'] },
  { code: 'budget', name: '预算', recommended: false, groups: ['/budget-management'] },
  { code: 'wages', name: '工资', recommended: false, groups: ['/wages-management'] },
  { code: 'finalAccount', name: '决算', recommended: false, groups: ['/finalAccount-management'] },
];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  const table = db.schema.createTable('platform');
  await (
    dialect === 'sqlite'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
  )
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('enable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_recommend', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Codes are unique whatever their case (the service compares lower case; this backs it).
  await db.schema.createIndex('platform_code_idx').on('platform').column('code').unique().execute();
  await db.schema
    .createTable('platform_menu')
    .addColumn('platform_id', id, (c) => c.notNull())
    // A top-level menu group by href (as role grants name pages): it belongs to one platform at most.
    .addColumn('menu_href', 'varchar(200)', (c) => c.primaryKey())
    .execute();
  await db.schema.createIndex('platform_menu_platform_idx').on('platform_menu').column('platform_id').execute();
  await db.schema
    .createTable('zt_platform')
    .addColumn('zt_id', id, (c) => c.notNull())
    .addColumn('platform_id', id, (c) => c.notNull())
    .addPrimaryKeyConstraint('zt_platform_pk', ['zt_id', 'platform_id'])
    .execute();
  await db.schema.createIndex('zt_platform_platform_idx').on('zt_platform').column('platform_id').execute();

  const q = db as Kysely<{
    platform: { id: Generated<number>; code: string; name: string; sort: number; enable: number; is_recommend: number };
    platform_menu: { platform_id: number; menu_href: string };
    zt_platform: { zt_id: number; platform_id: number };
    zt_info: { id: number };
  }>;
  for (const [index, p] of PLATFORMS.entries()) {
    const { id: platformId } = await q
      .insertInto('platform')
      .values({ code: p.code, name: p.name, sort: index + 1, enable: 1, is_recommend: p.recommended ? 1 : 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const href of p.groups)
      await q.insertInto('platform_menu').values({ platform_id: platformId, menu_href: href }).execute();
    await q
      .insertInto('zt_platform')
      .columns(['zt_id', 'platform_id'])
      .expression((eb) => eb.selectFrom('zt_info').select(['id as zt_id', sql.lit(platformId).as('platform_id')]))
      .execute();
  }
}
