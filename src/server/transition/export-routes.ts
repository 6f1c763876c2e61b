/**
 * The worksheet's workbook (codeJoinAsyncDataOut, base /account): needs the page's 导出 button. The worksheet must
 * have its year-end figures saved first, as the worksheet tab does (spec: 请先录入2021年末数并保存科目).
 */
import { workbookFileName } from '../../../grids/workbook/heading.js';
import { Paths } from '../../shared/api/paths.js';
import { TransitionExportSchemas } from '../../shared/api/schemas/transition-export.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import { ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import { exportHeadingOf } from '../export/export-heading.js';
import { sendWorkbook } from '../files/download.js';
import type { App } from '../http/app-type.js';
import { refuse } from '../http/app-error.js';
import { transitionContext } from './context.js';
import { buildTransitionWorkbook, TRANSITION_WORKSHEET_TITLE, transitionPeriod } from './export.js';
import { readWorksheet } from './worksheet-read.js';

const local = (path: string) => path.replace(/^\/account/, '');

export function transitionExportRoutes(app: App, db: Db): void {
  app.get(
    local(Paths.transitionExport),
    { schema: TransitionExportSchemas.export, ...onLedger(Right.buttons([[Page.transition, 'export']])) },
    async (request, reply) => {
      const ctx = await transitionContext(db.kysely, ztOf(request));
      if (!ctx.figuresSaved) refuse('BusinessRule', TransitionMessages.saveFiguresFirst(ctx.year - 1));
      const withAdjustments = request.query.isReconciliation !== false;
      const view = await readWorksheet(db.kysely, ctx, { withAdjustments });
      const { unit, ledgerSet, exportedBy, exportedAt } = exportHeadingOf(request, TRANSITION_WORKSHEET_TITLE, '');
      const party = { unit, ledgerSet, exportedBy, exportedAt };
      const workbook = buildTransitionWorkbook({ year: ctx.year, level: ctx.level, withAdjustments, view, party });
      return sendWorkbook(
        reply,
        workbookFileName(TRANSITION_WORKSHEET_TITLE, ledgerSet, transitionPeriod(ctx.year)),
        Buffer.from(await workbook.xlsx.writeBuffer()),
      );
    },
  );
}
