/**
 * Ledger-set import benchmark (issue 18 §5, B11 provincial scale; npm run bench): a province
 * registers 10,000 ledger sets in a four-level tree (1 province, 10 cities, 10 counties each, and
 * grassroots unions under the counties: ZT_IMPORT_SETS to change the total) from one workbook,
 * uploaded over HTTP to importZtInfo as the 账套注册 page does, on SQLite and — when
 * BENCH_DATABASE_URL names a role that may create databases — on a fresh PostgreSQL database.
 * The rows are written children first, so the import sorts the tree itself. Checks every set
 * landed with its chart, then writes bench/results/zt-import.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Paths } from '../src/shared/api/paths.js';
import { setWorkbook, type SetRow } from '../src/server/test-support/ledger-set-workbooks.js';
import { DEMO_LOGINS, openSession, signedHeaders, startServer, stopServer, call } from './support/server.js';
import { cpuSeconds, machine, round, rssMb, writeResult } from './support/stats.js';

const PORT = Number(process.env.BENCH_PORT ?? 8266);
const TOTAL = Number(process.env.ZT_IMPORT_SETS ?? 10_000);

/**
 * The tree's rows, grassroots unions first (the import orders the tree, not the workbook). Codes
 * follow 账套管理's rules: digits, each its upper unit's code and more (province 002, city 00201,
 * county 0020101, union 00201010001).
 */
function treeRows(total: number): SetRow[] {
  const top: SetRow[] = [['002', '某省总工会', '', '县级以上工会', 2026]];
  const cities: SetRow[] = [];
  const counties: SetRow[] = [];
  for (let c = 1; c <= 10; c++) {
    const city = `002${String(c).padStart(2, '0')}`;
    cities.push([city, `第${c}市总工会`, '002', '县级以上工会', 2026]);
    for (let k = 1; k <= 10; k++)
      counties.push([`${city}${String(k).padStart(2, '0')}`, `第${c}市第${k}县总工会`, city, '县级以上工会', 2026]);
  }
  const unions: SetRow[] = [];
  const left = total - 1 - cities.length - counties.length;
  for (let u = 0; u < left; u++) {
    const county = counties[u % counties.length]?.[0] as string;
    unions.push([
      `${county}${String(Math.floor(u / counties.length) + 1).padStart(4, '0')}`,
      `基层工会${u + 1}`,
      county,
      '基层工会',
      2026,
    ]);
  }
  return [...unions, ...counties, ...cities, ...top];
}

async function freshPgDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_zt_import_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function run(label: string, workbook: Uint8Array, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-zt-import-'));
  const server = startServer(dataDir, PORT, env);
  try {
    await server.ready;
    const session = await openSession(server.base, DEMO_LOGINS.admin, '示范市总工会', 2026);
    const before = await call<unknown[]>(server.base, session, 'GET', Paths.ztInfoTree);
    const pid = server.child.pid;
    let peak = rssMb(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    const cpu0 = cpuSeconds(pid);
    const url = new URL(Paths.ztImport, server.base);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(workbook)]), '账套注册.xlsx');
    const t0 = performance.now();
    const response = await fetch(url, { method: 'POST', headers: signedHeaders(session, 'POST', url.href, {}), body: form });
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const body = (await response.json()) as { success: boolean; data: { created: number }; errorMsg: string | null };
    if (!body.success || body.data.created !== TOTAL) throw new Error(`${label}: import failed: ${body.errorMsg}`);
    const tree = await call<unknown[]>(server.base, session, 'GET', Paths.ztInfoTree);
    const count = (nodes: unknown[]): number =>
      nodes.reduce<number>((n, node) => n + 1 + count((node as { children?: unknown[] }).children ?? []), 0);
    if (count(tree.body.data) !== count(before.body.data) + TOTAL) throw new Error(`${label}: the tree does not hold every set`);
    const result = {
      sets: TOTAL,
      seconds: round(seconds),
      setsPerSecond: Math.round(TOTAL / seconds),
      cpuSeconds: round(cpuSeconds(pid) - cpu0),
      rssPeakMb: peak,
    };
    process.stdout.write(`${label}: ${JSON.stringify(result)}\n`);
    return result;
  } finally {
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const rows = treeRows(TOTAL);
  const workbook = await setWorkbook(rows);
  process.stdout.write(`workbook: ${rows.length} sets, ${Math.round(workbook.length / 1024)} KB\n`);
  const sqlite = await run('sqlite', workbook, {});
  let postgres: Awaited<ReturnType<typeof run>> | null = null;
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const database = await freshPgDatabase(adminUrl);
    try {
      postgres = await run('postgres', workbook, { DATABASE_URL: database.url });
    } finally {
      await database.drop();
    }
  }
  writeResult('zt-import', {
    machine: machine(),
    tree: '1 province, 10 cities, 100 counties, the rest grassroots unions under the counties; rows children first',
    workbookKb: Math.round(workbook.length / 1024),
    sqlite,
    postgres: postgres ?? 'skipped (BENCH_DATABASE_URL not set)',
  });
}

await main();
