/**
 * The budget setup calls (issue 21 §1; base /budget; schemas: shared/api/schemas/budget-setup.ts):
 * categories and details of project budgets (项目预算) and expenditure classes (支出分类设置),
 * JudgeBigProjects and the project indicators.
 *
 * Rights: reads need either page; a write needs the button of the page its type belongs to (XMYS:
 * 项目预算; JBZC, RYJF, GYJF: 支出分类设置; XMZC, the 项目支出 class, either): add to add, edit to
 * change, delete to delete. Naming subjects needs 项目预算's zdrapproval. Indicators are kept with
 * 项目预算's edit and read by the voucher editor's picker. Every id is of the session's set and year
 * (another is not found, 4015).
 */
import type { FastifyRequest } from 'fastify';
import { Paths } from '../../shared/api/paths.js';
import { BudgetSetupSchemas } from '../../shared/api/schemas/budget-setup.js';
import type { BudgetAuxiType } from '../../shared/budget/classes.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { isProjectType } from '../../shared/budget/setup-rules.js';
import { okEnvelope } from '../../shared/envelope.js';
import { authOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { holdsAnyButton, requireAnyButton, type PageButton } from '../auth/permissions.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { App } from '../http/app-type.js';
import { scopeOf } from '../subjects/routes.js';
import { projectOf, readIndicators, saveIndicators } from './indicators.js';
import { budgetSetupList, budgetTypeList, judgeBigProjects, typeAnswer } from './setup-read.js';
import { deleteCategory, deleteDetail, findCategory, findDetail, saveCategory, saveDetail } from './setup-save.js';

const PB = Page.projectBudget;
const ZC = Page.expenditureClasses;

/** The pages whose buttons keep a category or detail of the type. */
function pagesOf(auxiType: string): string[] {
  if (auxiType === 'XMZC') return [PB, ZC];
  return isProjectType(auxiType as BudgetAuxiType) ? [PB] : [ZC];
}

const buttonsOf = (auxiType: string, button: string): PageButton[] => pagesOf(auxiType).map((page) => [page, button] as const);

const under = (path: string): string => path.slice('/budget'.length);

function holdsSubjectRight(db: Db, request: FastifyRequest): Promise<boolean> {
  const { user, zt } = authOf(request);
  return holdsAnyButton(db, user, zt, [[PB, 'zdrapproval']]);
}

export function budgetSetupRoutes(app: App, db: Db): void {
  const read = onLedger(Right.pages(PB, ZC));
  const save = onLedger(
    Right.buttons([
      [PB, 'add'],
      [PB, 'edit'],
      [ZC, 'add'],
      [ZC, 'edit'],
    ]),
  );
  const remove = onLedger(
    Right.buttons([
      [PB, 'delete'],
      [ZC, 'delete'],
    ]),
  );

  app.get(under(Paths.budgetSetupList), { schema: BudgetSetupSchemas.list, ...read }, async (request) =>
    okEnvelope(await budgetSetupList(db.kysely, scopeOf(request), request.query.scope)),
  );

  app.get(under(Paths.budgetTypeList), { schema: BudgetSetupSchemas.typeList, ...read }, async (request) => {
    const { auxiType, expendBudgetClassification } = request.query;
    return okEnvelope(await budgetTypeList(db.kysely, scopeOf(request), auxiType, expendBudgetClassification?.trim() || null));
  });

  app.post(under(Paths.budgetSaveType), { schema: BudgetSetupSchemas.saveType, ...save }, async (request) => {
    const { auxiType, typeId } = request.body;
    await requireAnyButton(db, request, buttonsOf(auxiType, typeId?.trim() ? 'edit' : 'add'));
    const saved = await saveCategory(db, scopeOf(request), request.body);
    return okEnvelope(typeAnswer(saved), '保存成功');
  });

  app.post(under(Paths.budgetDeleteType), { schema: BudgetSetupSchemas.deleteType, ...remove }, async (request) => {
    const scope = scopeOf(request);
    const category =
      (await findCategory(db.kysely, scope, request.body.id)) ?? refuse('NotFound', BudgetMessages.categoryNotFound);
    await requireAnyButton(db, request, buttonsOf(category.auxi_type, 'delete'));
    await deleteCategory(db, scope, category.id);
    return okEnvelope(null, '删除成功');
  });

  app.post(under(Paths.budgetSaveDetail), { schema: BudgetSetupSchemas.save, ...save }, async (request) => {
    const { auxiType, id } = request.body;
    await requireAnyButton(db, request, buttonsOf(auxiType, id?.trim() ? 'edit' : 'add'));
    const saved = await saveDetail(
      db,
      { scope: scopeOf(request), mayChooseSubjects: await holdsSubjectRight(db, request) },
      request.body,
    );
    const message =
      saved.unlinkedSubjects.length === 0
        ? '保存成功'
        : `保存成功；科目${saved.unlinkedSubjects.join('、')}本年已有期初或凭证，未挂项目辅助核算，请在科目设置中处理`;
    return okEnvelope(saved, message);
  });

  app.post(under(Paths.budgetDeleteDetail), { schema: BudgetSetupSchemas.delete, ...remove }, async (request) => {
    const scope = scopeOf(request);
    const detail = (await findDetail(db.kysely, scope, request.body.id)) ?? refuse('NotFound', BudgetMessages.detailNotFound);
    await requireAnyButton(db, request, buttonsOf(detail.auxi_type, 'delete'));
    await deleteDetail(db, scope, detail.id);
    return okEnvelope(null, '删除成功');
  });

  app.post(
    under(Paths.budgetJudgeBigProjects),
    { schema: BudgetSetupSchemas.judge, ...onLedger(Right.pages(Page.voucherAdd, PB, ZC)) },
    async (request) =>
      okEnvelope(
        await judgeBigProjects(db.kysely, scopeOf(request), {
          typeNo: request.body.typeNo?.trim() ?? '',
          infoNo: request.body.infoNo?.trim() ?? '',
          subjectCode: request.body.subjectCode?.trim() ?? '',
        }),
      ),
  );

  app.post(
    under(Paths.budgetProjectIndicators),
    { schema: BudgetSetupSchemas.indicators, ...onLedger(Right.pages(Page.voucherAdd, PB)) },
    async (request) => {
      const scope = scopeOf(request);
      return okEnvelope(await readIndicators(db.kysely, scope, await projectOf(db.kysely, scope, request.body)));
    },
  );

  app.post(
    under(Paths.budgetSaveIndicators),
    { schema: BudgetSetupSchemas.saveIndicators, ...onLedger(Right.buttons([[PB, 'edit']])) },
    async (request) => okEnvelope(await saveIndicators(db, scopeOf(request), request.body), '保存成功'),
  );
}
