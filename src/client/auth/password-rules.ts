/** The new-password rule: 8–32 characters with at least three of upper, lower, digit, symbol. */
export const PASSWORD_RULE_MESSAGE = '新密码长度须为8-32位，且至少包含大写字母、小写字母、数字、特殊符号中的三种';

export function passwordClasses(password: string): number {
  return [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
}

/** The first problem with a password change, or null when it may be sent. */
export function passwordChangeProblem(oldPassword: string, newPassword: string, confirm: string): string | null {
  if (!oldPassword) return '请输入原密码';
  if (!newPassword) return '请输入新密码';
  if (newPassword.length < 8 || newPassword.length > 32 || passwordClasses(newPassword) < 3) return PASSWORD_RULE_MESSAGE;
  if (newPassword === oldPassword) return '新密码不能与原密码相同';
  if (newPassword !== confirm) return '两次输入的新密码不一致';
  return null;
}
