/**
 * The rules of a workbook of ledger sets against each other and the sets that exist (issue 18 §1):
 * codes unique (in the workbook, and among existing sets unless rewriting), a new set's code prefixed
 * by its upper unit's, names unique among the sets of one upper unit, the upper unit exists
 * (a set already there or another row: order does not matter), is in the caller's scope, no cycle,
 * the level is the upper's level + 1, the template exists. Pure: the caller loads what exists and
 * writes the plan in one transaction, or nothing when any row is bad.
 */
import type { AccountingSystem } from '../../../shared/api/auth.js';
import { ztCodeProblem, ztSiblingNameProblem } from '../../../shared/zt/ledger-set-rules.js';
import { checkSetFields, COLUMNS, SYSTEM_LABEL, type Column, type SetFields, type SetText } from './set-fields.js';

export interface ExistingSet {
  id: number;
  code: string;
  name: string;
  upperId: number | null;
  level: number;
  accountingSystem: string;
  expireTime: string | null;
  /** Its first accounting year (null when it has none). */
  firstYear: number | null;
}

export interface RowsContext {
  /** create: an existing code is refused; rewrite: it is updated (name, upper unit, expiry). */
  mode: 'create' | 'rewrite';
  existing: ReadonlyMap<string, ExistingSet>;
  byId: ReadonlyMap<number, ExistingSet>;
  inScope(ztId: number): boolean;
  /** The super administrator registers top-level sets; anyone else only under a set it manages. */
  mayRegisterTop: boolean;
  template(name: string): { id: number; accountingSystem: string } | undefined;
}

export interface RowIssue {
  /** The worksheet row. */
  row: number;
  /** The column's header. */
  column: string;
  message: string;
  /** Refused by the caller's scope (the import then answers 4005). */
  scope?: boolean;
}

export type UpperRef = { id: number } | { code: string } | null;

export interface PlannedCreate {
  row: number;
  fields: SetFields;
  level: number;
  upper: UpperRef;
  templateId: number | null;
}

export interface PlannedUpdate {
  row: number;
  id: number;
  before: ExistingSet;
  name: string;
  upper: UpperRef;
  expireTime: string | null;
  level: number;
}

export interface RowsPlan {
  issues: RowIssue[];
  /** New sets, each after its upper unit. */
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
  /** Existing sets under a moved one whose level follows it. */
  levelChanges: { id: number; level: number }[];
}

interface Node {
  upperCode: string | null;
  row: number | null;
  existing: ExistingSet | null;
  moved: boolean;
}

export function planLedgerSetRows(rows: readonly { row: number; text: SetText }[], ctx: RowsContext): RowsPlan {
  const issues: RowIssue[] = [];
  const bad = (row: number, column: Column, message: string, scope = false) =>
    issues.push({ row, column: COLUMNS[column], message, ...(scope ? { scope } : {}) });

  // The tree as it will be: existing sets, then each row's set over them.
  const nodes = new Map<string, Node>();
  for (const set of ctx.existing.values()) {
    const upper = set.upperId === null ? null : (ctx.byId.get(set.upperId)?.code ?? null);
    nodes.set(set.code, { upperCode: upper, row: null, existing: set, moved: false });
  }
  const firstRowOf = new Map<string, number>();
  const valid: { row: number; fields: SetFields }[] = [];
  for (const { row, text } of rows) {
    const checked = checkSetFields(text);
    for (const issue of checked.issues) bad(row, issue.column, issue.message);
    const code = text.code.trim();
    if (code) {
      const first = firstRowOf.get(code);
      if (first !== undefined) {
        bad(row, 'code', `账套编码${code}与第${first}行重复`);
        continue;
      }
      firstRowOf.set(code, row);
    }
    if (!checked.fields) continue;
    const fields = checked.fields;
    const existing = ctx.existing.get(fields.code) ?? null;
    if (existing && ctx.mode === 'create') {
      bad(row, 'code', `账套编码${fields.code}已存在`);
      continue;
    }
    if (existing) {
      if (!ctx.inScope(existing.id)) {
        bad(row, 'code', `无权修改账套${fields.code}`, true);
        continue;
      }
      if (existing.accountingSystem !== fields.accountingSystem) {
        const label = SYSTEM_LABEL[existing.accountingSystem as AccountingSystem] ?? existing.accountingSystem;
        bad(row, 'system', `账套${fields.code}已存在，会计制度（${label}）不能修改`);
      }
      if (existing.firstYear !== null && existing.firstYear !== fields.year) {
        bad(row, 'year', `账套${fields.code}已存在，启用年度（${existing.firstYear}）不能修改`);
      }
      if (fields.template !== null) bad(row, 'template', `账套${fields.code}已存在，不能套用模板`);
    }
    const node = nodes.get(fields.code);
    const moved = !existing || node?.upperCode !== fields.upperCode;
    // A new or moved set's code carries its upper unit's code as prefix, as 账套管理 asks; a set
    // kept where it is keeps its code (made before the rule). The code names the set here, so a
    // move whose code does not fit is for 账套管理, where the code can change with it.
    const prefixProblem = moved ? ztCodeProblem(fields.code, fields.upperCode) : null;
    if (prefixProblem) {
      bad(row, 'code', existing ? `${prefixProblem}（移动账套且须修改编码时，请在账套管理中修改）` : prefixProblem);
      continue;
    }
    nodes.set(fields.code, { upperCode: fields.upperCode, row, existing, moved });
    valid.push({ row, fields });
  }

  // Names are unique among the sets of one upper unit (账套管理's rule), over the tree as it will
  // be: an existing set a row rewrites counts with the row's name and upper unit, not its old ones.
  const siblingKey = (upperCode: string | null, name: string) => `${upperCode ?? ''}\u0000${name}`;
  const named = new Map<string, { code: string; row: number | null }>();
  for (const set of ctx.existing.values()) {
    if (firstRowOf.has(set.code)) continue;
    named.set(siblingKey(nodes.get(set.code)?.upperCode ?? null, set.name), { code: set.code, row: null });
  }
  for (const { row, fields } of valid) {
    const key = siblingKey(fields.upperCode, fields.name);
    const twin = named.get(key);
    if (!twin) named.set(key, { code: fields.code, row });
    else if (twin.row === null) bad(row, 'name', ztSiblingNameProblem(fields.name, twin.code));
    else bad(row, 'name', `账套名称「${fields.name}」与第${twin.row}行重复（上级账套相同）`);
  }

  // Upper units: there, and managed by the caller where a set is put under it.
  for (const { row, fields } of valid) {
    const node = nodes.get(fields.code);
    if (!node?.moved) continue;
    if (fields.upperCode === null) {
      if (!ctx.mayRegisterTop) bad(row, 'upperCode', '只有超级管理员可以注册顶级账套，请填写上级账套编码', true);
      continue;
    }
    if (firstRowOf.has(fields.upperCode)) continue;
    const upper = ctx.existing.get(fields.upperCode);
    if (!upper) bad(row, 'upperCode', `上级账套编码${fields.upperCode}不存在`);
    else if (!ctx.inScope(upper.id)) bad(row, 'upperCode', `无权在上级账套${fields.upperCode}下注册账套`, true);
  }

  // Levels over the final tree; a cycle among the rows is refused on each of its rows.
  const levels = new Map<string, number>();
  const inCycle = new Set<string>();
  const levelOf = (start: string): number | null => {
    const chain: string[] = [];
    const onChain = new Set<string>();
    let at: string | null = start;
    let base = 0;
    while (at !== null) {
      const known = levels.get(at);
      if (known !== undefined) {
        base = known;
        break;
      }
      if (inCycle.has(at)) return null;
      if (onChain.has(at)) {
        const cycle = chain.slice(chain.indexOf(at));
        for (const code of cycle) inCycle.add(code);
        const path = [...cycle, at].join('→');
        for (const code of cycle) {
          const row = nodes.get(code)?.row;
          if (row != null) bad(row, 'upperCode', `上级账套形成循环：${path}`);
        }
        return null;
      }
      const node = nodes.get(at);
      if (!node) break; // an upper unit that is not there (reported above): count from here
      chain.push(at);
      onChain.add(at);
      at = node.upperCode;
    }
    for (let i = chain.length - 1; i >= 0; i--) levels.set(chain[i] ?? '', base + (chain.length - i));
    return levels.get(start) ?? null;
  };

  const creates: PlannedCreate[] = [];
  const updates: PlannedUpdate[] = [];
  for (const { row, fields } of valid) {
    const level = levelOf(fields.code);
    if (level === null) continue;
    if (fields.level !== null && fields.level !== level) bad(row, 'level', `级次应为${level}（上级账套的级次加1）`);
    let templateId: number | null = null;
    if (fields.template !== null && !ctx.existing.has(fields.code)) {
      const template = ctx.template(fields.template);
      if (!template) bad(row, 'template', `模板“${fields.template}”不存在`);
      else if (template.accountingSystem !== fields.accountingSystem)
        bad(row, 'template', `模板“${fields.template}”的会计制度与本行不同`);
      else templateId = template.id;
    }
    const upperSet = fields.upperCode === null ? undefined : ctx.existing.get(fields.upperCode);
    const upper: UpperRef =
      fields.upperCode === null
        ? null
        : upperSet && !firstRowOf.has(fields.upperCode)
          ? { id: upperSet.id }
          : { code: fields.upperCode };
    const existing = ctx.existing.get(fields.code);
    if (existing) {
      updates.push({ row, id: existing.id, before: existing, name: fields.name, upper, expireTime: fields.expireTime, level });
    } else creates.push({ row, fields, level, upper, templateId });
  }

  // Existing sets under a moved one take its new level.
  const movedBelow = new Map<string, boolean>();
  const underMoved = (code: string): boolean => {
    const known = movedBelow.get(code);
    if (known !== undefined) return known;
    const node = nodes.get(code);
    movedBelow.set(code, false); // guards a damaged stored tree
    const answer = !!node && (node.moved || (node.upperCode !== null && underMoved(node.upperCode)));
    movedBelow.set(code, answer);
    return answer;
  };
  const levelChanges: { id: number; level: number }[] = [];
  if (updates.length > 0 && issues.length === 0) {
    for (const set of ctx.existing.values()) {
      if (firstRowOf.has(set.code) || !underMoved(set.code)) continue;
      const level = levelOf(set.code);
      if (level !== null && level !== set.level) levelChanges.push({ id: set.id, level });
    }
  }

  creates.sort((a, b) => a.level - b.level || a.row - b.row);
  issues.sort((a, b) => a.row - b.row);
  return { issues, creates, updates, levelChanges };
}
