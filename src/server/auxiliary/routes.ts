/**
 * Auxiliary-accounting calls (base /account): types, items, the items of types as trees, a
 * subject's types. Writes need the auxiliary page's buttons (added to add, edit to change);
 * linking types to a subject is editing the subject (subject page, edit). Parameters and answers
 * are declared in src/shared/api/schemas/auxiliary.ts.
 */
import { AuxiliarySchemas } from '../../shared/api/schemas/auxiliary.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { ztOf } from '../auth/guard.js';
import { Pages, requireButton } from '../auth/permissions.js';
import { Page, Readers } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { budgetFiguresOf, withBudgetFigures } from '../budget/auxi-budget.js';
import { refuse } from '../http/app-error.js';
import { findSubject } from '../subjects/subject-repository.js';
import { scopeOf } from '../subjects/routes.js';
import { itemTree, listItems, listTypes, toAuxiType } from './repository.js';
import { saveAuxiInfo, saveAuxiType, setAuxiInfoEnable } from './service.js';
import { currentTypeNos, setSubjectTypes, typeNosOf } from './subject-types.js';

export function auxiliaryRoutes(app: App, db: Db): void {
  const read = onLedger(Right.pages(...Readers.chart));
  const save = onLedger(
    Right.buttons([
      [Page.auxiliary, 'added'],
      [Page.auxiliary, 'edit'],
    ]),
  );
  const edit = onLedger(Right.buttons([[Page.auxiliary, 'edit']]));
  const link = onLedger(Right.buttons([[Page.subject, 'edit']]));

  app.get('/api/auxiType', { schema: AuxiliarySchemas.types, ...read }, async (request) => {
    const types = await listTypes(db.kysely, ztOf(request).id);
    return okEnvelope(types.map(toAuxiType));
  });

  app.post('/api/auxiType', { schema: AuxiliarySchemas.saveType, ...save }, async (request) => {
    const body = request.body;
    const editing = body.typeNo !== undefined && body.typeNo.trim() !== '';
    await requireButton(db, request, Pages.auxiliary, editing ? 'edit' : 'added');
    const typeNo = await saveAuxiType(db, ztOf(request).id, body);
    const type = (await listTypes(db.kysely, ztOf(request).id, [typeNo]))[0];
    return okEnvelope(type ? toAuxiType(type) : null, '保存成功');
  });

  app.post('/api/auxiInfo/save', { schema: AuxiliarySchemas.saveInfo, ...save }, async (request) => {
    const body = request.body;
    await requireButton(db, request, Pages.auxiliary, body.isEdit === true ? 'edit' : 'added');
    await saveAuxiInfo(db, ztOf(request).id, body);
    return okEnvelope(null, '保存成功');
  });

  app.post('/api/auxiInfo/enable', { schema: AuxiliarySchemas.enableInfo, ...edit }, async (request) => {
    const { typeNo, infoNo, isEnable } = request.body;
    await setAuxiInfoEnable(db, ztOf(request).id, typeNo, infoNo, isEnable);
    return okEnvelope(null, isEnable ? '启用成功' : '停用成功');
  });

  app.get('/api/auxiSubject/typeInfo', { schema: AuxiliarySchemas.typeInfo, ...read }, async (request) => {
    const ztId = ztOf(request).id;
    const wanted = request.query.typeNoArray ? typeNosOf(request.query.typeNoArray) : undefined;
    const onlyEnable = request.query.onlyEnable === true;
    const [types, items] = await Promise.all([listTypes(db.kysely, ztId, wanted), listItems(db.kysely, ztId, wanted)]);
    const shown = types.filter((t) => !onlyEnable || t.enable);
    const budget = await budgetFiguresOf(
      db.kysely,
      ztId,
      ztOf(request).year,
      shown.map((t) => t.type_no),
    );
    const data = shown.map((t) => ({
      ...toAuxiType(t),
      infoList: withBudgetFigures(itemTree(items, t.type_no, onlyEnable), budget),
    }));
    return okEnvelope(data);
  });

  app.get('/api/auxiSubject/getCodeAuxi', { schema: AuxiliarySchemas.codeAuxi, ...read }, async (request) => {
    const scope = scopeOf(request);
    const code = request.query.code ?? '';
    const isAll = request.query.isAll === true;
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
    const budget = await budgetFiguresOf(
      db.kysely,
      scope.ztId,
      scope.year,
      types.map((t) => t.type_no),
    );
    const data = types.map((t) => ({
      ...toAuxiType(t),
      linked: linked.includes(t.type_no),
      infoList: withBudgetFigures(itemTree(items, t.type_no, true), budget),
    }));
    return okEnvelope(data);
  });

  app.post('/api/auxiSubject/saveAuxiRealedSub', { schema: AuxiliarySchemas.saveSubjectTypes, ...link }, async (request) => {
    const { code, typeNoArray } = request.body;
    const typeNos = typeNosOf(typeNoArray);
    const scope = scopeOf(request);
    await db.kysely.transaction().execute((trx) => setSubjectTypes(trx, scope, code, typeNos));
    return okEnvelope(null, '保存成功');
  });
}
