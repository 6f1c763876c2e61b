/**
 * Sign-in throttling as counters that one statement reserves atomically, and the nonces of signed
 * calls kept in the database so that they outlive a restart and are shared by every process.
 *
 * login_throttle: one row per account (the normalised login name) and per client address. A
 * sign-in takes an attempt (attempts + 1) only while under the limit, before its password is
 * checked; the count starts again once `window` has passed since the last attempt taken.
 * The per-failure rows of login_failure are gone with it (they could not be counted atomically).
 *
 * used_nonce: every accepted signed call, by its expiry (the signed timestamp plus the five
 * minutes it is accepted for), token hash and nonce, until it expires. The key is the check: a
 * replayed call has the same three and its insert is refused. Expiry first, so that the rows of
 * a busy server are appended at one end of the tree (one page written per call, not one per
 * index) and the sweep deletes a range from the other.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('throttle_key', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_throttle_pk', ['scope', 'throttle_key'])
    .execute();
  await db.schema.dropTable('login_failure').execute();

  // SQLite: the key is the table (no hidden rowid tree), one write less on every signed call.
  await db.schema
    .createTable('used_nonce')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('used_nonce_pk', ['expires_at', 'token_hash', 'nonce'])
    .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
    .execute();
}
