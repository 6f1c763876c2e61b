/**
 * 账套注册 (register-ztList) calls under /userCenter: the import workbook's template, the import
 * and the rewrite import, the export of the managed sets, and the ledger-set templates.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { AccountingSystem } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import { ZtRegisterSchemas } from '../../shared/api/schemas/zt-register.js';
import { UPLOAD_MAX_BYTES } from '../../shared/constants.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { refuse } from '../http/app-error.js';
import { Page } from '../auth/pages.js';
import { Right } from '../auth/route-rights.js';
import { authOf } from '../auth/guard.js';
import { actorOf, recordChange } from '../admin/audit.js';
import { requestScope, requireManagedSets, scopeHolds } from '../admin/scope.js';
import { sendWorkbook } from '../files/download.js';
import { XLSX_MAGIC } from '../subjects/opening-xlsx.js';
import { WorkbookMessages } from '../imports/workbook-limits.js';
import { importLedgerSets, type ImportMode } from './import/import-sets.js';
import { ledgerSetExport, ledgerSetTemplate, readLedgerSetWorkbook } from './import/ledger-set-workbook.js';
import { captureTemplate } from './templates/template-content.js';
import { firstYearsOfSets } from './set-years.js';
import { templatePage, templateRow, toTemplateInfo } from './templates/template-repository.js';

const local = (path: string) => path.slice('/userCenter'.length);

const needs = {
  page: { config: { right: Right.pages(Page.registerZtList) } },
  import: { config: { right: Right.buttons([[Page.registerZtList, 'import']]) } },
  export: {
    config: {
      right: Right.buttons([
        [Page.registerZtList, 'export'],
        [Page.ztManagement, 'export'],
        [Page.provincialZtManagement, 'export'],
      ]),
    },
  },
  template: { config: { right: Right.buttons([[Page.registerZtList, 'template']]) } },
  chooseTemplate: { config: { right: Right.pages(Page.registerZtList, Page.ztManagement, Page.provincialZtManagement) } },
};

/** The uploaded workbook (field `file`), checked by size, name and content before it is read. */
async function uploadedWorkbook(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) refuse('BadRequest', '请以multipart/form-data上传文件');
  let file: { name: string; buffer: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || file) await part.toBuffer();
      else file = { name: part.filename, buffer: await part.toBuffer() };
    }
  } catch (error) {
    const { code, part } = error as { code?: string; part?: { filename?: string } };
    if (code === 'FST_REQ_FILE_TOO_LARGE') refuse('BusinessRule', `${part?.filename ?? ''} 文件大小超出50M,请重新上传`);
    throw error;
  }
  if (!file) refuse('BadRequest', '请选择要导入的文件');
  if (!/\.xlsx$/i.test(file.name)) refuse('BusinessRule', '只支持xlsx格式的Excel文件');
  if (file.buffer.length < 4 || !file.buffer.subarray(0, 4).equals(XLSX_MAGIC)) refuse('BusinessRule', WorkbookMessages.notXlsx);
  return file.buffer;
}

export async function ztRegisterRoutes(app: App, db: Db): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });

  app.get(
    local(Paths.ztDownLoadTemplate),
    { schema: ZtRegisterSchemas.downLoadTemplate, ...needs.page },
    async (_request, reply) => sendWorkbook(reply, '账套注册模板.xlsx', await ledgerSetTemplate()),
  );

  const importOptions = { schema: ZtRegisterSchemas.import, ...needs.import, bodyLimit: UPLOAD_MAX_BYTES + 1_048_576 };
  const importing = (mode: ImportMode) => async (request: FastifyRequest) => {
    const rows = await readLedgerSetWorkbook(await uploadedWorkbook(request));
    const scope = await requestScope(db, request);
    const result = await importLedgerSets(db, actorOf(request), scope, rows, mode);
    const message =
      mode === 'create'
        ? `导入成功，新建${result.created}个账套`
        : `导入成功，新建${result.created}个、修改${result.updated}个账套`;
    return okEnvelope(result, message);
  };
  app.post(local(Paths.ztImport), importOptions, importing('create'));
  app.post(local(Paths.ztImportRewrite), importOptions, importing('rewrite'));

  app.post(local(Paths.ztExport), { schema: ZtRegisterSchemas.export, ...needs.export }, async (request, reply) => {
    const { ids } = request.body;
    if (ids) await requireManagedSets(db, request, ids);
    const scope = await requestScope(db, request);
    const chosen = ids ? new Set(ids) : null;
    const sets = await db.kysely.selectFrom('zt_info').selectAll().orderBy('code').execute();
    const codeOf = new Map(sets.map((s) => [s.id, s.code]));
    const exported = sets.filter((s) => scopeHolds(scope, s.id) && (!chosen || chosen.has(s.id)));
    const first = await firstYearsOfSets(
      db.kysely,
      exported.map((s) => s.id),
    );
    const rows = exported.map((s) => ({
      code: s.code,
      name: s.name,
      upperCode: s.upper_id === null ? null : (codeOf.get(s.upper_id) ?? null),
      accountingSystem: s.accounting_system,
      firstYear: first.get(s.id) ?? null,
      expireTime: s.expire_time,
      level: s.level,
      enable: !!s.enable,
    }));
    return sendWorkbook(reply, '账套列表.xlsx', await ledgerSetExport(rows));
  });

  app.post(local(Paths.ztTempSave), { schema: ZtRegisterSchemas.tempSave, ...needs.template }, async (request) => {
    const { id, name, memo = '', ztId } = request.body;
    await requireManagedSets(db, request, [ztId]);
    const { user } = authOf(request);
    const actor = actorOf(request);
    const templateId = await db.kysely.transaction().execute(async (trx) => {
      const set = await trx
        .selectFrom('zt_info')
        .select(['code', 'name', 'accounting_system'])
        .where('id', '=', ztId)
        .executeTakeFirst();
      if (!set) refuse('NotFound', '账套不存在');
      const latest = await trx
        .selectFrom('zt_year')
        .select((eb) => eb.fn.max('year').as('y'))
        .where('zt_id', '=', ztId)
        .executeTakeFirst();
      const year = request.body.year ?? (latest?.y == null ? null : Number(latest.y));
      if (year === null) refuse('BusinessRule', '该账套还没有会计年度，不能保存为模板');
      const hasYear = await trx
        .selectFrom('zt_year')
        .select('year')
        .where('zt_id', '=', ztId)
        .where('year', '=', year)
        .executeTakeFirst();
      if (!hasYear) refuse('BusinessRule', `账套${set.code}没有${year}年度`);
      const sameName = await trx.selectFrom('zt_template').select('id').where('name', '=', name.trim()).executeTakeFirst();
      if (sameName && sameName.id !== id) refuse('BusinessRule', `模板名称“${name.trim()}”已存在`);
      const before = id === undefined ? undefined : await templateRow(trx, id);
      if (id !== undefined && !before) refuse('NotFound', '账套模板不存在或已删除');
      if (before && !user.is_admin && before.created_by !== user.login_name) refuse('Forbidden', '只能修改自己保存的模板');
      const values = {
        name: name.trim(),
        memo: memo.trim(),
        accounting_system: set.accounting_system,
        source_code: set.code,
        source_name: set.name,
        source_year: year,
        content: JSON.stringify(await captureTemplate(trx, ztId, year)),
      };
      let savedId: number;
      if (before) {
        await trx.updateTable('zt_template').set(values).where('id', '=', before.id).execute();
        savedId = before.id;
      } else {
        const made = await trx
          .insertInto('zt_template')
          .values({ ...values, created_by: user.login_name, created_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        savedId = made.id;
      }
      const { content: _content, ...after } = values;
      await recordChange(trx, actor, {
        action: before ? 'ztTemplate.edit' : 'ztTemplate.create',
        target: 'zt_template',
        targetId: savedId,
        ztId,
        summary: `${before ? '修改' : '保存'}账套模板 ${values.name}（取自${set.code} ${set.name} ${year}年）`,
        before: before
          ? { name: before.name, memo: before.memo, source_code: before.source_code, source_year: before.source_year }
          : undefined,
        after,
      });
      return savedId;
    });
    return okEnvelope({ id: templateId }, '保存成功');
  });

  app.get(local(Paths.ztTempPageList), { schema: ZtRegisterSchemas.tempPageList, ...needs.page }, async (request) => {
    const { pageIndex, pageSize, name, accountingSystem } = request.query;
    return okEnvelope(await templatePage(db.kysely, { name, accountingSystem }, pageIndex, pageSize));
  });

  app.get(local(Paths.ztTempInfo), { schema: ZtRegisterSchemas.tempInfo, ...needs.page }, async (request) => {
    const row = await templateRow(db.kysely, request.query.id);
    if (!row) refuse('NotFound', '账套模板不存在或已删除');
    return okEnvelope(toTemplateInfo(row));
  });

  app.get(local(Paths.ztTempElect), { schema: ZtRegisterSchemas.tempElect, ...needs.chooseTemplate }, async (request) => {
    let query = db.kysely.selectFrom('zt_template').select(['id', 'name', 'accounting_system']).orderBy('name');
    if (request.query.accountingSystem) query = query.where('accounting_system', '=', request.query.accountingSystem);
    const rows = await query.execute();
    return okEnvelope(rows.map((r) => ({ id: r.id, name: r.name, accountingSystem: r.accounting_system as AccountingSystem })));
  });

  app.delete(local(Paths.ztTempDelete), { schema: ZtRegisterSchemas.tempDelete, ...needs.template }, async (request) => {
    const { user } = authOf(request);
    const actor = actorOf(request);
    await db.kysely.transaction().execute(async (trx) => {
      const row = await templateRow(trx, request.query.id);
      if (!row) refuse('NotFound', '账套模板不存在或已删除');
      if (!user.is_admin && row.created_by !== user.login_name) refuse('Forbidden', '只能删除自己保存的模板');
      await trx.deleteFrom('zt_template').where('id', '=', row.id).execute();
      await recordChange(trx, actor, {
        action: 'ztTemplate.delete',
        target: 'zt_template',
        targetId: row.id,
        ztId: null,
        summary: `删除账套模板 ${row.name}`,
        before: { name: row.name, memo: row.memo, source_code: row.source_code, source_year: row.source_year },
      });
    });
    return okEnvelope(null, '删除成功');
  });
}
