/**
 * Recording who came in and went out (issue 18 §4, 访问记录): every sign-in attempt with the login
 * name as typed and the reason it failed, every set chosen (or refused) after it, every sign-out
 * and every session the server ended. A failed sign-in is recorded although it changes nothing
 * else; a recording that goes with a change (a session made or revoked) is written in the change's
 * transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export const ACCESS_KINDS = { login: '登录', select: '选择账套', logout: '退出', session_end: '会话结束' } as const;
export type AccessKind = keyof typeof ACCESS_KINDS;

/** Why an attempt failed or a session ended; 'ok' for a success. Texts as the list shows them. */
export const ACCESS_REASONS = {
  ok: '成功',
  missing: '未输入用户名或密码',
  captcha: '验证码错误',
  locked: '尝试过多，已锁定',
  unknown_user: '用户不存在',
  wrong_password: '密码错误',
  disabled: '用户已停用',
  zt_forbidden: '无权访问该账套',
  zt_expired: '账套已停用或已过期',
  logout: '主动退出',
  replaced: '在别处登录，本会话结束',
  user_disabled: '用户被停用，会话结束',
  password_reset: '密码被重置，会话结束',
} as const;
export type AccessReason = keyof typeof ACCESS_REASONS;

/** The reason of a session ended by the server, from the revocation's reason (sessions.ts). */
export function sessionEndReason(revokeReason: string): AccessReason {
  if (revokeReason === 'replaced') return 'replaced';
  if (revokeReason === 'disabled') return 'user_disabled';
  if (/password/i.test(revokeReason)) return 'password_reset';
  return 'logout';
}

export function accessReasonText(reason: string): string {
  return (ACCESS_REASONS as Record<string, string>)[reason] ?? reason;
}

export interface AccessEntry {
  kind: AccessKind;
  /** As typed at sign-in (trimmed); the user's login name otherwise. */
  loginName: string;
  userId: number | null;
  address: string;
  ztId?: number | null;
  reason: AccessReason;
  userAgent?: string | undefined;
}

export async function recordAccess(q: Kysely<Database>, entry: AccessEntry, now = Date.now()): Promise<void> {
  await q
    .insertInto('access_record')
    .values({
      at: now,
      kind: entry.kind,
      login_name: entry.loginName.slice(0, 64),
      user_id: entry.userId,
      address: entry.address.slice(0, 64),
      zt_id: entry.ztId ?? null,
      success: entry.reason === 'ok' || entry.kind === 'logout' || entry.kind === 'session_end' ? 1 : 0,
      reason: entry.reason,
      user_agent: (entry.userAgent ?? '').slice(0, 255),
    })
    .execute();
}
