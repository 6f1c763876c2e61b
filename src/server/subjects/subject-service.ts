/**
 * Adding, editing, deleting, enabling and disabling subjects of the session's ledger set and year.
 * Each call validates with the shared rules (subject-code.ts), then writes in one transaction.
 *
 * Choices where the spec is silent:
 * - A last-level subject with a non-zero opening (or cumulative) amount or auxiliary openings
 *   gets no children (科目已有期初余额，不能增加下级科目): the amount would sit on a parent, whose
 *   amounts are sums. Moving it to the new child silently was rejected as surprising; the user
 *   clears the opening first, adds the detail and enters the opening there. The same holds for a
 *   subject that the year's vouchers use (their lines would sit on a parent, and the books and
 *   reports would count it beside its children), and such a subject is not deleted. Next year's
 *   chart may add the detail: the year-end carry passes the balance to it (close/carry-plan.ts).
 * - The first child takes over its parent's auxiliary types (unless the request names its own);
 *   the parent, no longer last-level, keeps none.
 * - Standard subjects keep their names, directions and existence; they may be disabled.
 * - Disabling disables the subtree; a subject with opening data is not disabled; a child is not
 *   enabled under a disabled parent.
 */
import type { SaveSubjectRequest } from '../../shared/api/subjects.js';
import type { BalanceDirection } from '../../shared/constants.js';
import {
  checkSubjectName,
  SubjectMessages,
  typeOfFirstLevelCode,
  validateNewSubject,
} from '../../shared/subjects/subject-code.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { SubjectRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import { isUniqueViolation } from '../db/errors.js';
import { currentTypeNos, demoteToParent, setSubjectTypes, typeNosOf } from '../auxiliary/subject-types.js';
import {
  chartOf,
  findSubject,
  hasOpeningData,
  listSubjects,
  removeSubjectRow,
  usedByVouchers,
  type Q,
  type Scope,
} from './subject-repository.js';

function invalid(issues: ValidationIssue[]): never {
  refuse('ValidationFailed', issues[0]?.message, issues);
}

/** Text fields as typed (the call's schema checked their types), without surrounding blanks. */
function text(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/** Normal side of a subject type: assets and expenses debit, the rest credit. */
function normalSide(type: number): BalanceDirection {
  return type === 1 || type === 5 || type === 7 ? 1 : 2;
}

/** Adds or edits a subject; answers the code. */
export async function saveSubject(db: Db, scope: Scope, body: SaveSubjectRequest): Promise<string> {
  const id = text(body.id);
  try {
    return await db.kysely
      .transaction()
      .execute((trx) => (id ? editSubject(trx, scope, id, body) : addSubject(trx, scope, body)));
  } catch (error) {
    if (isUniqueViolation(error)) refuse('Conflict', SubjectMessages.duplicate(text(body.code)));
    throw error;
  }
}

async function addSubject(trx: Q, scope: Scope, body: SaveSubjectRequest): Promise<string> {
  const { rules } = chartOf(scope);
  const code = text(body.code);
  const name = text(body.codeName);
  const parentCode = text(body.parentCode) || null;
  const dir = body.balanceDirection;
  const rows = await listSubjects(trx, scope);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const parent = parentCode ? (byCode.get(parentCode) ?? undefined) : null;
  const issues = validateNewSubject(
    { code, name, parentCode },
    {
      rules,
      parent,
      siblings: rows.filter((r) => r.parent_code === parentCode).map((r) => ({ code: r.code, isStandard: !!r.is_standard })),
      exists: (c) => byCode.has(c),
    },
  );
  if (issues.length > 0) invalid(issues);
  if (parent) {
    if (!parent.enable) refuse('BusinessRule', SubjectMessages.parentDisabled);
    if (parent.last_level && (await hasOpeningData(trx, scope, parent))) refuse('BusinessRule', SubjectMessages.parentHasBalance);
    if (parent.last_level && (await usedByVouchers(trx, scope, parent.code)))
      refuse('BusinessRule', SubjectMessages.parentHasVouchers(parent.code));
  }
  const type = parent ? parent.type : (typeOfFirstLevelCode(code, rules) ?? 1);
  await trx
    .insertInto('subject')
    .values({
      zt_id: scope.ztId,
      year: scope.year,
      code,
      name,
      parent_code: parent?.code ?? null,
      level: parent ? parent.level + 1 : 1,
      type,
      balance_direction: dir ?? parent?.balance_direction ?? normalSide(type),
      is_budget: parent ? parent.is_budget : type >= 6 ? 1 : 0,
      last_level: 1,
      is_standard: 0,
      init_amount: 0,
      enable: 1,
    })
    .execute();
  let inherited: string[] = [];
  if (parent?.last_level) {
    inherited = await currentTypeNos(trx, scope, parent.code);
    // The parent has no opening data (checked above), so its types may go.
    await demoteToParent(trx, scope, parent.code);
  }
  const types = body.auxiTypeList !== undefined ? typeNosOf(body.auxiTypeList) : inherited;
  if (types.length > 0) await setSubjectTypes(trx, scope, code, types);
  return code;
}

async function editSubject(trx: Q, scope: Scope, id: string, body: SaveSubjectRequest): Promise<string> {
  const row = await findSubject(trx, scope, id);
  if (!row) refuse('NotFound', `科目${id}不存在`);
  const code = text(body.code);
  if (code && code !== id) invalid([{ message: '科目编码不能修改', fieldId: 'code' }]);
  const name = text(body.codeName);
  const nameIssues = checkSubjectName(name);
  if (nameIssues.length > 0) invalid(nameIssues);
  const dir = body.balanceDirection ?? (row.balance_direction as BalanceDirection);
  if (row.is_standard && name !== row.name) invalid([{ message: '标准科目不能修改名称', fieldId: 'codeName' }]);
  if (dir !== row.balance_direction) {
    if (row.is_standard) invalid([{ message: '标准科目不能修改余额方向', fieldId: 'balanceDirection' }]);
    if (!row.last_level || (await hasOpeningData(trx, scope, row)))
      invalid([{ message: '科目已有下级科目或期初余额，不能修改余额方向', fieldId: 'balanceDirection' }]);
  }
  await trx
    .updateTable('subject')
    .set({ name, balance_direction: dir })
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('code', '=', id)
    .execute();
  if (body.auxiTypeList !== undefined) await setSubjectTypes(trx, scope, id, typeNosOf(body.auxiTypeList));
  return id;
}

export async function deleteSubject(db: Db, scope: Scope, code: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await findSubject(trx, scope, code);
    if (!row) refuse('NotFound', `科目${code}不存在`);
    if (row.is_standard) refuse('BusinessRule', '标准科目不能删除');
    if (!row.last_level) refuse('BusinessRule', '该科目存在下级科目，不能删除');
    if (await hasOpeningData(trx, scope, row)) refuse('BusinessRule', '科目已有期初余额，不能删除');
    if (await usedByVouchers(trx, scope, code)) refuse('BusinessRule', SubjectMessages.usedCannotDelete(code));
    await removeSubjectRow(trx, scope, code, row.parent_code);
  });
}

/** The subject and all its descendants. */
function subtree(rows: readonly SubjectRow[], code: string): SubjectRow[] {
  const out = rows.filter((r) => r.code === code);
  for (let i = 0; i < out.length; i += 1) out.push(...rows.filter((r) => r.parent_code === out[i]?.code));
  return out;
}

export async function setSubjectEnable(db: Db, scope: Scope, code: string, enable: boolean): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const rows = await listSubjects(trx, scope);
    const row = rows.find((r) => r.code === code);
    if (!row) refuse('NotFound', `科目${code}不存在`);
    let codes = [code];
    if (enable) {
      const parent = row.parent_code ? rows.find((r) => r.code === row.parent_code) : undefined;
      if (parent && !parent.enable) refuse('BusinessRule', '上级科目已停用，不能启用下级科目');
    } else {
      const tree = subtree(rows, code);
      for (const r of tree) {
        if (await hasOpeningData(trx, scope, r)) refuse('BusinessRule', `科目${r.code}已有期初余额，不能停用`);
      }
      codes = tree.map((r) => r.code);
    }
    await trx
      .updateTable('subject')
      .set({ enable: enable ? 1 : 0 })
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .where('code', 'in', codes)
      .execute();
  });
}
