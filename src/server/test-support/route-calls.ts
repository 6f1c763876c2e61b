/**
 * Calls any registered route with plausible parameters, for tests that walk every route (rights
 * on every call): the parameters a screen would send, naming the fixtures of the walk (the session's
 * set, a voucher, a file and a backup of it). A route without an entry here is called without
 * parameters; its right is checked before its handler reads them either way.
 */
import type { Envelope } from '../../shared/envelope.js';
import type { RegisteredRoute } from '../http/route-list.js';
import type { ApiClient } from './api-client.js';

export interface WalkFixtures {
  ztId: number;
  voucherId: string;
  fileId: string;
  backupId: string;
}

type Params = Record<string, unknown>;
interface Upload {
  upload: { name: string; content: Uint8Array };
  fields?: Record<string, string>;
}

const isUpload = (given: Params | Upload): given is Upload => given.upload instanceof Object && 'content' in given.upload;

const period = { beginTime: '2026-01', endTime: '2026-03' };
const reportPeriod = { beginYearMonth: '2026-01', endYearMonth: '2026-03' };
const nowhere = '00000000-0000-4000-8000-000000000000';
/** A user nobody is: a call on a user finds none once its right is checked (4015), and changes no one. */
const NO_USER = 999_999;

/** Parameters by method and url (the module base in lower case: /userCenter and /usercenter alike). */
function paramsOf(f: WalkFixtures): Record<string, Params | Upload> {
  // A voucher nobody has: the right is checked before the handler finds nothing (4015).
  const details = [{ id: nowhere, revision: 1, month: 3, pzNo: 999, certificateType: 1 }];
  return {
    // Empty: refused by its schema, so the walk counts no failed login against the address.
    'POST /api/auth/logon': {},
    'POST /api/user/updatepassword': { oldPassword: 'Wrong@0000', newPassword: 'Another@1234' },
    'POST /api/auth/setuserztlevel': { ztId: f.ztId, year: 2026 },
    'GET /usercenter/api/ztinfo/:id': {},
    'GET /account/api/subject/elect': { keyword: '1' },
    'GET /account/api/subject/childcode': { parentCode: '101' },
    'POST /account/api/subject/cjsubjct': { codeArray: '' },
    // Under a subject without lines, so the walk's reports stay answerable.
    'POST /account/api/subject': { code: '10209', codeName: '走查科目', parentCode: '102' },
    'POST /account/api/subject/enable': { code: '101', enable: true },
    'DELETE /account/api/subject': { code: '999999' },
    'POST /account/api/auxitype': { typeName: '走查类型' },
    'POST /account/api/auxiinfo/save': { typeNo: 'no-such-type', infoNo: '001', infoName: '走查项' },
    'POST /account/api/auxiinfo/enable': { typeNo: 'no-such-type', infoNo: '001', isEnable: true },
    'GET /account/api/auxisubject/getcodeauxi': { isAll: 'true' },
    'POST /account/api/auxisubject/saveauxirealedsub': { code: '101', typeNoArray: [] },
    'GET /account/api/certificate': { year: 2026, beginMonth: 1, endMonth: 12 },
    'POST /account/api/certificate': {
      year: 2026,
      month: 3,
      pzDate: '2026-03-11',
      certificateType: 1,
      numberOfDocument: 0,
      certiDetails: [
        { summary: '走查', subjectCode: '101', debitAmount: 1, creditAmount: null },
        { summary: '走查', subjectCode: '401', debitAmount: null, creditAmount: 1 },
      ],
    },
    'DELETE /account/api/certificate': { year: 2026, details: JSON.stringify(details) },
    'GET /account/api/certificate/detail': { id: f.voucherId },
    'GET /account/api/certificate/neighbour': { id: f.voucherId, direction: 'next' },
    'GET /account/api/certificate/emptycertificate': { month: 3 },
    'POST /account/api/certificate/review': { year: 2026, details, isReview: true },
    'POST /account/api/certificate/book': { year: 2026, details, isBook: true },
    'POST /account/api/certificate/vouchercashiersignature': { year: 2026, details, isSign: true },
    'POST /account/api/certificate/reloadbreak': { year: 2026, month: 12 },
    'GET /account/api/certificate/getcertificatemanno': { month: 3, certificateType: 1 },
    'GET /account/api/certificate/subjectbalance': { code: '101', month: 3 },
    'GET /account/api/certificate/audit': { id: f.voucherId },
    'GET /account/api/summary': { keyword: '走' },
    'POST /account/api/summary': { contents: ['走查摘要'] },
    'GET /account/api/certificate/print': { ids: f.voucherId },
    'GET /account/api/template/detail': { id: 'no-such-template' },
    'POST /account/api/template': { template: 1, name: '', policyBasis: '', details: [] },
    'DELETE /account/api/template': { id: 'no-such-template' },
    'POST /account/api/template/updatetemplatesort': { tempInfo: [] },
    'GET /account/api/certificate/generatevoucherendperiod': { year: 2026, month: 11 },
    'GET /account/api/certificate/generateyearendvoucher': { year: 2025 },
    'GET /account/api/report/trialbalance': period,
    'GET /account/api/report/trialbalance/print': period,
    'GET /account/api/report/generalledger': period,
    'GET /account/api/report/generalledger/print': period,
    'GET /account/api/report/detailaccount': { ...period, code: '101' },
    'GET /account/api/report/detailaccount/print': { ...period, code: '101' },
    'GET /account/api/report/exportdetailaccount': { ...period, code: '101' },
    'GET /account/api/report/balancesheet': reportPeriod,
    'GET /account/api/report/balancesheet/export': reportPeriod,
    'GET /account/api/report/balancesheet/print': reportPeriod,
    'GET /account/api/report/incomeexpense': reportPeriod,
    'GET /account/api/report/incomeexpense/export': reportPeriod,
    'GET /account/api/report/incomeexpense/print': reportPeriod,
    'GET /account/api/certificate/check': { month: 1 },
    // December: the walk closes no month (the year's earlier months are open), so nothing else is refused for it.
    'POST /account/api/certificate/monthly': { year: 2026, month: 12 },
    'POST /account/api/certificate/unmonthly': { year: 2026, month: 12 },
    'POST /account/api/certificate/carryover': { whetherIsManual: true },
    'POST /account/api/subject/branchsave': { detailList: [] },
    'POST /account/api/subject/importopening': {
      upload: { name: 'walk.xlsx', content: new TextEncoder().encode('not a workbook') },
    },
    'POST /files/api/filerelation': {
      upload: { name: 'walk.txt', content: new TextEncoder().encode('走查附件') },
      fields: { voucherId: f.voucherId },
    },
    'GET /files/api/filerelation': { voucherId: f.voucherId },
    'GET /files/api/filerelation/download': { fileId: f.fileId },
    'POST /files/api/filerelation/attach': { voucherId: f.voucherId, fileIds: [f.fileId] },
    'DELETE /files/api/filerelation': { fileId: 'f'.repeat(32) },
    'POST /usercenter/api/backup': { type: 45 },
    'POST /usercenter/api/backup/verify': { id: f.backupId },
    'POST /usercenter/api/backup/restore': { id: nowhere },
    'DELETE /usercenter/api/backup': { id: nowhere },
    'GET /files/api/filerelation/backup': { id: f.backupId },
    'POST /usercenter/api/ztinfo/importztinfo': {
      upload: { name: 'walk.xlsx', content: new TextEncoder().encode('not a workbook') },
    },
    'POST /usercenter/api/ztinfo/importztinforewrite': {
      upload: { name: 'walk.xlsx', content: new TextEncoder().encode('not a workbook') },
    },
    'POST /usercenter/api/ztinfo/tempsave': { name: '走查模板', ztId: f.ztId },
    'GET /usercenter/api/ztinfo/temppagelist': { pageIndex: 1, pageSize: 20 },
    'GET /usercenter/api/ztinfo/tempinfo': { id: 999999 },
    'DELETE /usercenter/api/ztinfo/tempdelete': { id: 999999 },
    'DELETE /usercenter/api/user': { id: NO_USER },
    'POST /usercenter/api/user/enable': { ids: [NO_USER], enable: true },
    'GET /usercenter/api/department/select': { ztId: f.ztId },
  };
}

export interface RouteAnswer {
  status: number;
  /** The envelope; null for a file answer (an image, a PDF, a workbook, a backup). */
  body: Envelope<unknown> | null;
}

export function routeKey(route: Pick<RegisteredRoute, 'method' | 'url'>): string {
  return `${route.method} ${route.url.toLowerCase()}`;
}

/** The url with its path parameters filled in: a ledger set's id, or for a user's calls a user nobody is. */
export function concreteUrl(url: string, fixtures: WalkFixtures): string {
  return url.replace(':id', String(/\/api\/user\//i.test(url) ? NO_USER : fixtures.ztId));
}

/** Calls the route as the client's screens would, signed with the client's session; extra parameters are added. */
export async function callRoute(
  client: ApiClient,
  route: Pick<RegisteredRoute, 'method' | 'url'>,
  fixtures: WalkFixtures,
  extra: Params = {},
): Promise<RouteAnswer> {
  const url = concreteUrl(route.url, fixtures);
  const given = paramsOf(fixtures)[routeKey(route)] ?? {};
  if (isUpload(given)) {
    const query = new URLSearchParams(Object.entries(extra).map(([k, v]) => [k, String(v)])).toString();
    return client.upload(query ? `${url}?${query}` : url, given.upload, given.fields);
  }
  const params = { ...given, ...extra };
  if (route.method === 'POST') {
    // A POST may answer a file (ExportZtInfoListAsync): the envelope only when it is JSON.
    const answer = await client.postForFile(url, params);
    const type = answer.headers.get('content-type') ?? '';
    const body = type.includes('json') ? (JSON.parse(Buffer.from(answer.bytes).toString('utf8')) as Envelope<unknown>) : null;
    return { status: answer.status, body };
  }
  if (route.method === 'DELETE') return client.delete(url, params);
  const answer = await client.download(url, params);
  const type = answer.headers.get('content-type') ?? '';
  const body = type.includes('json') ? (JSON.parse(Buffer.from(answer.bytes).toString('utf8')) as Envelope<unknown>) : null;
  return { status: answer.status, body };
}
