import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { isUniqueViolation } from './errors.js';

describe.each(TEST_DIALECTS)('unique violations are recognised (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('tells a duplicate key from other failures', async () => {
    const row = await server.db.kysely.selectFrom('zt_year').selectAll().limit(1).executeTakeFirstOrThrow();
    const duplicate = await server.db.kysely
      .insertInto('zt_year')
      .values({ zt_id: row.zt_id, year: row.year, account_month: 1, subjects_initialised: 0 })
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(duplicate)).toBe(true);
    const dangling = await server.db.kysely
      .insertInto('zt_year')
      .values({ zt_id: 999_999, year: 2026, account_month: 1, subjects_initialised: 0 })
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(dangling).not.toBeNull();
    expect(isUniqueViolation(dangling)).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
  });
});
