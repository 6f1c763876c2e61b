/**
 * Subject calls (base /account): the chart with its extensions, the picker's list, the standard
 * chart, the next child code, add/edit, enable/disable and delete. Writes need the subject page's
 * buttons: added (add), edit (edit, enable), delete (delete). Parameters and answers are declared
 * in src/shared/api/schemas/subjects.ts.
 */
import type { FastifyRequest } from 'fastify';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { SubjectSchemas } from '../../shared/api/schemas/subjects.js';
import { okEnvelope } from '../../shared/envelope.js';
import { expectedCodeLength } from '../../shared/subjects/subject-code.js';
import { electSubjects } from '../../shared/subjects/subject-elect.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { ztOf } from '../auth/guard.js';
import { Pages, requireButton } from '../auth/permissions.js';
import { Page, Readers } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { refuse } from '../http/app-error.js';
import { accountComparison } from '../transition/comparison.js';
import { chartOf, listSubjects, listSubjectTypes, type Scope } from './subject-repository.js';
import { childCodeFor, toSubjectItems, toTree } from './subject-items.js';
import { deleteSubject, saveSubject, setSubjectEnable } from './subject-service.js';
import { standChoices, takeStandSubjects, toStand } from './stand-choice.js';

export function scopeOf(request: FastifyRequest): Scope {
  const zt = ztOf(request);
  return { ztId: zt.id, year: zt.year, system: zt.accountingSystem };
}

async function yearScope(db: Db, request: FastifyRequest, year: number | undefined): Promise<Scope> {
  const scope = scopeOf(request);
  if (year === undefined || year === scope.year) return scope;
  const exists = await db.kysely
    .selectFrom('zt_year')
    .select('year')
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', year)
    .executeTakeFirst();
  if (!exists) refuse('BusinessRule', `账套没有${year}年度`);
  return { ...scope, year };
}

async function items(db: Db, scope: Scope, incloudFullName = true): Promise<SubjectItem[]> {
  const [rows, types] = await Promise.all([listSubjects(db.kysely, scope), listSubjectTypes(db.kysely, scope)]);
  return toSubjectItems(rows, { rules: chartOf(scope).rules, types, incloudFullName });
}

export function subjectRoutes(app: App, db: Db): void {
  const needs = {
    chart: onLedger(Right.pages(...Readers.chart)),
    stand: onLedger(Right.pages(Page.subject)),
    add: onLedger(Right.buttons([[Page.subject, 'added']])),
    save: onLedger(
      Right.buttons([
        [Page.subject, 'added'],
        [Page.subject, 'edit'],
      ]),
    ),
    edit: onLedger(Right.buttons([[Page.subject, 'edit']])),
    delete: onLedger(Right.buttons([[Page.subject, 'delete']])),
  };

  app.get('/api/subject', { schema: SubjectSchemas.list, ...needs.chart }, async (request) =>
    okEnvelope(await items(db, scopeOf(request))),
  );

  app.get('/api/subject/subjectExtensions', { schema: SubjectSchemas.extensions, ...needs.chart }, async (request) => {
    const q = request.query;
    const scope = await yearScope(db, request, q.year);
    const list = await items(db, scope, q.incloudFullName ?? true);
    const names = new Map(list.map((s) => [s.code, s.codeName]));
    const accountComparisonList =
      q.isReconciliation === true ? accountComparison(ztOf(request).accountingSystem, (code) => names.get(code)) : [];
    return okEnvelope({ subList: q.isTree === true ? toTree(list) : list, accountComparisonList });
  });

  app.get('/api/subject/elect', { schema: SubjectSchemas.elect, ...needs.chart }, async (request) => {
    const q = request.query;
    const includeParents = q.includeParents === true;
    const list = electSubjects(await items(db, scopeOf(request)), q.keyword ?? '').filter(
      (s) =>
        (includeParents || s.lastLevel) &&
        (q.type === undefined || s.type === q.type) &&
        (q.isGovernment === undefined || s.isGovernment === q.isGovernment),
    );
    return okEnvelope(list);
  });

  app.get('/api/standSubject', { schema: SubjectSchemas.standSubject, ...needs.chart }, (request) => {
    const { chart, rules } = chartOf(scopeOf(request));
    return Promise.resolve(
      okEnvelope({
        chartId: chart.id,
        name: chart.name,
        source: chart.source,
        codeLengths: { ...chart.codeLengths },
        allowNewFirstLevel: rules.allowNewFirstLevel,
        subList: chart.subjects.map(toStand),
      }),
    );
  });

  app.get('/api/subject/choiceStand', { schema: SubjectSchemas.choiceStand, ...needs.stand }, async (request) =>
    okEnvelope(await standChoices(db, scopeOf(request))),
  );

  app.post('/api/subject/cjSubjct', { schema: SubjectSchemas.takeStand, ...needs.add }, async (request) => {
    const sent = request.body.codeArray;
    const codes = (typeof sent === 'string' ? [sent] : sent).flatMap((c) => c.split(',')).map((c) => c.trim());
    const added = await takeStandSubjects(db, scopeOf(request), codes.filter(Boolean));
    return okEnvelope(added, `已增加${added.length}个标准科目`);
  });

  app.get('/api/subject/childCode', { schema: SubjectSchemas.childCode, ...needs.chart }, async (request) => {
    const scope = scopeOf(request);
    const parentCode = request.query.parentCode || null;
    const rows = await listSubjects(db.kysely, scope);
    const parent = parentCode ? rows.find((r) => r.code === parentCode) : null;
    if (parent === undefined) refuse('NotFound', `上级科目${parentCode}不存在`);
    const { rules } = chartOf(scope);
    const answer = childCodeFor(
      parent,
      rows.filter((r) => r.parent_code === parentCode),
      rules,
    );
    return okEnvelope({ parentCode, ...answer, codeLength: expectedCodeLength(rules, parentCode) });
  });

  app.post('/api/subject', { schema: SubjectSchemas.save, ...needs.save }, async (request) => {
    const body = request.body;
    const editing = body.id !== undefined && body.id.trim() !== '';
    await requireButton(db, request, Pages.subject, editing ? 'edit' : 'added');
    const scope = scopeOf(request);
    const code = await saveSubject(db, scope, body);
    const saved = (await items(db, scope)).find((s) => s.code === code);
    return okEnvelope(saved ?? null, editing ? '修改成功' : '新增成功');
  });

  app.post('/api/subject/enable', { schema: SubjectSchemas.enable, ...needs.edit }, async (request) => {
    const { code, enable } = request.body;
    await setSubjectEnable(db, scopeOf(request), code, enable);
    return okEnvelope(null, enable ? '启用成功' : '停用成功');
  });

  app.delete('/api/subject', { schema: SubjectSchemas.delete, ...needs.delete }, async (request) => {
    await deleteSubject(db, scopeOf(request), request.query.code);
    return okEnvelope(null, '删除成功');
  });
}
