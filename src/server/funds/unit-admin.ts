/**
 * Deleting funds units and the set's default share subjects (funds_setting). A unit with receipts
 * is not deleted (its receipts and vouchers name it); its ratios go with it, and its 经费单位 item
 * is deleted, or disabled where a voucher line or an opening names it (jfdw.ts).
 */
import {
  FUNDS_SETTING_FIELDS,
  type FundsSetting,
  type FundsSettingField,
  type SaveFundsSettingRequest,
} from '../../shared/api/schemas/funds-units.js';
import { UnitMessages } from '../../shared/funds/unit-rules.js';
import type { Db } from '../db/database.js';
import type { FundsSettingTable } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import { findSubject, type Q, type Scope } from '../subjects/subject-repository.js';
import { dropJfdwItem, linkJfdwToPayables } from './jfdw.js';

export async function deleteUnits(db: Db, ztId: number, ids: readonly string[]): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const wanted = [...new Set(ids)];
    const units = await trx
      .selectFrom('funds_unit')
      .select(['id', 'code', 'name'])
      .where('zt_id', '=', ztId)
      .where('id', 'in', wanted)
      .execute();
    if (units.length !== wanted.length) refuse('NotFound', UnitMessages.unitNotFound);
    const used = await trx
      .selectFrom('funds_receipt')
      .select('unit_id')
      .where('zt_id', '=', ztId)
      .where('unit_id', 'in', wanted)
      .limit(1)
      .executeTakeFirst();
    const usedUnit = units.find((u) => u.id === used?.unit_id);
    if (usedUnit) refuse('BusinessRule', UnitMessages.unitInUse(usedUnit.name));
    await trx.deleteFrom('funds_ratio').where('zt_id', '=', ztId).where('unit_id', 'in', wanted).execute();
    await trx.deleteFrom('funds_unit').where('zt_id', '=', ztId).where('id', 'in', wanted).execute();
    for (const unit of units) await dropJfdwItem(trx, ztId, unit.code);
  });
}

const COLUMN: Record<FundsSettingField, keyof Omit<FundsSettingTable, 'zt_id'>> = {
  retained: 'retained_subject',
  superior: 'superior_subject',
  lower: 'lower_subject',
  preparatory: 'preparatory_subject',
  smallBusiness: 'small_business_subject',
  collectionFee: 'collection_fee_subject',
};

const LABEL: Record<FundsSettingField, string> = {
  retained: '本级留成',
  superior: '应付上级',
  lower: '应付下级',
  preparatory: '建会筹备金',
  smallBusiness: '小微企业返还',
  collectionFee: '代收手续费',
};

export async function readSetting(q: Q, ztId: number): Promise<FundsSetting> {
  const row = await q.selectFrom('funds_setting').selectAll().where('zt_id', '=', ztId).executeTakeFirst();
  return Object.fromEntries(FUNDS_SETTING_FIELDS.map((f) => [f, row?.[COLUMN[f]] ?? null])) as FundsSetting;
}

export async function saveSetting(
  db: Db,
  scope: Scope,
  body: SaveFundsSettingRequest,
): Promise<{ setting: FundsSetting; unlinkedSubjects: string[] }> {
  const values = Object.fromEntries(FUNDS_SETTING_FIELDS.map((f) => [COLUMN[f], (body[f] ?? '').trim() || null])) as Omit<
    FundsSettingTable,
    'zt_id'
  >;
  for (const field of FUNDS_SETTING_FIELDS) {
    const code = values[COLUMN[field]];
    if (!code) continue;
    const subject = await findSubject(db.kysely, scope, code);
    const message = !subject
      ? `${LABEL[field]}科目${code}不存在`
      : !subject.last_level
        ? `${LABEL[field]}科目${code}不是末级科目，请选择末级科目`
        : null;
    if (message) refuse('ValidationFailed', message, [{ message, fieldId: field }]);
  }
  return db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('funds_setting').where('zt_id', '=', scope.ztId).execute();
    await trx
      .insertInto('funds_setting')
      .values({ zt_id: scope.ztId, ...values })
      .execute();
    const unlinkedSubjects = await linkJfdwToPayables(trx, scope);
    return { setting: await readSetting(trx, scope.ztId), unlinkedSubjects };
  });
}
