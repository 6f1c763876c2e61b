/**
 * A county federation of its own for the funds specs (a 县级以上 set with two lower unions under
 * it in the tree, the 经费 platform open for all three, kuaiji their accountant), so the demo sets
 * stay as the seed left them and the specs of one run do not meet each other's units.
 */
import { openSqlite } from '../../src/server/db/database.js';
import { databaseFile } from './database.js';
import { ensureSet } from './ledger-sets.js';

export interface FundsCounty {
  county: { id: number; name: string };
  lowers: { id: number; name: string; code: string }[];
}

export async function ensureFundsCounty(prefix: string, code: string): Promise<FundsCounty> {
  const name = `${prefix}县总工会`;
  const countyId = await ensureSet({ name, code, system: 'union-county', year: 2026, users: ['kuaiji'] });
  const lowers = [];
  for (const [i, label] of ['机床厂工会', '纺织厂工会'].entries()) {
    const lowerCode = `${code}00${i + 1}`;
    const lowerName = `${prefix}${label}`;
    const id = await ensureSet({ name: lowerName, code: lowerCode, system: 'union-grassroots', year: 2026, users: ['kuaiji'] });
    lowers.push({ id, name: lowerName, code: lowerCode });
  }
  const db = openSqlite(databaseFile());
  try {
    await db.kysely
      .updateTable('zt_info')
      .set({ upper_id: countyId })
      .where(
        'id',
        'in',
        lowers.map((l) => l.id),
      )
      .execute();
    const funds = await db.kysely.selectFrom('platform').select('id').where('code', '=', 'funds').executeTakeFirstOrThrow();
    for (const id of [countyId, ...lowers.map((l) => l.id)]) {
      const has = await db.kysely
        .selectFrom('zt_platform')
        .select('zt_id')
        .where('zt_id', '=', id)
        .where('platform_id', '=', funds.id)
        .executeTakeFirst();
      if (!has) await db.kysely.insertInto('zt_platform').values({ zt_id: id, platform_id: funds.id }).execute();
    }
  } finally {
    await db.close();
  }
  return { county: { id: countyId, name }, lowers };
}
