/**
 * A funding organisation of a 县级以上 set carries its expenditure type (the page's 支出类型
 * cascader, spec classification 001 基本支出 with 00101 人员经费 and 00102 公用经费, 002 项目支出):
 * the code of the chosen leaf, null when none was chosen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('funds_unit').addColumn('expenditure_type', 'varchar(10)').execute();
}
