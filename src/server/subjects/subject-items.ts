/**
 * Subject rows to the spec's Subject shape as it is answered: full names, descendants, the next
 * child code, auxiliary types, and the amounts in yuan (the wire's unit; fen in the database).
 */
import type { AuxiTypeRef, SubjectItem } from '../../shared/api/subjects.js';
import type { BalanceDirection } from '../../shared/constants.js';
import type { SubjectType } from '../../shared/chart.js';
import { nextChildCode, SUBJECT_MAX_LEVEL, SubjectMessages, type SubjectCodeRules } from '../../shared/subjects/subject-code.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import type { SubjectRow } from '../db/schema.js';
import { hasAmounts } from './subject-repository.js';
import { pinyinInitials } from './pinyin.js';

export interface ChildCodeAnswer {
  childCode: string | null;
  message: string | null;
}

/**
 * What the add dialog may add under `parent` (or at the first level when null): the next free code,
 * or why nothing may be added there. Mirrors the checks of adding, so the dialog learns early.
 */
export function childCodeFor(
  parent: SubjectRow | null,
  children: readonly SubjectRow[],
  rules: SubjectCodeRules,
): ChildCodeAnswer {
  if (!parent) {
    if (!rules.allowNewFirstLevel) return { childCode: null, message: SubjectMessages.firstLevelForbidden };
  } else {
    if (children.some((c) => c.is_standard)) return { childCode: null, message: SubjectMessages.sameLevelAsStandard };
    if (parent.level + 1 > SUBJECT_MAX_LEVEL) return { childCode: null, message: SubjectMessages.tooDeep(SUBJECT_MAX_LEVEL) };
    if (parent.last_level && hasAmounts(parent)) return { childCode: null, message: SubjectMessages.parentHasBalance };
  }
  const code = nextChildCode(
    parent?.code ?? null,
    children.map((c) => c.code),
    rules,
  );
  return code
    ? { childCode: code, message: null }
    : { childCode: null, message: SubjectMessages.childCodesExhausted(parent?.code ?? '') };
}

export function childrenByParent(rows: readonly SubjectRow[]): Map<string | null, SubjectRow[]> {
  const out = new Map<string | null, SubjectRow[]>();
  for (const row of rows) {
    const list = out.get(row.parent_code) ?? [];
    list.push(row);
    out.set(row.parent_code, list);
  }
  return out;
}

export function fullNameOf(row: SubjectRow, byCode: ReadonlyMap<string, SubjectRow>): string {
  const parts = [row.name];
  for (
    let p = row.parent_code ? byCode.get(row.parent_code) : undefined;
    p;
    p = p.parent_code ? byCode.get(p.parent_code) : undefined
  ) {
    parts.unshift(p.name);
  }
  return parts.join('-');
}

export interface ItemOptions {
  rules: SubjectCodeRules;
  types?: ReadonlyMap<string, AuxiTypeRef[]>;
  /** Default true: codeAndFullName carries the parents' names. */
  incloudFullName?: boolean;
}

export function toSubjectItems(rows: readonly SubjectRow[], options: ItemOptions): SubjectItem[] {
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const children = childrenByParent(rows);
  const descendants = (code: string): string[] => {
    const out: string[] = [];
    const queue = [...(children.get(code) ?? [])];
    for (let next = queue.shift(); next; next = queue.shift()) {
      out.push(next.code);
      queue.push(...(children.get(next.code) ?? []));
    }
    return out;
  };
  return rows.map((r) => {
    const auxiTypeList = options.types?.get(r.code) ?? [];
    return {
      id: r.code,
      code: r.code,
      codeName: r.name,
      codeAndFullName: `${r.code} ${options.incloudFullName === false ? r.name : fullNameOf(r, byCode)}`,
      type: r.type as SubjectType,
      level: r.level,
      lastLevel: !!r.last_level,
      balanceDirection: r.balance_direction as BalanceDirection,
      initAmount: fenToYuan(r.init_amount),
      balance: fenToYuan(r.init_amount),
      cumuleDebitAmount: fenToYuan(r.cumule_debit_amount),
      cumuleCreditAmount: fenToYuan(r.cumule_credit_amount),
      parentCode: r.parent_code,
      childCode: childCodeFor(r, children.get(r.code) ?? [], options.rules).childCode,
      childCodeArray: descendants(r.code),
      isStandard: !!r.is_standard,
      incloudAuxi: auxiTypeList.length > 0,
      auxiTypeList,
      isGovernment: !!r.is_budget,
      enable: !!r.enable,
      pinyin: pinyinInitials(r.name),
    };
  });
}

/** The flat list (ordered by code) as a tree of first-level subjects with children. */
export function toTree(items: readonly SubjectItem[]): SubjectItem[] {
  const nodes = new Map(items.map((i) => [i.code, { ...i, children: [] as SubjectItem[] }]));
  const roots: SubjectItem[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentCode ? nodes.get(node.parentCode) : undefined;
    if (parent) parent.children?.push(node);
    else roots.push(node);
  }
  return roots;
}
