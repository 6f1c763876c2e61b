import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_MAX_SKEW_MS } from '../../shared/signature.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { NonceStore } from './nonce-store.js';

const TOKEN = 'ab'.repeat(32);

describe.each(TEST_DIALECTS)('nonce store (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const stored = async (nonce: string) =>
    (await server.db.kysely.selectFrom('used_nonce').selectAll().where('nonce', '=', nonce).execute()).length;

  it('accepts a nonce once, per session, and a second store (another process) refuses it too', async () => {
    const store = new NonceStore(server.db);
    const now = Date.now();
    expect(await store.remember(TOKEN, 'nonce-one-0001', now, now)).toBe(true);
    expect(await store.remember(TOKEN, 'nonce-one-0001', now, now)).toBe(false);
    expect(await store.remember('cd'.repeat(32), 'nonce-one-0001', now, now)).toBe(true);
    expect(await new NonceStore(server.db).remember(TOKEN, 'nonce-one-0001', now, now)).toBe(false);
    expect(await stored('nonce-one-0001')).toBe(2);
  });

  it('keeps a nonce until its timestamp can no longer be accepted, then sweeps it', async () => {
    const store = new NonceStore(server.db);
    const signedAt = Date.now() - SIGNATURE_MAX_SKEW_MS + 10_000;
    expect(await store.remember(TOKEN, 'nonce-old-0001', signedAt, Date.now())).toBe(true);
    expect(await store.sweep(signedAt + SIGNATURE_MAX_SKEW_MS - 1)).toBe(0);
    expect(await stored('nonce-old-0001')).toBe(1);
    expect(await store.sweep(signedAt + SIGNATURE_MAX_SKEW_MS + 60_000)).toBeGreaterThanOrEqual(1);
    expect(await stored('nonce-old-0001')).toBe(0);
  });

  it.runIf(dialect === 'sqlite')(
    'commits a nonce on its own while another write is open, and leaves the disk setting as it was',
    async () => {
      const sqlite = server.db.sqlite;
      if (!sqlite) throw new Error('sqlite expected');
      const store = new NonceStore(server.db);
      const now = Date.now();
      const remembered: { nonce?: Promise<boolean> } = {};
      // A write that is open when the nonce arrives, and is then rolled back: the nonce must not go with it.
      await expect(
        server.db.kysely.transaction().execute(async (trx) => {
          await trx.insertInto('used_nonce').values({ token_hash: TOKEN, nonce: 'rolled-back-01', expires_at: now }).execute();
          remembered.nonce = store.remember(TOKEN, 'nonce-in-trx-01', now, now);
          await new Promise((r) => setTimeout(r, 20));
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await remembered.nonce).toBe(true);
      expect(await stored('nonce-in-trx-01')).toBe(1);
      expect(await stored('rolled-back-01')).toBe(0);
      expect(await store.remember(TOKEN, 'nonce-plain-01', now, now)).toBe(true);
      expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
    },
  );
});
