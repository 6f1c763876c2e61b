/**
 * The Excel import of the cards keyed at initialisation (资产初始化): multipart field `file`, an xlsx of at most
 * 5 MB whose signature is checked before the workbook guard and exceljs read it; the first sheet's rows under the
 * template's heading (ASSET_INIT_COLUMNS). Every row is checked with the card save's own rules in one transaction:
 * any row refused, nothing is imported and the answer lists each refused row with its reason.
 */
import type { FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import type { AssetImportResult, AssetCardSave } from '../../shared/api/schemas/assets-cards.js';
import { ASSET_CLASSES, ASSET_NATURES, ASSET_USAGES, PURCHASING_METHODS } from '../../shared/assets/constants.js';
import { AssetCardMessages as M } from '../../shared/assets/cards-messages.js';
import type { Db } from '../db/database.js';
import { AppError, refuse } from '../http/app-error.js';
import { readFirstSheet } from '../imports/read-sheet.js';
import { saveCard } from './cards.js';
import type { AssetContext } from './context.js';

export const ASSET_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The template's columns, in order (row 1 is the heading). */
export const ASSET_INIT_COLUMNS = [
  '资产大类',
  '资产编号',
  '资产名称',
  '类别编码',
  '规格型号',
  '计量单位',
  '数量',
  '原值',
  '累计折旧',
  '预计使用月数',
  '启用日期',
  '取得方式',
  '使用部门',
  '资产性质',
  '用途',
  '保管人',
] as const;

function text(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return text(value.result);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value).trim();
}

const byName = (list: readonly { value: number; name: string }[], t: string, fallback: number) =>
  t === '' ? fallback : (list.find((x) => x.name === t || String(x.value) === t)?.value ?? -1);

/** The upload's file bytes, with the size and signature checked. */
async function uploadOf(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) refuse('BadRequest', '请以multipart/form-data上传文件');
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || file) await part.toBuffer();
      else file = await part.toBuffer();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') refuse('BusinessRule', M.importTooLarge);
    throw error;
  }
  if (!file) refuse('BadRequest', '请选择要导入的文件');
  if (file.length > ASSET_IMPORT_MAX_BYTES) refuse('BusinessRule', M.importTooLarge);
  if (file.length < 4 || !file.subarray(0, 4).equals(XLSX_MAGIC)) refuse('BusinessRule', M.importNotXlsx);
  return file;
}

export async function importInitCards(
  db: Db,
  request: FastifyRequest,
  ctx: AssetContext,
  userId: number,
): Promise<AssetImportResult> {
  const sheet = await readFirstSheet(await uploadOf(request));
  const categories = await db.kysely
    .selectFrom('asset_category')
    .select(['id', 'code', 'asset_class'])
    .where('zt_id', '=', ctx.ztId)
    .execute();
  const departments = await db.kysely.selectFrom('department').select(['id', 'name']).where('zt_id', '=', ctx.ztId).execute();
  const issues: { row: number; message: string }[] = [];
  let imported = 0;
  try {
    await db.kysely.transaction().execute(async (trx) => {
      for (let r = 2; r <= sheet.lastRow; r++) {
        const cells = sheet.row(r);
        const c = (i: number) => text(cells[i + 1]);
        if (ASSET_INIT_COLUMNS.every((_, i) => c(i) === '')) continue;
        const assetClass = byName(ASSET_CLASSES, c(0), -1);
        const category = categories.find((x) => x.code === c(3) && x.asset_class === assetClass);
        const department = c(12) === '' ? null : departments.find((d) => d.name === c(12));
        const problems: string[] = [];
        if (assetClass < 0) problems.push('资产大类须为固定资产、无形资产或库存物品');
        if (!category) problems.push(M.categoryRequired);
        if (department === undefined) problems.push(M.departmentNotFound);
        const purchasingMethod = byName(PURCHASING_METHODS, c(11), 1);
        const nature = byName(ASSET_NATURES, c(13), 1);
        const usage = byName(ASSET_USAGES, c(14), 1);
        if (purchasingMethod < 0) problems.push('取得方式无效');
        if (nature < 0) problems.push('资产性质无效');
        if (usage < 0) problems.push('用途无效');
        const quantity = c(6) === '' ? 1 : Number(c(6));
        const life = c(9) === '' ? 0 : Number(c(9));
        if (!Number.isInteger(quantity)) problems.push(M.quantityPositive);
        if (!Number.isInteger(life) || life < 0) problems.push(M.lifeRequired);
        if (c(10) !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(c(10))) problems.push('启用日期须为yyyy-MM-dd');
        if (problems.length > 0 || !category) {
          issues.push({ row: r, message: `第${r}行：${problems.join('；')}` });
          continue;
        }
        const body: AssetCardSave = {
          assetClass: assetClass as 1 | 2 | 3,
          cardNo: c(1),
          name: c(2),
          categoryId: category.id,
          spec: c(4),
          unit: c(5),
          quantity,
          originalValue: c(7) || '0',
          accumulatedDepreciation: c(8) || '0',
          estimatedServiceLife: life,
          dateOfActivation: c(10),
          purchasingMethod,
          departmentId: department?.id ?? null,
          nature,
          usage,
          keeper: c(15),
          // A keyed-in existing asset is taken as the ledger has it.
          belowThreshold: true,
        };
        try {
          await saveCard(trx, ctx.ztId, userId, body, { init: true, initYear: ctx.initYear });
          imported++;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          issues.push({ row: r, message: `第${r}行：${error.message}` });
        }
      }
      if (issues.length > 0) refuse('ValidationFailed', M.importRowsRefused(issues.length), issues);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw error;
  }
  return { imported, issues };
}

/** The import template: the heading row and one example row. */
export async function initTemplate(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('资产初始化');
  sheet.addRow([...ASSET_INIT_COLUMNS]);
  sheet.addRow([
    '固定资产',
    'GD00001',
    '台式计算机',
    '0201',
    'i5',
    '台',
    1,
    6000,
    2000,
    72,
    '2019-03-15',
    '购置',
    '',
    '工会资产',
    '自用',
    '',
  ]);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((col) => (col.width = 14));
  return Buffer.from(await book.xlsx.writeBuffer());
}
