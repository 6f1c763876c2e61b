/**
 * Carry-forward templates (type 4): the built-ins of the set's chart (data in
 * templates/carry-forward, never stored, never deleted) and the set's own. Saving a built-in
 * stores a copy that replaces it: the built-in is no longer listed or used, and deleting the copy
 * brings it back. Templates are listed, and used by a generation, in their order (templateSort;
 * a built-in keeps its place in the data, a copy takes the place of the built-in it replaces).
 */
import { randomUUID } from 'node:crypto';
import type { AuxiTypeRef } from '../../shared/api/subjects.js';
import type {
  CarryForwardDetail,
  CarryForwardTemplate,
  SaveAnyTemplateBody,
  TemplateListQuery,
} from '../../shared/api/templates.js';
import type { Paged, ValidationIssue } from '../../shared/envelope.js';
import { AuxiMessages, type AuxiChoice } from '../../shared/subjects/auxiliary-rules.js';
import { CarryForwardMessages, isAmountType, validateCarryForward } from '../../shared/templates/carry-forward-rules.js';
import {
  CARRY_FORWARD_TEMPLATE,
  TEMPLATE_PAGE_SIZE,
  TemplateMessages,
  templateTypeName,
} from '../../shared/templates/template-rules.js';
import { CARRY_BUILT_IN_PREFIX, builtInCarryForwardFor } from '../../../templates/carry-forward/index.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import { chartOf, type Q, type Scope } from '../subjects/subject-repository.js';
import { listStoredCarry, writeCarry, type CarryRow, type CarryTemplate } from './carry-forward-repository.js';
import { nameTaken } from './template-repository.js';

export const isBuiltInCarryId = (id: string) => id.startsWith(CARRY_BUILT_IN_PREFIX);

function builtInCarry(scope: Pick<Scope, 'system'>): CarryTemplate[] {
  return builtInCarryForwardFor(chartOf({ ztId: 0, year: 0, system: scope.system }).chart.id).map(({ id, template }, i) => ({
    id,
    name: template.name,
    isMonth: template.isMonth,
    summary: template.summary,
    memo: template.memo,
    carryOverAmountType: template.carryOverAmountType,
    templateSort: i + 1,
    replacesBuiltIn: null,
    rows: template.rows.map((r) => ({
      subjectCode: r.subjectCode,
      auxis: (r.auxis ?? []).map((a) => ({ ...a })),
      carryOverAmountType: r.carryOverAmountType,
      intoSubjectCode: r.intoSubjectCode,
      intoAuxis: [],
    })),
  }));
}

/** The set's templates in use, in their order: built-ins not replaced by a copy, and the set's own. */
export async function activeCarryTemplates(q: Q, scope: Pick<Scope, 'ztId' | 'system'>): Promise<CarryTemplate[]> {
  const own = await listStoredCarry(q, scope.ztId);
  const replaced = new Set(own.map((t) => t.replacesBuiltIn).filter((id): id is string => id !== null));
  const builtIns = builtInCarry(scope).filter((t) => !replaced.has(t.id));
  // Stable: at the same order number a built-in comes first, then the own in their stored order.
  return [...builtIns, ...own].sort((a, b) => a.templateSort - b.templateSort);
}

interface Names {
  subjects: Map<string, { code: string; name: string; parentCode: string | null; lastLevel: boolean; enable: boolean }>;
  types: Map<string, AuxiTypeRef[]>;
  typeName: Map<string, string>;
  items: Map<string, { infoName: string; parentNo: string | null }>;
  parents: Set<string>;
}

const itemKey = (typeNo: string, infoNo: string) => `${typeNo}\u0000${infoNo}`;

async function namesOf(q: Q, scope: Scope): Promise<Names> {
  const [subjects, links, types, items] = await Promise.all([
    q
      .selectFrom('subject')
      .select(['code', 'name', 'parent_code', 'last_level', 'enable'])
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .execute(),
    q
      .selectFrom('subject_auxi_type as l')
      .innerJoin('auxi_type as t', (j) => j.onRef('t.zt_id', '=', 'l.zt_id').onRef('t.type_no', '=', 'l.type_no'))
      .select(['l.code', 't.type_no', 't.type_name'])
      .where('l.zt_id', '=', scope.ztId)
      .where('l.year', '=', scope.year)
      .orderBy('t.sort')
      .orderBy('t.type_no')
      .execute(),
    q.selectFrom('auxi_type').select(['type_no', 'type_name']).where('zt_id', '=', scope.ztId).execute(),
    q.selectFrom('auxi_info').select(['type_no', 'info_no', 'info_name', 'parent_no']).where('zt_id', '=', scope.ztId).execute(),
  ]);
  const typesOf = new Map<string, AuxiTypeRef[]>();
  for (const l of links) {
    const list = typesOf.get(l.code) ?? [];
    list.push({ typeNo: l.type_no, typeName: l.type_name });
    typesOf.set(l.code, list);
  }
  return {
    subjects: new Map(
      subjects.map((s) => [
        s.code,
        { code: s.code, name: s.name, parentCode: s.parent_code, lastLevel: s.last_level === 1, enable: s.enable === 1 },
      ]),
    ),
    types: typesOf,
    typeName: new Map(types.map((t) => [t.type_no, t.type_name])),
    items: new Map(items.map((i) => [itemKey(i.type_no, i.info_no), { infoName: i.info_name, parentNo: i.parent_no }])),
    parents: new Set(items.filter((i) => i.parent_no).map((i) => itemKey(i.type_no, i.parent_no ?? ''))),
  };
}

function fullName(names: Names, code: string): string {
  const parts: string[] = [];
  for (let at = names.subjects.get(code); at; at = at.parentCode ? names.subjects.get(at.parentCode) : undefined)
    parts.unshift(at.name);
  return parts.join('-');
}

/** A subject's auxiliary types; a parent's are those of the last-level subjects under it. */
function typesUnder(names: Names, code: string): AuxiTypeRef[] {
  const own = names.types.get(code);
  if (own) return own;
  const seen = new Map<string, AuxiTypeRef>();
  for (const [leaf, list] of names.types) {
    for (let at = names.subjects.get(leaf); at; at = at.parentCode ? names.subjects.get(at.parentCode) : undefined) {
      if (at.code !== code) continue;
      for (const t of list) seen.set(t.typeNo, t);
      break;
    }
  }
  return [...seen.values()];
}

function withNames(names: Names, auxis: readonly AuxiChoice[]) {
  return auxis.map((a) => ({ ...a, infoName: names.items.get(itemKey(a.typeNo, a.infoNo))?.infoName ?? '' }));
}

function toDetail(row: CarryRow, names: Names): CarryForwardDetail {
  const out = names.subjects.get(row.subjectCode);
  const into = names.subjects.get(row.intoSubjectCode);
  return {
    subjectCode: row.subjectCode,
    subjectName: out?.name ?? '',
    codeAndFullName: out ? `${row.subjectCode} ${fullName(names, row.subjectCode)}` : row.subjectCode,
    auxis: withNames(names, row.auxis),
    carryOverAmountType: row.carryOverAmountType,
    intoSubjectCode: row.intoSubjectCode,
    intoSubjectName: into?.name ?? '',
    intoCodeAndFullName: into ? `${row.intoSubjectCode} ${fullName(names, row.intoSubjectCode)}` : row.intoSubjectCode,
    intoAuxis: withNames(names, row.intoAuxis),
    auxiTypeList: typesUnder(names, row.subjectCode),
    intoAuxiTypeList: names.types.get(row.intoSubjectCode) ?? [],
  };
}

function toTemplate(t: CarryTemplate, names: Names): CarryForwardTemplate {
  return {
    id: t.id,
    name: t.name,
    template: CARRY_FORWARD_TEMPLATE,
    templateName: templateTypeName(CARRY_FORWARD_TEMPLATE),
    isBuiltIn: isBuiltInCarryId(t.id),
    templateSort: t.templateSort,
    isMonth: t.isMonth,
    summary: t.summary,
    memo: t.memo,
    policyBasis: '',
    carryOverAmountType: t.carryOverAmountType,
    details: t.rows.map((r) => toDetail(r, names)),
  };
}

export async function listCarry(db: Db, scope: Scope, query: TemplateListQuery): Promise<Paged<CarryForwardTemplate>> {
  const name = query.name?.trim() ?? '';
  const all = (await activeCarryTemplates(db.kysely, scope)).filter(
    (t) =>
      (query.isMonth === undefined || t.isMonth === query.isMonth) &&
      (query.isBuiltIn === undefined || isBuiltInCarryId(t.id) === query.isBuiltIn) &&
      (name === '' || t.name.includes(name)),
  );
  const size = Math.min(Math.max(query.pageSize ?? TEMPLATE_PAGE_SIZE, 1), TEMPLATE_PAGE_SIZE);
  const index = Math.max(query.pageIndex ?? 1, 1);
  const names = await namesOf(db.kysely, scope);
  return {
    currentPageItems: all.slice((index - 1) * size, index * size).map((t) => toTemplate(t, names)),
    totalItemCount: all.length,
  };
}

/** A carry-forward template by id (a replaced built-in is still found by its id), or undefined. */
export async function findCarry(db: Db, scope: Scope, id: string): Promise<CarryForwardTemplate | undefined> {
  const found = isBuiltInCarryId(id)
    ? builtInCarry(scope).find((t) => t.id === id)
    : (await listStoredCarry(db.kysely, scope.ztId, [id]))[0];
  return found ? toTemplate(found, await namesOf(db.kysely, scope)) : undefined;
}

/** The items a row names (empty choices are left out). */
function choicesOf(value: readonly AuxiChoice[] | undefined): AuxiChoice[] {
  return (value ?? [])
    .map((a) => ({ typeNo: a.typeNo.trim(), infoNo: a.infoNo.trim() }))
    .filter((a) => a.typeNo !== '' && a.infoNo !== '');
}

function parseRows(body: SaveAnyTemplateBody): CarryRow[] {
  return body.details.map((d) => ({
    subjectCode: d.subjectCode?.trim() ?? '',
    auxis: choicesOf(d.auxis),
    carryOverAmountType: d.carryOverAmountType ?? Number.NaN,
    intoSubjectCode: d.intoSubjectCode?.trim() ?? '',
    intoAuxis: choicesOf(d.intoAuxis),
  }));
}

/** The checks that need the chart: subjects exist, the carry-in one is last level, its items complete leaves. */
function chartIssues(rows: readonly CarryRow[], names: Names): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  rows.forEach((row, i) => {
    const rowId = i + 1;
    const at = `第${rowId}行`;
    if (row.subjectCode && !names.subjects.has(row.subjectCode))
      issues.push({ message: `${at}转出科目${row.subjectCode}不存在`, rowId, fieldId: 'subjectCode' });
    const seen = new Set<string>();
    for (const a of row.auxis) {
      const typeName = names.typeName.get(a.typeNo) ?? a.typeNo;
      if (seen.has(a.typeNo)) issues.push({ message: `${at}辅助核算类型${a.typeNo}只能选择一个辅助项`, rowId, fieldId: 'auxis' });
      else if (!names.items.has(itemKey(a.typeNo, a.infoNo)))
        issues.push({ message: at + AuxiMessages.itemMissing(typeName), rowId, fieldId: 'auxis' });
      seen.add(a.typeNo);
    }
    if (!row.intoSubjectCode) return;
    const into = names.subjects.get(row.intoSubjectCode);
    if (!into || !into.enable) {
      issues.push({ message: `${at}转入科目${row.intoSubjectCode}不存在或未启用`, rowId, fieldId: 'intoSubjectCode' });
      return;
    }
    if (!into.lastLevel) {
      issues.push({ message: at + CarryForwardMessages.intoLastLevel, rowId, fieldId: 'intoSubjectCode' });
      return;
    }
    const types = names.types.get(row.intoSubjectCode) ?? [];
    const given = new Set<string>();
    for (const a of row.intoAuxis) {
      if (!types.some((t) => t.typeNo === a.typeNo) || given.has(a.typeNo))
        issues.push({ message: at + AuxiMessages.notOfSubject(a.typeNo), rowId, fieldId: 'intoAuxis' });
      else if (!names.items.has(itemKey(a.typeNo, a.infoNo)) || names.parents.has(itemKey(a.typeNo, a.infoNo)))
        issues.push({ message: at + CarryForwardMessages.leafOnly, rowId, fieldId: 'intoAuxis' });
      given.add(a.typeNo);
    }
    if (types.some((t) => !given.has(t.typeNo)))
      issues.push({ message: at + CarryForwardMessages.intoAuxiMissing, rowId, fieldId: 'intoAuxis' });
  });
  return issues;
}

/** Saves; resolves with the stored template and the message for the user. */
export async function saveCarry(
  db: Db,
  scope: Scope & { userId: number },
  body: SaveAnyTemplateBody,
): Promise<{ template: CarryForwardTemplate; message: string }> {
  const { isMonth } = body;
  if (isMonth === undefined) refuse('BadRequest', '缺少参数isMonth（true 期末结转，false 年末结转）');
  const rows = parseRows(body);
  const draft = {
    name: body.name.trim(),
    summary: body.summary?.trim() ?? '',
    memo: body.memo?.trim() ?? '',
    carryOverAmountType: isAmountType(body.carryOverAmountType) ? body.carryOverAmountType : null,
    rows,
  };
  const names = await namesOf(db.kysely, scope);
  const issues = [...validateCarryForward(draft), ...chartIssues(rows, names)];
  if (issues.length > 0) refuse('ValidationFailed', issues[0]?.message ?? '数据校验失败', issues);

  const given = body.id ?? null;
  const builtIn = given !== null && isBuiltInCarryId(given) ? builtInCarry(scope).find((t) => t.id === given) : undefined;
  if (given !== null && isBuiltInCarryId(given) && !builtIn) refuse('NotFound', '模板不存在');
  const id = given === null || builtIn ? randomUUID() : given;
  const isNew = given === null || builtIn !== undefined;
  await db.kysely.transaction().execute(async (trx) => {
    if (!isNew && (await listStoredCarry(trx, scope.ztId, [id])).length === 0) refuse('NotFound', '模板不存在');
    if (builtIn) {
      const copy = (await listStoredCarry(trx, scope.ztId)).find((t) => t.replacesBuiltIn === builtIn.id);
      if (copy) refuse('Conflict', `内置模板已另存为“${copy.name}”，请修改该模板`);
    }
    if (await nameTaken(trx, scope.ztId, draft.name, isNew ? null : id)) {
      const message = TemplateMessages.duplicateName(draft.name);
      refuse('ValidationFailed', message, [{ message, fieldId: 'name' }]);
    }
    await writeCarry(
      trx,
      scope.ztId,
      scope.userId,
      {
        id,
        name: draft.name,
        isMonth,
        summary: draft.summary,
        memo: draft.memo,
        carryOverAmountType: draft.carryOverAmountType ?? 1,
        replacesBuiltIn: builtIn?.id ?? null,
        rows,
        ...(builtIn ? { templateSort: builtIn.templateSort } : {}),
      },
      isNew,
    );
  });
  const stored = (await listStoredCarry(db.kysely, scope.ztId, [id]))[0];
  if (!stored) throw new Error('模板保存后未找到');
  return { template: toTemplate(stored, names), message: builtIn ? TemplateMessages.builtInChange : '保存成功' };
}
