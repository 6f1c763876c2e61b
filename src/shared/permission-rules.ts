/**
 * The rules of a permission (a button key) and of a permission group (issue 18 §3), checked by the
 * dialogs and again by the server. Each function answers the Chinese message for a value that
 * breaks its rule, or null.
 */

export const PERMISSION_CODE_MAX = 32;
export const PERMISSION_NAME_MAX = 30;

/** A key the catalogue's pages and the roles' grants name: letters and digits, a letter first (cashierSign). */
export function permissionCodeProblem(code: string): string | null {
  const trimmed = code.trim();
  if (!trimmed) return '请输入权限编码';
  if (trimmed.length > PERMISSION_CODE_MAX) return `权限编码不能超过${PERMISSION_CODE_MAX}位`;
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(trimmed)) return '权限编码只能由字母和数字组成，且以字母开头';
  return null;
}

/** A name of a permission or a group ('权限名称', '权限组名称'): 1 to 30 characters, nothing unprintable. */
export function shortTitleProblem(name: string, what: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return `请输入${what}`;
  if ([...trimmed].length > PERMISSION_NAME_MAX) return `${what}不能超过${PERMISSION_NAME_MAX}个字`;
  if (/[\p{Cc}<>]/u.test(trimmed)) return `${what}不能包含控制字符或尖括号`;
  return null;
}
