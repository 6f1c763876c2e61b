/** Whose administration reaches where (admin/scope.ts), on the demo union's tree. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionZt } from '../auth/guard.js';
import type { AppUser } from '../db/schema.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { managedScope, scopeHolds, subtreeOf } from './scope.js';

describe('a subtree of ledger sets', () => {
  it('holds the root and exactly the sets whose chain of upper units reaches it', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(30), { minLength: 1, maxLength: 60 }), fc.nat(59), (parents, pick) => {
        // Set i+1's upper unit is some set before it (or none): a forest without cycles.
        const sets = parents.map((p, i) => ({ id: i + 1, upper_id: i === 0 || p % 5 === 0 ? null : (p % i) + 1 }));
        const root = (pick % sets.length) + 1;
        const upper = new Map(sets.map((s) => [s.id, s.upper_id]));
        const reaches = (id: number): boolean => {
          for (let at: number | null = id; at !== null; at = upper.get(at) ?? null) if (at === root) return true;
          return false;
        };
        expect([...subtreeOf(root, sets)].sort((a, b) => a - b)).toEqual(sets.map((s) => s.id).filter(reaches));
      }),
    );
  });

  it('stops at a cycle in a damaged tree', () => {
    const sets = [
      { id: 1, upper_id: 2 },
      { id: 2, upper_id: 1 },
    ];
    expect([...subtreeOf(1, sets)].sort()).toEqual([1, 2]);
  });
});

describe.each(TEST_DIALECTS)('managed scope (%s)', (dialect) => {
  let server: TestServer;
  let sets: Map<string, number>;
  let levels: Map<string, number>;
  let kuaiji: AppUser;
  let admin: AppUser;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    const q = server.db.kysely;
    sets = new Map((await q.selectFrom('zt_info').select(['code', 'id']).execute()).map((r) => [r.code, r.id]));
    levels = new Map((await q.selectFrom('user_level').select(['code', 'id']).execute()).map((r) => [r.code, r.id]));
    kuaiji = await q.selectFrom('app_user').selectAll().where('login_name', '=', 'kuaiji').executeTakeFirstOrThrow();
    admin = await q.selectFrom('app_user').selectAll().where('login_name', '=', 'admin').executeTakeFirstOrThrow();
  });
  afterAll(() => server.close());

  const zt = (code: string, level: string | null): SessionZt => ({
    id: sets.get(code) ?? -1,
    year: 2026,
    name: code,
    accountingSystem: 'union-county',
    levelId: level === null ? null : (levels.get(level) ?? -1),
  });

  it('the super administrator manages every set', async () => {
    const scope = await managedScope(server.db, admin, null);
    expect(scope.all).toBe(true);
    for (const id of sets.values()) expect(scopeHolds(scope, id)).toBe(true);
  });

  it('an administrator of the city federation manages it and its unions; of a union, that union alone', async () => {
    const city = await managedScope(server.db, kuaiji, zt('001', 'administrator'));
    expect(
      [...sets]
        .filter(([, id]) => scopeHolds(city, id))
        .map(([code]) => code)
        .sort(),
    ).toEqual(['001', '001001', '001002']);
    const union = await managedScope(server.db, kuaiji, zt('001001', 'administrator'));
    expect([...sets].filter(([, id]) => scopeHolds(union, id)).map(([code]) => code)).toEqual(['001001']);
  });

  it('an accountant, a reviewer or a session without a set manages nothing', async () => {
    for (const scope of [
      await managedScope(server.db, kuaiji, zt('001', 'accountant')),
      await managedScope(server.db, kuaiji, zt('001', 'reviewer')),
      await managedScope(server.db, kuaiji, null),
    ]) {
      expect(scope.all).toBe(false);
      for (const id of sets.values()) expect(scopeHolds(scope, id)).toBe(false);
    }
  });
});
