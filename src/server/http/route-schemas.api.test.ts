/**
 * Every call declares its parameters and its answer: path parameters where its path has them, the
 * query of a GET or DELETE, the body of a POST or PUT (a file upload declares that it consumes
 * multipart/form-data), and the envelope of its 200 answer. What is declared is what Fastify
 * validates, what the client's types come from and what the OpenAPI document says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from '../../shared/api/paths.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { DOCS_ASSET_ROUTES } from './api-docs.js';
import type { RegisteredRoute } from './route-list.js';

/** The parts a route reads and does not declare. */
function undeclared(route: RegisteredRoute): string[] {
  const schema = (route.schema ?? {}) as {
    params?: unknown;
    querystring?: unknown;
    body?: unknown;
    consumes?: readonly string[];
    response?: Record<string, unknown>;
  };
  const missing: string[] = [];
  if (route.url.includes(':') && !schema.params) missing.push('params');
  if ((route.method === 'GET' || route.method === 'DELETE') && !schema.querystring) missing.push('querystring');
  if ((route.method === 'POST' || route.method === 'PUT') && !schema.body && !schema.consumes?.includes('multipart/form-data')) {
    missing.push('body');
  }
  if (!schema.response?.['200']) missing.push('response 200');
  return missing;
}

/**
 * Routes whose schemas are still to be declared, while issue 15 converts them module by module.
 * A converted route leaves this list (the test fails while it stays); the list ends empty.
 */
const PENDING = new Set<string>([
  // auth, admin, zt and backup routes (src/server/auth, admin, zt, backup)
  'DELETE /userCenter/api/backup',
  'DELETE /usercenter/api/backup',
  'GET /api/auth/determineThePasswordHasExpired',
  'GET /api/auth/getInfo',
  'GET /api/auth/getPageRouteData',
  'GET /api/auth/getValidateCode',
  'GET /api/menu/getFinancialMenuList',
  'GET /files/api/fileRelation/Backup',
  'GET /userCenter/api/backup',
  'GET /userCenter/api/ztInfo/:id',
  'GET /userCenter/api/ztInfo/elect',
  'GET /userCenter/api/ztInfo/getZtInfoTree',
  'GET /usercenter/api/backup',
  'GET /usercenter/api/ztInfo/:id',
  'GET /usercenter/api/ztInfo/elect',
  'GET /usercenter/api/ztInfo/getZtInfoTree',
  'POST /api/auth/logOn',
  'POST /api/auth/logOut',
  'POST /api/auth/setUserZtLevel',
  'POST /api/user/updatePassword',
  'POST /userCenter/api/backup',
  'POST /userCenter/api/backup/restore',
  'POST /userCenter/api/backup/verify',
  'POST /usercenter/api/backup',
  'POST /usercenter/api/backup/restore',
  'POST /usercenter/api/backup/verify',
  // subjects, openings and auxiliary routes (src/server/subjects, auxiliary)
  'DELETE /account/api/subject',
  'GET /account/api/auxiSubject/getCodeAuxi',
  'GET /account/api/auxiSubject/typeInfo',
  'GET /account/api/auxiType',
  'GET /account/api/standSubject',
  'GET /account/api/subject',
  'GET /account/api/subject/childCode',
  'GET /account/api/subject/choiceStand',
  'GET /account/api/subject/elect',
  'GET /account/api/subject/exportOpening',
  'GET /account/api/subject/subjectExtensions',
  'GET /account/api/subject/subjectSetting',
  'POST /account/api/auxiInfo/enable',
  'POST /account/api/auxiInfo/save',
  'POST /account/api/auxiSubject/saveAuxiRealedSub',
  'POST /account/api/auxiType',
  'POST /account/api/subject',
  'POST /account/api/subject/branchSave',
  'POST /account/api/subject/cjSubjct',
  'POST /account/api/subject/enable',
  'POST /account/api/subject/importOpening',
  // close routes (src/server/close)
  'GET /account/api/certificate/check',
  'GET /account/api/certificate/closeState',
  'POST /account/api/certificate/carryOver',
  'POST /account/api/certificate/monthly',
  'POST /account/api/certificate/newYear',
  'POST /account/api/certificate/unMonthly',
  // books, reports and report print routes (src/server/books, reports, print/report-print-routes.ts)
  'GET /account/api/report/balanceSheet',
  'GET /account/api/report/balanceSheet/export',
  'GET /account/api/report/balanceSheet/print',
  'GET /account/api/report/detailAccount',
  'GET /account/api/report/detailAccount/print',
  'GET /account/api/report/exportDetailAccount',
  'GET /account/api/report/generalLedger',
  'GET /account/api/report/generalLedger/print',
  'GET /account/api/report/incomeExpense',
  'GET /account/api/report/incomeExpense/export',
  'GET /account/api/report/incomeExpense/print',
  'GET /account/api/report/trialBalance',
  'GET /account/api/report/trialBalance/print',
  'POST /account/api/report/regenerateOccur',
  // voucher, template, file and voucher print routes (src/server/vouchers, templates, files, print/routes.ts)
  'DELETE /account/api/certificate',
  'DELETE /account/api/template',
  'DELETE /files/api/fileRelation',
  'GET /account/api/certificate',
  'GET /account/api/certificate/audit',
  'GET /account/api/certificate/detail',
  'GET /account/api/certificate/emptyCertificate',
  'GET /account/api/certificate/generateVoucherEndPeriod',
  'GET /account/api/certificate/generateYearEndVoucher',
  'GET /account/api/certificate/getCertificateManNo',
  'GET /account/api/certificate/neighbour',
  'GET /account/api/certificate/print',
  'GET /account/api/certificate/subjectBalance',
  'GET /account/api/certificateType',
  'GET /account/api/pzUser',
  'GET /account/api/summary',
  'GET /account/api/template',
  'GET /account/api/template/detail',
  'GET /account/api/template/select',
  'GET /files/api/fileRelation',
  'GET /files/api/fileRelation/download',
  'POST /account/api/certificate',
  'POST /account/api/certificate/VoucherCashierSignature',
  'POST /account/api/certificate/book',
  'POST /account/api/certificate/reloadBreak',
  'POST /account/api/certificate/review',
  'POST /account/api/summary',
  'POST /account/api/template',
  'POST /account/api/template/updateTemplateSort',
  'POST /files/api/fileRelation',
  'POST /files/api/fileRelation/attach',
]);

describe('declared schemas on every route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('every API route declares each part it reads and its answer', () => {
    // The documentation's own files (the page, its script, styles and images) are loaded by a
    // browser, not called: exempt one by one, each with its reason (http/api-docs.ts).
    const api = server.routes.filter((r) => isApiPath(r.url) && !DOCS_ASSET_ROUTES.has(`${r.method} ${r.url}`));
    expect(api.length).toBeGreaterThan(100);
    const gaps = api.map((r) => ({ route: `${r.method} ${r.url}`, missing: undeclared(r) })).filter((g) => g.missing.length > 0);
    expect(gaps.filter((g) => !PENDING.has(g.route))).toEqual([]);
    // A route declared since stays listed as pending no longer.
    expect([...PENDING].filter((route) => !gaps.some((g) => g.route === route))).toEqual([]);
  });
});
