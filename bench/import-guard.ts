/**
 * Import guard benchmark (`npx tsx bench/import-guard.ts`): on a real server process, an
 * accountant imports openings from (1) a zip bomb, a 1.8 MB workbook whose sheet inflates to
 * 500 MB (as the hardening issue saw: 11.7 s and 2.1 GB before), (2) the same with a central
 * directory that lies about the sheet's size, and (3) a large honest workbook (IMPORT_ROWS rows,
 * default 90,000) that is read in full; meanwhile another user (the administrator) calls getInfo
 * every 10 ms. Reports each import's time and answer, the server's peak RSS, and the other
 * user's latency (p50, p99, max) during each. Writes bench/results/import-guard.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { Paths } from '../src/shared/api/paths.js';
import { bombWorkbook } from '../src/server/test-support/workbook-bombs.js';
import { call, DEMO_LOGINS, openSession, signedHeaders, startServer, stopServer, type Session } from './support/server.js';
import { machine, round, rssMb, stats, writeResult } from './support/stats.js';

const PORT = Number(process.env.BENCH_PORT ?? 8266);
const ROWS = Number(process.env.IMPORT_ROWS ?? 90_000);

async function upload(s: Session, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const url = new URL(Paths.openingImport, s.base);
  const response = await fetch(url, {
    method: 'POST',
    headers: signedHeaders(s, 'POST', url.href, {}),
    body: form,
  });
  return (await response.json()) as { success: boolean; errorCode: number | null; errorMsg: string | null; message: string };
}

/** Runs `work` while the other user calls getInfo every 10 ms; the work's time, answer, peak RSS and the latencies. */
async function measure<T>(pid: number | undefined, other: Session, work: () => Promise<T>) {
  const latencies: number[] = [];
  let running = true;
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const pinger = (async () => {
    while (running) {
      const t = performance.now();
      await call(other.base, other, 'GET', Paths.getInfo);
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const t0 = performance.now();
  const answer = await work();
  const seconds = (performance.now() - t0) / 1000;
  running = false;
  await pinger;
  clearInterval(sampler);
  const l = stats(latencies);
  return { seconds: round(seconds, 3), answer, rssPeakMb: round(peak, 0), otherUser: l };
}

async function honestWorkbook(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('科目期初');
  sheet.addRow(['科目编码', '期初余额', '辅助核算']);
  for (let i = 0; i < rows; i++) sheet.addRow([`9${String(i).padStart(6, '0')}`, (i % 1000) + 0.5, '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
const server = startServer(dataDir, PORT);
try {
  await server.ready;
  const importer = await openSession(server.base, DEMO_LOGINS.accountant, '示范市第一机械厂工会', 2026);
  const other = await openSession(server.base, DEMO_LOGINS.admin, '示范市总工会', 2026);
  const pid = server.child.pid;
  const bomb = bombWorkbook(500 * 1024 * 1024);
  const lie = bombWorkbook(500 * 1024 * 1024, true);
  const honest = await honestWorkbook(ROWS);
  const result = {
    ...machine(),
    idle: await measure(pid, other, () => new Promise((r) => setTimeout(r, 1000))),
    bomb: {
      uploadBytes: bomb.length,
      inflatesTo: 500 * 1024 * 1024,
      ...(await measure(pid, other, () => upload(importer, 'bomb.xlsx', bomb))),
    },
    lyingDirectory: { uploadBytes: lie.length, ...(await measure(pid, other, () => upload(importer, 'lie.xlsx', lie))) },
    honestLarge: {
      rows: ROWS,
      uploadBytes: honest.length,
      ...(await measure(pid, other, () => upload(importer, 'big.xlsx', honest))),
    },
  };
  for (const k of ['bomb', 'lyingDirectory', 'honestLarge'] as const) {
    const a = result[k].answer as { message?: string; data?: unknown };
    delete a.message;
    delete a.data;
  }
  writeResult('import-guard', result);
} finally {
  await stopServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
