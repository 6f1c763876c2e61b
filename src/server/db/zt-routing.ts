/**
 * Does a statement route to one ledger set? A distributed PostgreSQL (Citus, sharded by zt_id)
 * sends a statement to one shard only when every sharded table it touches is pinned to one
 * zt_id. This reads the SQL text the server runs (Kysely's output and our `sql` templates, on
 * SQLite `?` and PostgreSQL `$n` placeholders) and answers whether every ledger table in it is:
 * - SELECT, UPDATE, DELETE: each reference to a ledger table, joined and in subqueries too, has a
 *   `zt_id = <one value>` (a parameter or a literal) in a WHERE or ON condition that is a
 *   conjunct (not under an OR), or a `zt_id = other.zt_id` to a reference that is itself pinned;
 * - INSERT ... VALUES: every row names zt_id as one value; INSERT ... SELECT: the selected zt_id
 *   is one value or a pinned reference's zt_id;
 * and all of the values are equal (one set per statement). It is a reader of the shapes our
 * server writes, not a SQL parser: what it does not understand counts as not routed.
 * Pure: the test server (test-support/test-server.ts) feeds it every statement its app runs.
 */
import { isLedgerTable } from './ledger-tables.js';

type Token =
  | { t: 'word'; v: string }
  | { t: 'id'; v: string }
  | { t: 'param'; i: number }
  | { t: 'num'; v: string }
  | { t: 'str' }
  | { t: 'op'; v: string }
  | Group;

interface Group {
  t: 'group';
  items: Token[];
}

/** A value a zt_id is compared with: a parameter (0-based) or a literal. */
type Slot = { param: number } | { literal: string };

export type Analysis = { routed: true; slots: Slot[] } | { routed: false; reason: string };

const DDL_WORDS = new Set(['create', 'alter', 'drop', 'pragma', 'analyze', 'vacuum', 'reindex', 'comment']);

function tokenize(sqlText: string): Token[] {
  const root: Group = { t: 'group', items: [] };
  const stack: Group[] = [root];
  let placeholder = 0;
  let i = 0;
  const push = (token: Token) => stack[stack.length - 1]?.items.push(token);
  while (i < sqlText.length) {
    const c = sqlText.charAt(i);
    if (/\s/.test(c)) {
      i++;
    } else if (sqlText.startsWith('--', i)) {
      const end = sqlText.indexOf('\n', i);
      i = end < 0 ? sqlText.length : end + 1;
    } else if (sqlText.startsWith('/*', i)) {
      const end = sqlText.indexOf('*/', i + 2);
      i = end < 0 ? sqlText.length : end + 2;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      let text = '';
      for (;;) {
        if (j >= sqlText.length) break;
        if (sqlText.charAt(j) === c) {
          if (sqlText.charAt(j + 1) === c) {
            text += c;
            j += 2;
            continue;
          }
          break;
        }
        text += sqlText.charAt(j);
        j++;
      }
      push(c === "'" ? { t: 'str' } : { t: 'id', v: text.toLowerCase() });
      i = j + 1;
    } else if (c === '?') {
      push({ t: 'param', i: placeholder++ });
      i++;
    } else if (c === '$' && /[0-9]/.test(sqlText.charAt(i + 1))) {
      const m = /^\$([0-9]+)/.exec(sqlText.slice(i)) as RegExpExecArray;
      push({ t: 'param', i: Number(m[1]) - 1 });
      i += m[0].length;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(sqlText.slice(i)) as RegExpExecArray;
      push({ t: 'num', v: m[0] });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sqlText.slice(i)) as RegExpExecArray;
      push({ t: 'word', v: m[0].toLowerCase() });
      i += m[0].length;
    } else if (c === '(') {
      const group: Group = { t: 'group', items: [] };
      push(group);
      stack.push(group);
      i++;
    } else if (c === ')') {
      if (stack.length > 1) stack.pop();
      i++;
    } else {
      const m = /^(::|<>|!=|<=|>=|\|\||->>|->)/.exec(sqlText.slice(i));
      const v = m ? m[0] : c;
      push({ t: 'op', v });
      i += v.length;
    }
  }
  return root.items;
}

const isWord = (token: Token | undefined, ...words: string[]): boolean =>
  token !== undefined && token.t === 'word' && words.includes(token.v);

const nameOf = (token: Token | undefined): string | null =>
  token !== undefined && (token.t === 'id' || token.t === 'word') ? token.v : null;

const isSelectGroup = (token: Token | undefined): boolean =>
  token !== undefined && token.t === 'group' && (isWord(token.items[0], 'select', 'with') || isSelectGroup(token.items[0]));

/** Words that end a table reference or a FROM list (so are never an alias). */
const CLAUSE_WORDS = new Set([
  'where',
  'join',
  'inner',
  'left',
  'right',
  'full',
  'cross',
  'on',
  'using',
  'group',
  'order',
  'having',
  'limit',
  'offset',
  'set',
  'returning',
  'union',
  'intersect',
  'except',
  'values',
  'select',
  'from',
  'window',
  'for',
  'natural',
  'lateral',
  'default',
  'do',
]);

interface TableRef {
  name: string;
  alias: string;
  ledger: boolean;
  node: number;
}

interface Scope {
  parent: Scope | null;
  refs: TableRef[];
}

/** Union-find over table references and values. */
class Equalities {
  private parent: number[] = [];
  private slotOf = new Map<number, Slot>();
  add(slot?: Slot): number {
    const n = this.parent.length;
    this.parent.push(n);
    if (slot) this.slotOf.set(n, slot);
    return n;
  }
  find(n: number): number {
    let r = n;
    while (this.parent[r] !== r) r = this.parent[r] as number;
    return r;
  }
  union(a: number, b: number): void {
    this.parent[this.find(a)] = this.find(b);
  }
  slotsWith(n: number): Slot[] {
    const root = this.find(n);
    return [...this.slotOf].filter(([m]) => this.find(m) === root).map(([, slot]) => slot);
  }
}

class Analyser {
  readonly eq = new Equalities();
  readonly ledgerRefs: TableRef[] = [];
  failure: string | null = null;

  fail(reason: string): void {
    this.failure ??= reason;
  }

  ref(scope: Scope, name: string, alias: string | null): TableRef {
    const ref = { name, alias: alias ?? name, ledger: isLedgerTable(name), node: this.eq.add() };
    scope.refs.push(ref);
    if (ref.ledger) this.ledgerRefs.push(ref);
    return ref;
  }

  /** The references a `[qualifier.]zt_id` names, looked up from the scope outwards. */
  resolve(scope: Scope, qualifier: string | null): TableRef[] {
    for (let s: Scope | null = scope; s; s = s.parent) {
      if (qualifier === null) {
        const ledger = s.refs.filter((r) => r.ledger);
        if (ledger.length > 0) return ledger;
        if (s.refs.length > 0) return s.refs.slice(0, 1);
      } else {
        const found = s.refs.find((r) => r.alias === qualifier);
        if (found) return [found];
      }
    }
    return [];
  }

  /** A statement or a subquery: split at UNION and friends, each part its own scope. */
  statement(tokens: Token[], parent: Scope | null): void {
    let start = 0;
    for (let i = 0; i <= tokens.length; i++) {
      if (i === tokens.length || isWord(tokens[i], 'union', 'intersect', 'except')) {
        const part = tokens.slice(start, i);
        if (isWord(part[0], 'all', 'distinct')) part.shift();
        this.part(part, parent);
        start = i + 1;
      }
    }
  }

  private part(tokens: Token[], parent: Scope | null): void {
    const scope: Scope = { parent, refs: [] };
    let i = 0;
    // A WITH's bodies are scopes of their own; their names are not tables.
    if (isWord(tokens[0], 'with')) {
      i = 1;
      if (isWord(tokens[i], 'recursive')) i++;
      for (;;) {
        const name = nameOf(tokens[i]);
        if (name === null) break;
        i++;
        if (tokens[i]?.t === 'group' && !isWord(tokens[i + 1], 'select')) i++; // column list
        if (isWord(tokens[i], 'as')) i++;
        if (isWord(tokens[i], 'materialized') || isWord(tokens[i], 'not')) i++;
        if (isWord(tokens[i], 'materialized')) i++;
        const body = tokens[i];
        if (body?.t === 'group') this.statement(body.items, scope);
        scope.refs.push({ name, alias: name, ledger: false, node: this.eq.add() });
        i++;
        if (tokens[i]?.t === 'op' && (tokens[i] as { v: string }).v === ',') i++;
        else break;
      }
    }
    const first = tokens[i];
    if (isWord(first, 'insert', 'replace')) this.insert(tokens.slice(i), scope);
    else this.body(tokens.slice(i), scope);
  }

  private insert(tokens: Token[], scope: Scope): void {
    let i = 1;
    while (i < tokens.length && !isWord(tokens[i], 'into')) i++;
    i++;
    let name = nameOf(tokens[i]);
    if (tokens[i + 1]?.t === 'op' && (tokens[i + 1] as { v: string }).v === '.') {
      i += 2;
      name = nameOf(tokens[i]);
    }
    if (name === null) return this.fail('unreadable INSERT target');
    i++;
    let alias: string | null = null;
    if (isWord(tokens[i], 'as')) {
      alias = nameOf(tokens[i + 1]);
      i += 2;
    }
    const target = this.ref(scope, name, alias);
    const columnsGroup = tokens[i];
    const columns =
      columnsGroup?.t === 'group' && !isSelectGroup(columnsGroup)
        ? split(columnsGroup.items).map((c) => (c.length === 1 ? nameOf(c[0]) : null))
        : null;
    if (columns) i++;
    const at = columns ? columns.indexOf('zt_id') : -1;
    if (isWord(tokens[i], 'values')) {
      i++;
      let rows = 0;
      while (tokens[i]?.t === 'group') {
        const row = split((tokens[i] as Group).items);
        rows++;
        const cell = at >= 0 ? row[at] : undefined;
        const slot = cell && cell.length === 1 ? slotOf(cell[0]) : null;
        if (slot) this.eq.union(target.node, this.eq.add(slot));
        else if (target.ledger) return this.fail(`INSERT into ${name} without one zt_id value in each row`);
        i++;
        if (tokens[i]?.t === 'op' && (tokens[i] as { v: string }).v === ',') i++;
      }
      if (rows === 0) this.fail(`unreadable INSERT into ${name}`);
      // ON CONFLICT ... DO UPDATE touches the conflicting row, the target's; only subqueries there matter.
      this.conditions(tokens.slice(i), scope, false);
      return;
    }
    const rest = tokens.slice(i);
    const head = rest[0];
    const select = head?.t === 'group' && isSelectGroup(head) ? head.items : rest;
    if (!isWord(select[0], 'select', 'with')) {
      if (target.ledger) this.fail(`INSERT into ${name} without VALUES or SELECT`);
      return;
    }
    const inner: Scope = { parent: scope, refs: [] };
    this.body(select, inner);
    if (!target.ledger) return;
    // The selected zt_id: the item in the select list at the zt_id column's place.
    const list: Token[] = [];
    for (const token of select.slice(1)) {
      if (isWord(token, 'from')) break;
      list.push(token);
    }
    const item = at >= 0 ? split(list)[at] : undefined;
    const value = item ? stripAlias(item) : [];
    const slot = value.length === 1 ? slotOf(value[0]) : null;
    if (slot) return this.eq.union(target.node, this.eq.add(slot));
    const column = columnRef(value, 0);
    if (column && column.next === value.length) {
      const refs = this.resolve(inner, column.qualifier);
      if (refs.length > 0) {
        for (const ref of refs) this.eq.union(target.node, ref.node);
        return;
      }
    }
    this.fail(`INSERT into ${name} ... SELECT without the selected zt_id being one set's`);
  }

  /** SELECT / UPDATE / DELETE tokens of one scope: table references at depth 0, then conditions. */
  private body(tokens: Token[], scope: Scope): void {
    // Pass 1: the table references of this scope (a condition may name a later one).
    let expectTable = false;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] as Token;
      if (isWord(token, 'from', 'join', 'update', 'into', 'using')) {
        // DELETE ... USING and UPDATE ... FROM list further tables; JOIN ... USING (cols) does not.
        expectTable = !(isWord(token, 'using') && tokens[i + 1]?.t === 'group');
        continue;
      }
      if (!expectTable) continue;
      if (isWord(token, 'only', 'lateral')) continue;
      if (token.t === 'group') {
        // A derived table: its own scope; its alias names no ledger table.
        if (isSelectGroup(token)) this.statement(token.items, scope);
        const alias = aliasAt(tokens, i + 1);
        if (alias) {
          scope.refs.push({ name: '', alias: alias.name, ledger: false, node: this.eq.add() });
          i = alias.next - 1;
        }
        expectTable = continuesList(tokens, i + 1);
        if (expectTable) i++;
        continue;
      }
      let name = nameOf(token);
      let j = i + 1;
      while (tokens[j]?.t === 'op' && (tokens[j] as { v: string }).v === '.' && nameOf(tokens[j + 1]) !== null) {
        name = nameOf(tokens[j + 1]);
        j += 2;
      }
      if (name === null || (token.t === 'word' && CLAUSE_WORDS.has(name))) {
        expectTable = false;
        continue;
      }
      if (tokens[j]?.t === 'group') {
        // A function in FROM (json_each(?), generate_series(...)): not a table.
        const alias = aliasAt(tokens, j + 1);
        if (alias) scope.refs.push({ name: '', alias: alias.name, ledger: false, node: this.eq.add() });
        i = (alias ? alias.next : j + 1) - 1;
        expectTable = continuesList(tokens, i + 1);
        if (expectTable) i++;
        continue;
      }
      const alias = aliasAt(tokens, j);
      this.ref(scope, name, alias ? alias.name : null);
      i = (alias ? alias.next : j) - 1;
      expectTable = continuesList(tokens, i + 1);
      if (expectTable) i++;
    }
    // Pass 2: conditions, subqueries elsewhere (select list, SET, IN (...), EXISTS (...)).
    this.conditions(tokens, scope, false);
  }

  /**
   * Walks tokens at one level: subqueries become scopes; zt_id equalities count where they are
   * conjuncts of a WHERE or ON (`pinning`), so a level with an OR at its top pins nothing.
   */
  private conditions(tokens: Token[], scope: Scope, pinningContext: boolean, topLevel = true): void {
    // Cut the level into clauses; a clause is a WHERE/ON/HAVING (conditions) or anything else.
    const clauses: { pinning: boolean; tokens: Token[] }[] = [];
    let current: { pinning: boolean; tokens: Token[] } = { pinning: pinningContext, tokens: [] };
    clauses.push(current);
    for (const token of tokens) {
      if (topLevel && token.t === 'word' && (CLAUSE_WORDS.has(token.v) || token.v === 'with')) {
        current = { pinning: token.v === 'where' || token.v === 'on', tokens: [] };
        clauses.push(current);
        continue;
      }
      current.tokens.push(token);
    }
    for (const clause of clauses) {
      const pinning = clause.pinning && !clause.tokens.some((t) => isWord(t, 'or'));
      const ts = clause.tokens;
      for (let i = 0; i < ts.length; i++) {
        const token = ts[i] as Token;
        if (token.t === 'group') {
          if (isSelectGroup(token)) this.statement(token.items, scope);
          else this.conditions(token.items, scope, pinning && !isWord(ts[i - 1], 'not'), false);
          continue;
        }
        if (!pinning) continue;
        const left = columnRef(ts, i);
        if (!left) continue;
        const op = ts[left.next];
        if (op?.t !== 'op' || op.v !== '=') continue;
        if (isWord(ts[i - 1], 'not')) continue;
        const rhsAt = left.next + 1;
        const right = columnRef(ts, rhsAt);
        const leftRefs = this.resolve(scope, left.qualifier);
        if (right) {
          const rightRefs = this.resolve(scope, right.qualifier);
          for (const a of leftRefs) for (const b of rightRefs) this.eq.union(a.node, b.node);
          i = right.next - 1;
          continue;
        }
        const value = ts[rhsAt];
        const slot = value ? slotOf(value) : null;
        if (slot && !isArithmetic(ts[rhsAt + 1])) {
          const n = this.eq.add(slot);
          for (const ref of leftRefs) this.eq.union(ref.node, n);
          i = rhsAt;
        }
      }
    }
  }

  result(): Analysis {
    if (this.failure) return { routed: false, reason: this.failure };
    const slots: Slot[] = [];
    for (const ref of this.ledgerRefs) {
      const found = this.eq.slotsWith(ref.node);
      if (found.length === 0) return { routed: false, reason: `${ref.name} is not filtered by one zt_id` };
      slots.push(...found);
    }
    return { routed: true, slots };
  }
}

function isArithmetic(token: Token | undefined): boolean {
  return token?.t === 'op' && ['+', '-', '*', '/', '%', '||'].includes(token.v);
}

/** `[qualifier.]zt_id` at tokens[i] (a column of that name), with the index after it. */
function columnRef(tokens: Token[], i: number): { qualifier: string | null; next: number } | null {
  const a = nameOf(tokens[i]);
  if (a === null) return null;
  if (tokens[i + 1]?.t === 'op' && (tokens[i + 1] as { v: string }).v === '.') {
    // schema.table.column or table.column
    const b = nameOf(tokens[i + 2]);
    if (tokens[i + 3]?.t === 'op' && (tokens[i + 3] as { v: string }).v === '.') {
      return nameOf(tokens[i + 4]) === 'zt_id' ? { qualifier: b, next: i + 5 } : null;
    }
    return b === 'zt_id' ? { qualifier: a, next: i + 3 } : null;
  }
  if (a !== 'zt_id') return null;
  if (i > 0 && tokens[i - 1]?.t === 'op' && (tokens[i - 1] as { v: string }).v === '.') return null;
  return { qualifier: null, next: i + 1 };
}

function slotOf(token: Token | undefined): Slot | null {
  if (token === undefined) return null;
  if (token.t === 'param') return { param: token.i };
  if (token.t === 'num') return { literal: token.v };
  // `in (?)`-like single value in parentheses, or a cast group
  if (token.t === 'group' && token.items.length === 1) return slotOf(token.items[0]);
  return null;
}

/** An alias at tokens[i] (`as x` or a bare name that is no clause word). */
function aliasAt(tokens: Token[], i: number): { name: string; next: number } | null {
  if (isWord(tokens[i], 'as')) {
    const name = nameOf(tokens[i + 1]);
    return name === null ? null : { name, next: i + 2 };
  }
  const token = tokens[i];
  if (token?.t === 'id') return { name: token.v, next: i + 1 };
  if (token?.t === 'word' && !CLAUSE_WORDS.has(token.v) && !['as', 'where', 'set'].includes(token.v)) {
    return { name: token.v, next: i + 1 };
  }
  return null;
}

function continuesList(tokens: Token[], i: number): boolean {
  const token = tokens[i];
  return token?.t === 'op' && token.v === ',';
}

function split(tokens: Token[]): Token[][] {
  const parts: Token[][] = [[]];
  for (const token of tokens) {
    if (token.t === 'op' && token.v === ',') parts.push([]);
    else parts[parts.length - 1]?.push(token);
  }
  return parts;
}

function stripAlias(item: Token[]): Token[] {
  const as = item.findIndex((t) => isWord(t, 'as'));
  return as >= 0 ? item.slice(0, as) : item;
}

const cache = new Map<string, Analysis>();

/** What the SQL text needs for routing (cached by text: the server runs few distinct ones). */
export function analyseRouting(sqlText: string): Analysis {
  const cached = cache.get(sqlText);
  if (cached) return cached;
  const tokens = tokenize(sqlText);
  let analysis: Analysis;
  if (tokens[0]?.t === 'word' && DDL_WORDS.has(tokens[0].v)) {
    // DDL changes a distributed table on every shard at once (Citus propagates it); only migrations run it.
    analysis = { routed: true, slots: [] };
  } else {
    const analyser = new Analyser();
    analyser.statement(tokens, null);
    analysis = analyser.result();
  }
  if (cache.size > 5000) cache.clear();
  cache.set(sqlText, analysis);
  return analysis;
}

function valueOf(slot: Slot, parameters: readonly unknown[]): string {
  if ('literal' in slot) return slot.literal;
  const value = parameters[slot.param];
  return typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string'
    ? String(value)
    : JSON.stringify(value);
}

/** Null when the statement routes to one ledger set (or touches no ledger table); else why not. */
export function routingViolation(sqlText: string, parameters: readonly unknown[]): string | null {
  const analysis = analyseRouting(sqlText);
  if (!analysis.routed) return analysis.reason;
  const values = new Set(analysis.slots.map((s) => valueOf(s, parameters)));
  if (values.size > 1) return `ledger tables filtered by different zt_ids (${[...values].join(', ')})`;
  if ([...values].some((v) => v === 'null' || v === 'undefined')) return 'zt_id compared with null';
  return null;
}
