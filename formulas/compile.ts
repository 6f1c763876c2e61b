/**
 * Named formulas over field ids (never A1 addresses) rewritten to HyperFormula formulas.
 * An expression uses HyperFormula function names, numbers, operators and strings; a bare name
 * is a field id (or, in a total, another total's id); `CHILDREN(field)` is the row's children's
 * cells of that field. The scanner also tells the conformance test which names an expression uses.
 */

export type ExpressionToken = { readonly text: string } & (
  | { readonly type: 'name'; readonly name: string }
  | { readonly type: 'function'; readonly name: string }
  | { readonly type: 'children'; readonly field: string; readonly signBy: string | null }
  | { readonly type: 'other' }
);

const LITERALS = new Set(['TRUE', 'FALSE']);

/**
 * Splits an expression into names, function calls, CHILDREN(field) or CHILDREN(field, signBy)
 * and everything else. With signBy, a child whose signBy value differs from its parent's counts
 * negative (a credit-side child under a debit-side subject).
 */
export function scanExpression(expression: string): ExpressionToken[] {
  const tokens: ExpressionToken[] = [];
  const re =
    /"(?:[^"]|"")*"|CHILDREN\s*\(\s*([A-Za-z_]\w*)\s*(?:,\s*([A-Za-z_]\w*)\s*)?\)|([A-Za-z_][\w.]*)(?=(\s*\()?)|[^"A-Za-z_]+/gy;
  let match: RegExpExecArray | null;
  while ((match = re.exec(expression)) !== null) {
    const [text, childField, signBy, name, call] = match;
    if (childField !== undefined) tokens.push({ type: 'children', text, field: childField, signBy: signBy ?? null });
    else if (name !== undefined && call !== undefined) tokens.push({ type: 'function', text, name });
    else if (name !== undefined && !LITERALS.has(name)) tokens.push({ type: 'name', text, name });
    else tokens.push({ type: 'other', text });
  }
  if (tokens.map((t) => t.text).join('') !== expression) throw new Error(`无法解析公式: ${expression}`);
  return tokens;
}

export interface CompileContext {
  /** A1 text for a bare name, or null when the name is unknown. */
  readonly name: (name: string) => string | null;
  /** A1 text (comma-separated cells and ranges, negated cells) of the children's cells of a field. */
  readonly children?: (field: string, signBy: string | null) => string;
}

/** The HyperFormula formula (with its leading '=') of an expression. */
export function compileExpression(expression: string, ctx: CompileContext): string {
  const parts = scanExpression(expression).map((t) => {
    switch (t.type) {
      case 'name': {
        const ref = ctx.name(t.name);
        if (ref === null) throw new Error(`公式中的名称不存在: ${t.name} (${expression})`);
        return ref;
      }
      case 'children':
        if (!ctx.children) throw new Error(`CHILDREN 只能用于派生单元格: ${expression}`);
        return ctx.children(t.field, t.signBy);
      case 'function':
      case 'other':
        return t.text;
    }
  });
  return `=${parts.join('')}`;
}

/** Column letters of a zero-based column index: 0 is A, 26 is AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Consecutive row indexes of one column as A1 ranges: [2,3,4,7] in C is 'C3:C5,C8'. */
export function cellList(column: string, rowIndexes: readonly number[], sheetPrefix = ''): string {
  const parts: string[] = [];
  let start = -1;
  let prev = -2;
  const flush = () => {
    if (start < 0) return;
    const a = `${sheetPrefix}${column}${start + 1}`;
    parts.push(prev === start ? a : `${a}:${column}${prev + 1}`);
  };
  for (const i of rowIndexes) {
    if (i !== prev + 1) {
      flush();
      start = i;
    }
    prev = i;
  }
  flush();
  return parts.join(',');
}
