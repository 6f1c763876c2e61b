/**
 * The close calls (base /account; shapes in src/shared/api/close.ts): the check, the close and
 * reverse close with their backups, the period-switch carry-over, and two of ours (closeState for
 * the pickers, newYear to start a year before the previous one is closed). Every call works on
 * the session's ledger set and needs the 期末结账 page's buttons (check: close or unclose).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CarryOverRequest, CloseState, MonthlyRequest, UnMonthlyRequest } from '../../shared/api/close.js';
import type { BackupTypeValue } from '../../shared/api/backup.js';
import { CloseMessages } from '../../shared/close/messages.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import { authOf, ztOf } from '../auth/guard.js';
import { buildAuthInfo } from '../auth/auth-info.js';
import { takeBackup } from '../backup/take-backup.js';
import { refuse } from '../http/app-error.js';
import type { VoucherButton } from '../vouchers/rights.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { closedMonths } from './check-data.js';
import { closeCheck } from './check.js';
import { closeMonth, nextOpenMonth, reopenMonth, type CloseScope, type TakeBackup } from './close-service.js';
import { carryOver, openNextYear } from './period-switch.js';

export const CLOSE_PAGE = '/accounting-management/monthly/close';
const OPENING_PAGE = '/accounting-management/initialization/subjectstart';

export const CloseRights = {
  check: [
    [CLOSE_PAGE, 'close'],
    [CLOSE_PAGE, 'unclose'],
  ],
  close: [[CLOSE_PAGE, 'close']],
  unclose: [[CLOSE_PAGE, 'unclose']],
  carryOver: [
    [CLOSE_PAGE, 'close'],
    [OPENING_PAGE, 'edit'],
  ],
} as const satisfies Record<string, readonly VoucherButton[]>;

type Query = Record<string, string | undefined>;

function intOf(value: unknown, name: string, min: number, max: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,4}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) refuse('BadRequest', `参数${name}不正确`);
  return n;
}

async function closeScope(db: Db, request: FastifyRequest): Promise<CloseScope> {
  const auth = authOf(request);
  const zt = ztOf(request);
  const info = await buildAuthInfo(db, auth);
  return {
    ztId: zt.id,
    year: zt.year,
    system: zt.accountingSystem,
    isZJ: info.isZJ,
    isCheckCertificateSign: info.isCheckCertificateSign,
    whetherOpenMonthEndCarryover: info.whetherOpenMonthEndCarryover,
    actor: { id: auth.user.id, name: auth.user.name },
  };
}

/** The backup the transition takes first, its time kept for the Server-Timing header (bench/close.ts). */
function backupFor(db: Db, scope: CloseScope, spent: { ms: number }): TakeBackup {
  return async (type: BackupTypeValue, rotate: boolean) => {
    const t0 = performance.now();
    try {
      return (await takeBackup(db, { ztId: scope.ztId, actor: scope.actor }, type, { rotate })).id;
    } finally {
      spent.ms += performance.now() - t0;
    }
  };
}

/** backup: the snapshot before the transition; close: everything else (checks and writes). */
function serverTiming(reply: FastifyReply, spent: { ms: number }): void {
  const total = reply.elapsedTime;
  void reply.header(
    'server-timing',
    `backup;dur=${spent.ms.toFixed(1)}, close;dur=${(total - spent.ms).toFixed(1)}, app;dur=${total.toFixed(1)}`,
  );
}

export function closeRoutes(app: FastifyInstance, db: Db): void {
  const needs = {
    check: onLedger(Right.buttons(CloseRights.check)),
    close: onLedger(Right.buttons(CloseRights.close)),
    unclose: onLedger(Right.buttons(CloseRights.unclose)),
    carryOver: onLedger(Right.buttons(CloseRights.carryOver)),
  };

  app.get<{ Querystring: Query }>('/api/certificate/check', needs.check, async (request) => {
    const scope = await closeScope(db, request);
    const month = intOf(request.query.month, 'month', 1, 12);
    const year = request.query.year ? intOf(request.query.year, 'year', 1900, 9999) : scope.year;
    if (year !== scope.year) refuse('BadRequest', '只能检查当前登录年度');
    const closed = await closedMonths(db.kysely, scope.ztId, year);
    const startRow = await db.kysely
      .selectFrom('zt_year')
      .select('start_month')
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', year)
      .executeTakeFirst();
    const firstOpen = Math.min(nextOpenMonth(startRow?.start_month ?? 1, closed), month);
    const beginMonth = request.query.beginMonth ? intOf(request.query.beginMonth, 'beginMonth', 1, 12) : firstOpen;
    const endMonth = request.query.endMonth ? intOf(request.query.endMonth, 'endMonth', 1, 12) : month;
    if (beginMonth > endMonth) refuse('BadRequest', '开始月份不能大于结束月份');
    return okEnvelope(await closeCheck(db, scope, beginMonth, endMonth));
  });

  app.post<{ Body: Partial<MonthlyRequest> }>('/api/certificate/monthly', needs.close, async (request, reply) => {
    const scope = await closeScope(db, request);
    const body = request.body ?? {};
    const year = intOf(body.year ?? scope.year, 'year', 1900, 9999);
    if (year !== scope.year) refuse('BadRequest', '只能结账当前登录年度');
    const month = intOf(body.month, 'month', 1, 12);
    const spent = { ms: 0 };
    const done = await closeMonth(
      db,
      scope,
      {
        year,
        month,
        isCoverNextData: body.isCoverNextData === true,
        ignoreBalance: body.ignoreBalance === true,
        rotateBackup: body.rotateBackup === true,
      },
      backupFor(db, scope, spent),
    );
    serverTiming(reply, spent);
    return okEnvelope(done, CloseMessages.closed(year, month));
  });

  app.post<{ Body: Partial<UnMonthlyRequest> }>('/api/certificate/unMonthly', needs.unclose, async (request, reply) => {
    const scope = await closeScope(db, request);
    const body = request.body ?? {};
    const year = intOf(body.year ?? scope.year, 'year', 1900, 9999);
    const month = intOf(body.month, 'month', 1, 12);
    const spent = { ms: 0 };
    const done = await reopenMonth(
      db,
      scope,
      { year, month, rotateBackup: body.rotateBackup === true },
      backupFor(db, scope, spent),
    );
    serverTiming(reply, spent);
    return okEnvelope(done, CloseMessages.reopened(year, month));
  });

  app.get('/api/certificate/closeState', needs.check, async (request) => {
    const zt = ztOf(request);
    const [years, closed] = await Promise.all([
      db.kysely.selectFrom('zt_year').select(['year', 'start_month']).where('zt_id', '=', zt.id).orderBy('year').execute(),
      db.kysely
        .selectFrom('period_close')
        .select(['year', 'month'])
        .where('zt_id', '=', zt.id)
        .orderBy('year')
        .orderBy('month')
        .execute(),
    ]);
    const list = years.map((y) => ({
      year: y.year,
      startMonth: y.start_month,
      closedMonths: closed.filter((c) => c.year === y.year).map((c) => c.month),
    }));
    const current = list.find((y) => y.year === zt.year);
    const state: CloseState = {
      beginYear: list[0]?.year ?? zt.year,
      years: list,
      nextOpenMonth: nextOpenMonth(current?.startMonth ?? 1, current?.closedMonths ?? []),
      laterYearExists: list.some((y) => y.year > zt.year),
    };
    return okEnvelope(state);
  });

  app.post<{ Body: Partial<CarryOverRequest> }>('/api/certificate/carryOver', needs.carryOver, async (request) => {
    const zt = ztOf(request);
    const message = await carryOver(
      db,
      { ztId: zt.id, year: zt.year, system: zt.accountingSystem },
      request.body?.whetherIsManual === true,
    );
    return okEnvelope(null, message);
  });

  app.post('/api/certificate/newYear', needs.close, async (request) => {
    const zt = ztOf(request);
    const year = await openNextYear(db, { ztId: zt.id, year: zt.year, system: zt.accountingSystem });
    return okEnvelope({ year }, `${year}年度已建立，请切换到${year}年度并结转期初余额`);
  });
}
