/** Password rule for new passwords, checked by the change-password dialog and by the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;

/** The Chinese message for a password that breaks the rule, or null when it is acceptable. */
export function passwordProblem(password: string, loginName?: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return `密码长度应为${PASSWORD_MIN}-${PASSWORD_MAX}位`;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 3) return '密码须包含大写字母、小写字母、数字、符号中的至少三类';
  if (loginName && password.toLowerCase().includes(loginName.toLowerCase())) return '密码不能包含登录名';
  return null;
}
