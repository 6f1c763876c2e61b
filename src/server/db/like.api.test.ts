/**
 * `%`, `_`, `!` and `\` typed into a filter match themselves on both databases: directly through
 * the LIKE helpers, and through the voucher list's subject-code and summary filters. And no LIKE
 * of the server is written outside the helpers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../shared/envelope.js';
import type { Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, line, request, save } from '../vouchers/voucher-test-kit.js';
import { likeContains, likePrefix } from './like.js';

const TEXTS = ['a_b', 'axb', '100%', '1000', 'a!b', 'a\\b', 'ab', '_x', 'x_'];

describe.each(TEST_DIALECTS)('LIKE filters match the text typed (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
  });
  afterAll(() => server.close());

  const matching = async (where: (column: string) => ReturnType<typeof likeContains>) => {
    const rows = TEXTS.map((t) => sql`select cast(${t} as varchar(20)) as x`);
    const union = sql.join(rows, sql` union all `);
    const result = await sql<{ x: string }>`select x from (${union}) t where ${where('x')} order by x`.execute(server.db.kysely);
    return result.rows.map((r) => r.x).sort();
  };

  it('contains: each pattern character only itself', async () => {
    expect(await matching((c) => likeContains(c, '_'))).toEqual(['_x', 'a_b', 'x_']);
    expect(await matching((c) => likeContains(c, '%'))).toEqual(['100%']);
    expect(await matching((c) => likeContains(c, '!'))).toEqual(['a!b']);
    expect(await matching((c) => likeContains(c, '\\'))).toEqual(['a\\b']);
    expect(await matching((c) => likeContains(c, 'a_'))).toEqual(['a_b']);
    expect(await matching((c) => likeContains(c, ''))).toEqual([...TEXTS].sort());
  });

  it('prefix: the text at the start, pattern characters literal', async () => {
    expect(await matching((c) => likePrefix(c, '_'))).toEqual(['_x']);
    expect(await matching((c) => likePrefix(c, '100%'))).toEqual(['100%']);
    expect(await matching((c) => likePrefix(c, '10'))).toEqual(['100%', '1000']);
    expect(await matching((c) => likePrefix(c, 'a\\'))).toEqual(['a\\b']);
  });

  it('the voucher list: a subject code or summary with % or _ finds only what it says', async () => {
    const percent = (
      await save(kuaiji, request({ certiDetails: [line('101', 5, null, '完成100%'), line('401', null, 5, '完成100%')] }))
    ).body.data;
    const plain = (
      await save(kuaiji, request({ certiDetails: [line('101', 6, null, '完成1000'), line('401', null, 6, '完成1000')] }))
    ).body.data;
    const list = async (filter: Record<string, string>) =>
      (await kuaiji.get<Paged<Voucher>>(Paths.certificate, { year: 2026, ...filter })).body.data.currentPageItems
        .map((v) => v.id)
        .sort();
    expect(await list({ summary: '100%' })).toEqual([percent.id]);
    expect(await list({ summary: '完成_000' })).toEqual([]);
    expect(await list({ summary: '完成1000' })).toEqual([plain.id]);
    expect(await list({ subjectCode: '10' })).toEqual([percent.id, plain.id].sort());
    // A subject code is digits (its schema): a wildcard never reaches its LIKE.
    for (const subjectCode of ['1_', '_', '1%']) {
      const refused = await kuaiji.get(Paths.certificate, { year: 2026, subjectCode });
      expect(refused.body.errorMsg).toBe('请求参数有误: 参数subjectCode：科目代码只能是数字');
    }
  });
});

describe('every LIKE of the server', () => {
  it('is written through src/server/db/like.ts', () => {
    const root = path.join(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && full !== path.join(root, 'db', 'like.ts')) {
          const text = fs.readFileSync(full, 'utf8');
          // Kysely's operator ('like', 'ilike', 'not like') or LIKE inside a sql`` template (not
          // CREATE TABLE's `(like ${table} …)`, which copies a table's columns and matches nothing).
          if (/['"](not )?i?like['"]|(?<!\()\b(i?like|LIKE)\s+\$\{|\bglob\s+\$\{/.test(text))
            offenders.push(path.relative(root, full));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
