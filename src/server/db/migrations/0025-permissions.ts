/**
 * Permissions, permission groups and global button switches (issue 18 §3, the super
 * administrator's 权限管理, 权限组 and 全局按钮权限).
 * - permission: the vocabulary of button keys the menu catalogue's pages use (add, edit, delete,
 *   review, ...) with their Chinese names. A disabled permission is held by nobody, on any page
 *   (auth/permissions.ts, admin/menus.ts read rights/button-switches.ts).
 * - permission_group: a named bundle of pages and buttons ([{ href, resourceList }] as a role's
 *   resources) that an administrator applies to a role.
 * - global_button_off: the buttons of a page switched off in this installation (a row per page
 *   and button; a button without a row is on, so a button the catalogue gains later is on).
 * None of them belongs to a ledger set (no zt_id).
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/** The catalogue's button keys with their names when this migration was written (frozen, as migrations are). */
const SEED: readonly (readonly [code: string, name: string])[] = [
  ['add', '新增'],
  ['added', '新增（科目、辅助）'],
  ['edit', '修改'],
  ['delete', '删除'],
  ['enable', '启用/停用'],
  ['review', '审核'],
  ['book', '记账'],
  ['cashierSign', '出纳签字'],
  ['print', '打印'],
  ['export', '导出'],
  ['import', '导入'],
  ['template', '模板'],
  ['expire', '到期时间'],
  ['level', '级别'],
  ['grant', '授权'],
  ['resetPassword', '重置密码'],
  ['close', '结账'],
  ['unclose', '反结账'],
  ['regenerate', '重新生成'],
  ['modify', '变动'],
  ['reconciliation', '对账'],
  ['reconciliationvoucher', '对账凭证'],
  ['sort', '排序'],
];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'sqlite'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity());
  };
  await withId('permission')
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('enable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await withId('permission_group')
    .addColumn('name', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('enable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resources', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createTable('global_button_off')
    .addColumn('href', 'varchar(200)', (c) => c.notNull())
    .addColumn('button', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('global_button_off_pk', ['href', 'button'])
    .execute();
  const into = db as unknown as Kysely<{ permission: { code: string; name: string; sort: number } }>;
  await into
    .insertInto('permission')
    .values(SEED.map(([code, name], i) => ({ code, name, sort: i + 1 })))
    .execute();
}
