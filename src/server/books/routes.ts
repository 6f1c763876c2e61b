/**
 * Books calls (base /account; schemas in src/shared/api/schemas/books.ts). Reading needs the
 * book's page, exporting and regenerating its buttons; every figure comes from the session's set
 * and year. The figures are computed in fen and answered in yuan (src/shared/books/answer-amounts.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BookSchemas } from '../../shared/api/schemas/books.js';
import { answerYuan, detailLedgerAmounts, generalLedgerAmounts, trialBalanceAmounts } from '../../shared/books/answer-amounts.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import { recomputeBudgetSpent } from '../budget/spent-posting.js';
import { ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { App } from '../http/app-type.js';
import type { Scope } from '../subjects/subject-repository.js';
import { queryTrialBalance } from './trial-balance.js';
import { queryDetailLedger } from './detail-ledger.js';
import { recomputeBalances } from './balances.js';
import { queryGeneralLedger } from './general-ledger.js';
import { exportDetailLedger } from './detail-export.js';
import { rangeOf } from './period-range.js';
import { runWrite } from '../vouchers/write-queue.js';

export function scopeOf(request: FastifyRequest): Scope {
  const zt = ztOf(request);
  return { ztId: zt.id, year: zt.year, system: zt.accountingSystem };
}

/**
 * The envelope, with the server time so far (request received to answer built, its conversion to
 * yuan included) for bench/books.ts.
 */
function timed<T>(reply: FastifyReply, data: T) {
  void reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
  return okEnvelope(data);
}

export function bookRoutes(app: App, db: Db): void {
  const needs = {
    regenerate: onLedger(Right.buttons([[Page.trialBalance, 'regenerate']])),
    trialBalance: onLedger(Right.pages(Page.trialBalance)),
    generalLedger: onLedger(Right.pages(Page.generalLedger)),
    detailAccount: onLedger(Right.pages(Page.detailAccount)),
    detailExport: onLedger(Right.buttons([[Page.detailAccount, 'export']])),
  };

  // Spec: regenerate the occurred amounts (after the user confirms): the balances, and what the
  // budgets have spent (budget/spent-posting.ts), rebuilt from the lines.
  app.post('/api/report/regenerateOccur', { schema: BookSchemas.regenerateOccur, ...needs.regenerate }, async (request) => {
    const scope = scopeOf(request);
    await runWrite(db, async (trx) => {
      await recomputeBalances(trx, scope.ztId);
      await recomputeBudgetSpent(trx, scope.ztId);
    });
    return okEnvelope(null, '发生额已重新生成');
  });

  app.get('/api/report/trialBalance', { schema: BookSchemas.trialBalance, ...needs.trialBalance }, async (request, reply) => {
    const q = request.query;
    const scope = scopeOf(request);
    const fen = await queryTrialBalance(db, scope, rangeOf(q.beginTime, q.endTime, scope.year), q);
    return timed(reply, trialBalanceAmounts(fen, answerYuan));
  });

  app.get('/api/report/generalLedger', { schema: BookSchemas.generalLedger, ...needs.generalLedger }, async (request, reply) => {
    const q = request.query;
    const scope = scopeOf(request);
    const fen = await queryGeneralLedger(db, scope, rangeOf(q.beginTime, q.endTime, scope.year), q);
    return timed(reply, generalLedgerAmounts(fen, answerYuan));
  });

  // Every line of the range as .xlsx, written while the lines are read (bounded memory).
  app.get(
    '/api/report/exportDetailAccount',
    { schema: BookSchemas.exportDetailAccount, ...needs.detailExport },
    async (request, reply) => {
      const q = request.query;
      const scope = scopeOf(request);
      const range = rangeOf(q.beginTime, q.endTime, scope.year);
      return exportDetailLedger(db, scope, range, q.code, q, request, reply);
    },
  );

  app.get('/api/report/detailAccount', { schema: BookSchemas.detailAccount, ...needs.detailAccount }, async (request, reply) => {
    const q = request.query;
    const scope = scopeOf(request);
    const fen = await queryDetailLedger(db, scope, rangeOf(q.beginTime, q.endTime, scope.year), q);
    return timed(reply, detailLedgerAmounts(fen, answerYuan));
  });
}
