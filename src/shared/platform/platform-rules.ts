/** The rules of a platform's code and name (平台管理), one copy for the form and the server. */
export const PLATFORM_CODE = /^[A-Za-z0-9]{1,32}$/;
export const PLATFORM_CODE_MESSAGE = '平台编码须为1至32位字母或数字';
export const PLATFORM_NAME_MAX = 30;

/** The first problem with a code (already trimmed), or null. */
export function platformCodeProblem(code: string): string | null {
  if (code === '') return '请输入平台编码';
  return PLATFORM_CODE.test(code) ? null : PLATFORM_CODE_MESSAGE;
}

/** The first problem with a name (already trimmed), or null. */
export function platformNameProblem(name: string): string | null {
  if (name === '') return '请输入平台名称';
  if ([...name].length > PLATFORM_NAME_MAX) return `平台名称最多${PLATFORM_NAME_MAX}个字`;
  if ([...name].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '<' || c === '>'))
    return '平台名称不能含有控制字符或尖括号';
  return null;
}
