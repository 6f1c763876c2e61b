/**
 * Benchmark plumbing shared by bench/*.ts: a real server process on a data directory (tsx, the
 * environment a benchmark needs: no captcha, no single-session, quiet logs), and signed calls
 * speaking the same contract as the browser.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Paths } from '../../src/shared/api/paths.js';
import { queryParams, requestPath, sign } from '../../src/shared/signature.js';

export interface BenchServer {
  child: ChildProcess;
  base: string;
  ready: Promise<void>;
}

/**
 * Starts src/server/main.ts on `port` over `dataDir`. BENCH_NODE_ARGS adds node flags to the
 * server (e.g. --max-old-space-size=96 to show an export runs in a small heap, or --cpu-prof).
 */
export function startServer(dataDir: string, port: number, env: Record<string, string> = {}): BenchServer {
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      SINGLE_SESSION: 'off',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '1000000',
      // The demo union without its books: a benchmark writes (or generates) the ledger it measures.
      SEED_DEMO: 'empty',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A server that dies under a benchmark says how (one stopServer ends is expected).
  child.once('exit', (code, signal) => {
    if (!stopping.has(child)) process.stderr.write(`server exited unasked: code ${code}, signal ${signal}\n`);
  });
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${base}${Paths.config}`)).ok) return;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error('server exited before it was ready');
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return { child, base, ready };
}

const stopping = new WeakSet<ChildProcess>();

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  stopping.add(child);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export interface Session {
  base: string;
  token: string;
  signKey: string;
}

export type Method = 'GET' | 'POST' | 'DELETE';

export interface Answer<T> {
  response: Response;
  body: { success: boolean; data: T; errorCode: number | null; errorMsg: string | null };
}

/** Session headers for a call of `method` on `url`, signed over its method, path and parameters. */
export function signedHeaders(s: Session, method: Method, url: string, params: Record<string, unknown>): Record<string, string> {
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const path = requestPath(url);
  return { token: s.token, timestamp, nonce, authEncryptKey: sign(s.signKey, { method, path, params, timestamp, nonce }) };
}

/** A call, signed when a session is given; the raw response (for files and timing headers). */
export function fetchSigned(
  base: string,
  s: Session | null,
  method: Method,
  p: string,
  params: Record<string, unknown> = {},
): Promise<Response> {
  const url = new URL(p, base);
  const inQuery = method !== 'POST';
  if (inQuery) for (const [k, v] of Object.entries(queryParams(params))) url.searchParams.set(k, v);
  const signed = s ? signedHeaders(s, method, url.href, inQuery ? queryParams(params) : params) : {};
  return fetch(url, {
    method,
    headers: inQuery ? signed : { 'content-type': 'application/json', ...signed },
    body: inQuery ? undefined : JSON.stringify(params),
  });
}

export async function call<T>(
  base: string,
  s: Session | null,
  method: Method,
  p: string,
  params: Record<string, unknown> = {},
): Promise<Answer<T>> {
  const response = await fetchSigned(base, s, method, p, params);
  return { response, body: (await response.json()) as Answer<T>['body'] };
}

/** Logs in (captcha off) and opens the named ledger set for the year. */
export async function openSession(
  base: string,
  login: { loginName: string; password: string },
  setName: string,
  year: number,
): Promise<Session> {
  const logOn = await call<{ token: string; signKey: string }>(base, null, 'POST', Paths.logOn, {
    ...login,
    captcha: '',
    captchaKey: '',
  });
  if (!logOn.body.success) throw new Error(`login failed: ${logOn.body.errorMsg}`);
  const session: Session = { base, token: logOn.body.data.token, signKey: logOn.body.data.signKey };
  const sets = await call<{ id: number; name: string }[]>(base, session, 'GET', Paths.ztElect);
  const set = sets.body.data.find((z) => z.name === setName);
  if (!set) throw new Error(`${login.loginName} cannot open ${setName}`);
  const chosen = await call(base, session, 'POST', Paths.setUserZtLevel, { ztId: set.id, year });
  if (!chosen.body.success) throw new Error(`setUserZtLevel failed: ${chosen.body.errorMsg}`);
  return session;
}

export const DEMO_LOGINS = {
  accountant: { loginName: 'kuaiji', password: 'Kuaiji@123' },
  admin: { loginName: 'admin', password: 'Admin@123' },
} as const;
