/**
 * Hostile input on every registered route: signed requests (an administrator and an accountant,
 * each with a ledger set chosen, and a reviewer without one) with query strings and JSON bodies
 * built from the field names the product uses plus random keys, hostile values (null, arrays,
 * nested objects, huge, negative and NaN-like numbers, long strings, unicode, wrong types) and
 * junk in path parameters. No answer may be a 5xx; every 4xx is the envelope with a catalogue
 * code (a malformed request 400 with 4000), and no answer shows a stack trace.
 *
 * Seeded and a few thousand cases in the normal run; FUZZ_RUNS=20000 (and FUZZ_SEED=n for
 * another seed) runs more: `FUZZ_RUNS=20000 npx vitest run src/server/http/route-fuzz.api.test.ts`.
 * FUZZ_LOG=error prints the server's log (with the stack of any failure); FUZZ_TALLY=1 counts the
 * answers by error message as well as by code.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorInfo, ErrorCode } from '../../shared/error-codes.js';
import { hashPassword } from '../auth/password.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { request, save } from '../vouchers/voucher-test-kit.js';
import type { RegisteredRoute } from './route-list.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? 20260514);

/** Every property name of the API's request and response types and schemas (src/shared/api and its schemas). */
function productFieldNames(): string[] {
  const names = new Set<string>();
  for (const dir of ['../../shared/api', '../../shared/api/schemas'].map((d) => path.join(import.meta.dirname, d))) {
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const match of text.matchAll(/^\s+(?:readonly\s+)?([A-Za-z_]\w*)\??:/gm)) names.add(match[1] ?? '');
    }
  }
  names.delete('');
  return [...names].sort();
}

const FIELDS = productFieldNames();
/** Without the ledger-set keys, which the guard refuses (4005) before the route reads anything else. */
const OWN_FIELDS = FIELDS.filter((f) => !['ztId', 'ztid', 'zt_id'].includes(f));

const hostileString = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'null',
      'undefined',
      'NaN',
      'Infinity',
      '-Infinity',
      '-0',
      '1e999',
      '-1',
      '99999999999999999999',
      '9007199254740993',
      '2147483648',
      '1.005',
      '0x1F',
      '[]',
      '{}',
      '1,2,3',
      '2026-13-45',
      '0000-00-00',
      '%',
      '_',
      '%_\\',
      "' or 1=1 --",
      '<script>alert(1)</script>',
      '../../etc/passwd',
      '\u0000',
      '\uffff\ud800',
      '𠮷😀',
      '__proto__',
    ),
  },
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 2, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.constantFrom('长'.repeat(600), '9'.repeat(400)) },
);

/** Values a real call would send, so that a hostile field sits among fields that pass. */
function plausibleStrings(known: readonly string[]) {
  return fc.constantFrom(
    '1',
    '2',
    '3',
    '12',
    '2025',
    '2026',
    '2027',
    '0',
    'true',
    'false',
    '101',
    '102',
    '401',
    '1001',
    '10201',
    '50101',
    '收会费',
    '100.00',
    '2026-03-10',
    '2026-03',
    '2026-01',
    'A4',
    'all',
    'next',
    ...known,
  );
}

function arbitraries(known: readonly string[]) {
  const plausible = plausibleStrings(known);
  const text = fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: hostileString });
  const scalar = fc.oneof(
    { weight: 4, arbitrary: text },
    { weight: 2, arbitrary: plausible.map((v) => (/^-?\d+$/.test(v) ? Number(v) : v === 'true' ? true : v)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        null,
        true,
        false,
        0,
        -1,
        1,
        3,
        12,
        2026,
        1e308,
        -1e308,
        2 ** 53,
        2 ** 63,
        -(2 ** 31),
        0.1,
        1.005,
      ),
    },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  );
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...FIELDS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: scalar },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.dictionary(key, tie('value'), { maxKeys: 6 }) },
    ),
  }));
  return {
    body: fc.dictionary(key, value, { maxKeys: 12 }),
    query: fc.uniqueArray(fc.tuple(key, text), { maxLength: 10, selector: ([k]) => k }),
  };
}

/** Bodies that are no JSON object at all, or not JSON. */
const oddBody = fc.oneof(
  fc.constantFrom(
    { text: '', contentType: 'application/json' },
    { text: 'null', contentType: 'application/json' },
    { text: '[null]', contentType: 'application/json' },
    { text: '"text"', contentType: 'application/json' },
    { text: '12', contentType: 'application/json' },
    { text: '{"a":', contentType: 'application/json' },
    { text: '{"__proto__":{"x":1}}', contentType: 'application/json' },
    { text: '{"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
    { text: `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, contentType: 'application/json' },
    { text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { text: 'plain', contentType: 'text/plain' },
    { text: '<x/>', contentType: 'application/xml' },
    {
      text: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-\r\n--b--',
      contentType: 'multipart/form-data; boundary=b',
    },
    { text: 'junk', contentType: 'multipart/form-data' },
  ),
  fc.string({ maxLength: 60 }).map((text) => ({ text, contentType: 'application/json' })),
);

const pathJunk = fc.oneof(
  hostileString.filter((s) => s !== '' && s.length < 100),
  fc.constantFrom('1', '2', '0', '-1', '99999999999999999999', '1.5', 'abc', '%00', '%E4%B8%AD'),
);

type Payload = { kind: 'json'; fields: Record<string, unknown> } | { kind: 'raw'; text: string; contentType: string };

interface Case {
  route: number;
  client: number;
  query: [string, string][];
  payload: Payload;
  pathParam: string;
}

const raw = (text: string, contentType = 'application/json'): Payload => ({ kind: 'raw', text, contentType });

const STACK_TRACE = /\n\s+at\s|\bat\s+\S+\s+\(.*:\d+:\d+\)|\.ts:\d+|node_modules|Error:\s/;

interface Seat {
  client: ApiClient;
  login: string;
  password: string;
  set: string | null;
}

async function seat(server: TestServer, s: Omit<Seat, 'client'>): Promise<Seat> {
  const client = new ApiClient(server.url);
  if (s.set) await client.openSet(server.db, s.login, s.password, s.set);
  else await client.logOn(server.db, s.login, s.password);
  return { ...s, client };
}

/**
 * The administrator's random case may reset a seat user's password (a path id that happens to be
 * theirs): the seat's own password is written back, so the next cases sign in as before.
 */
async function restorePasswords(server: TestServer, seats: readonly Seat[]): Promise<void> {
  for (const s of seats)
    await server.db.kysely
      .updateTable('app_user')
      .set({
        password_hash: await hashPassword(s.password, server.config.scryptLogN),
        must_change_password: 0,
        password_changed_at: Date.now(),
      })
      .where('login_name', '=', s.login)
      .execute();
}

async function reopen(server: TestServer, s: Seat): Promise<void> {
  if (s.set) await s.client.openSet(server.db, s.login, s.password, s.set);
  else await s.client.logOn(server.db, s.login, s.password);
}

/** A lone surrogate has no UTF-8 form (encodeURIComponent throws): a client sends U+FFFD for it, as a browser does. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function fill(url: string, junk: string): string {
  return url.replace(/:(\w+)/g, () => encodeURIComponent(junk.replace(LONE_SURROGATE, '\ufffd')));
}

/** The fields the server will read from a raw body, so the signature fits when the body is a JSON object. */
function signable(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    JSON.stringify(parsed); // a body too deep to write cannot be signed: it is refused before the signature anyway
    return parsed as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** What must hold of any answer to a hostile request; returns what is wrong, or null. */
function fault(answer: { status: number; text: string; headers: Headers }): string | null {
  if (answer.status >= 500) return `HTTP ${answer.status}: ${answer.text.slice(0, 300)}`;
  const json = (answer.headers.get('content-type') ?? '').includes('application/json');
  if (json && STACK_TRACE.test(answer.text)) return `stack trace: ${answer.text.slice(0, 300)}`;
  if (answer.status >= 400) {
    if (!json) return `HTTP ${answer.status} without the envelope`;
    const envelope = JSON.parse(answer.text) as { success?: unknown; errorCode?: unknown; errorMsg?: unknown };
    if (envelope.success !== false || typeof envelope.errorMsg !== 'string' || envelope.errorMsg === '')
      return `HTTP ${answer.status} envelope without a message: ${answer.text.slice(0, 200)}`;
    if (typeof envelope.errorCode !== 'number' || !errorInfo(envelope.errorCode))
      return `HTTP ${answer.status} with a code outside the catalogue: ${answer.text.slice(0, 200)}`;
    if (answer.status === 400 && envelope.errorCode !== ErrorCode.BadRequest && envelope.errorCode !== ErrorCode.ValidationFailed)
      return `HTTP 400 with ${String(envelope.errorCode)}`;
  }
  return null;
}

const SESSION_ENDED = new Set<number>([
  ErrorCode.TokenInvalid,
  ErrorCode.SessionReplaced,
  ErrorCode.AccountDisabled,
  ErrorCode.LedgerSetExpired,
  ErrorCode.PasswordChangeRequired,
]);

describe.each(TEST_DIALECTS)('hostile requests to every route (%s)', (dialect) => {
  let server: TestServer;
  let seats: Seat[];
  let routes: RegisteredRoute[];
  /** Ids and numbers of records that exist, for the fuzz to name among its junk. */
  let known: string[];

  beforeAll(async () => {
    // FUZZ_LOG=error shows the server's log of each failure (its stack) while fixing one.
    server = await startTestServer(dialect, process.env.FUZZ_LOG ? { logLevel: process.env.FUZZ_LOG } : {});
    seats = [
      await seat(server, { login: 'admin', password: 'Admin@123', set: '示范市总工会' }),
      await seat(server, { login: 'kuaiji', password: 'Kuaiji@123', set: '示范市第一机械厂工会' }),
      await seat(server, { login: 'shenhe', password: 'Shenhe@123', set: null }),
    ];
    routes = server.routes.filter((r) => r.url.includes('/api/'));
    const voucher = (await save(seats[1]!.client, request())).body.data;
    known = [voucher.id, String(voucher.pzNo), voucher.pzDate];
  });
  afterAll(() => server.close());

  const send = async (route: RegisteredRoute, s: Seat, c: Omit<Case, 'route' | 'client'>) => {
    const url = fill(route.url, c.pathParam);
    const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
    if (method === 'GET' || method === 'DELETE') return s.client.raw(method, url, { query: c.query });
    if (c.payload.kind === 'raw') {
      const { text, contentType } = c.payload;
      return s.client.raw(method, url, { query: c.query, text, contentType, signed: signable(text) });
    }
    const fields = c.payload.fields;
    return s.client.raw(method, url, {
      query: c.query,
      text: JSON.stringify(fields),
      contentType: 'application/json',
      signed: fields,
    });
  };

  let cases = 0;
  let faults: string[] = [];
  const tally = new Map<string, number>();

  const run = async (c: Case): Promise<void> => {
    const route = routes[c.route % routes.length]!;
    const s = seats[c.client % seats.length]!;
    const answer = await send(route, s, c);
    cases++;
    const wrong = fault(answer);
    if (wrong) faults.push(`${route.method} ${route.url} as ${s.login}: ${wrong}\n  case: ${JSON.stringify(c).slice(0, 400)}`);
    let code: number | null = null;
    if ((answer.headers.get('content-type') ?? '').includes('application/json'))
      code = (JSON.parse(answer.text) as { errorCode?: number | null }).errorCode ?? null;
    const k = `${answer.status}/${code}${process.env.FUZZ_TALLY && code !== null ? ` ${(JSON.parse(answer.text) as { errorMsg?: string }).errorMsg?.slice(0, 24)}` : ''}`;
    tally.set(k, (tally.get(k) ?? 0) + 1);
    if (/resetPassword/.test(route.url) && code === null) {
      await restorePasswords(server, seats);
      for (const seat of seats) await reopen(server, seat);
      return;
    }
    // A call that ended the session or changed its ledger set: sign in again for the next case.
    if ((code !== null && SESSION_ENDED.has(code)) || /logOut|setUserZtLevel|updatePassword/.test(route.url))
      await reopen(server, s);
  };

  it('answers the fixed hostile cases of every route without a 5xx', async () => {
    faults = [];
    cases = 0;
    const fixed: Omit<Case, 'route' | 'client'>[] = [
      { query: [], payload: { kind: 'json', fields: {} }, pathParam: '1' },
      { query: [['ztId', 'x']], payload: raw('[null]'), pathParam: 'abc' },
      {
        query: [
          ['year', '2026'],
          ['year', '2025'],
        ],
        payload: raw('null'),
        pathParam: '-1',
      },
      ...['null', '[null]', '[{}]', '{}', '-1e308', `"${'长'.repeat(300)}"`].map((v) => ({
        query: OWN_FIELDS.slice(0, 60).map((f): [string, string] => [f, v]),
        payload: raw(`{${OWN_FIELDS.map((f) => `"${f}":${v}`).join(',')}}`),
        pathParam: v,
      })),
    ];
    // The administrator and the accountant, each with a ledger set (the random cases add the user without one).
    for (let r = 0; r < routes.length; r++)
      for (const client of [0, 1]) for (const c of fixed) await run({ ...c, route: r, client });
    console.log(`route fuzz, fixed cases (${dialect}): ${cases} cases, ${faults.length} faults`);
    expect(faults).toEqual([]);
  }, 600_000);

  it(`answers ${RUNS} random hostile requests without a 5xx (seed ${SEED})`, async () => {
    faults = [];
    cases = 0;
    tally.clear();
    const { body, query } = arbitraries(known);
    const arbitrary = fc.record({
      route: fc.nat(),
      client: fc.nat(),
      query,
      payload: fc.oneof(
        { weight: 6, arbitrary: body.map((fields): Payload => ({ kind: 'json', fields })) },
        { weight: 1, arbitrary: oddBody.map((o): Payload => ({ kind: 'raw', ...o })) },
      ),
      pathParam: pathJunk,
    });
    await fc.assert(
      fc.asyncProperty(arbitrary, async (c) => {
        await run(c);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.log(`route fuzz (${dialect}): ${cases} cases, ${faults.length} faults`, [...tally.entries()].sort());
    expect(faults.slice(0, 30)).toEqual([]);
  }, 600_000);
});
