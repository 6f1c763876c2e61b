/**
 * The close calls (base /account; shapes in src/shared/api/close.ts): the check, the close and
 * reverse close with their backups, the period-switch carry-over, and two of ours (closeState for
 * the pickers, newYear to start a year before the previous one is closed). Every call works on
 * the session's ledger set and needs the 期末结账 page's buttons (check: close or unclose).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CloseState } from '../../shared/api/close.js';
import { CloseSchemas } from '../../shared/api/schemas/close.js';
import type { BackupTypeValue } from '../../shared/api/backup.js';
import { CloseMessages } from '../../shared/close/messages.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import { authOf, ztOf } from '../auth/guard.js';
import { buildAuthInfo } from '../auth/auth-info.js';
import { takeBackup } from '../backup/take-backup.js';
import { refuse } from '../http/app-error.js';
import type { App } from '../http/app-type.js';
import type { VoucherButton } from '../vouchers/rights.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { closedMonths } from './check-data.js';
import { closeCheck } from './check.js';
import { nextOpenMonth } from '../../shared/close/working-month.js';
import { closeMonth, reopenMonth, type CloseScope, type TakeBackup } from './close-service.js';
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

export function closeRoutes(app: App, db: Db): void {
  const needs = {
    check: onLedger(Right.buttons(CloseRights.check)),
    close: onLedger(Right.buttons(CloseRights.close)),
    unclose: onLedger(Right.buttons(CloseRights.unclose)),
    carryOver: onLedger(Right.buttons(CloseRights.carryOver)),
  };

  app.get('/api/certificate/check', { schema: CloseSchemas.check, ...needs.check }, async (request) => {
    const scope = await closeScope(db, request);
    const { month } = request.query;
    const year = request.query.year ?? scope.year;
    if (year !== scope.year) refuse('BadRequest', '只能检查当前登录年度');
    const closed = await closedMonths(db.kysely, scope.ztId, year);
    const startRow = await db.kysely
      .selectFrom('zt_year')
      .select('start_month')
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', year)
      .executeTakeFirst();
    const firstOpen = Math.min(nextOpenMonth(startRow?.start_month ?? 1, closed), month);
    const beginMonth = request.query.beginMonth ?? firstOpen;
    const endMonth = request.query.endMonth ?? month;
    if (beginMonth > endMonth) refuse('BadRequest', '开始月份不能大于结束月份');
    return okEnvelope(await closeCheck(db, scope, beginMonth, endMonth));
  });

  app.post('/api/certificate/monthly', { schema: CloseSchemas.monthly, ...needs.close }, async (request, reply) => {
    const scope = await closeScope(db, request);
    const body = request.body;
    const year = body.year ?? scope.year;
    if (year !== scope.year) refuse('BadRequest', '只能结账当前登录年度');
    const spent = { ms: 0 };
    const done = await closeMonth(db, scope, { ...body, year }, backupFor(db, scope, spent));
    serverTiming(reply, spent);
    return okEnvelope(done, CloseMessages.closed(year, body.month));
  });

  app.post('/api/certificate/unMonthly', { schema: CloseSchemas.unMonthly, ...needs.unclose }, async (request, reply) => {
    const scope = await closeScope(db, request);
    const body = request.body;
    const year = body.year ?? scope.year;
    const spent = { ms: 0 };
    const done = await reopenMonth(db, scope, { ...body, year }, backupFor(db, scope, spent));
    serverTiming(reply, spent);
    return okEnvelope(done, CloseMessages.reopened(year, body.month));
  });

  app.get('/api/certificate/closeState', { schema: CloseSchemas.closeState, ...needs.check }, async (request) => {
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

  app.post('/api/certificate/carryOver', { schema: CloseSchemas.carryOver, ...needs.carryOver }, async (request) => {
    const zt = ztOf(request);
    const message = await carryOver(
      db,
      { ztId: zt.id, year: zt.year, system: zt.accountingSystem },
      request.body.whetherIsManual,
    );
    return okEnvelope(null, message);
  });

  app.post('/api/certificate/newYear', { schema: CloseSchemas.newYear, ...needs.close }, async (request) => {
    const zt = ztOf(request);
    const year = await openNextYear(db, { ztId: zt.id, year: zt.year, system: zt.accountingSystem });
    return okEnvelope({ year }, `${year}年度已建立，请切换到${year}年度并结转期初余额`);
  });
}
