/**
 * What the OpenAPI document adds to each route's declared schemas (the @fastify/swagger transform):
 * its area (a tag, from its path), who may call it (x-access and the security it needs, from its
 * config), the right it needs (x-right, with the pages' names), an operationId, and the 400
 * answer every call can give. The route's own schemas are left as they are: Fastify validates with
 * them; the document gets a copy.
 */
import type { RouteOptions } from 'fastify';
import { MENU_CATALOGUE } from '../admin/menu-catalogue.js';
import type { Access } from '../auth/guard.js';
import type { RouteRight } from '../auth/route-rights.js';

/** The areas, by path (the longest prefix names the area; the module base's case does not matter). */
export const API_TAGS: readonly { name: string; description: string; prefixes: readonly string[] }[] = [
  {
    name: '登录与会话',
    description: 'captcha, sign-in, the session (ledger set and year), password, menus',
    prefixes: ['/api/auth', '/api/user', '/api/menu'],
  },
  {
    name: '系统',
    description: 'server settings, the ledger set state',
    prefixes: ['/api/config', '/api/auth/financialState', '/account/api/certificate/sysInfo'],
  },
  { name: '账套', description: 'the ledger sets a user may open', prefixes: ['/usercenter/api/ztInfo'] },
  {
    name: '科目与期初',
    description: 'the chart of accounts and opening balances',
    prefixes: ['/account/api/subject', '/account/api/standSubject'],
  },
  {
    name: '辅助核算',
    description: 'auxiliary types, items and their subjects',
    prefixes: ['/account/api/auxiType', '/account/api/auxiInfo', '/account/api/auxiSubject'],
  },
  {
    name: '凭证',
    description: 'vouchers: list, save, review, book, cashier signature, numbering, print',
    prefixes: ['/account/api/certificate', '/account/api/certificateType', '/account/api/summary', '/account/api/pzUser'],
  },
  {
    name: '凭证模板与结转',
    description: 'voucher templates and the carry-forward vouchers',
    prefixes: [
      '/account/api/template',
      '/account/api/certificate/generateVoucherEndPeriod',
      '/account/api/certificate/generateYearEndVoucher',
    ],
  },
  { name: '附件', description: "a voucher's attached files", prefixes: ['/files/api/fileRelation'] },
  {
    name: '账簿',
    description: 'trial balance, general and detail ledgers',
    prefixes: [
      '/account/api/report/trialBalance',
      '/account/api/report/generalLedger',
      '/account/api/report/detailAccount',
      '/account/api/report/exportDetailAccount',
      '/account/api/report/regenerateOccur',
    ],
  },
  {
    name: '报表',
    description: 'balance sheet and income-expense statement',
    prefixes: ['/account/api/report/balanceSheet', '/account/api/report/incomeExpense', '/account/api/reportToExcle'],
  },
  {
    name: '期末结账',
    description: 'the close check, month-end and year-end close and reverse close, the next year',
    prefixes: [
      '/account/api/certificate/check',
      '/account/api/certificate/monthly',
      '/account/api/certificate/unMonthly',
      '/account/api/certificate/carryOver',
      '/account/api/certificate/closeState',
      '/account/api/certificate/newYear',
    ],
  },
  {
    name: '数据备份',
    description: "backups of the session's ledger set (administrators)",
    prefixes: ['/usercenter/api/backup', '/files/api/fileRelation/Backup'],
  },
  { name: 'API文档', description: 'this document', prefixes: ['/api/docs'] },
];

const within = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/** The area of a path: the tag of its longest known prefix, else its first segment after /api/. */
export function tagOf(url: string): string {
  const path = url.toLowerCase();
  let best: { name: string; length: number } | null = null;
  for (const tag of API_TAGS) {
    for (const prefix of tag.prefixes) {
      if (within(path, prefix.toLowerCase()) && prefix.length > (best?.length ?? -1))
        best = { name: tag.name, length: prefix.length };
    }
  }
  return best?.name ?? /\/api\/([^/]+)/.exec(url)?.[1] ?? 'api';
}

/** A stable, unique operationId: the method and the path's segments (GET /account/api/certificate/detail → getAccountApiCertificateDetail). */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? `By${s.slice(1)}` : s === '*' ? 'Files' : s))
    .map((s) => s.replace(/[^A-Za-z0-9]/g, ''))
    .map((s) => s.charAt(0).toUpperCase() + s.slice(1));
  return `${method.toLowerCase()}${words.join('')}`;
}

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Public: no session, not signed.',
  password: 'A signed session, even one that must change its password first.',
  session: 'A signed session.',
  zt: 'A signed session with a ledger set and year chosen (setUserZtLevel); works on that set only.',
  admin: 'Administrators only.',
};

const pageNames = new Map<string, string>(
  MENU_CATALOGUE.flatMap((top) => (top.children ?? []).map((page) => [page.href, page.titleName] as const)),
);
const pageName = (href: string) => `${pageNames.get(href) ?? href} (${href})`;

export function rightText(right: RouteRight | undefined): string {
  if (right === undefined) return 'Declares no right: refused (4005).';
  if (right === 'none') return '';
  if ('pages' in right) return `Needs any of the pages: ${right.pages.map(pageName).join('; ')}.`;
  return `Needs any of the buttons: ${right.buttons.map(([page, button]) => `${button} on ${pageName(page)}`).join('; ')}.`;
}

/** The security of an operation: public ones none, those a browser page opens also the documentation cookie. */
export const SIGNED: Record<string, string[]> = { token: [], timestamp: [], nonce: [], authEncryptKey: [] };

type RouteSchema = Record<string, unknown> & {
  response?: Record<string, unknown>;
  description?: string;
  body?: unknown;
  consumes?: readonly string[];
};

/** Every call can be answered 400: malformed (4000) or, where it validates a list, failed validation (4003). */
const BAD_REQUEST = {
  description: 'Malformed (4000: errorMsg names the field and the rule) or failed validation (4003: data lists the messages)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
};

/** The body of an upload that declares only what it consumes (its fields are read from the stream, not validated). */
const UPLOAD = {
  type: 'object',
  description: 'multipart/form-data',
  properties: { file: { type: 'string', format: 'binary', description: 'the file (field file)' } },
};

const SUCCESS =
  "Success: the envelope with success true and the call's data. A business refusal answers HTTP 200 too, with success false (Refusal).";

/** The 200 answer said to be the success (an envelope's schema has no description of its own; a file's keeps its own). */
function successOf(response: Record<string, unknown>): Record<string, unknown> {
  const ok = response['200'];
  if (!ok || typeof ok !== 'object' || 'content' in ok || 'description' in ok) return {};
  // @fastify/swagger takes x-response-description as the answer's description, and drops it from the schema.
  return { 200: { ...ok, 'x-response-description': SUCCESS } };
}

/** The @fastify/swagger transform: the route's schemas, with what the document adds. */
export function documentRoute({ schema, url, route }: { schema: unknown; url: string; route: RouteOptions }): {
  schema: RouteSchema;
  url: string;
} {
  const own = (schema ?? {}) as RouteSchema;
  const access: Access = route.config?.access ?? 'session';
  const right = route.config?.right;
  const method = Array.isArray(route.method) ? (route.method[0] ?? 'GET') : route.method;
  const alias = /^\/usercenter\//.test(url) ? `Also written ${url.replace('/usercenter/', '/userCenter/')}.` : '';
  const description = [own.description, ACCESS_TEXT[access], rightText(right), alias].filter(Boolean).join('\n\n');
  const doc: RouteSchema = {
    ...own,
    tags: [tagOf(url)],
    operationId: operationIdOf(method, url),
    description,
    'x-access': access,
    'x-right': right ?? null,
  };
  if (access === 'public') doc.security = [];
  else if (route.config?.cookieSession) doc.security = [SIGNED, { docsCookie: [] }];
  if (!own.body && own.consumes?.includes('multipart/form-data')) doc.body = UPLOAD;
  if (own.response) doc.response = { ...own.response, ...successOf(own.response), 400: BAD_REQUEST };
  return { schema: doc, url };
}
