/**
 * Schemas of the sign-in and session calls (spec doc 1 sections 3 and 7, auth at root level): the
 * captcha, logOn and logOut, the session's auth info, choosing a ledger set and year, and the
 * password. logOn and the captcha are the only calls without a session; the answer of logOn gives
 * the token and the key that signs every later call.
 */
import { Type, type Static } from 'typebox';
import { Envelope, FileAnswer, NoParams, Nullable, Year, ZtId } from './common.js';
import { MenuNodeSchema, ResourceItemSchema } from './menu.js';
import { AccountingSystemSchema } from './zt.js';

/**
 * The body of a POST that reads nothing: an object (the client's common fields) or no body at all
 * (Fastify validates a missing body as null), as the spec's logOut is sent without a payload.
 */
const NoBody = Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], description: '无参数（可不传请求体）' });

const Password = (description: string) => Type.String({ maxLength: 128, description });

export const LogOnRequestSchema = Type.Object({
  loginName: Type.String({ maxLength: 128, description: '用户名（不区分大小写，首尾空格不计）' }),
  password: Password('密码'),
  captcha: Type.Optional(Type.String({ maxLength: 16, description: '验证码图片上的字符；服务器关闭验证码时可不传' })),
  captchaKey: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'key of the captcha image, read from the X-Captcha-Key header of getValidateCode',
    }),
  ),
});
export type LogOnRequest = Static<typeof LogOnRequestSchema>;

export const LogOnResponseSchema = Type.Object({
  token: Type.String({ description: 'session token (64 hex characters), sent in the token header of every later call' }),
  signKey: Type.String({ description: 'per-session HMAC key for authEncryptKey (64 hex characters, 256 bits); never sent back' }),
  loginName: Type.String(),
  name: Type.String({ description: '用户姓名' }),
  isAdmin: Type.Boolean({ description: 'an administrator holds every page and button' }),
  passwordExpired: Type.Boolean({
    description:
      'true for an initial or reset password, or when periodic expiry is on and due: only the password calls answer until it is changed',
  }),
});
export type LogOnResponse = Static<typeof LogOnResponseSchema>;

export const UpdatePasswordRequestSchema = Type.Object({
  oldPassword: Password('原密码'),
  newPassword: Password('新密码：8-32位，含大写字母、小写字母、数字、符号中的至少三类，不含登录名，不同于原密码'),
});
export type UpdatePasswordRequest = Static<typeof UpdatePasswordRequestSchema>;

export const SetUserZtLevelRequestSchema = Type.Object({
  ztId: ZtId('the ledger set to open (one of ztInfo/elect)'),
  year: Year('the year to open in it (one of its years in ztInfo/elect)'),
});
export type SetUserZtLevelRequest = Static<typeof SetUserZtLevelRequestSchema>;

export const SetUserZtLevelResponseSchema = Type.Object({
  ztId: ZtId('the session’s ledger set from now on'),
  ztName: Type.String({ description: '账套名称' }),
  year: Year('the session’s year from now on'),
});
export type SetUserZtLevelResponse = Static<typeof SetUserZtLevelResponseSchema>;

const Flag = (description: string) => Type.Boolean({ description });

export const AuthInfoSchema = Type.Object({
  loginName: Type.String(),
  name: Type.String({ description: '用户姓名' }),
  isAdmin: Flag('an administrator holds every page and button'),
  year: Nullable(Type.Integer({ description: 'the session’s year; null until a ledger set is chosen' })),
  ztId: Nullable(Type.Integer({ description: 'the session’s ledger set; null until one is chosen' })),
  workingMonth: Nullable(
    Type.Integer({
      minimum: 1,
      maximum: 12,
      description:
        'the set’s current accounting month in the session’s year: its first month not closed (12 once the year is closed), where period pickers open; null without a set',
    }),
  ),
  ztName: Nullable(Type.String({ description: 'name of the session’s ledger set' })),
  userLevel: Nullable(
    Type.String({ description: 'the user’s level (role) in the session’s set, e.g. 会计; 管理员 for an administrator' }),
  ),
  financialInstitution: Nullable(
    Type.Integer({ description: 'accounting mode of the set: 3 工会会计制度（2021）, 2 政府会计制度; null without a set' }),
  ),
  accountingSystem: Type.Union([AccountingSystemSchema, Type.Null()], { description: 'null without a set' }),
  fileUploadContentLength: Type.Integer({ description: 'largest attachment, in bytes' }),
  fileUploadAllContentLength: Type.Integer({ description: 'largest upload of several files together, in bytes' }),
  userZtData: Type.Union(
    [
      Type.Object({
        name: Type.String({ description: '账套名称' }),
        isOpenLocalizationPrint: Flag('the spec’s local printing of the set (always false)'),
      }),
      Type.Null(),
    ],
    { description: 'the session’s set; null without one' },
  ),
  voucherTemplate: Nullable(
    Type.String({ description: 'voucher layout: coustomVoucherZhejiang for a government set, else null' }),
  ),
  whetherOpenMonthEndCarryover: Flag('the spec’s flag that keeps the year-end carry-over checks in December (always false)'),
  resources: Type.Object({
    usercenter: Type.Array(ResourceItemSchema, { description: 'the user-center pages the user may open' }),
    financial: Type.Array(ResourceItemSchema, { description: 'the accounting pages the user may open' }),
  }),
  keyCode: Nullable(Type.String({ description: 'the spec’s key code (always null: no key device)' })),
  whetherOpenSecretKey: Flag('whether a key device is required (always false)'),
  isDeptLocalizationPrint: Flag('the spec’s department local printing (always false)'),
  isZJ: Flag('true for a 县级以上 set (union-county)'),
  isStreetAccounting: Flag('the spec’s street-accounting mode (always false)'),
  isCheckCertificateSign: Flag('whether the close checks the cashier’s signature of vouchers (always false)'),
  platMenuList: Type.Array(MenuNodeSchema, { description: 'the side menu of the session' }),
  financialList: Type.Array(
    Type.Object({ financialValue: Type.Integer({ description: 'a financialInstitution value' }), name: Type.String() }),
    { description: 'the accounting modes and their names' },
  ),
});
/** The session's auth info (getInfo, spec doc 1 section 3). */
export type AuthInfo = Static<typeof AuthInfoSchema>;

export const AuthSchemas = {
  captcha: {
    querystring: NoParams,
    response: {
      200: FileAnswer('image/svg+xml', 'the captcha image; its key is in the X-Captcha-Key header, to send back as captchaKey'),
    },
  },
  logOn: { body: LogOnRequestSchema, response: { 200: Envelope(LogOnResponseSchema) } },
  logOut: { body: NoBody, response: { 200: Envelope(Type.Null()) } },
  passwordExpired: {
    querystring: NoParams,
    response: { 200: Envelope(Type.Boolean({ description: 'true when the password must be changed before anything else' })) },
  },
  info: { querystring: NoParams, response: { 200: Envelope(AuthInfoSchema) } },
  updatePassword: { body: UpdatePasswordRequestSchema, response: { 200: Envelope(Type.Null()) } },
  setUserZtLevel: { body: SetUserZtLevelRequestSchema, response: { 200: Envelope(SetUserZtLevelResponseSchema) } },
} as const;
