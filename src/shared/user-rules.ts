/**
 * The rules of a user's record (issue 18 §2), checked by the user dialogs and again by the server.
 * Each function answers the Chinese message for a value that breaks its rule, or null.
 */

/** The same normalisation as the sign-in box (server auth/login-name.ts): width, invisible characters, padding. */
export function normaliseLogin(typed: string): string {
  return typed
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .trim();
}

export const LOGIN_NAME_MAX = 32;

/** Letters (Chinese too), digits and _ . @ -: what a person types and a log reads without surprise. */
export function loginNameProblem(loginName: string): string | null {
  const name = normaliseLogin(loginName);
  if (!name) return '请输入登录名';
  if (name.length < 2 || name.length > LOGIN_NAME_MAX) return `登录名长度应为2-${LOGIN_NAME_MAX}位`;
  if (!/^[\p{L}\p{N}_.@-]+$/u.test(name)) return '登录名只能包含字母、汉字、数字和 _ . @ -';
  return null;
}

export const USER_NAME_MAX = 32;

export function userNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return '请输入姓名';
  if (trimmed.length > USER_NAME_MAX) return `姓名不能超过${USER_NAME_MAX}个字`;
  return null;
}

/**
 * A phone is optional; when given it is a mainland mobile number (11 digits, 13x-19x) or a landline
 * with its area code (010-12345678, 0571-87654321, an extension after a second dash), the forms a
 * union's staff register with. Spaces and dashes typed inside a mobile number are ignored.
 */
export function normalisePhone(typed: string): string {
  const phone = typed.normalize('NFKC').trim();
  const digits = phone.replace(/[\s-]/g, '');
  return /^1\d{10}$/.test(digits) ? digits : phone.replace(/\s/g, '');
}

export function phoneProblem(typed: string): string | null {
  const phone = normalisePhone(typed);
  if (!phone) return null;
  if (/^1[3-9]\d{9}$/.test(phone)) return null;
  if (/^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/.test(phone)) return null;
  return '联系电话须为11位手机号（如13800138000）或带区号的固定电话（如010-12345678）';
}

/** Names of user types and departments. */
export function shortNameProblem(name: string, what: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return `请输入${what}名称`;
  if (trimmed.length > 32) return `${what}名称不能超过32个字`;
  return null;
}
