/**
 * Importing a workbook of ledger sets (importZtInfo, importZtInfoRewrite): every row is checked
 * against the others, the sets that exist and the caller's scope inside one transaction; any bad
 * row refuses the whole workbook with every bad row listed (a row out of the caller's scope makes
 * it a 4005), and nothing is written. Otherwise the sets are made (createLedgerSets, each exactly
 * as createLedgerSet makes one, with its template where the row names one), existing ones are
 * rewritten, and one operation-log record names them all.
 */
import type { Db } from '../../db/database.js';
import { refuse } from '../../http/app-error.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Actor } from '../../admin/audit.js';
import { recordChange } from '../../admin/audit.js';
import { scopeHolds, type ManagedScope } from '../../admin/scope.js';
import { applyLedgerSetTemplate, templatesByName } from '../templates/apply-template.js';
import { createLedgerSets } from './create-sets.js';
import { firstYearsOfSets } from '../set-years.js';
import { planLedgerSetRows, type ExistingSet, type RowIssue } from './ledger-set-rows.js';
import type { SetText } from './set-fields.js';

export type ImportMode = 'create' | 'rewrite';

export interface ImportResult {
  created: number;
  updated: number;
}

/** The message of a refused workbook: the first bad row, and how many there are. */
export function refusalMessage(issues: readonly RowIssue[]): string {
  const first = issues[0];
  const rows = new Set(issues.map((i) => i.row)).size;
  const head = first ? `第${first.row}行${first.column}：${first.message}` : '';
  return rows > 1 ? `${head}等${rows}行有错误，未导入任何账套` : `${head}，未导入任何账套`;
}

async function existingSets(tx: Db): Promise<ExistingSet[]> {
  const sets = await tx.kysely
    .selectFrom('zt_info')
    .select(['id', 'code', 'name', 'upper_id', 'level', 'accounting_system', 'expire_time'])
    .execute();
  const first = await firstYearsOfSets(
    tx.kysely,
    sets.map((s) => s.id),
  );
  return sets.map((s) => ({
    id: s.id,
    code: s.code,
    name: s.name,
    upperId: s.upper_id,
    level: s.level,
    accountingSystem: s.accounting_system,
    expireTime: s.expire_time,
    firstYear: first.get(s.id) ?? null,
  }));
}

export async function importLedgerSets(
  db: Db,
  actor: Actor,
  scope: ManagedScope,
  rows: readonly { row: number; text: SetText }[],
  mode: ImportMode,
  now = Date.now(),
): Promise<ImportResult> {
  try {
    return await importInTransaction(db, actor, scope, rows, mode, now);
  } catch (error) {
    // Another import or create took a code between this one's check and its write: nothing was written.
    if (isUniqueViolation(error)) refuse('Conflict', '导入期间有账套编码被其他操作占用，未导入任何账套，请重新导入');
    throw error;
  }
}

function importInTransaction(
  db: Db,
  actor: Actor,
  scope: ManagedScope,
  rows: readonly { row: number; text: SetText }[],
  mode: ImportMode,
  now: number,
): Promise<ImportResult> {
  return db.kysely.transaction().execute(async (trx) => {
    const tx: Db = { ...db, kysely: trx };
    const sets = await existingSets(tx);
    const byCode = new Map(sets.map((s) => [s.code, s]));
    const templates = await templatesByName(trx);
    const plan = planLedgerSetRows(rows, {
      mode,
      existing: byCode,
      byId: new Map(sets.map((s) => [s.id, s])),
      inScope: (id) => scopeHolds(scope, id),
      mayRegisterTop: scope.all,
      template: (name) => templates.get(name),
    });
    if (plan.issues.length > 0) {
      const scoped = plan.issues.filter((i) => i.scope);
      const shown = scoped.length > 0 ? scoped : plan.issues;
      refuse(scoped.length > 0 ? 'Forbidden' : 'ValidationFailed', refusalMessage(shown), plan.issues);
    }

    const ids = await createLedgerSets(
      tx,
      plan.creates.map(({ fields, level, upper }) => ({
        name: fields.name,
        code: fields.code,
        upper,
        accountingSystem: fields.accountingSystem,
        level,
        years: [fields.year],
        expireTime: fields.expireTime,
      })),
      now,
    );
    for (const create of plan.creates) {
      const id = ids.get(create.fields.code);
      if (create.templateId !== null && id !== undefined)
        await applyLedgerSetTemplate(tx, create.templateId, id, { userId: actor.userId, now });
    }
    const idOf = (upper: { id: number } | { code: string } | null): number | null =>
      upper === null ? null : 'id' in upper ? upper.id : (ids.get(upper.code) ?? byCode.get(upper.code)?.id ?? null);
    const updated: { code: string; before: object; after: object }[] = [];
    for (const u of plan.updates) {
      const after = { name: u.name, upper_id: idOf(u.upper), expire_time: u.expireTime, level: u.level };
      const before = { name: u.before.name, upper_id: u.before.upperId, expire_time: u.before.expireTime, level: u.before.level };
      if (JSON.stringify(after) === JSON.stringify(before)) continue;
      await trx.updateTable('zt_info').set(after).where('id', '=', u.id).execute();
      updated.push({ code: u.before.code, before, after });
    }
    for (const change of plan.levelChanges) {
      await trx.updateTable('zt_info').set({ level: change.level }).where('id', '=', change.id).execute();
    }
    const created = plan.creates.map((c) => c.fields.code);
    await recordChange(
      trx,
      actor,
      {
        action: mode === 'create' ? 'zt.import' : 'zt.importRewrite',
        target: 'zt_info',
        targetId: null,
        ztId: null,
        summary: `导入账套：新建${created.length}个，修改${updated.length}个`,
        after: { created, updated },
      },
      now,
    );
    return { created: created.length, updated: updated.length };
  });
}
