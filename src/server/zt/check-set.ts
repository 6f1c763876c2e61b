/**
 * The checks of a ledger set being created or edited (账套管理, and the import of sets, which calls
 * checkNewLedgerSet for each row inside its own transaction). The first problem is answered as the
 * Chinese message the administrator reads; nothing is written here.
 *
 * What they hold: a name (trimmed, 1-60 characters, unique among the sets of the same upper unit)
 * and a code (digits, unique in the installation, with the upper unit's code as its prefix); an
 * upper unit that exists and is in the caller's managed scope (a top-level set is the super
 * administrator's alone; a set cannot move under itself or a set below it); a real expiry date; a
 * first year in a sensible range. Editing keeps the books whole: the accounting system and first
 * year of a set with vouchers, initialised openings or a closed month stay as they are, and a set
 * with lower units keeps its code and its upper unit (their codes and levels follow from it).
 */
import type { AccountingSystem } from '../../shared/api/schemas/zt.js';
import { ztCodeProblem, ztNameProblem, ztSiblingNameProblem } from '../../shared/zt/ledger-set-rules.js';
import type { Db } from '../db/database.js';
import type { ZtInfoRow } from '../db/schema.js';
import { scopeHolds, subtreeOf, type ManagedScope } from '../admin/scope.js';

export interface LedgerSetInput {
  /** The set being edited; absent or null when a new one is created. */
  id?: number | null;
  name: string;
  code: string;
  upperId: number | null;
  accountingSystem: AccountingSystem;
  /** Its first accounting year. */
  year: number;
  /** Absent or null: the upper unit's level + 1 (1 at the top), or on an edit the level it has. */
  level?: number | null;
  expireTime?: string | null;
}

/** How a problem is answered: outside the caller's scope 4005, a taken code or name 4012, any other rule 4011. */
export type ProblemKind = 'Forbidden' | 'Conflict' | 'BusinessRule';

export type CheckedLedgerSet =
  | { problem: string; kind: ProblemKind }
  | {
      problem: null;
      name: string;
      code: string;
      level: number;
      /** The set as it is before an edit. */
      existing: ZtInfoRow | null;
      /** Its first year before an edit (null when it has none). */
      existingYear: number | null;
      /** An edit changes the accounting system or the first year (and so rebuilds the chart). */
      rebuildsBooks: boolean;
    };

export const FIRST_YEAR_MIN = 1990;

/** A yyyy-MM-dd that names a day of the calendar (2026-02-30 does not). */
export function isRealDate(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

async function hasRows(tx: Db, table: 'voucher' | 'period_close', ztId: number): Promise<boolean> {
  const row = await tx.kysely.selectFrom(table).select('zt_id').where('zt_id', '=', ztId).limit(1).executeTakeFirst();
  return !!row;
}

/** The full check; answers the problem, or what the write needs (the level, the set before an edit). */
export async function checkLedgerSet(
  tx: Db,
  input: LedgerSetInput,
  scope: ManagedScope,
  now = new Date(),
): Promise<CheckedLedgerSet> {
  const q = tx.kysely;
  const name = input.name.trim();
  const code = input.code.trim();
  const nameProblem = ztNameProblem(name);
  if (nameProblem) return { problem: nameProblem, kind: 'BusinessRule' };

  const editing = input.id !== undefined && input.id !== null;
  const existing = editing
    ? await q
        .selectFrom('zt_info')
        .selectAll()
        .where('id', '=', input.id ?? 0)
        .executeTakeFirst()
    : undefined;
  if (editing && !existing) return { problem: '要编辑的账套不存在，可能已被删除', kind: 'BusinessRule' };
  if (existing && !scopeHolds(scope, existing.id)) return { problem: '该账套不在您管理的范围内', kind: 'Forbidden' };
  const upperUnchanged = !!existing && existing.upper_id === input.upperId;

  let upper: ZtInfoRow | undefined;
  if (input.upperId === null) {
    if (!scope.all && !upperUnchanged) return { problem: '只有超级管理员可以新建顶级账套，请选择上级单位', kind: 'Forbidden' };
  } else {
    upper = await q.selectFrom('zt_info').selectAll().where('id', '=', input.upperId).executeTakeFirst();
    if (!upper) return { problem: '上级单位不存在，请重新选择', kind: 'BusinessRule' };
    if (!upperUnchanged && !scopeHolds(scope, upper.id))
      return { problem: `上级单位「${upper.name}」不在您管理的范围内`, kind: 'Forbidden' };
  }

  if (existing) {
    const sets = await q.selectFrom('zt_info').select(['id', 'upper_id']).execute();
    const below = subtreeOf(existing.id, sets);
    if (upper && below.has(upper.id)) return { problem: '上级单位不能是该账套本身或它的下级单位', kind: 'BusinessRule' };
    const hasChildren = below.size > 1;
    if (hasChildren && !upperUnchanged) return { problem: '该账套有下级单位，不能改变它的上级单位', kind: 'BusinessRule' };
    if (hasChildren && code !== existing.code)
      return { problem: '该账套有下级单位，不能修改编码（下级单位的编码以它开头）', kind: 'BusinessRule' };
  }

  // A code kept as it was (a set made before these rules) is not held to the prefix rule again.
  const codeKept = !!existing && upperUnchanged && code === existing.code;
  const codeProblem = codeKept ? null : ztCodeProblem(code, upper ? upper.code : null);
  if (codeProblem) return { problem: codeProblem, kind: 'BusinessRule' };
  const sameCode = await q.selectFrom('zt_info').select(['id', 'name']).where('code', '=', code).executeTakeFirst();
  if (sameCode && sameCode.id !== existing?.id)
    return { problem: `账套编码 ${code} 已被账套「${sameCode.name}」使用`, kind: 'Conflict' };
  let sameName = q.selectFrom('zt_info').select(['id', 'code']).where('name', '=', name);
  sameName = input.upperId === null ? sameName.where('upper_id', 'is', null) : sameName.where('upper_id', '=', input.upperId);
  const twin = await sameName.executeTakeFirst();
  if (twin && twin.id !== existing?.id) return { problem: ztSiblingNameProblem(name, twin.code), kind: 'Conflict' };

  if (input.expireTime && !isRealDate(input.expireTime))
    return { problem: `到期日 ${input.expireTime} 不是有效的日期`, kind: 'BusinessRule' };
  const lastYear = now.getFullYear() + 1;
  if (input.year < FIRST_YEAR_MIN || input.year > lastYear)
    return { problem: `启用年度须在${FIRST_YEAR_MIN}年到${lastYear}年之间`, kind: 'BusinessRule' };

  let existingYear: number | null = null;
  let rebuildsBooks = false;
  if (existing) {
    const first = await q
      .selectFrom('zt_year')
      .select((eb) => eb.fn.min('year').as('year'))
      .where('zt_id', '=', existing.id)
      .executeTakeFirst();
    existingYear = first?.year ?? null;
    rebuildsBooks = existing.accounting_system !== input.accountingSystem || existingYear !== input.year;
    if (rebuildsBooks) {
      if (await hasRows(tx, 'voucher', existing.id))
        return { problem: '该账套已有凭证，不能修改会计制度或启用年度', kind: 'BusinessRule' };
      const initialised = await q
        .selectFrom('zt_year')
        .select('year')
        .where('zt_id', '=', existing.id)
        .where('subjects_initialised', '=', 1)
        .executeTakeFirst();
      if (initialised)
        return { problem: `该账套${initialised.year}年的科目期初已经初始化，不能修改会计制度或启用年度`, kind: 'BusinessRule' };
      if (await hasRows(tx, 'period_close', existing.id))
        return { problem: '该账套已有结账的月份，不能修改会计制度或启用年度', kind: 'BusinessRule' };
    }
  }

  const level = input.level ?? (existing && upperUnchanged ? existing.level : upper ? upper.level + 1 : 1);
  return { problem: null, name, code, level, existing: existing ?? null, existingYear, rebuildsBooks };
}

/**
 * The checks of a new ledger set for callers that make sets themselves (the import of sets, a set
 * from a template): the Chinese message of the first problem, or null when createLedgerSet may
 * make it. `tx` should be the transaction that then creates it.
 */
export async function checkNewLedgerSet(tx: Db, input: LedgerSetInput, scope: ManagedScope): Promise<string | null> {
  return (await checkLedgerSet(tx, input, scope)).problem;
}
