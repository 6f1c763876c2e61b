/**
 * The worksheet's calls (base /account): read it (codeJoin), save the year-end figures and the splits, and the
 * page's control flags (DraftContentControl). Reading needs the page; saving its 编辑 button.
 */
import type { FastifyRequest } from 'fastify';
import { Paths } from '../../shared/api/paths.js';
import { TransitionSchemas, type DraftContentControl } from '../../shared/api/schemas/transition.js';
import { okEnvelope } from '../../shared/envelope.js';
import { authOf, ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { heldButtons } from '../auth/permissions.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { transitionContext } from './context.js';
import { saveFigures, saveSplits } from './save.js';
import { codeJoinAnswer } from './worksheet-answer.js';
import { readWorksheet } from './worksheet-read.js';

const local = (path: string) => path.replace(/^\/account/, '');

async function answerOf(db: Db, request: FastifyRequest, item1: 1 | 2, withAdjustments = true) {
  const ctx = await transitionContext(db.kysely, ztOf(request));
  return codeJoinAnswer(ctx, await readWorksheet(db.kysely, ctx, { withAdjustments }), item1);
}

/** Whether any month of the year is closed: cancelling is refused then (its books rest on the openings). */
export async function yearHasClosedMonth(db: Db, ztId: number, year: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('period_close')
    .select('month')
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function worksheetRoutes(app: App, db: Db): void {
  app.get(
    local(Paths.transitionCodeJoin),
    { schema: TransitionSchemas.codeJoin, ...onLedger(Right.pages(Page.transition)) },
    async (request) =>
      okEnvelope(await answerOf(db, request, request.query.item1 ?? 2, request.query.isReconciliation !== false)),
  );

  app.post(
    local(Paths.transitionSaveFigures),
    { schema: TransitionSchemas.saveFigures, ...onLedger(Right.buttons([[Page.transition, 'edit']])) },
    async (request) => {
      await saveFigures(db, await transitionContext(db.kysely, ztOf(request)), request.body);
      return okEnvelope(await answerOf(db, request, 1), '保存成功');
    },
  );

  app.post(
    local(Paths.transitionSaveSplits),
    { schema: TransitionSchemas.saveSplits, ...onLedger(Right.buttons([[Page.transition, 'edit']])) },
    async (request) => {
      await saveSplits(db, await transitionContext(db.kysely, ztOf(request)), request.body);
      return okEnvelope(await answerOf(db, request, 2), '保存成功');
    },
  );

  app.get(
    local(Paths.transitionControl),
    { schema: TransitionSchemas.control, ...onLedger(Right.pages(Page.transition)) },
    async (request) => {
      const { user, zt } = authOf(request);
      const ctx = await transitionContext(db.kysely, ztOf(request));
      const held = await heldButtons(db, user, zt, [
        [Page.transition, 'edit'],
        [Page.transition, 'reconciliation'],
        [Page.transition, 'reconciliationvoucher'],
      ]);
      const holds = (button: string) => held.some(([, b]) => b === button);
      const control: DraftContentControl = {
        showSubject: ctx.figuresSaved,
        isSaved: ctx.figuresSaved,
        edit: !ctx.reconciled && holds('edit'),
        reconciliationVoucher: !ctx.reconciled && ctx.figuresSaved && holds('reconciliationvoucher'),
        // Cancelling is done in the first year, as finishing (finish.ts refuses it elsewhere).
        unReconciliationFinish:
          ctx.reconciled &&
          zt?.year === ctx.year &&
          holds('reconciliation') &&
          !(await yearHasClosedMonth(db, ctx.ztId, ctx.year)),
        reconciled: ctx.reconciled,
        reconciliation: holds('reconciliation'),
      };
      return okEnvelope(control);
    },
  );
}
