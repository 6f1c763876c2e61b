/**
 * Foundation benchmarks (npm run bench): server start to ready (first start with migration and
 * demo seed, then a restart), login and getInfo latency and throughput with 20 concurrent
 * clients, and the server's resident memory after the load. Writes bench/results/foundation.json.
 * The server runs as its own process on an embedded SQLite database in a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Paths } from '../src/shared/api/paths.js';
import { call, DEMO_LOGINS, signedHeaders, startServer, stopServer, type Session } from './support/server.js';
import { machine, rssMb, writeResult } from './support/stats.js';

const PORT = Number(process.env.BENCH_PORT ?? 8097);
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

/** Starts the server and resolves with it and the milliseconds until it answered. */
async function timedStart(dataDir: string) {
  const started = performance.now();
  const server = startServer(dataDir, PORT);
  await server.ready;
  return { server, ms: Math.round(performance.now() - started) };
}

function summary(result: autocannon.Result) {
  return {
    requests: result.requests.total,
    throughputPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-bench-'));
const first = await timedStart(dataDir);
await stopServer(first.server.child);
const second = await timedStart(dataDir);
const { base } = second.server;

try {
  const loginBody = JSON.stringify({ ...DEMO_LOGINS.accountant, captcha: '', captchaKey: '' });
  const login = await autocannon({
    url: `${base}${Paths.logOn}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });

  const logOn = await call<{ token: string; signKey: string }>(base, null, 'POST', Paths.logOn, {
    ...DEMO_LOGINS.accountant,
    captcha: '',
    captchaKey: '',
  });
  const session: Session = { base, token: logOn.body.data.token, signKey: logOn.body.data.signKey };
  const probe = await call(base, session, 'GET', Paths.getInfo);
  if (!probe.body.success) throw new Error('a signed getInfo was refused: the benchmark would measure refusals');
  const getInfo = await autocannon({
    url: `${base}${Paths.getInfo}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'GET',
        path: Paths.getInfo,
        setupRequest: (request) => {
          request.headers = { ...request.headers, ...signedHeaders(session, 'GET', Paths.getInfo, {}) };
          return request;
        },
      },
    ],
  });

  writeResult('foundation', {
    benchmark: 'foundation',
    at: new Date().toISOString(),
    ...machine(),
    database: 'sqlite (WAL, synchronous=FULL)',
    startup: { firstStartMs: first.ms, restartMs: second.ms },
    concurrency: CONNECTIONS,
    durationSeconds: DURATION_S,
    login: summary(login),
    getInfo: summary(getInfo),
    serverRssMbAfterLoad: rssMb(second.server.child.pid),
  });
} finally {
  await stopServer(second.server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
