import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFundsUnit } from '../test-support/funds-fixture.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { listUnits } from './units.js';

describe.each(TEST_DIALECTS)('listUnits: the funds units of a set for the other funds pages (%s)', (dialect) => {
  let server: TestServer;
  let id: (name: string) => number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    id = await setIds(server.db);
  });
  afterAll(() => server.close());

  it('lists the set’s own units by code with their kind, and nothing of another set', async () => {
    const county = id('示范市总工会');
    const factory = id('示范市第一机械厂工会');
    await insertFundsUnit(server.db, county, { code: '002', name: '示范市实验中学工会', lowerZtId: id('示范市实验中学工会') });
    await insertFundsUnit(server.db, county, { code: '001', name: '税务代征单位', kind: 'org', fundingType: 1 });
    await insertFundsUnit(server.db, factory, { code: '009', name: '车间分会', sameLevel: true });
    const units = await listUnits(server.db.kysely, county);
    expect(units.map((u) => [u.code, u.name, u.kind, u.lowerZtId, u.sameLevel, u.enable])).toEqual([
      ['001', '税务代征单位', 'org', null, false, true],
      ['002', '示范市实验中学工会', 'lower', id('示范市实验中学工会'), false, true],
    ]);
    expect((await listUnits(server.db.kysely, factory)).map((u) => [u.code, u.sameLevel])).toEqual([['009', true]]);
  });
});
