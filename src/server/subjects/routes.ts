/**
 * Subject calls (base /account): the chart with its extensions, the picker's list, the standard
 * chart, the next child code, add/edit, enable/disable and delete. Writes need the subject page's
 * buttons: added (add), edit (edit, enable), delete (delete).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  ChildCodeResponse,
  SaveSubjectRequest,
  StandSubjectResponse,
  SubjectExtensionsResponse,
  SubjectItem,
} from '../../shared/api/subjects.js';
import { okEnvelope } from '../../shared/envelope.js';
import { expectedCodeLength } from '../../shared/subjects/subject-code.js';
import type { Db } from '../db/database.js';
import { ztOf } from '../auth/guard.js';
import { Pages, requireButton } from '../auth/permissions.js';
import { Page, Readers } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { refuse } from '../http/app-error.js';
import { chartOf, listSubjects, listSubjectTypes, type Scope } from './subject-repository.js';
import { childCodeFor, toSubjectItems, toTree } from './subject-items.js';
import { deleteSubject, saveSubject, setSubjectEnable } from './subject-service.js';
import { standChoices, takeStandSubjects } from './stand-choice.js';

type Query = Record<string, string | undefined>;

export function scopeOf(request: FastifyRequest): Scope {
  const zt = ztOf(request);
  return { ztId: zt.id, year: zt.year, system: zt.accountingSystem };
}

export function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value === 'true' || value === '1';
}

function codeParam(value: unknown, name = 'code'): string {
  if (typeof value !== 'string' || !value.trim()) refuse('BadRequest', `缺少参数${name}`);
  return value.trim();
}

async function yearScope(db: Db, request: FastifyRequest, year: string | undefined): Promise<Scope> {
  const scope = scopeOf(request);
  if (year === undefined || year === '' || Number(year) === scope.year) return scope;
  const wanted = Number(year);
  const exists = Number.isInteger(wanted)
    ? await db.kysely
        .selectFrom('zt_year')
        .select('year')
        .where('zt_id', '=', scope.ztId)
        .where('year', '=', wanted)
        .executeTakeFirst()
    : undefined;
  if (!exists) refuse('BusinessRule', `账套没有${year}年度`);
  return { ...scope, year: wanted };
}

async function items(db: Db, scope: Scope, incloudFullName = true): Promise<SubjectItem[]> {
  const [rows, types] = await Promise.all([listSubjects(db.kysely, scope), listSubjectTypes(db.kysely, scope)]);
  return toSubjectItems(rows, { rules: chartOf(scope).rules, types, incloudFullName });
}

export function subjectRoutes(app: FastifyInstance, db: Db): void {
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

  app.get('/api/subject', needs.chart, async (request) => okEnvelope(await items(db, scopeOf(request))));

  app.get<{ Querystring: Query }>('/api/subject/subjectExtensions', needs.chart, async (request) => {
    const q = request.query;
    const scope = await yearScope(db, request, q.year);
    const list = await items(db, scope, flag(q.incloudFullName, true));
    const data: SubjectExtensionsResponse = {
      subList: flag(q.isTree, false) ? toTree(list) : list,
      accountComparisonList: [],
    };
    return okEnvelope(data);
  });

  app.get<{ Querystring: Query }>('/api/subject/elect', needs.chart, async (request) => {
    const q = request.query;
    const keyword = (q.keyword ?? '').trim().toLowerCase();
    const type = q.type ? Number(q.type) : null;
    const government = q.isGovernment === undefined || q.isGovernment === '' ? null : flag(q.isGovernment, false);
    const includeParents = flag(q.includeParents, false);
    const list = (await items(db, scopeOf(request))).filter(
      (s) =>
        s.enable &&
        (includeParents || s.lastLevel) &&
        (type === null || s.type === type) &&
        (government === null || s.isGovernment === government) &&
        (!keyword || s.code.startsWith(keyword) || s.codeName.toLowerCase().includes(keyword) || s.pinyin.includes(keyword)),
    );
    return okEnvelope(list);
  });

  app.get('/api/standSubject', needs.chart, (request) => {
    const { chart, rules } = chartOf(scopeOf(request));
    const data: StandSubjectResponse = {
      chartId: chart.id,
      name: chart.name,
      source: chart.source,
      codeLengths: { ...chart.codeLengths },
      allowNewFirstLevel: rules.allowNewFirstLevel,
      subList: chart.subjects.map((s) => ({
        code: s.code,
        codeName: s.name,
        type: s.type,
        level: s.level,
        parentCode: s.parentCode,
        balanceDirection: s.balanceDirection,
        isGovernment: s.isBudget,
      })),
    };
    return Promise.resolve(okEnvelope(data));
  });

  app.get('/api/subject/choiceStand', needs.stand, async (request) => okEnvelope(await standChoices(db, scopeOf(request))));

  app.post<{ Body: { codeArray?: unknown } }>('/api/subject/cjSubjct', needs.add, async (request) => {
    const raw = request.body?.codeArray;
    const codes = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : null;
    if (!codes || codes.some((c) => typeof c !== 'string')) refuse('BadRequest', '缺少参数codeArray');
    const added = await takeStandSubjects(db, scopeOf(request), (codes as string[]).map((c) => c.trim()).filter(Boolean));
    return okEnvelope(added, `已增加${added.length}个标准科目`);
  });

  app.get<{ Querystring: Query }>('/api/subject/childCode', needs.chart, async (request) => {
    const scope = scopeOf(request);
    const parentCode = request.query.parentCode?.trim() || null;
    const rows = await listSubjects(db.kysely, scope);
    const parent = parentCode ? rows.find((r) => r.code === parentCode) : null;
    if (parent === undefined) refuse('NotFound', `上级科目${parentCode}不存在`);
    const { rules } = chartOf(scope);
    const answer = childCodeFor(
      parent,
      rows.filter((r) => r.parent_code === parentCode),
      rules,
    );
    const data: ChildCodeResponse = { parentCode, ...answer, codeLength: expectedCodeLength(rules, parentCode) };
    return okEnvelope(data);
  });

  app.post<{ Body: SaveSubjectRequest }>('/api/subject', needs.save, async (request) => {
    const body = request.body ?? {};
    const editing = typeof body.id === 'string' && body.id.trim() !== '';
    await requireButton(db, request, Pages.subject, editing ? 'edit' : 'added');
    const scope = scopeOf(request);
    const code = await saveSubject(db, scope, body);
    const saved = (await items(db, scope)).find((s) => s.code === code);
    return okEnvelope(saved ?? null, editing ? '修改成功' : '新增成功');
  });

  app.post<{ Body: { code?: unknown; enable?: unknown } }>('/api/subject/enable', needs.edit, async (request) => {
    const code = codeParam(request.body?.code);
    const enable = request.body?.enable;
    if (typeof enable !== 'boolean') refuse('BadRequest', '缺少参数enable');
    await setSubjectEnable(db, scopeOf(request), code, enable);
    return okEnvelope(null, enable ? '启用成功' : '停用成功');
  });

  app.delete<{ Querystring: Query }>('/api/subject', needs.delete, async (request) => {
    await deleteSubject(db, scopeOf(request), codeParam(request.query.code));
    return okEnvelope(null, '删除成功');
  });
}
