/**
 * The one catalogue of error codes (spec section 8). The server picks a code by what went wrong;
 * the client reacts to the code, never to the message text. Both sides import these constants,
 * so a code cannot drift apart between them.
 */

/** How the client reacts when success is false (spec section 8). */
export type ClientReaction =
  | 'confirm' // errorMsg in a confirm dialog
  | 'list' // dialog titled errorMsg listing each message of data
  | 'logout' // show errorMsg, mark logged out, clear token, go to /
  | 'home' // show errorMsg, go to /home
  | 'logout-silent' // log out locally, clear token, go to /, then show errorMsg
  | 'close' // period-close follow-up (document 2)
  | 'key'; // hardware-key dialog

export interface ErrorCodeInfo {
  readonly code: number;
  /** HTTP status the server answers with. Validation and bad requests are 400, the rest 200. */
  readonly http: 200 | 400 | 404 | 500;
  readonly reaction: ClientReaction;
  /** What the code means on the server side. */
  readonly meaning: string;
  /** Default Chinese message when the server has nothing more specific to say. */
  readonly message: string;
}

const table = {
  BadRequest: {
    code: 4000,
    http: 400,
    reaction: 'confirm',
    meaning: 'malformed request: body not JSON, a parameter of the wrong type',
    message: '请求参数有误',
  },
  LoginFailed: {
    code: 4001,
    http: 200,
    reaction: 'confirm',
    meaning: 'wrong login name or password',
    message: '用户名或密码错误',
  },
  CaptchaInvalid: {
    code: 4002,
    http: 200,
    reaction: 'confirm',
    meaning: 'captcha wrong, expired or already used',
    message: '验证码错误或已过期，请重新输入',
  },
  ValidationFailed: {
    code: 4003,
    http: 400,
    reaction: 'list',
    meaning: 'validation failed; data holds the list of messages (with row and field where known)',
    message: '数据校验未通过',
  },
  TokenInvalid: {
    code: 4004,
    http: 200,
    reaction: 'logout',
    meaning: 'token missing, unknown, idle too long or past its absolute lifetime',
    message: '登录已失效，请重新登录',
  },
  Forbidden: {
    code: 4005,
    http: 200,
    reaction: 'home',
    meaning: 'no right to this page, call or ledger set (including a ledger set other than the session one)',
    message: '没有访问权限',
  },
  LoginLocked: {
    code: 4006,
    http: 200,
    reaction: 'confirm',
    meaning: 'too many failed logins for this account or address; wait for the cool-down',
    message: '登录失败次数过多，请稍后再试',
  },
  SessionReplaced: {
    code: 4007,
    http: 200,
    reaction: 'logout-silent',
    meaning: 'the session was ended by a login of the same account elsewhere',
    message: '您的账号已在其他地方登录，请重新登录',
  },
  AccountDisabled: {
    code: 4010,
    http: 200,
    reaction: 'logout-silent',
    meaning: 'the account is disabled; its sessions are revoked',
    message: '账号已被停用，请联系管理员',
  },
  BusinessRule: {
    code: 4011,
    http: 200,
    reaction: 'confirm',
    meaning: 'refused by a business rule (state does not allow the operation)',
    message: '当前状态不允许此操作',
  },
  Conflict: {
    code: 4012,
    http: 200,
    reaction: 'confirm',
    meaning: 'conflicts with existing data (duplicate code, stale edit)',
    message: '数据已存在或已被他人修改',
  },
  LedgerSetExpired: {
    code: 4013,
    http: 200,
    reaction: 'logout-silent',
    meaning: 'the ledger set is past its expiry time or disabled',
    message: '账套已过期，请联系管理员',
  },
  PeriodClosed: {
    code: 4014,
    http: 200,
    reaction: 'confirm',
    meaning: 'the period is closed and cannot be written',
    message: '该期间已结账，不能修改',
  },
  NotFound: {
    code: 4015,
    http: 200,
    reaction: 'confirm',
    meaning: 'the record named does not exist (or not in this ledger set)',
    message: '记录不存在',
  },
  CloseFollowUp: {
    code: 4016,
    http: 200,
    reaction: 'close',
    meaning: 'after closing a period: the client follows document 2',
    message: '结账后续处理',
  },
  BackupRotationNeeded: {
    code: 4017,
    http: 200,
    reaction: 'confirm',
    meaning:
      '20 backups of the ledger set are kept: taking one more removes the oldest; repeat with rotate after the user confirms (data names the oldest)',
    message: '云备份记录最多存在20条,如点击【继续执行】，则系统自动删除最早期的备份记录，删除后无法回退 ，请谨慎操作！',
  },
  KeyDevice: {
    code: 4019,
    http: 200,
    reaction: 'key',
    meaning: 'hardware key missing or not the bound one',
    message: '未检测到秘钥，请先插入秘钥在进行系统操作！',
  },
  SignatureInvalid: {
    code: 4020,
    http: 200,
    reaction: 'confirm',
    meaning: 'authEncryptKey missing or does not match the parameters',
    message: '请求签名无效',
  },
  ReplayRefused: {
    code: 4021,
    http: 200,
    reaction: 'confirm',
    meaning: 'timestamp more than 5 minutes off, or nonce already used',
    message: '请求已过期或重复提交，请刷新后重试',
  },
  PasswordChangeRequired: {
    code: 4022,
    http: 200,
    reaction: 'confirm',
    meaning: 'initial, reset or expired password: only updatePassword, getInfo and logOut are allowed',
    message: '密码已过期，请先修改密码',
  },
  NotFoundPath: { code: 404, http: 404, reaction: 'confirm', meaning: 'no such API path', message: '接口不存在' },
  ServerError: {
    code: 500,
    http: 500,
    reaction: 'confirm',
    meaning: 'unexpected server failure (logged with the request id)',
    message: '服务器错误请联系管理员！',
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorName = keyof typeof table;
export const ErrorCodes: { readonly [K in ErrorName]: (typeof table)[K] } = table;
export const ErrorCode = Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v.code])) as {
  readonly [K in ErrorName]: (typeof table)[K]['code'];
};

const byCode = new Map<number, ErrorCodeInfo>(Object.values(table).map((info) => [info.code, info]));

export function errorInfo(code: number): ErrorCodeInfo | undefined {
  return byCode.get(code);
}

/** The client's reaction for a code; codes the catalogue does not know are shown in a confirm. */
export function reactionFor(code: number | null | undefined): ClientReaction {
  return (code != null ? byCode.get(code)?.reaction : undefined) ?? 'confirm';
}
