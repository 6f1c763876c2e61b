/**
 * Voucher templates: the built-ins of the set's chart (data in templates/voucher-templates, never
 * stored, never deleted; changing one saves a copy) and the set's own, stored. Lines are checked
 * against the session year's chart: a named subject must exist, be enabled and be last level.
 */
import { randomUUID } from 'node:crypto';
import type { Paged } from '../../shared/envelope.js';
import type {
  AnyTemplate,
  SaveAnyTemplateBody,
  TemplateLine,
  TemplateListQuery,
  VoucherTemplate,
} from '../../shared/api/templates.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import {
  CARRY_FORWARD_TEMPLATE,
  TEMPLATE_PAGE_SIZE,
  TemplateMessages,
  templateLines,
  templateTypeName,
  validateTemplate,
} from '../../shared/templates/template-rules.js';
import { fenToYuan, optionalYuanToFen } from '../../shared/vouchers/amounts.js';
import type { BalanceDirection } from '../../shared/constants.js';
import { BUILT_IN_PREFIX, builtInTemplatesFor } from '../../../templates/voucher-templates/index.js';
import type { Db } from '../db/database.js';
import type { SubjectRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import { chartOf, listSubjects, type Scope } from '../subjects/subject-repository.js';
import { fullNameOf } from '../subjects/subject-items.js';
import { findCarry, saveCarry } from './carry-forward-service.js';
import {
  deleteTemplate,
  listStored,
  nameTaken,
  setSort,
  writeTemplate,
  type StoredLine,
  type StoredTemplate,
} from './template-repository.js';

export interface TemplateScope extends Scope {
  userId: number;
}

interface Names {
  subjects: Map<string, SubjectRow>;
  auxi: Map<string, string>;
}

async function namesOf(db: Db, scope: Scope): Promise<Names> {
  const rows = await listSubjects(db.kysely, scope);
  const infos = await db.kysely
    .selectFrom('auxi_info')
    .select(['type_no', 'info_no', 'info_name'])
    .where('zt_id', '=', scope.ztId)
    .execute();
  return {
    subjects: new Map(rows.map((r) => [r.code, r])),
    auxi: new Map(infos.map((i) => [`${i.type_no}:${i.info_no}`, i.info_name])),
  };
}

function toLine(line: StoredLine, names: Names): TemplateLine {
  const subject = line.subjectCode ? names.subjects.get(line.subjectCode) : undefined;
  return {
    summary: line.summary,
    subjectCode: line.subjectCode,
    code: line.subjectCode,
    subjectName: subject?.name ?? '',
    codeAndFullName: subject ? `${subject.code} ${fullNameOf(subject, names.subjects)}` : (line.subjectCode ?? ''),
    balanceDirection: (subject?.balance_direction ?? (line.creditFen ? 2 : 1)) as BalanceDirection,
    debitAmount: line.debitFen === null ? null : fenToYuan(line.debitFen),
    creditAmount: line.creditFen === null ? null : fenToYuan(line.creditFen),
    auxis: line.auxis.map((a) => ({ ...a, infoName: names.auxi.get(`${a.typeNo}:${a.infoNo}`) ?? '' })),
  };
}

function builtIns(scope: Scope): StoredTemplate[] {
  return builtInTemplatesFor(chartOf(scope).chart.id).map(({ id, template }, i) => ({
    id,
    name: template.name,
    policyBasis: template.policyBasis,
    memo: '',
    template: template.template,
    templateSort: i + 1,
    isMonth: false,
    lines: template.lines.map((l) => ({
      summary: l.summary,
      subjectCode: l.subjectCode,
      debitFen: null,
      creditFen: null,
      auxis: [],
    })),
  }));
}

const isBuiltInId = (id: string) => id.startsWith(BUILT_IN_PREFIX);

function toTemplate(t: StoredTemplate, names: Names): VoucherTemplate {
  return {
    id: t.id,
    name: t.name,
    policyBasis: t.policyBasis,
    memo: t.memo,
    template: t.template,
    templateName: templateTypeName(t.template),
    isBuiltIn: isBuiltInId(t.id),
    templateSort: t.templateSort,
    isMonth: t.isMonth,
    details: t.lines.map((l) => toLine(l, names)),
  };
}

/** Built-ins first, then the set's own in their order, filtered as the spec's list params say. */
async function allTemplates(db: Db, scope: Scope, query: TemplateListQuery): Promise<StoredTemplate[]> {
  const own = await listStored(db.kysely, scope.ztId);
  const name = query.name?.trim() ?? '';
  return [...(query.isBuiltIn === false ? [] : builtIns(scope)), ...(query.isBuiltIn === true ? [] : own)].filter(
    (t) =>
      (query.template === undefined || t.template === query.template) &&
      (name === '' || t.name.includes(name)) &&
      (query.isMonth === undefined || t.isMonth === query.isMonth),
  );
}

export async function listTemplates(db: Db, scope: Scope, query: TemplateListQuery): Promise<Paged<VoucherTemplate>> {
  const all = await allTemplates(db, scope, query);
  const size = Math.min(Math.max(query.pageSize ?? TEMPLATE_PAGE_SIZE, 1), TEMPLATE_PAGE_SIZE);
  const index = Math.max(query.pageIndex ?? 1, 1);
  const names = await namesOf(db, scope);
  return {
    currentPageItems: all.slice((index - 1) * size, index * size).map((t) => toTemplate(t, names)),
    totalItemCount: all.length,
  };
}

export async function selectTemplates(db: Db, scope: Scope, template: number | undefined): Promise<VoucherTemplate[]> {
  const names = await namesOf(db, scope);
  return (await allTemplates(db, scope, { template, isMonth: false })).map((t) => toTemplate(t, names));
}

export async function templateDetail(db: Db, scope: Scope, id: string): Promise<AnyTemplate> {
  const carry = await findCarry(db, scope, id);
  if (carry) return carry;
  const found = isBuiltInId(id) ? builtIns(scope).find((t) => t.id === id) : (await listStored(db.kysely, scope.ztId, [id]))[0];
  if (!found) refuse('NotFound', '模板不存在');
  return toTemplate(found, await namesOf(db, scope));
}

interface ParsedLine extends StoredLine {
  row: number;
}

function parseLines(request: SaveAnyTemplateBody, issues: ValidationIssue[]): ParsedLine[] {
  return request.details.map((d, i) => {
    const debit = optionalYuanToFen(d.debitAmount);
    const credit = optionalYuanToFen(d.creditAmount);
    if (!debit.ok) issues.push({ message: `第${i + 1}行${debit.message}`, rowId: i + 1, fieldId: 'debitAmount' });
    if (!credit.ok) issues.push({ message: `第${i + 1}行${credit.message}`, rowId: i + 1, fieldId: 'creditAmount' });
    const code = d.subjectCode?.trim() || null;
    return {
      row: i + 1,
      summary: d.summary?.trim() ?? '',
      subjectCode: code,
      debitFen: debit.ok ? debit.fen : null,
      creditFen: credit.ok ? credit.fen : null,
      auxis: (d.auxis ?? []).map((a) => ({ typeNo: a.typeNo, infoNo: a.infoNo })),
    };
  });
}

/** Saves; resolves with the stored template and the message for the user. */
export async function saveTemplate(
  db: Db,
  scope: TemplateScope,
  request: SaveAnyTemplateBody,
): Promise<{ template: AnyTemplate; message: string }> {
  if (request.template === CARRY_FORWARD_TEMPLATE) return saveCarry(db, scope, request);
  const issues: ValidationIssue[] = [];
  const parsed = parseLines(request, issues);
  const name = request.name.trim();
  const policyBasis = request.policyBasis?.trim() ?? '';
  const type = request.template;
  issues.push(...validateTemplate({ name, policyBasis, template: type, lines: parsed }));
  const names = await namesOf(db, scope);
  for (const line of parsed) {
    if (!line.subjectCode) continue;
    const subject = names.subjects.get(line.subjectCode);
    if (!subject || subject.enable !== 1)
      issues.push({ message: `第${line.row}行科目${line.subjectCode}不存在或未启用`, rowId: line.row, fieldId: 'subjectCode' });
    else if (subject.last_level !== 1)
      issues.push({ message: `第${line.row}行请选择末级科目`, rowId: line.row, fieldId: 'subjectCode' });
  }
  if (issues.length > 0) refuse('ValidationFailed', issues[0]?.message ?? '数据校验失败', issues);

  const given = request.id ?? null;
  const copyOfBuiltIn = given !== null && isBuiltInId(given);
  const id = given === null || copyOfBuiltIn ? randomUUID() : given;
  const lines = templateLines(parsed).map(({ row: _row, ...line }) => line);
  await db.kysely.transaction().execute(async (trx) => {
    if (given !== null && !copyOfBuiltIn && (await listStored(trx, scope.ztId, [given])).length === 0)
      refuse('NotFound', '模板不存在');
    if (await nameTaken(trx, scope.ztId, name, given !== null && !copyOfBuiltIn ? given : null)) {
      refuse('ValidationFailed', TemplateMessages.duplicateName(name), [
        { message: TemplateMessages.duplicateName(name), fieldId: 'name' },
      ]);
    }
    await writeTemplate(
      trx,
      scope.ztId,
      scope.userId,
      { id, name, policyBasis, memo: request.memo?.trim() ?? '', template: type ?? 1, lines },
      given === null || copyOfBuiltIn,
    );
  });
  const stored = (await listStored(db.kysely, scope.ztId, [id]))[0];
  if (!stored) throw new Error('模板保存后未找到');
  return { template: toTemplate(stored, names), message: copyOfBuiltIn ? TemplateMessages.builtInChange : '保存成功' };
}

export async function removeTemplate(db: Db, scope: Scope, id: string): Promise<void> {
  if (isBuiltInId(id)) refuse('BusinessRule', TemplateMessages.builtInDelete);
  if (!(await deleteTemplate(db.kysely, scope.ztId, id))) refuse('NotFound', '模板不存在');
}

export async function sortTemplates(db: Db, scope: Scope, order: readonly { id: string; templateSort: number }[]): Promise<void> {
  const own = order.filter((o) => !isBuiltInId(o.id));
  await db.kysely.transaction().execute((trx) => setSort(trx, scope.ztId, own));
}
