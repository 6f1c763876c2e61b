/**
 * applyDeltas writes many balance rows per statement: more rows than one statement takes, keys
 * already stored and keys new, in one call, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { postWrittenLines, storedBalances } from './balances.js';

describe.each(TEST_DIALECTS)('balance upserts in chunks (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('adds 1,200 lines over 1,100 keys, twice, to exactly the sums of the lines', async () => {
    const q = server.db.kysely;
    const { id: ztId } = await q.selectFrom('zt_info').select('id').orderBy('id').executeTakeFirstOrThrow();
    const lines = Array.from({ length: 1200 }, (_, i) => ({
      line_no: i + 1,
      year: 1999,
      month: (i % 12) + 1,
      // 1,100 keys: the last 100 lines repeat the first 100 keys within the same call.
      subject_code: `T${String(i % 1100).padStart(5, '0')}`,
      debit_amount: i % 2 === 0 ? 100 + i : 0,
      credit_amount: i % 2 === 0 ? 0 : 7 * i,
    }));
    const auxis = [{ line_no: 3, type_no: '01', info_no: 'A' }];
    await q.transaction().execute(async (trx) => {
      await postWrittenLines(trx, ztId, lines, auxis);
      await postWrittenLines(trx, ztId, lines, auxis);
    });
    const stored = (await storedBalances(q, ztId)).filter((b) => b.year === 1999);
    const expected = new Map<string, { debit: number; credit: number }>();
    for (const l of lines) {
      const key = `${l.month}|${l.subject_code}|${l.line_no === 3 ? 'aux' : ''}`;
      const had = expected.get(key) ?? { debit: 0, credit: 0 };
      expected.set(key, { debit: had.debit + 2 * l.debit_amount, credit: had.credit + 2 * l.credit_amount });
    }
    expect(stored).toHaveLength(expected.size);
    expect(stored.filter((b) => b.auxiKey !== '')).toHaveLength(1);
    for (const b of stored) {
      const want = expected.get(`${b.month}|${b.subjectCode}|${b.auxiKey === '' ? '' : 'aux'}`);
      expect({ debit: b.debitAll, credit: b.creditAll, booked: b.debitBooked + b.creditBooked }).toEqual({
        debit: want?.debit,
        credit: want?.credit,
        booked: 0,
      });
    }
  });
});
