/**
 * Recording administrative changes (issue 18 §4) in admin_log, inside the transaction that makes
 * the change: a change that rolls back leaves no record, and a recorded change happened. The
 * records before and after are kept as JSON with every secret taken out (password hashes, keys,
 * tokens), so the log can be read and exported by an administrator.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { authOf } from '../auth/guard.js';
import type { Database } from '../db/schema.js';

/** Who made a change, from where. */
export interface Actor {
  userId: number | null;
  loginName: string;
  address: string;
}

export interface AdminChange {
  /** What was done, as `area.verb`: 'zt.create', 'user.disable', 'role.grant', 'user.resetPassword'... */
  action: string;
  /** The kind of record: 'zt_info', 'app_user', 'user_level', 'user_zt_level'... */
  target: string;
  targetId: string | number | null;
  /** The ledger set the change concerns, if any (the log of a subtree lists it). */
  ztId: number | null;
  /** A line a person reads in the log: 新建账套 001003 示范区工会. */
  summary: string;
  before?: unknown;
  after?: unknown;
}

export function actorOf(request: FastifyRequest): Actor {
  const { user } = authOf(request);
  return { userId: user.id, loginName: user.login_name, address: request.ip };
}

const SECRET_KEY = /password|hash|secret|token|sign_?key|captcha/i;
/** Flags and times about a secret are not secrets: must_change_password, password_changed_at. */
const ABOUT_A_SECRET = /^(must|is|has)[_A-Z]|(_at|At)$/;
const isSecret = (key: string) => SECRET_KEY.test(key) && !ABOUT_A_SECRET.test(key);

/** A copy of a record without its secrets, for the log. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = isSecret(key) ? '******' : withoutSecrets(inner);
  return out;
}

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(withoutSecrets(value)));

/** Records a change; call it with the transaction that makes the change. */
export async function recordChange(q: Kysely<Database>, actor: Actor, change: AdminChange, now = Date.now()): Promise<void> {
  await q
    .insertInto('admin_log')
    .values({
      at: now,
      user_id: actor.userId,
      login_name: actor.loginName,
      address: actor.address.slice(0, 64),
      zt_id: change.ztId,
      action: change.action,
      target: change.target,
      target_id: change.targetId === null ? null : String(change.targetId),
      summary: change.summary.slice(0, 255),
      before_json: json(change.before),
      after_json: json(change.after),
    })
    .execute();
}
