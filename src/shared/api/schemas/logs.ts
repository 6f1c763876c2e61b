/**
 * Schemas of who did what (issue 18 §4): the operation log (操作日志, getSystemOptLogList) and the
 * access records (访问记录: requestIP per address, getDetailsList per attempt). Dates are China's
 * calendar days (Asia/Shanghai), as the list shows its times; each list has its workbook.
 */
import { Type, type Static } from 'typebox';
import { Envelope, FileAnswer, Nullable, Paged, ZtId } from './common.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const DateText = (description: string) =>
  Type.Optional(
    Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: `${description}（yyyy-MM-dd，北京时间）`,
      'x-message': '日期格式应为yyyy-MM-dd',
    }),
  );

const PageFields = {
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: '页码，从1起' })),
  pageSize: Type.Optional(
    Type.Unsafe<number>({
      type: 'integer',
      enum: [20, 30, 40, 50],
      default: 20,
      description: '每页条数：20、30、40或50',
      'x-message': '每页条数只能是20、30、40或50',
    }),
  ),
};

const OptLogFilterFields = {
  beginDate: DateText('起始日期'),
  endDate: DateText('截止日期（含当天）'),
  loginName: Type.Optional(Type.String({ maxLength: 64, description: '操作人的登录名（完全相同）' })),
  action: Type.Optional(
    Type.String({ maxLength: 64, description: '操作，如 zt.create、user.disable；以 . 结尾时为该类全部操作' }),
  ),
  ztId: Type.Optional(ZtId('账套：该账套及其下级账套的记录', '账套编号无效')),
  summary: Type.Optional(Type.String({ maxLength: 100, description: '摘要包含的文字' })),
};

export const OptLogQuerySchema = Type.Object({ ...PageFields, ...OptLogFilterFields });
export type OptLogQuery = Static<typeof OptLogQuerySchema>;
export const OptLogExportQuerySchema = Type.Object(OptLogFilterFields);
export type OptLogExportQuery = Static<typeof OptLogExportQuerySchema>;

export const OptLogItemSchema = Type.Object({
  id: Type.Integer(),
  at: Type.Integer({ description: 'when, epoch milliseconds' }),
  atText: Type.String({ description: '时间（北京时间 yyyy-MM-dd HH:mm:ss）' }),
  loginName: Type.String({ description: '操作人登录名' }),
  userName: Type.String({ description: '操作人姓名（用户已不存在时为空）' }),
  address: Type.String({ description: '操作来源地址' }),
  ztId: Nullable(Type.Integer({ description: '涉及的账套' })),
  ztName: Type.String({ description: '涉及的账套名称（无则为空）' }),
  action: Type.String({ description: '操作（area.verb）' }),
  actionText: Type.String({ description: '操作的中文名' }),
  target: Type.String({ description: '对象类别' }),
  targetId: Nullable(Type.String({ description: '对象id' })),
  summary: Type.String({ description: '摘要' }),
  before: Nullable(Type.String({ description: '修改前的记录（JSON，已去除密码等机密）' })),
  after: Nullable(Type.String({ description: '修改后的记录（JSON，已去除密码等机密）' })),
});
export type OptLogItem = Static<typeof OptLogItemSchema>;

const AccessFilterFields = {
  beginDate: DateText('起始日期'),
  endDate: DateText('截止日期（含当天）'),
  loginName: Type.Optional(Type.String({ maxLength: 64, description: '登录名（所输入的，包含该文字）' })),
  address: Type.Optional(Type.String({ maxLength: 64, description: '来源地址（完全相同）' })),
  kind: Type.Optional(
    Type.Enum(['login', 'select', 'logout', 'session_end'], { description: '类别：登录、选择账套、退出、会话结束' }),
  ),
  result: Type.Optional(Type.Enum(['all', 'success', 'failure'], { default: 'all', description: '结果：全部、成功、失败' })),
};

export const AccessQuerySchema = Type.Object({ ...PageFields, ...AccessFilterFields });
export type AccessQuery = Static<typeof AccessQuerySchema>;
export const AccessExportQuerySchema = Type.Object({
  ...AccessFilterFields,
  view: Type.Optional(Type.Enum(['details', 'addresses'], { default: 'details', description: '导出明细或按地址汇总' })),
});
export type AccessExportQuery = Static<typeof AccessExportQuerySchema>;

export const AccessAddressItemSchema = Type.Object({
  address: Type.String({ description: '来源地址' }),
  logins: Type.Integer({ minimum: 0, description: '登录尝试次数' }),
  successes: Type.Integer({ minimum: 0, description: '登录成功次数' }),
  failures: Type.Integer({ minimum: 0, description: '登录失败次数' }),
  users: Type.Integer({ minimum: 0, description: '尝试过的不同登录名个数' }),
  lastAt: Type.Integer({ description: '最近一次，epoch milliseconds' }),
  lastAtText: Type.String({ description: '最近一次（北京时间）' }),
});
export type AccessAddressItem = Static<typeof AccessAddressItemSchema>;

export const AccessDetailItemSchema = Type.Object({
  id: Type.Integer(),
  at: Type.Integer({ description: 'when, epoch milliseconds' }),
  atText: Type.String({ description: '时间（北京时间）' }),
  kind: Type.String({ description: 'login, select, logout, session_end' }),
  kindText: Type.String({ description: '类别' }),
  loginName: Type.String({ description: '登录名（登录时为所输入的）' }),
  userId: Nullable(Type.Integer({ description: '用户（登录名不存在时为空）' })),
  userName: Type.String({ description: '用户姓名' }),
  address: Type.String({ description: '来源地址' }),
  ztId: Nullable(Type.Integer({ description: '选择的账套' })),
  ztName: Type.String({ description: '账套名称' }),
  success: Type.Boolean({ description: '是否成功' }),
  reason: Type.String({ description: '原因代码' }),
  reasonText: Type.String({ description: '结果或原因' }),
  userAgent: Type.String({ description: '浏览器' }),
});
export type AccessDetailItem = Static<typeof AccessDetailItemSchema>;

export const LogSchemas = {
  optLogList: { querystring: OptLogQuerySchema, response: { 200: Envelope(Paged(OptLogItemSchema)) } },
  optLogExport: {
    querystring: OptLogExportQuerySchema,
    response: { 200: FileAnswer(XLSX, '操作日志的工作簿（附件）：筛选条件选中的全部记录（不分页）') },
  },
  accessAddresses: { querystring: AccessQuerySchema, response: { 200: Envelope(Paged(AccessAddressItemSchema)) } },
  accessDetails: { querystring: AccessQuerySchema, response: { 200: Envelope(Paged(AccessDetailItemSchema)) } },
  accessExport: {
    querystring: AccessExportQuerySchema,
    response: { 200: FileAnswer(XLSX, '访问记录的工作簿（附件）：筛选条件选中的全部明细或按地址汇总（不分页）') },
  },
} as const;
