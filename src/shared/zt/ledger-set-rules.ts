/**
 * The rules of a ledger set's code and name (账套管理), the same in the dialog and on the server.
 * A code is digits only; a set under an upper unit carries the upper's code as its prefix and at
 * least one digit more (用友's habit: 001 示范市总工会, 001003 its third union), so a code tells
 * where the unit sits and the list sorted by code reads as the tree. A top-level code is free.
 */
export const ZT_CODE_MAX = 30;
export const ZT_NAME_MAX = 60;
export const ZT_LEVEL_MAX = 9;

/** The first problem with a code, or null. `upperCode` is null for a top-level set. */
export function ztCodeProblem(code: string, upperCode: string | null): string | null {
  if (code === '') return '请输入账套编码';
  if (!/^\d+$/.test(code)) return '账套编码只能是数字';
  if (code.length > ZT_CODE_MAX) return `账套编码最多${ZT_CODE_MAX}位`;
  if (upperCode !== null && (!code.startsWith(upperCode) || code.length <= upperCode.length)) {
    return `账套编码须以上级单位的编码 ${upperCode} 开头，并至少多一位（如 ${upperCode}001）`;
  }
  return null;
}

/** The first problem with a name (already trimmed), or null. */
export function ztNameProblem(name: string): string | null {
  if (name === '') return '请输入账套名称';
  if ([...name].length > ZT_NAME_MAX) return `账套名称最多${ZT_NAME_MAX}个字`;
  // Control characters and angle brackets have no place in a unit's name and would only garble exports and pages.
  if ([...name].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '<' || c === '>'))
    return '账套名称不能含有控制字符或尖括号';
  return null;
}

/** A name already used by a set under the same upper unit (names are unique among siblings). */
export function ztSiblingNameProblem(name: string, twinCode: string): string {
  return `同一上级单位下已有名为「${name}」的账套（编码 ${twinCode}）`;
}

/** The accounting systems with the names the pages show. */
export const ACCOUNTING_SYSTEM_NAMES = {
  'union-grassroots': '工会会计制度（基层）',
  'union-county': '工会会计制度（县级以上）',
  government: '政府会计制度',
} as const;
