/**
 * Auxiliary-accounting calls (base /account): types, items, the items of types as trees, a
 * subject's types. Writes need the auxiliary page's buttons (added to add, edit to change);
 * linking types to a subject is editing the subject (subject page, edit).
 */
import type { FastifyInstance } from 'fastify';
import type {
  AuxiType,
  CodeAuxiItem,
  SaveAuxiInfoRequest,
  SaveAuxiRealedSubRequest,
  SaveAuxiTypeRequest,
} from '../../shared/api/auxiliary.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import { ztOf } from '../auth/guard.js';
import { Pages, requireButton } from '../auth/permissions.js';
import { Page, Readers } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { refuse } from '../http/app-error.js';
import { findSubject } from '../subjects/subject-repository.js';
import { flag, scopeOf } from '../subjects/routes.js';
import { itemTree, listItems, listTypes, toAuxiType } from './repository.js';
import { saveAuxiInfo, saveAuxiType, setAuxiInfoEnable } from './service.js';
import { currentTypeNos, setSubjectTypes, typeNosOf } from './subject-types.js';

type Query = Record<string, string | undefined>;

export function auxiliaryRoutes(app: FastifyInstance, db: Db): void {
  const read = onLedger(Right.pages(...Readers.chart));
  const save = onLedger(
    Right.buttons([
      [Page.auxiliary, 'added'],
      [Page.auxiliary, 'edit'],
    ]),
  );
  const edit = onLedger(Right.buttons([[Page.auxiliary, 'edit']]));
  const link = onLedger(Right.buttons([[Page.subject, 'edit']]));

  app.get('/api/auxiType', read, async (request) => {
    const types = await listTypes(db.kysely, ztOf(request).id);
    return okEnvelope(types.map(toAuxiType));
  });

  app.post<{ Body: SaveAuxiTypeRequest }>('/api/auxiType', save, async (request) => {
    const body = request.body ?? {};
    const editing = typeof body.typeNo === 'string' && body.typeNo.trim() !== '';
    await requireButton(db, request, Pages.auxiliary, editing ? 'edit' : 'added');
    const typeNo = await saveAuxiType(db, ztOf(request).id, body);
    const type = (await listTypes(db.kysely, ztOf(request).id, [typeNo]))[0];
    return okEnvelope(type ? toAuxiType(type) : null, '保存成功');
  });

  app.post<{ Body: SaveAuxiInfoRequest }>('/api/auxiInfo/save', save, async (request) => {
    const body = request.body ?? {};
    await requireButton(db, request, Pages.auxiliary, body.isEdit === true ? 'edit' : 'added');
    await saveAuxiInfo(db, ztOf(request).id, body);
    return okEnvelope(null, '保存成功');
  });

  app.post<{ Body: { typeNo?: unknown; infoNo?: unknown; isEnable?: unknown } }>(
    '/api/auxiInfo/enable',
    edit,
    async (request) => {
      const { typeNo, infoNo, isEnable } = request.body ?? {};
      if (typeof typeNo !== 'string' || typeof infoNo !== 'string' || typeof isEnable !== 'boolean')
        refuse('BadRequest', '缺少参数typeNo、infoNo或isEnable');
      await setAuxiInfoEnable(db, ztOf(request).id, typeNo, infoNo, isEnable);
      return okEnvelope(null, isEnable ? '启用成功' : '停用成功');
    },
  );

  app.get<{ Querystring: Query }>('/api/auxiSubject/typeInfo', read, async (request) => {
    const ztId = ztOf(request).id;
    const wanted = request.query.typeNoArray ? typeNosOf(request.query.typeNoArray) : undefined;
    const onlyEnable = flag(request.query.onlyEnable, false);
    const [types, items] = await Promise.all([listTypes(db.kysely, ztId, wanted), listItems(db.kysely, ztId, wanted)]);
    const data: AuxiType[] = types
      .filter((t) => !onlyEnable || t.enable)
      .map((t) => ({ ...toAuxiType(t), infoList: itemTree(items, t.type_no, onlyEnable) }));
    return okEnvelope(data);
  });

  app.get<{ Querystring: Query }>('/api/auxiSubject/getCodeAuxi', read, async (request) => {
    const scope = scopeOf(request);
    const code = request.query.code?.trim() ?? '';
    const isAll = flag(request.query.isAll, false);
    if (!code && !isAll) refuse('BadRequest', '缺少参数code');
    if (code && !(await findSubject(db.kysely, scope, code))) refuse('NotFound', `科目${code}不存在`);
    const linked = code ? await currentTypeNos(db.kysely, scope, code) : [];
    const filter = request.query.typeNoArray ? typeNosOf(request.query.typeNoArray) : undefined;
    const types = (await listTypes(db.kysely, scope.ztId, filter)).filter((t) =>
      isAll ? !!t.enable || linked.includes(t.type_no) : linked.includes(t.type_no),
    );
    const items = await listItems(
      db.kysely,
      scope.ztId,
      types.map((t) => t.type_no),
    );
    const data: CodeAuxiItem[] = types.map((t) => ({
      ...toAuxiType(t),
      linked: linked.includes(t.type_no),
      infoList: itemTree(items, t.type_no, true),
    }));
    return okEnvelope(data);
  });

  app.post<{ Body: SaveAuxiRealedSubRequest }>('/api/auxiSubject/saveAuxiRealedSub', link, async (request) => {
    const body = (request.body ?? {}) as Partial<SaveAuxiRealedSubRequest>;
    if (typeof body.code !== 'string' || !body.code.trim()) refuse('BadRequest', '缺少参数code');
    const typeNos = typeNosOf(body.typeNoArray ?? []);
    const scope = scopeOf(request);
    await db.kysely.transaction().execute((trx) => setSubjectTypes(trx, scope, body.code?.trim() ?? '', typeNos));
    return okEnvelope(null, '保存成功');
  });
}
