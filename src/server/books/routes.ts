/**
 * Books and reports calls (base /account; shapes in src/shared/api/books.ts). Reading needs the
 * book's page, exporting and regenerating its buttons; every figure comes from the session's set and year.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import { ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { refuse } from '../http/app-error.js';
import type { Scope } from '../subjects/subject-repository.js';
import { queryTrialBalance, type PeriodRange } from './trial-balance.js';
import { queryDetailLedger } from './detail-ledger.js';
import { recomputeBalances } from './balances.js';
import { queryGeneralLedger } from './general-ledger.js';
import { exportDetailLedger } from './detail-export.js';
import type { DetailFilter } from './detail-sections.js';
import { runWrite } from '../vouchers/write-queue.js';

type Query = Record<string, string | undefined>;

function scopeOf(request: FastifyRequest): Scope {
  const zt = ztOf(request);
  return { ztId: zt.id, year: zt.year, system: zt.accountingSystem };
}

/** 'yyyy-MM' (or 'yyyy-MM-dd') of the session year to its month. */
export function monthOf(value: string | undefined, year: number, name: string): number {
  const match = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(value?.trim() ?? '');
  if (!match) refuse('BadRequest', `参数${name}应为yyyy-MM格式`);
  const [, y = '', m = ''] = match;
  const month = Number(m);
  if (Number(y) !== year) refuse('BadRequest', `只能查询当前年度(${year}年)的数据`);
  if (month < 1 || month > 12) refuse('BadRequest', `参数${name}的月份无效`);
  return month;
}

export function rangeOf(q: Query, year: number, begin = 'beginTime', end = 'endTime'): PeriodRange {
  const range = { beginMonth: monthOf(q[begin], year, begin), endMonth: monthOf(q[end], year, end) };
  if (range.beginMonth > range.endMonth) refuse('BadRequest', '开始期间不能晚于结束期间');
  return range;
}

/** The envelope, with the server time so far (request received to answer built) for bench/books.ts. */
function timed<T>(reply: FastifyReply, data: T) {
  void reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
  return okEnvelope(data);
}

const flag = (value: string | undefined) => value === 'true' || value === '1';

/** The detail ledger's filter switches of a query string (page, export and print alike). */
export function detailFilterOf(q: Query): DetailFilter {
  return {
    book: flag(q.book),
    abstractNumber: q.abstractNumber,
    isShowAuxi: flag(q.isShowAuxi),
    amountWhetherShowZero: flag(q.amountWhetherShowZero),
    balanceWhetherShowZero: flag(q.balanceWhetherShowZero),
    removeCarryForwardVoucher: flag(q.removeCarryForwardVoucher),
  };
}

export function bookRoutes(app: FastifyInstance, db: Db): void {
  const needs = {
    regenerate: onLedger(Right.buttons([[Page.trialBalance, 'regenerate']])),
    trialBalance: onLedger(Right.pages(Page.trialBalance)),
    generalLedger: onLedger(Right.pages(Page.generalLedger)),
    detailAccount: onLedger(Right.pages(Page.detailAccount)),
    detailExport: onLedger(Right.buttons([[Page.detailAccount, 'export']])),
  };

  // Spec: regenerate the occurred amounts (after the user confirms): the balances rebuilt from the lines.
  app.post('/api/report/regenerateOccur', needs.regenerate, async (request) => {
    const scope = scopeOf(request);
    await runWrite(db, (trx) => recomputeBalances(trx, scope.ztId));
    return okEnvelope(null, '发生额已重新生成');
  });

  app.get('/api/report/trialBalance', needs.trialBalance, async (request, reply) => {
    const q = request.query as Query;
    const scope = scopeOf(request);
    const range = rangeOf(q, scope.year);
    return timed(
      reply,
      await queryTrialBalance(db, scope, range, {
        beginCode: q.beginCode,
        endCode: q.endCode,
        book: flag(q.book),
        amountIsZero: flag(q.amountIsZero),
        onlyFirst: flag(q.onlyFirst),
        codeOrName: q.codeOrName,
      }),
    );
  });

  app.get('/api/report/generalLedger', needs.generalLedger, async (request, reply) => {
    const q = request.query as Query;
    const scope = scopeOf(request);
    return timed(
      reply,
      await queryGeneralLedger(db, scope, rangeOf(q, scope.year), {
        code: q.code,
        book: flag(q.book),
        amountIsZero: flag(q.amountIsZero),
      }),
    );
  });

  // Every line of the range as .xlsx, written while the lines are read (bounded memory).
  app.get('/api/report/exportDetailAccount', needs.detailExport, async (request, reply) => {
    const q = request.query as Query;
    const scope = scopeOf(request);
    const code = q.code?.trim();
    if (!code) refuse('BadRequest', '请选择科目');
    const range = rangeOf(q, scope.year);
    const zt = ztOf(request);
    return exportDetailLedger(db, scope, range, code, detailFilterOf(q), zt.name, reply);
  });

  app.get('/api/report/detailAccount', needs.detailAccount, async (request, reply) => {
    const q = request.query as Query;
    const scope = scopeOf(request);
    const code = q.code?.trim();
    if (!code) refuse('BadRequest', '请选择科目');
    const int = (v: string | undefined, name: string) => {
      if (v === undefined || v === '') return undefined;
      if (!/^\d+$/.test(v)) refuse('BadRequest', `参数${name}必须是整数`);
      return Number(v);
    };
    return timed(
      reply,
      await queryDetailLedger(db, scope, rangeOf(q, scope.year), {
        code,
        ...detailFilterOf(q),
        pageIndex: int(q.pageIndex, 'pageIndex'),
        pageSize: int(q.pageSize, 'pageSize'),
      }),
    );
  });
}
