/**
 * The change-password form's checks. The rule itself (8–32 characters, three of upper, lower,
 * digit, symbol, not containing the login name) is the shared one the server applies too.
 */
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../../shared/password-policy.js';

export const PASSWORD_RULE_HINT = `新密码长度为${PASSWORD_MIN}-${PASSWORD_MAX}位，须包含大写字母、小写字母、数字、符号中的至少三类，且不能包含登录名`;

/** The first problem with a password change, or null when it may be sent. */
export function passwordChangeProblem(
  oldPassword: string,
  newPassword: string,
  confirm: string,
  loginName?: string,
): string | null {
  if (!oldPassword) return '请输入原密码';
  if (!newPassword) return '请输入新密码';
  const problem = passwordProblem(newPassword, loginName);
  if (problem) return problem;
  if (newPassword === oldPassword) return '新密码不能与原密码相同';
  if (newPassword !== confirm) return '两次输入的新密码不一致';
  return null;
}
