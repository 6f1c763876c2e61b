/**
 * Auxiliary types and items of the session's ledger set: add or rename a custom type, add or
 * edit an item, enable or disable an item (the subtree with it). Rules: auxiliary-rules.ts.
 *
 * Choices where the spec is silent:
 * - Custom types get the codes ZDY001, ZDY002, ...; built-in types keep their names.
 * - Item codes are letters and digits (they are part of the auxiliary key of openings).
 * - An item's code does not change once saved; its name and enable flag do.
 * - An item used in auxiliary openings gets no sub-items: the amounts would sit on a non-leaf.
 */
import type { SaveAuxiInfoRequest, SaveAuxiTypeRequest } from '../../shared/api/auxiliary.js';
import {
  AuxiMessages,
  checkAuxiTypeName,
  checkEnableItem,
  CUSTOM_TYPE_PREFIX,
  validateAuxiItem,
} from '../../shared/subjects/auxiliary-rules.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Q } from '../subjects/subject-repository.js';
import { findItem, listItems } from './repository.js';

/** Text fields as typed (the call's schema checked their types), without surrounding blanks. */
function str(value: string | null | undefined): string {
  return (value ?? '').trim();
}

async function findType(q: Q, ztId: number, typeNo: string) {
  const type = await q
    .selectFrom('auxi_type')
    .selectAll()
    .where('zt_id', '=', ztId)
    .where('type_no', '=', typeNo)
    .executeTakeFirst();
  if (!type) refuse('NotFound', `辅助核算类型${typeNo}不存在`);
  return type;
}

/** Adds a custom type or renames one; answers its typeNo. */
export async function saveAuxiType(db: Db, ztId: number, body: SaveAuxiTypeRequest): Promise<string> {
  const typeNo = str(body.typeNo);
  const typeName = str(body.typeName);
  const problem = checkAuxiTypeName(typeName);
  if (problem) refuse('ValidationFailed', problem, [{ message: problem, fieldId: 'typeName' }]);
  return conflictAsRefusal('类型名称已被他人修改，请刷新后重试', () =>
    db.kysely.transaction().execute(async (trx) => {
      const types = await trx.selectFrom('auxi_type').selectAll().where('zt_id', '=', ztId).execute();
      if (types.some((t) => t.type_name === typeName && t.type_no !== typeNo)) {
        const message = AuxiMessages.typeNameDuplicate(typeName);
        refuse('ValidationFailed', message, [{ message, fieldId: 'typeName' }]);
      }
      if (typeNo) {
        const type = await findType(trx, ztId, typeNo);
        if (type.built_in_system) refuse('BusinessRule', '系统内置类型不能修改名称');
        await trx
          .updateTable('auxi_type')
          .set({ type_name: typeName })
          .where('zt_id', '=', ztId)
          .where('type_no', '=', typeNo)
          .execute();
        return typeNo;
      }
      const used = types
        .map((t) => (t.type_no.startsWith(CUSTOM_TYPE_PREFIX) ? Number(t.type_no.slice(CUSTOM_TYPE_PREFIX.length)) : 0))
        .filter((n) => Number.isInteger(n));
      const next = `${CUSTOM_TYPE_PREFIX}${String(Math.max(0, ...used) + 1).padStart(3, '0')}`;
      await trx
        .insertInto('auxi_type')
        .values({
          zt_id: ztId,
          type_no: next,
          type_name: typeName,
          built_in_system: 0,
          enable: 1,
          sort: Math.max(0, ...types.map((t) => t.sort)) + 1,
        })
        .execute();
      return next;
    }),
  );
}

async function conflictAsRefusal<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) refuse('Conflict', message);
    throw error;
  }
}

/** Adds an item, or edits its name and enable flag (isEdit). */
export async function saveAuxiInfo(db: Db, ztId: number, body: SaveAuxiInfoRequest): Promise<void> {
  const typeNo = str(body.typeNo);
  if (!typeNo) refuse('BadRequest', '缺少参数typeNo');
  const infoNo = str(body.infoNo);
  const infoName = str(body.infoName);
  const parentNo = str(body.parentNo) || null;
  const isEdit = body.isEdit === true;
  const isEnable = body.isEnable === undefined ? true : body.isEnable === true;
  await conflictAsRefusal(`辅助项编码${infoNo}已存在`, () =>
    db.kysely.transaction().execute(async (trx) => {
      await findType(trx, ztId, typeNo);
      if (isEdit) {
        const item = await findItem(trx, ztId, typeNo, infoNo);
        if (!item) refuse('NotFound', `辅助项${infoNo}不存在`);
        const issues = validateAuxiItem({ infoNo, infoName, parentNo: item.parent_no });
        if (issues.length > 0) refuse('ValidationFailed', issues[0]?.message, issues);
        await trx
          .updateTable('auxi_info')
          .set({ info_name: infoName })
          .where('zt_id', '=', ztId)
          .where('type_no', '=', typeNo)
          .where('info_no', '=', infoNo)
          .execute();
        if (typeof body.isEnable === 'boolean' && body.isEnable !== !!item.is_enable)
          await enableItem(trx, ztId, typeNo, infoNo, body.isEnable);
        return;
      }
      const issues = validateAuxiItem({ infoNo, infoName, parentNo });
      if (issues.length > 0) refuse('ValidationFailed', issues[0]?.message, issues);
      if (await findItem(trx, ztId, typeNo, infoNo)) {
        const message = `辅助项编码${infoNo}已存在`;
        refuse('ValidationFailed', message, [{ message, fieldId: 'infoNo' }]);
      }
      if (parentNo) {
        const parent = await findItem(trx, ztId, typeNo, parentNo);
        if (!parent) refuse('NotFound', `上级辅助项${parentNo}不存在`);
        if (isEnable && !parent.is_enable) refuse('BusinessRule', AuxiMessages.parentDisabled);
        if (await itemUsed(trx, ztId, typeNo, parentNo)) refuse('BusinessRule', '该辅助项已有期初数据，不能增加下级辅助项');
      }
      await trx
        .insertInto('auxi_info')
        .values({
          zt_id: ztId,
          type_no: typeNo,
          info_no: infoNo,
          info_name: infoName,
          parent_no: parentNo,
          is_enable: isEnable ? 1 : 0,
        })
        .execute();
    }),
  );
}

async function itemUsed(q: Q, ztId: number, typeNo: string, infoNo: string): Promise<boolean> {
  const rows = await q.selectFrom('auxi_opening').select('auxi_key').where('zt_id', '=', ztId).execute();
  const part = `${typeNo}:${infoNo}`;
  return rows.some((r) => r.auxi_key.split('|').includes(part));
}

async function enableItem(q: Q, ztId: number, typeNo: string, infoNo: string, enable: boolean): Promise<void> {
  const items = await listItems(q, ztId, [typeNo]);
  const item = items.find((i) => i.info_no === infoNo);
  if (!item) refuse('NotFound', `辅助项${infoNo}不存在`);
  const parent = item.parent_no ? items.find((i) => i.info_no === item.parent_no) : undefined;
  const problem = checkEnableItem(enable, parent ? !!parent.is_enable : null);
  if (problem) refuse('BusinessRule', problem);
  const codes = [infoNo];
  if (!enable) {
    for (let i = 0; i < codes.length; i += 1) {
      codes.push(...items.filter((c) => c.parent_no === codes[i]).map((c) => c.info_no));
    }
  }
  await q
    .updateTable('auxi_info')
    .set({ is_enable: enable ? 1 : 0 })
    .where('zt_id', '=', ztId)
    .where('type_no', '=', typeNo)
    .where('info_no', 'in', codes)
    .execute();
}

export async function setAuxiInfoEnable(db: Db, ztId: number, typeNo: string, infoNo: string, enable: boolean): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await findType(trx, ztId, typeNo);
    await enableItem(trx, ztId, typeNo, infoNo, enable);
  });
}
