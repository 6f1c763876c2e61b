/**
 * The opening balances of one ledger set's year as data: load them, recompute every parent from
 * its last-level subjects, and lay them out as the page's rows.
 *
 * What must stay true: a parent's amounts are always the signed sum of its children (a child on
 * the other side counts negative); a last-level subject with auxiliary types holds the sum of its
 * auxiliary rows. The trial check is the grid's (grids/opening-balance.ts), over these rows.
 */
import type { AuxiTypeRef, OpeningRow } from '../../shared/api/subjects.js';
import type { BalanceDirection } from '../../shared/constants.js';
import type { SubjectType } from '../../shared/chart.js';
import { parseAuxiKey, type AuxiTypeItems } from '../../shared/subjects/auxiliary-rules.js';
import type { SubjectRow } from '../db/schema.js';
import { listItems, listTypes, typeItemsOf } from '../auxiliary/repository.js';
import { chartOf, listSubjects, listSubjectTypes, type Q, type Scope } from './subject-repository.js';
import { fullNameOf } from './subject-items.js';

export interface Amounts {
  init: number;
  cumDebit: number;
  cumCredit: number;
}

export const ZERO: Amounts = { init: 0, cumDebit: 0, cumCredit: 0 };

export function isZero(a: Amounts): boolean {
  return a.init === 0 && a.cumDebit === 0 && a.cumCredit === 0;
}

export interface OpeningContext {
  scope: Scope;
  startMonth: number;
  isMidYear: boolean;
  hasBudget: boolean;
  initialised: boolean;
  subjects: SubjectRow[];
  byCode: Map<string, SubjectRow>;
  types: Map<string, AuxiTypeRef[]>;
  typeItems: Map<string, AuxiTypeItems>;
  /** Amounts of last-level subjects without auxiliary types. */
  own: Map<string, Amounts>;
  /** Auxiliary rows by subject code, then by key. */
  aux: Map<string, Map<string, Amounts>>;
}

export async function loadOpening(q: Q, scope: Scope): Promise<OpeningContext> {
  const [year, subjects, types, typeRows, items, auxRows] = await Promise.all([
    q
      .selectFrom('zt_year')
      .select(['start_month', 'subjects_initialised'])
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .executeTakeFirst(),
    listSubjects(q, scope),
    listSubjectTypes(q, scope),
    listTypes(q, scope.ztId),
    listItems(q, scope.ztId),
    q.selectFrom('auxi_opening').selectAll().where('zt_id', '=', scope.ztId).where('year', '=', scope.year).execute(),
  ]);
  const startMonth = year?.start_month ?? 1;
  const own = new Map<string, Amounts>();
  for (const s of subjects) {
    if (s.last_level && !types.has(s.code))
      own.set(s.code, { init: s.init_amount, cumDebit: s.cumule_debit_amount, cumCredit: s.cumule_credit_amount });
  }
  const aux = new Map<string, Map<string, Amounts>>();
  for (const r of auxRows) {
    const rows = aux.get(r.code) ?? new Map<string, Amounts>();
    rows.set(r.auxi_key, { init: r.init_amount, cumDebit: r.cumule_debit_amount, cumCredit: r.cumule_credit_amount });
    aux.set(r.code, rows);
  }
  return {
    scope,
    startMonth,
    isMidYear: startMonth > 1,
    hasBudget: chartOf(scope).rules.hasBudget,
    initialised: !!year?.subjects_initialised,
    subjects,
    byCode: new Map(subjects.map((s) => [s.code, s])),
    types,
    typeItems: typeItemsOf(typeRows, items),
    own,
    aux,
  };
}

function add(a: Amounts, b: Amounts, sign: 1 | -1): Amounts {
  return { init: a.init + sign * b.init, cumDebit: a.cumDebit + b.cumDebit, cumCredit: a.cumCredit + b.cumCredit };
}

/** Amounts of every subject: last-level from their own or auxiliary rows, parents summed (signed by side). */
export function computeAll(ctx: OpeningContext): Map<string, Amounts> {
  const out = new Map<string, Amounts>();
  for (const s of ctx.subjects) {
    if (!s.last_level) continue;
    const auxRows = ctx.types.has(s.code) ? ctx.aux.get(s.code) : undefined;
    let total = ctx.types.has(s.code) ? ZERO : (ctx.own.get(s.code) ?? ZERO);
    for (const a of auxRows?.values() ?? []) total = add(total, a, 1);
    out.set(s.code, total);
  }
  const deepestFirst = [...ctx.subjects].sort((a, b) => b.level - a.level);
  for (const s of deepestFirst) {
    if (!s.parent_code) continue;
    const parent = ctx.byCode.get(s.parent_code);
    if (!parent) continue;
    const sign = parent.balance_direction === s.balance_direction ? 1 : -1;
    out.set(parent.code, add(out.get(parent.code) ?? ZERO, out.get(s.code) ?? ZERO, sign));
  }
  return out;
}

export function yearInit(direction: number, a: Amounts): number {
  return direction === 1 ? a.init - a.cumDebit + a.cumCredit : a.init - a.cumCredit + a.cumDebit;
}

/** The page's rows: every subject in code order, each last-level one with auxiliary types followed by its auxiliary rows. */
export function openingRows(ctx: OpeningContext, all: ReadonlyMap<string, Amounts>): OpeningRow[] {
  const rows: OpeningRow[] = [];
  for (const s of ctx.subjects) {
    const a = all.get(s.code) ?? ZERO;
    const auxiTypeList = ctx.types.get(s.code) ?? [];
    const fullName = `${s.code} ${fullNameOf(s, ctx.byCode)}`;
    const base = {
      code: s.code,
      type: s.type as SubjectType,
      lastLevel: !!s.last_level,
      balanceDirection: s.balance_direction as BalanceDirection,
      isGovernment: !!s.is_budget,
      isStandard: !!s.is_standard,
      enable: !!s.enable,
      incloudAuxi: auxiTypeList.length > 0,
      auxiTypeList,
    };
    rows.push({
      ...base,
      rowId: s.code,
      codeName: s.name,
      codeAndFullName: fullName,
      level: s.level,
      parentCode: s.parent_code,
      initAmount: a.init,
      cumuleDebitAmount: a.cumDebit,
      cumuleCreditAmount: a.cumCredit,
      yearInitAmount: yearInit(s.balance_direction, a),
      isAuxiliary: false,
      auxiKey: null,
      auxis: [],
      editable: !!s.last_level && auxiTypeList.length === 0,
    });
    if (!s.last_level || auxiTypeList.length === 0) continue;
    const auxRows = [...(ctx.aux.get(s.code)?.entries() ?? [])].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    for (const [key, amounts] of auxRows) {
      const auxis = parseAuxiKey(key).map((c) => {
        const type = ctx.typeItems.get(c.typeNo);
        return {
          typeNo: c.typeNo,
          typeName: type?.typeName ?? c.typeNo,
          infoNo: c.infoNo,
          infoName: type?.items.get(c.infoNo)?.infoName ?? c.infoNo,
        };
      });
      const names = auxis.map((x) => x.infoName).join('/');
      rows.push({
        ...base,
        rowId: `${s.code}#${key}`,
        codeName: names,
        codeAndFullName: `${fullName}（${names}）`,
        level: s.level + 1,
        parentCode: s.code,
        lastLevel: true,
        initAmount: amounts.init,
        cumuleDebitAmount: amounts.cumDebit,
        cumuleCreditAmount: amounts.cumCredit,
        yearInitAmount: yearInit(s.balance_direction, amounts),
        isAuxiliary: true,
        auxiKey: key,
        auxis,
        editable: true,
      });
    }
  }
  return rows;
}
