/** Sign-in, session and password calls (spec doc 1 section 7, auth at root level). */
import type { LogOnResponse } from '../../shared/api/auth.js';
import { CAPTCHA_KEY_HEADER, Paths } from '../../shared/api/paths.js';
import { AuthSchemas } from '../../shared/api/schemas/auth.js';
import { okEnvelope } from '../../shared/envelope.js';
import { passwordProblem } from '../../shared/password-policy.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { App } from '../http/app-type.js';
import { buildAuthInfo } from './auth-info.js';
import { consumeCaptcha, issueCaptcha } from './captcha.js';
import { authOf, isExpired } from './guard.js';
import { normaliseLoginName, throttleKeyOf } from './login-name.js';
import { lockedByThisFailureMessage, lockMessage, releaseAttempt, takeAttempt } from './login-throttle.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.js';
import { passwordExpired } from './password-expiry.js';
import { createSession, pruneSessions, revokeSession, setSessionZt } from './sessions.js';
import { userMayOpen } from '../zt/access.js';
import { recordChange, actorOf } from '../admin/audit.js';
import { recordAccess, type AccessEntry, type AccessReason } from '../logs/access-record.js';

export function authRoutes(app: App, db: Db, config: ServerConfig): void {
  app.get(
    Paths.getValidateCode,
    { schema: AuthSchemas.captcha, config: { access: 'public', right: 'none' } },
    async (_request, reply) => {
      const { key, svg } = await issueCaptcha(db);
      return reply
        .header(CAPTCHA_KEY_HEADER, key)
        .header('access-control-expose-headers', CAPTCHA_KEY_HEADER)
        .header('cache-control', 'no-store')
        .type('image/svg+xml')
        .send(svg);
    },
  );

  // An empty body is refused by the schema (400) before the handler: it counts as no failed login.
  // Every attempt that reaches the handler is recorded (logs/access-record.ts), a refusal too.
  app.post(Paths.logOn, { schema: AuthSchemas.logOn, config: { access: 'public', right: 'none' } }, async (request) => {
    const { password } = request.body;
    const loginName = normaliseLoginName(request.body.loginName);
    const address = request.ip;
    const attemptOf = (reason: AccessReason, userId: number | null = null): AccessEntry => ({
      kind: 'login',
      loginName: loginName || request.body.loginName.trim(),
      userId,
      address,
      reason,
      userAgent: request.headers['user-agent'],
    });
    const fail = async (reason: AccessReason, userId: number | null, refusal: () => never): Promise<never> => {
      await recordAccess(db.kysely, attemptOf(reason, userId));
      return refusal();
    };
    if (!loginName || !password)
      return fail('missing', null, () => refuse('ValidationFailed', '请输入用户名和密码', ['请输入用户名和密码']));
    if (config.captcha) {
      if (!request.body.captcha?.trim()) return fail('captcha', null, () => refuse('CaptchaInvalid', '请输入验证码'));
      if (!(await consumeCaptcha(db, request.body.captchaKey ?? '', request.body.captcha)))
        return fail('captcha', null, () => refuse('CaptchaInvalid'));
    }
    // The attempt is taken before the password is checked (login-throttle.ts): under a burst,
    // no more passwords are checked than the limit allows.
    const throttleKey = throttleKeyOf(loginName);
    const attempt = await takeAttempt(db, config.login, throttleKey, address);
    if (!attempt.granted) return fail('locked', null, () => refuse('LoginLocked', lockMessage(attempt.waitMs)));

    const user = await db.kysely.selectFrom('app_user').selectAll().where('login_name', '=', loginName).executeTakeFirst();
    const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !valid) {
      const reason = user ? 'wrong_password' : 'unknown_user';
      if (attempt.last)
        return fail(reason, user?.id ?? null, () => refuse('LoginLocked', lockedByThisFailureMessage(config.login.windowMs)));
      return fail(reason, user?.id ?? null, () => refuse('LoginFailed'));
    }
    await releaseAttempt(db, config.login, throttleKey, address);
    if (!user.enable) return fail('disabled', user.id, () => refuse('AccountDisabled'));
    const { token, signKey } = await createSession(db, user.id, address, config.session.single, Date.now(), (trx) =>
      recordAccess(trx, attemptOf('ok', user.id)),
    );
    await pruneSessions(db, config.session.absoluteMs);
    request.log.info({ userId: user.id }, 'login');
    const data: LogOnResponse = {
      token,
      signKey,
      loginName: user.login_name,
      name: user.name,
      isAdmin: !!user.is_admin,
      passwordExpired: passwordExpired(user, config.passwordExpiryDays),
    };
    return okEnvelope(data, '登录成功');
  });

  app.post(Paths.logOut, { schema: AuthSchemas.logOut, config: { access: 'password', right: 'none' } }, async (request) => {
    await revokeSession(db, authOf(request).session.token_hash, 'logout');
    return okEnvelope(null, '已退出登录');
  });

  app.get(
    Paths.determineThePasswordHasExpired,
    { schema: AuthSchemas.passwordExpired, config: { access: 'password', right: 'none' } },
    (request) => Promise.resolve(okEnvelope(passwordExpired(authOf(request).user, config.passwordExpiryDays))),
  );

  app.get(Paths.getInfo, { schema: AuthSchemas.info, config: { access: 'password', right: 'none' } }, async (request) =>
    okEnvelope(await buildAuthInfo(db, authOf(request))),
  );

  app.post(
    Paths.updatePassword,
    { schema: AuthSchemas.updatePassword, config: { access: 'password', right: 'none' } },
    async (request) => {
      const { user } = authOf(request);
      const { oldPassword, newPassword } = request.body;
      if (!(await verifyPassword(oldPassword, user.password_hash))) refuse('ValidationFailed', '原密码不正确', ['原密码不正确']);
      const problem = passwordProblem(newPassword, user.login_name);
      if (problem) refuse('ValidationFailed', problem, [problem]);
      if (newPassword === oldPassword) refuse('ValidationFailed', '新密码不能与原密码相同', ['新密码不能与原密码相同']);
      const hash = await hashPassword(newPassword, config.scryptLogN);
      const now = Date.now();
      await db.kysely.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ password_hash: hash, must_change_password: 0, password_changed_at: now })
          .where('id', '=', user.id)
          .execute();
        // No password in the record, old or new: only that it changed and when.
        await recordChange(trx, actorOf(request), {
          action: 'user.changePassword',
          target: 'app_user',
          targetId: user.id,
          ztId: authOf(request).zt?.id ?? null,
          summary: `用户 ${user.login_name} 修改了自己的密码`,
          before: { must_change_password: user.must_change_password, password_changed_at: user.password_changed_at },
          after: { must_change_password: 0, password_changed_at: now },
        });
      });
      return okEnvelope(null, '密码修改成功');
    },
  );

  app.post(Paths.setUserZtLevel, { schema: AuthSchemas.setUserZtLevel, config: { right: 'none' } }, async (request) => {
    const auth = authOf(request);
    const { ztId, year } = request.body;
    const choice = (reason: AccessReason) =>
      recordAccess(db.kysely, {
        kind: 'select',
        loginName: auth.user.login_name,
        userId: auth.user.id,
        address: request.ip,
        ztId,
        reason,
        userAgent: request.headers['user-agent'],
      });
    const zt = await db.kysely.selectFrom('zt_info').selectAll().where('id', '=', ztId).executeTakeFirst();
    if (!zt || !(await userMayOpen(db, auth.user, ztId))) {
      // A set that does not exist is not recorded under its id (no record names a set it cannot show).
      if (zt) await choice('zt_forbidden');
      refuse('Forbidden', '无权访问该账套');
    }
    if (!zt.enable) {
      await choice('zt_expired');
      refuse('LedgerSetExpired', `账套「${zt.name}」已停用，不能选择；请联系管理员`);
    }
    if (isExpired(zt.expire_time)) {
      await choice('zt_expired');
      refuse('LedgerSetExpired', `账套「${zt.name}」已于${zt.expire_time}到期，不能选择；请联系管理员`);
    }
    const open = await db.kysely
      .selectFrom('zt_year')
      .select('year')
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .executeTakeFirst();
    if (!open) refuse('BusinessRule', `该账套尚未建立${year}年度`);
    await db.kysely.transaction().execute(async (trx) => {
      await setSessionZt(trx, auth.session.token_hash, ztId, year);
      await recordAccess(trx, {
        kind: 'select',
        loginName: auth.user.login_name,
        userId: auth.user.id,
        address: request.ip,
        ztId,
        reason: 'ok',
        userAgent: request.headers['user-agent'],
      });
    });
    return okEnvelope({ ztId, ztName: zt.name, year }, '账套选择成功');
  });
}
