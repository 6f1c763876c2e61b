/**
 * The bulk writer makes each set exactly as createLedgerSet makes one (row for row, in every
 * table a new set has), and an import creates exactly the sets of a valid workbook, in whatever
 * order its rows come, or nothing at all, reporting exactly the bad rows (property, both databases).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountingSystem } from '../../../shared/api/auth.js';
import { Paths } from '../../../shared/api/paths.js';
import type { ImportIssue } from '../../../shared/api/schemas/zt-register.js';
import type { Db } from '../../db/database.js';
import { ApiClient } from '../../test-support/api-client.js';
import { setWorkbook, type SetRow } from '../../test-support/ledger-set-workbooks.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../../test-support/test-server.js';
import { createLedgerSet } from '../create-set.js';
import { createLedgerSets } from './create-sets.js';

const TABLES = ['auxi_type', 'auxi_info', 'certificate_type', 'zt_year', 'subject'] as const;

async function rowsOf(db: Db, ztId: number): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = (await db.kysely.selectFrom(table).selectAll().where('zt_id', '=', ztId).execute()) as Record<string, unknown>[];
    out[table] = rows.map(({ zt_id: _zt, ...rest }) => JSON.stringify(rest)).sort();
  }
  const set = await db.kysely.selectFrom('zt_info').selectAll().where('id', '=', ztId).executeTakeFirstOrThrow();
  const { id: _id, code: _code, ...rest } = set;
  out.zt_info = [rest];
  return out;
}

describe.each(TEST_DIALECTS)('ledger sets in bulk (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = new ApiClient(server.url);
    await admin.openSet(server.db, 'admin', 'Admin@123', '示范市总工会');
  }, 60_000);
  afterAll(() => server.close());

  it('createLedgerSets writes each set exactly as createLedgerSet does, for every system and several years', async () => {
    const upper = await server.db.kysely.selectFrom('zt_info').select('id').where('code', '=', '001').executeTakeFirstOrThrow();
    const systems = ['union-grassroots', 'union-county', 'government'] as AccountingSystem[];
    for (const [k, system] of systems.entries()) {
      const set = {
        name: `同一${system}`,
        upperId: upper.id,
        accountingSystem: system,
        level: 2,
        years: [2025, 2026],
        expireTime: '2030-01-01',
      };
      const now = 1_780_000_000_000;
      const [one, many] = await server.db.kysely.transaction().execute(async (trx) => {
        const tx: Db = { ...server.db, kysely: trx };
        // Codes under 001 as 账套管理's rules ask (001 8k1, and 001 8k2 with 001 8k21 under it).
        const single = await createLedgerSet(tx, { ...set, code: `0018${k}1` }, now);
        const ids = await createLedgerSets(
          tx,
          [
            { ...set, code: `0018${k}2`, upper: { id: upper.id } },
            { ...set, name: '其下', code: `0018${k}21`, upper: { code: `0018${k}2` }, level: 3 },
          ],
          now,
        );
        return [single, ids.get(`0018${k}2`) ?? 0];
      });
      const a = await rowsOf(server.db, one);
      const b = await rowsOf(server.db, many);
      expect(a.subject?.length).toBeGreaterThan(100);
      expect(b).toEqual(a);
    }
  });

  it('an import creates exactly the sets of a valid workbook, in any row order, or nothing and names exactly the bad rows', async () => {
    let run = 0;
    const defects = ['none', 'none', 'none', 'name', 'system', 'upper', 'year', 'duplicate'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            parent: fc.nat(),
            defect: fc.constantFrom(...defects),
            system: fc.constantFrom('基层工会', '县级以上工会', '政府会计'),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        fc.nat(),
        async (specs, seed) => {
          run += 1;
          // Each set's upper unit is the demo city federation or a set listed before it (a tree); its
          // code is its upper unit's and one digit, its index (at most 8 rows), under a prefix of the run
          // (0019 and the run's three digits) for the sets right under 001: digits, prefixed, unique.
          const uppers: string[] = [];
          const codes: string[] = [];
          for (const [i, s] of specs.entries()) {
            const underCity = i === 0 || s.parent % 3 === 0 || s.defect === 'duplicate';
            const upper = underCity ? '001' : (codes[s.parent % i] ?? '');
            uppers.push(upper);
            const own = `${upper === '001' ? `0019${String(run).padStart(3, '0')}` : upper}${i}`;
            codes.push(s.defect === 'duplicate' && i > 0 ? (codes[0] ?? '') : own);
          }
          const rows = specs.map((s, i): { row: SetRow; bad: boolean } => {
            const upper = uppers[i] ?? '';
            const code = codes[i] ?? '';
            const bad = s.defect !== 'none' && s.defect !== 'duplicate';
            return {
              bad,
              row: [
                code,
                s.defect === 'name' ? '' : `性质${run}-${i}`,
                s.defect === 'upper' ? '0017' : upper,
                s.defect === 'system' ? '企业会计' : s.system,
                s.defect === 'year' ? 99 : 2026,
              ],
            };
          });
          // Rows in a shuffled order: the import must not depend on parents coming first.
          const order = rows.map((_, i) => i).sort((x, y) => ((x * 7919 + seed) % 101) - ((y * 7919 + seed) % 101) || x - y);
          const shuffled = order.map((i) => rows[i] as { row: SetRow; bad: boolean });
          const before = await server.db.kysely.selectFrom('zt_info').select('code').execute();
          const answer = await admin.upload<ImportIssue[] | { created: number }>(Paths.ztImport, {
            name: '账套.xlsx',
            content: await setWorkbook(shuffled.map((r) => r.row)),
          });
          const after = await server.db.kysely.selectFrom('zt_info').select('code').execute();
          const added = after
            .map((r) => r.code)
            .filter((c) => !before.some((b) => b.code === c))
            .sort();
          // A code met again is bad where it is met again, whichever row the generator meant.
          const seen = new Set<unknown>();
          const badRows = shuffled.flatMap((r, at) => {
            const again = seen.has(r.row[0]);
            seen.add(r.row[0]);
            return r.bad || again ? [at + 2] : [];
          });
          if (badRows.length === 0) {
            expect(answer.body.success).toBe(true);
            expect(added).toEqual([...new Set(codes)].sort());
          } else {
            expect(answer.body.success).toBe(false);
            expect(added).toEqual([]);
            expect([...new Set((answer.body.data as ImportIssue[]).map((i) => i.row))]).toEqual(badRows);
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
