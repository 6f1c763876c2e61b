/**
 * Opening-balance calls (base /account): the setting list (tabs, rows, config, trial check), the
 * batch save, and the workbook export and import. Saving and importing need the subjectstart
 * page's edit. Parameters and answers are declared in src/shared/api/schemas/openings.ts; amounts
 * travel in yuan and are fen from here on (the service, the seed and the grid's checks work in fen).
 */
import multipart from '@fastify/multipart';
import { OpeningSchemas } from '../../shared/api/schemas/openings.js';
import { SUBJECT_TYPE_NAMES, type SubjectType } from '../../shared/chart.js';
import { UPLOAD_MAX_BYTES } from '../../shared/constants.js';
import { okEnvelope } from '../../shared/envelope.js';
import { branchSaveToYuan, openingDetailToFen, openingRowToYuan, trialToYuan } from '../../shared/subjects/opening-amounts.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { refuse } from '../http/app-error.js';
import { listTypes } from '../auxiliary/repository.js';
import { chartOf } from './subject-repository.js';
import { computeAll, loadOpening, openingRows } from './opening-state.js';
import { saveOpenings, trialOf } from './opening-service.js';
import { NOT_XLSX, openingPeriod, openingWorkbook, readOpeningWorkbook, XLSX_MAGIC, XLSX_ROW_PREFIX } from './opening-xlsx.js';
import { exportHeadingOf } from '../export/export-heading.js';
import { sendWorkbook } from '../files/download.js';
import { workbookFileName } from '../../../grids/workbook/heading.js';
import { openingBalanceGridFor } from '../../../grids/opening-balance.js';
import { scopeOf } from './routes.js';

/** The worksheet row of an imported row's id (`xlsx-N`). */
function worksheetRow(rowId: string | number | undefined): number {
  return typeof rowId === 'string' && rowId.startsWith(XLSX_ROW_PREFIX) ? Number(rowId.slice(XLSX_ROW_PREFIX.length)) : 0;
}

export async function openingRoutes(app: App, db: Db): Promise<void> {
  const needs = {
    page: onLedger(Right.pages(Page.subjectStart)),
    edit: onLedger(Right.buttons([[Page.subjectStart, 'edit']])),
    export: onLedger(Right.buttons([[Page.subjectStart, 'export']])),
  };
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });

  app.get('/api/subject/subjectSetting', { schema: OpeningSchemas.setting, ...needs.page }, async (request) => {
    const scope = scopeOf(request);
    const ctx = await loadOpening(db.kysely, scope);
    const rows = openingRows(ctx, computeAll(ctx));
    const types = [...new Set(chartOf(scope).chart.subjects.map((s) => s.type))].sort((a, b) => a - b);
    return okEnvelope({
      subTypeList: types.map((type: SubjectType) => ({ type, typeName: SUBJECT_TYPE_NAMES[type], isGovernment: type >= 6 })),
      subInfoList: rows.map(openingRowToYuan),
      config: {
        year: scope.year,
        startMonth: ctx.startMonth,
        isMidYear: ctx.isMidYear,
        hasBudget: ctx.hasBudget,
        isInitialised: ctx.initialised,
      },
      trial: trialToYuan(trialOf(rows)),
    });
  });

  app.post('/api/subject/branchSave', { schema: OpeningSchemas.branchSave, ...needs.edit }, async (request) => {
    const { detailList, confirmPrompt } = request.body;
    const list = detailList.map((detail, index) => ({ label: `第${index + 1}行`, detail: openingDetailToFen(detail) }));
    const result = await saveOpenings(db, scopeOf(request), list, confirmPrompt === true);
    return okEnvelope(branchSaveToYuan(result), '保存成功');
  });

  app.get('/api/subject/exportOpening', { schema: OpeningSchemas.export, ...needs.export }, async (request, reply) => {
    const scope = scopeOf(request);
    const ctx = await loadOpening(db.kysely, scope);
    const grid = openingBalanceGridFor({ midYear: ctx.isMidYear });
    const heading = exportHeadingOf(request, grid.export.title, openingPeriod(ctx));
    const buffer = await openingWorkbook(ctx, heading);
    const name = workbookFileName(heading.title, heading.ledgerSet, heading.period);
    return sendWorkbook(reply, name, buffer);
  });

  /** Multipart: field `file` (xlsx, at most 50 MB) and optionally `confirmPrompt` = 'true' before it. */
  // The request may be a little larger than the file (form boundaries, fields); the file's own limit answers first.
  const importOptions = { schema: OpeningSchemas.import, ...needs.edit, bodyLimit: UPLOAD_MAX_BYTES + 1_048_576 };
  app.post('/api/subject/importOpening', importOptions, async (request) => {
    if (!request.isMultipart()) refuse('BadRequest', '请以multipart/form-data上传文件');
    let confirmPrompt = false;
    let file: { name: string; buffer: Buffer } | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'confirmPrompt') confirmPrompt = part.value === 'true';
        } else if (part.fieldname !== 'file' || file) await part.toBuffer();
        else file = { name: part.filename, buffer: await part.toBuffer() };
      }
    } catch (error) {
      const { code, part } = error as { code?: string; part?: { filename?: string } };
      if (code === 'FST_REQ_FILE_TOO_LARGE') refuse('BusinessRule', `${part?.filename ?? ''} 文件大小超出50M,请重新上传`);
      throw error;
    }
    if (!file) refuse('BadRequest', '请选择要导入的文件');
    if (!/\.xlsx$/i.test(file.name)) refuse('BusinessRule', '只支持xlsx格式的Excel文件');
    if (file.buffer.length < 4 || !file.buffer.subarray(0, 4).equals(XLSX_MAGIC)) refuse('BusinessRule', NOT_XLSX);

    const scope = scopeOf(request);
    const types = await listTypes(db.kysely, scope.ztId);
    const { details, issues } = await readOpeningWorkbook(file.buffer, {
      typeOf: (name) => types.find((t) => t.type_no === name || t.type_name === name)?.type_no,
    });
    if (issues.length > 0 && details.length === 0 && issues.every((i) => !i.rowId)) {
      refuse(issues[0]?.message === NOT_XLSX ? 'BusinessRule' : 'ValidationFailed', issues[0]?.message, issues);
    }
    const result = await saveOpenings(db, scope, details, confirmPrompt, issues, (i) => worksheetRow(i.rowId));
    return okEnvelope(branchSaveToYuan(result), `导入成功，共${result.saved}行`);
  });
}
