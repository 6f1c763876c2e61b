/** The spec's built-in auxiliary types (and their seeded items) for a new ledger set. */
import type { Kysely } from 'kysely';
import { BUILT_IN_AUXI_ITEMS, BUILT_IN_AUXI_TYPES } from '../../shared/subjects/auxiliary-rules.js';
import type { Database } from '../db/schema.js';

/** Call in the transaction that creates a ledger set (the demo seed does; so must ztInfo creation). */
export async function seedBuiltInAuxiliary(db: Kysely<Database>, ztId: number): Promise<void> {
  await db
    .insertInto('auxi_type')
    .values(
      BUILT_IN_AUXI_TYPES.map((t, index) => ({
        zt_id: ztId,
        type_no: t.typeNo,
        type_name: t.typeName,
        built_in_system: 1,
        enable: 1,
        sort: index + 1,
      })),
    )
    .execute();
  await db
    .insertInto('auxi_info')
    .values(
      BUILT_IN_AUXI_ITEMS.map((i) => ({
        zt_id: ztId,
        type_no: i.typeNo,
        info_no: i.infoNo,
        info_name: i.infoName,
        parent_no: i.parentNo,
        is_enable: 1,
      })),
    )
    .execute();
}
