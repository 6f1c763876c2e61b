/**
 * Foundation benchmarks (npm run bench): server start to ready (first start with migration and
 * demo seed, then a restart), login and getInfo latency and throughput with 20 concurrent
 * clients, and the server's resident memory after the load. Writes bench/results/foundation.json.
 * The server runs as its own process on an embedded SQLite database in a temporary folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Paths } from '../src/shared/api/paths.js';
import { sign } from '../src/shared/signature.js';

const PORT = Number(process.env.BENCH_PORT ?? 8097);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

function startServer(dataDir: string): { child: ChildProcess; ready: Promise<number> } {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      SINGLE_SESSION: 'off',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = (async () => {
    for (;;) {
      try {
        const response = await fetch(`${BASE}${Paths.config}`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error('server exited before it was ready');
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return { child, ready };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
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

function rssMb(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return null;
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-bench-'));
const first = startServer(dataDir);
const firstStartMs = await first.ready;
await stop(first.child);
const second = startServer(dataDir);
const restartMs = await second.ready;

try {
  const loginBody = JSON.stringify({ loginName: 'kuaiji', password: 'Kuaiji@123', captcha: '', captchaKey: '' });
  const login = await autocannon({
    url: `${BASE}${Paths.logOn}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });

  const session = (
    (await await fetch(`${BASE}${Paths.logOn}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    }).then((r) => r.json())) as {
      data: { token: string; signKey: string };
    }
  ).data;
  const probeTs = String(Date.now());
  const probeNonce = randomBytes(16).toString('hex');
  const probe = (await fetch(`${BASE}${Paths.getInfo}`, {
    headers: {
      token: session.token,
      timestamp: probeTs,
      nonce: probeNonce,
      authEncryptKey: sign(session.signKey, {}, probeTs, probeNonce),
    },
  }).then((r) => r.json())) as { success: boolean };
  if (!probe.success) throw new Error('a signed getInfo was refused: the benchmark would measure refusals');
  const getInfo = await autocannon({
    url: `${BASE}${Paths.getInfo}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'GET',
        path: Paths.getInfo,
        setupRequest: (request) => {
          const timestamp = String(Date.now());
          const nonce = randomBytes(16).toString('hex');
          request.headers = {
            ...request.headers,
            token: session.token,
            timestamp,
            nonce,
            authEncryptKey: sign(session.signKey, {}, timestamp, nonce),
          };
          return request;
        },
      },
    ],
  });

  const results = {
    benchmark: 'foundation',
    at: new Date().toISOString(),
    machine: { node: process.version, cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30) },
    database: 'sqlite (WAL, synchronous=FULL)',
    startup: { firstStartMs: Math.round(firstStartMs), restartMs: Math.round(restartMs) },
    concurrency: CONNECTIONS,
    durationSeconds: DURATION_S,
    login: summary(login),
    getInfo: summary(getInfo),
    serverRssMbAfterLoad: rssMb(second.child.pid),
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/foundation.json', JSON.stringify(results, null, 2) + '\n');
  process.stdout.write(JSON.stringify(results, null, 2) + '\n');
} finally {
  await stop(second.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
