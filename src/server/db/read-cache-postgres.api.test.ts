/**
 * The read cache on PostgreSQL (read-cache-postgres.ts), on a real database migrated by the server:
 * the triggers on every watched table, a value served while its group is unwritten, read again
 * after a committed write once the stamps are read again (as the guard does when a call arrives),
 * not after a write rolled back; and through the API, a change seen by the very next call.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { cachedRead, isCaching, refreshStamps, WATCHED } from './read-cache.js';
import type { Database } from './schema.js';

describe.runIf(TEST_DIALECTS.includes('postgres'))('cachedRead on PostgreSQL', () => {
  let server: TestServer;
  let loads = 0;
  beforeAll(async () => {
    server = await startTestServer('postgres');
  });
  afterAll(() => server.close());

  const chartName = async (q: Kysely<Database>) => {
    loads++;
    return (await q.selectFrom('zt_info').select('name').orderBy('id').executeTakeFirst())?.name;
  };
  const read = () => cachedRead(server.db, 'chart', 'probe', chartName);
  const touchChart = (q: Kysely<Database>) => sql`update certificate_type set name = name`.execute(q);

  it('has a trigger on every watched table once the stamps were read', async () => {
    await refreshStamps(server.db);
    expect(isCaching(server.db)).toBe(true);
    const triggers = await sql<{ table: string }>`
      select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'read_cache_bump'`.execute(
      server.db.kysely,
    );
    expect(triggers.rows.map((r) => r.table).sort()).toEqual(Object.values(WATCHED).flat().sort());
  });

  it('serves a value while its group is unwritten, and reads it again after a committed write', async () => {
    await refreshStamps(server.db);
    loads = 0;
    await read();
    await read();
    expect(loads).toBe(1);
    // A table outside the group, and a write of the group rolled back, change nothing.
    await sql`update zt_info set name = name`.execute(server.db.kysely);
    await server.db.kysely
      .transaction()
      .execute(async (trx) => {
        await touchChart(trx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await refreshStamps(server.db);
    await read();
    expect(loads).toBe(1);
    await touchChart(server.db.kysely);
    await refreshStamps(server.db);
    await read();
    expect(loads).toBe(2);
  });

  it('stamps asked for after a commit see it, even while an earlier read of them is on its way', async () => {
    await refreshStamps(server.db);
    await read();
    loads = 0;
    const earlier = refreshStamps(server.db);
    await touchChart(server.db.kysely);
    await refreshStamps(server.db);
    await earlier;
    await read();
    expect(loads).toBe(1);
  });

  it('a user disabled by the administrator is refused at his very next call', async () => {
    const kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', '示范市第一机械厂工会');
    // Twice, so the session is in the cache.
    expect((await kuaiji.get(Paths.ztElect)).body.success).toBe(true);
    expect((await kuaiji.get(Paths.ztElect)).body.success).toBe(true);
    await server.db.kysely.updateTable('app_user').set({ enable: 0 }).where('login_name', '=', 'kuaiji').execute();
    expect((await kuaiji.get(Paths.ztElect)).body.errorCode).toBe(ErrorCode.AccountDisabled);
    await server.db.kysely.updateTable('app_user').set({ enable: 1 }).where('login_name', '=', 'kuaiji').execute();
  });
});
