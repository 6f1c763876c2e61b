/**
 * Saving funds units: the funds accounting dialog (edit: lower sets of the tree or a unit keyed by
 * hand, or one unit's new ratios) and the funding organisation of a 县级以上 set (saveZJUnit).
 * Every rule of the dialogs runs here again (shared/funds/unit-rules.ts); a refusal changes
 * nothing. Ratios are written for a period of the session year (from fromMonth on): a row of the
 * same period is replaced, earlier periods keep theirs, so last year's vouchers keep last year's split.
 * Each save keeps the 经费单位 auxiliary type in step (jfdw.ts), in the same transaction.
 */
import type { EditLowerUnitRequest, SaveZJUnitRequest, SavedUnitsAnswer } from '../../shared/api/schemas/funds-units.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { decryptPhone } from '../../shared/funds/phone-cipher.js';
import { RatioMessages, SHARE_LABELS, type ShareKind } from '../../shared/funds/ratios.js';
import {
  checkLowerUnitForm,
  checkOrgForm,
  checkUnitCode,
  checkUnitName,
  EXPENDITURE_LEAVES,
  LOWER_SHARES,
  UnitMessages,
} from '../../shared/funds/unit-rules.js';
import { optionalYuanToFen } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { refuse } from '../http/app-error.js';
import { findSubject, type Q, type Scope } from '../subjects/subject-repository.js';
import { linkJfdwToPayables, putJfdwItem } from './jfdw.js';
import { lowerSetsOf } from './lower-sets.js';
import { findUnit } from './unit-rows.js';

export interface SaveContext {
  scope: Scope;
  /** The session's signKey: the phone's key (isEncrypt). */
  signKey: string;
}

function invalid(issues: readonly ValidationIssue[]): never {
  refuse('ValidationFailed', issues[0]?.message, issues);
}

const text = (v: string | null | undefined): string => (v ?? '').trim();
const orNull = (v: string | null | undefined): string | null => text(v) || null;

export interface RatioValues {
  basePpm: number;
  lowerRetentionPpm: number | null;
  collectionFeePpm: number;
  sharesPpm: Record<ShareKind, number>;
  subjects: Partial<Record<ShareKind | 'collectionFee', string>>;
  payableFen: number | null;
  annualFen: number | null;
}

/** Replaces the unit's ratios of the period (from_year, from_month). */
export async function putRatio(q: Q, ztId: number, unitId: string, year: number, month: number, r: RatioValues): Promise<void> {
  await q
    .deleteFrom('funds_ratio')
    .where('zt_id', '=', ztId)
    .where('unit_id', '=', unitId)
    .where('from_year', '=', year)
    .where('from_month', '=', month)
    .execute();
  await q
    .insertInto('funds_ratio')
    .values({
      zt_id: ztId,
      unit_id: unitId,
      from_year: year,
      from_month: month,
      base_ppm: r.basePpm,
      retained_ppm: r.sharesPpm.retained,
      superior_one_ppm: r.sharesPpm.superiorOne,
      superior_two_ppm: r.sharesPpm.superiorTwo,
      lower_ppm: r.sharesPpm.lower,
      preparatory_ppm: r.sharesPpm.preparatory,
      small_business_ppm: r.sharesPpm.smallBusiness,
      collection_fee_ppm: r.collectionFeePpm,
      lower_retention_ppm: r.lowerRetentionPpm,
      retained_subject: r.subjects.retained ?? null,
      superior_one_subject: r.subjects.superiorOne ?? null,
      superior_two_subject: r.subjects.superiorTwo ?? null,
      lower_subject: r.subjects.lower ?? null,
      preparatory_subject: r.subjects.preparatory ?? null,
      small_business_subject: r.subjects.smallBusiness ?? null,
      collection_fee_subject: r.subjects.collectionFee ?? null,
      payable_of_the_year_amount: r.payableFen,
      annual_the_year_amount: r.annualFen,
    })
    .execute();
}

/** Each subject named must be a last-level subject of the set's chart for the year. */
export async function checkShareSubjects(
  q: Q,
  scope: Scope,
  subjects: Partial<Record<ShareKind | 'collectionFee', string>>,
  fieldOf: (k: ShareKind | 'collectionFee') => string,
): Promise<void> {
  for (const [kind, code] of Object.entries(subjects) as [ShareKind | 'collectionFee', string][]) {
    const subject = await findSubject(q, scope, code);
    const label = SHARE_LABELS[kind];
    if (!subject) invalid([{ message: `${label}科目${code}不存在`, fieldId: fieldOf(kind) }]);
    if (!subject.last_level) invalid([{ message: `${label}科目${code}不是末级科目，请选择末级科目`, fieldId: fieldOf(kind) }]);
  }
}

async function codeTaken(q: Q, ztId: number, code: string, exceptId: string | null): Promise<boolean> {
  const row = await q.selectFrom('funds_unit').select('id').where('zt_id', '=', ztId).where('code', '=', code).executeTakeFirst();
  return !!row && row.id !== exceptId;
}

/** Two saves of one code at once: the unique index (zt_id, code) refuses the later, which is told so. */
async function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) refuse('Conflict', '单位编码已被同时保存的另一单位使用，请刷新后重试');
    throw error;
  }
}

function fenOf(value: string | number | undefined, field: string): number | null {
  const r = optionalYuanToFen(value);
  if (!r.ok) invalid([{ message: r.message, fieldId: field }]);
  return r.fen;
}

/** The funds accounting dialog: adds lower sets (or one unit by hand), or sets one unit's ratios. */
export async function saveLowerUnits(db: Db, ctx: SaveContext, body: EditLowerUnitRequest): Promise<SavedUnitsAnswer> {
  const { scope } = ctx;
  const id = text(body.id);
  const existing = id ? await findUnit(db.kysely, scope.ztId, id) : undefined;
  if (id && existing?.kind !== 'lower') refuse('NotFound', UnitMessages.unitNotFound);
  const sameLevel = body.sameLevel ?? (existing ? Number(existing.same_level) === 1 : false);
  const form = checkLowerUnitForm({ ...body, sameLevel });
  // The sum rule is about ratios, the unit choice comes first (the dialog's order of messages).
  const handName = text(body.handZtId);
  const handCode = text(body.handZtCode);
  const ztids = [...new Set(body.ztids ?? [])];
  const byHand = handName !== '' || handCode !== '';
  if (!existing) {
    if (byHand && ztids.length > 0) invalid([{ message: UnitMessages.handAndLower, fieldId: 'ztids' }]);
    if (!byHand && ztids.length === 0) invalid([{ message: RatioMessages.selectLowerUnits, fieldId: 'ztids' }]);
    if (byHand) {
      const nameProblem = checkUnitName(handName);
      if (nameProblem)
        invalid([{ message: handName === '' ? RatioMessages.handNameRequired : nameProblem, fieldId: 'handZtId' }]);
      const codeProblem = checkUnitCode(handCode);
      if (codeProblem) invalid([{ message: codeProblem, fieldId: 'handZtCode' }]);
    }
  }
  if (!form.ok) invalid(form.issues);
  const fromMonth = body.fromMonth ?? 1;
  const payableFen = fenOf(body.payableOfTheYearAmount, 'payableOfTheYearAmount');
  const annualFen = fenOf(body.annualTheYearAmount, 'annualTheYearAmount');
  const subjectField = (k: ShareKind | 'collectionFee') => LOWER_SHARES.find((s) => s.kind === k)?.subject ?? k;
  await checkShareSubjects(db.kysely, scope, form.ratios.subjects, subjectField);

  return oneAtATime(() =>
    db.kysely.transaction().execute(async (trx) => {
      const units: { id: string; code: string; name: string }[] = [];
      if (existing) {
        await trx
          .updateTable('funds_unit')
          .set({ same_level: sameLevel ? 1 : 0 })
          .where('zt_id', '=', scope.ztId)
          .where('id', '=', existing.id)
          .execute();
        units.push({ id: existing.id, code: existing.code, name: existing.name });
      } else if (byHand) {
        if (await codeTaken(trx, scope.ztId, handCode, null))
          invalid([{ message: UnitMessages.codeDuplicate(handCode), fieldId: 'handZtCode' }]);
        units.push({ id: timeOrderedId(), code: handCode, name: handName });
      } else {
        const tree = new Map((await lowerSetsOf(trx, scope.ztId)).map((s) => [s.id, s]));
        for (const ztid of ztids) {
          const set = tree.get(ztid);
          if (!set) refuse('Forbidden', UnitMessages.lowerNotInTree);
          const taken = await trx
            .selectFrom('funds_unit')
            .select('id')
            .where('zt_id', '=', scope.ztId)
            .where('lower_zt_id', '=', ztid)
            .executeTakeFirst();
          if (taken) refuse('BusinessRule', UnitMessages.lowerConfigured(set.name));
          // The set's code becomes the unit's code and its 经费单位 item: numeric, at most 20.
          const codeProblem = checkUnitCode(set.code);
          if (codeProblem) refuse('BusinessRule', `${set.name}的账套编码${set.code}不能作为经费单位编码：${codeProblem}`);
          if (await codeTaken(trx, scope.ztId, set.code, null)) refuse('BusinessRule', UnitMessages.codeDuplicate(set.code));
          units.push({ id: timeOrderedId(), code: set.code, name: set.name });
        }
      }
      for (const unit of units) {
        if (!existing) {
          const lowerZtId = byHand ? null : (ztids[units.indexOf(unit)] ?? null);
          await trx
            .insertInto('funds_unit')
            .values({
              zt_id: scope.ztId,
              id: unit.id,
              kind: 'lower',
              code: unit.code,
              name: unit.name,
              lower_zt_id: lowerZtId,
              hand: byHand ? 1 : 0,
              same_level: sameLevel ? 1 : 0,
              funding_type: null,
              created_at: Date.now(),
            })
            .execute();
        }
        await putRatio(trx, scope.ztId, unit.id, scope.year, fromMonth, {
          ...form.ratios,
          collectionFeePpm: 0,
          payableFen,
          annualFen,
        });
        await putJfdwItem(trx, scope.ztId, unit.code, unit.name);
      }
      const unlinkedSubjects = await linkJfdwToPayables(trx, scope);
      return { ids: units.map((u) => u.id), unlinkedSubjects };
    }),
  );
}

/** A funding organisation of a 县级以上 set (add, or edit: its code stays). */
export async function saveOrg(db: Db, ctx: SaveContext, body: SaveZJUnitRequest): Promise<SavedUnitsAnswer> {
  const { scope } = ctx;
  if (scope.system !== 'union-county') refuse('BusinessRule', UnitMessages.onlyZJ);
  let phone = text(body.phone);
  if (phone !== '') {
    if (body.isEncrypt !== true) refuse('BadRequest', '手机号须加密传送（isEncrypt）');
    const plain = decryptPhone(ctx.signKey, phone);
    if (plain === null) invalid([{ message: UnitMessages.phoneUnreadable, fieldId: 'phone' }]);
    phone = plain.trim();
  }
  const code = text(body.code);
  const name = text(body.name);
  const form = checkOrgForm({ ...body, code, name, phone, lx: body.lx });
  if (!form.ok) invalid(form.issues);
  const expenditureType = orNull(body.expenditureType);
  if (expenditureType && !EXPENDITURE_LEAVES.includes(expenditureType))
    invalid([{ message: '请选择末级支出类型', fieldId: 'expenditureType' }]);
  const id = text(body.id);
  const existing = id ? await findUnit(db.kysely, scope.ztId, id) : undefined;
  if (id && existing?.kind !== 'org') refuse('NotFound', UnitMessages.unitNotFound);
  if (existing && existing.code !== code) invalid([{ message: '单位编码保存后不能修改', fieldId: 'code' }]);
  const lowerZtId = body.lowerZtId ?? null;
  const fromMonth = body.fromMonth ?? 1;

  return oneAtATime(() =>
    db.kysely.transaction().execute(async (trx) => {
      if (lowerZtId !== null && !(await lowerSetsOf(trx, scope.ztId)).some((s) => s.id === lowerZtId))
        refuse('Forbidden', UnitMessages.lowerNotInTree);
      if (await codeTaken(trx, scope.ztId, code, existing?.id ?? null))
        invalid([{ message: UnitMessages.codeDuplicate(code), fieldId: 'code' }]);
      const fields = {
        name,
        lower_zt_id: lowerZtId,
        funding_type: body.lx ?? null,
        tax_id: orNull(body.taxId),
        ceo: orNull(body.ceo),
        cfo: orNull(body.cfo),
        phone: phone || null,
        zip: orNull(body.zip),
        address: orNull(body.address),
        number_of_units: body.mcount ?? null,
        expenditure_type: expenditureType,
      };
      const unitId = existing?.id ?? timeOrderedId();
      if (existing)
        await trx.updateTable('funds_unit').set(fields).where('zt_id', '=', scope.ztId).where('id', '=', unitId).execute();
      else
        await trx
          .insertInto('funds_unit')
          .values({ zt_id: scope.ztId, id: unitId, kind: 'org', code, hand: 0, same_level: 0, created_at: Date.now(), ...fields })
          .execute();
      await putRatio(trx, scope.ztId, unitId, scope.year, fromMonth, {
        ...form.ratios,
        subjects: {},
        payableFen: null,
        annualFen: null,
      });
      await putJfdwItem(trx, scope.ztId, code, name);
      const unlinkedSubjects = await linkJfdwToPayables(trx, scope);
      return { ids: [unitId], unlinkedSubjects };
    }),
  );
}
