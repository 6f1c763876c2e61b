import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { asTheApp, CROSS_SET_BY_DESIGN, SqlCapture } from './sql-capture.js';

const query = (sqlText: string, parameters: unknown[]) => CompiledQuery.raw(sqlText, parameters);

describe('the API tests’ SQL capture', () => {
  it('fails on the app’s statement that does not route to one set, and names it', async () => {
    const capture = new SqlCapture();
    await asTheApp(async () => {
      await Promise.resolve();
      capture.observe(query('select "id" from "voucher" where "zt_id" = $1', [3]));
      capture.observe(query('select * from "file_relation" where "file_id" = $1', ['f']));
    });
    expect(capture.statements).toBe(2);
    expect(() => capture.assertRouted()).toThrow(/file_relation is not filtered by one zt_id: select \* from "file_relation"/);
  });

  it('checks only what runs in the app’s context: a test’s own setup and inspection are not the server’s', () => {
    const capture = new SqlCapture();
    capture.observe(query('delete from "voucher"', []));
    expect(capture.statements).toBe(0);
    expect(() => capture.assertRouted()).not.toThrow();
  });

  it('lets the named cross-set refusal probes through, in either placeholder style', async () => {
    const capture = new SqlCapture();
    await asTheApp(() => {
      for (const sqlText of Object.keys(CROSS_SET_BY_DESIGN)) {
        capture.observe(query(sqlText, ['id', 3, 1]));
        let n = 0;
        capture.observe(
          query(
            sqlText.replace(/\?/g, () => `$${++n}`),
            ['id', 3, 1],
          ),
        );
      }
      return Promise.resolve();
    });
    expect(capture.statements).toBe(2 * Object.keys(CROSS_SET_BY_DESIGN).length);
    expect(() => capture.assertRouted()).not.toThrow();
  });
});
