/**
 * Budget categories and details of the session's year, added, edited and deleted (项目预算,
 * 支出分类设置), each with its auxiliary item (setup-items.ts) in one transaction.
 *
 * What must stay true:
 * - while the year's plan is submitted or approved (plan-state.ts) no detail is added or deleted
 *   and no detail's amounts or subjects change: an edit then may only rename (refused 4011);
 * - before approval the adjusted budget is the opening budget (方案填报 keys the opening budget;
 *   预算调整 changes the adjusted one after approval, with its history);
 * - a detail that voucher lines carry is not deleted (its spent would lose its budget);
 * - subjects are named only by a holder of 项目预算's zdrapproval (the caller says whether the
 *   user holds it), and a holder must name them on a project budget (spec).
 */
import { PostgresAdapter } from 'kysely';
import type { SaveBudgetDetailRequest, SaveBudgetTypeRequest, SavedDetail } from '../../shared/api/schemas/budget-setup.js';
import { EXPEND_CLASSES, itemTypeOf, type BudgetAuxiType } from '../../shared/budget/classes.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { classOfType, isProjectType, validateCategory, validateDetail } from '../../shared/budget/setup-rules.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import type { YuanAmount } from '../../shared/api/vouchers.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { refuse } from '../http/app-error.js';
import type { Q, Scope } from '../subjects/subject-repository.js';
import { assertPlanEditable } from './plan-state.js';
import { dropItem, itemOnVouchers, placeItem, renameItem } from './setup-items.js';
import { checkBudgetSubjects, linkTypeToSubjects, subjectsOf } from './setup-subjects.js';

const text = (value: string | null | undefined): string => (value ?? '').trim();

function fenOf(value: YuanAmount | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const result = yuanToFen(value);
  if (!result.ok) refuse('BadRequest', result.message);
  return result.fen;
}

function invalid(issues: readonly ValidationIssue[]): void {
  if (issues.length > 0) refuse('ValidationFailed', issues[0]?.message, issues);
}

/** Names are checked inside the transaction: a unique violation is a concurrent save of the same name or item code. */
async function inTransaction<T>(db: Db, run: (trx: Q) => Promise<T>): Promise<T> {
  try {
    return await db.kysely.transaction().execute(run);
  } catch (error) {
    if (isUniqueViolation(error)) refuse('Conflict', BudgetMessages.saveConflict);
    throw error;
  }
}

export async function findCategory(q: Q, scope: Scope, id: string) {
  return q
    .selectFrom('budget_category')
    .selectAll()
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findDetail(q: Q, scope: Scope, id: string) {
  return q
    .selectFrom('budget_project')
    .selectAll()
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The class item a category of the type sits under (JFHS classes), null for a top-level item. */
function parentItemOf(auxiType: BudgetAuxiType): string | null {
  if (isProjectType(auxiType)) return null;
  const code = classOfType(auxiType);
  return EXPEND_CLASSES.find((c) => c.code === code)?.jfhsItem ?? null;
}

async function refuseDuplicateName(q: Q, scope: Scope, auxiType: string, name: string, exceptId: string | null): Promise<void> {
  const same = await q
    .selectFrom('budget_category')
    .select('id')
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('auxi_type', '=', auxiType)
    .where('type_name', '=', name)
    .executeTakeFirst();
  if (same && same.id !== exceptId) {
    const message = BudgetMessages.categoryNameDuplicate(name);
    refuse('ValidationFailed', message, [{ message, fieldId: 'typeName' }]);
  }
}

/** Adds a category or renames one; answers it. */
export async function saveCategory(db: Db, scope: Scope, body: SaveBudgetTypeRequest) {
  const auxiType = body.auxiType;
  const typeName = text(body.typeName);
  invalid(validateCategory({ auxiType, typeName, expendBudgetClassification: text(body.expendBudgetClassification) || null }));
  const typeId = text(body.typeId);
  return inTransaction(db, async (trx) => {
    if (typeId) {
      const category = (await findCategory(trx, scope, typeId)) ?? refuse('NotFound', BudgetMessages.categoryNotFound);
      if (category.auxi_type !== auxiType) refuse('ValidationFailed', BudgetMessages.classMismatch);
      await refuseDuplicateName(trx, scope, auxiType, typeName, category.id);
      await trx
        .updateTable('budget_category')
        .set({ type_name: typeName })
        .where('zt_id', '=', scope.ztId)
        .where('id', '=', category.id)
        .execute();
      await renameItem(trx, scope.ztId, category.type_no, category.info_no, typeName);
      return { ...category, type_name: typeName };
    }
    await refuseDuplicateName(trx, scope, auxiType, typeName, null);
    const typeNo = itemTypeOf(auxiType);
    const infoNo = await placeItem(
      trx,
      { ztId: scope.ztId, year: scope.year, typeNo, parentNo: parentItemOf(auxiType) },
      typeName,
    );
    const row = {
      zt_id: scope.ztId,
      id: timeOrderedId(),
      year: scope.year,
      auxi_type: auxiType,
      type_name: typeName,
      expend_class: classOfType(auxiType),
      type_no: typeNo,
      info_no: infoNo,
      created_at: Date.now(),
    };
    await trx.insertInto('budget_category').values(row).execute();
    return row;
  });
}

export async function deleteCategory(db: Db, scope: Scope, id: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const category = (await findCategory(trx, scope, id)) ?? refuse('NotFound', BudgetMessages.categoryNotFound);
    const detail = await trx
      .selectFrom('budget_project')
      .select('id')
      .where('zt_id', '=', scope.ztId)
      .where('type_id', '=', category.id)
      .executeTakeFirst();
    if (detail) refuse('BusinessRule', BudgetMessages.categoryHasDetails);
    await trx.deleteFrom('budget_category').where('zt_id', '=', scope.ztId).where('id', '=', category.id).execute();
    await dropItem(trx, scope.ztId, category.type_no, category.info_no);
  });
}

export interface DetailSaveContext {
  scope: Scope;
  /** The user holds 项目预算's zdrapproval. */
  mayChooseSubjects: boolean;
}

/** Adds or edits a detail; answers it with the subjects linked to its item's type. */
export async function saveDetail(db: Db, ctx: DetailSaveContext, body: SaveBudgetDetailRequest): Promise<SavedDetail> {
  const { scope } = ctx;
  const auxiType = body.auxiType;
  const project = isProjectType(auxiType);
  const id = text(body.id);
  const typeId = text(body.typeId) || null;
  const projectName = text(body.projectName);
  const projectAmount = fenOf(body.projectAmount);
  const opening = project ? fenOf(body.amountBeforeAdjustment) : projectAmount;
  const subjectsSent = body.subjectCodeArray !== undefined && body.subjectCodeArray !== null;
  const sent = subjectsOf(body.subjectCodeArray);
  return inTransaction(db, async (trx) => {
    const existing = id ? ((await findDetail(trx, scope, id)) ?? refuse('NotFound', BudgetMessages.detailNotFound)) : null;
    const kept = existing ? subjectsOf(existing.subject_codes) : [];
    // A user without zdrapproval keeps a detail's subjects as they are: sending none (or the same) is no change.
    const subjects = subjectsSent ? sent : kept;
    const subjectsChanged = subjects.join(',') !== kept.join(',');
    if (subjectsChanged && !ctx.mayChooseSubjects) refuse('Forbidden', BudgetMessages.subjectsNeedRight);
    // Concurrent adds under one category take its next item codes one after the other (PostgreSQL; SQLite has one writer).
    if (typeId && trx.getExecutor().adapter instanceof PostgresAdapter)
      await trx
        .selectFrom('budget_category')
        .select('id')
        .where('zt_id', '=', scope.ztId)
        .where('id', '=', typeId)
        .forUpdate()
        .execute();
    const category = typeId ? await findCategory(trx, scope, typeId) : undefined;
    if (typeId && !category) refuse('NotFound', BudgetMessages.categoryNotFound);
    invalid(
      validateDetail({
        auxiType,
        categoryClass: category?.expend_class ?? null,
        typeId: category?.id ?? null,
        projectName,
        projectAmount,
        amountBeforeAdjustment: opening,
        expendBudgetClassification: text(body.expendBudgetClassification) || null,
        subjects,
        mayChooseSubjects: ctx.mayChooseSubjects && (!existing || subjectsSent),
      }),
    );
    if (!category || projectAmount === null || opening === null) return refuse('ValidationFailed');
    if (category.auxi_type !== auxiType) refuse('ValidationFailed', BudgetMessages.classMismatch);
    await checkBudgetSubjects(trx, scope, subjects);
    const duplicate = await trx
      .selectFrom('budget_project')
      .select('id')
      .where('zt_id', '=', scope.ztId)
      .where('type_id', '=', category.id)
      .where('project_name', '=', projectName)
      .executeTakeFirst();
    if (duplicate && duplicate.id !== existing?.id) {
      const message = BudgetMessages.projectNameDuplicate(projectName);
      refuse('ValidationFailed', message, [{ message, fieldId: 'projectName' }]);
    }
    const now = Date.now();
    if (existing) {
      if (existing.type_id !== category.id) refuse('ValidationFailed', BudgetMessages.categoryFixed);
      const amountsChanged =
        Number(existing.amount_before_adjustment) !== opening || Number(existing.project_amount) !== projectAmount;
      if (amountsChanged || subjectsChanged) await assertPlanEditable(trx, scope.ztId, scope.year);
      if (amountsChanged && projectAmount !== opening) refuse('ValidationFailed', BudgetMessages.adjustedFollowsOpening);
      await trx
        .updateTable('budget_project')
        .set((eb) => ({
          project_name: projectName,
          amount_before_adjustment: opening,
          project_amount: projectAmount,
          subject_codes: subjects.join(','),
          updated_at: now,
          revision: eb('revision', '+', 1),
        }))
        .where('zt_id', '=', scope.ztId)
        .where('id', '=', existing.id)
        .execute();
      await renameItem(trx, scope.ztId, existing.type_no, existing.info_no, projectName);
      const links = subjectsChanged
        ? await linkTypeToSubjects(trx, scope, existing.type_no, subjects)
        : { linked: [], unlinked: [] };
      return {
        budgetId: existing.id,
        typeNo: existing.type_no,
        infoNo: existing.info_no,
        linkedSubjects: links.linked,
        unlinkedSubjects: links.unlinked,
      };
    }
    await assertPlanEditable(trx, scope.ztId, scope.year);
    if (projectAmount !== opening) refuse('ValidationFailed', BudgetMessages.adjustedFollowsOpening);
    const typeNo = category.type_no;
    const infoNo = await placeItem(trx, { ztId: scope.ztId, year: scope.year, typeNo, parentNo: category.info_no }, projectName);
    const budgetId = timeOrderedId();
    await trx
      .insertInto('budget_project')
      .values({
        zt_id: scope.ztId,
        id: budgetId,
        year: scope.year,
        type_id: category.id,
        auxi_type: category.auxi_type,
        type_no: typeNo,
        info_no: infoNo,
        project_name: projectName,
        expend_class: category.expend_class,
        amount_before_adjustment: opening,
        project_amount: projectAmount,
        subject_codes: subjects.join(','),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const links = await linkTypeToSubjects(trx, scope, typeNo, subjects);
    return { budgetId, typeNo, infoNo, linkedSubjects: links.linked, unlinkedSubjects: links.unlinked };
  });
}

export async function deleteDetail(db: Db, scope: Scope, id: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const detail = (await findDetail(trx, scope, id)) ?? refuse('NotFound', BudgetMessages.detailNotFound);
    await assertPlanEditable(trx, scope.ztId, scope.year);
    if (await itemOnVouchers(trx, scope.ztId, detail.type_no, detail.info_no))
      refuse('BusinessRule', BudgetMessages.detailUsedByVouchers);
    await trx.deleteFrom('budget_indicator').where('zt_id', '=', scope.ztId).where('project_id', '=', detail.id).execute();
    await trx.deleteFrom('budget_adjustment').where('zt_id', '=', scope.ztId).where('project_id', '=', detail.id).execute();
    await trx.deleteFrom('budget_project').where('zt_id', '=', scope.ztId).where('id', '=', detail.id).execute();
    await dropItem(trx, scope.ztId, detail.type_no, detail.info_no);
  });
}
