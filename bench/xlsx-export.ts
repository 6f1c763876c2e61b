/**
 * Excel export benchmark (target: 100,000 rows in at most 5 s): builds 100,000 opening-balance
 * rows (1,000 first-level subjects with 99 details each, mid-year columns) and streams them to a
 * temporary file with the server's writer. Records the time, the peak resident memory (sampled
 * every 50 ms) and the peak heap into bench/results/xlsx-export.json.
 * Run: npx tsx bench/xlsx-export.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openingBalanceGridMidYear, type OpeningBalanceRow } from '../grids/index.js';
import { streamWorkbook } from '../src/server/export/xlsx-stream.js';
import { sampleHeading } from '../grids/workbook/sample-heading.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DETAILS = 99;
const TARGET_MS = 5_000;
const MB = 1024 * 1024;

/** Rows as object literals, the shape JSON.parse and a database driver give (spread-built objects are far slower to read in V8). */
function buildRows(count: number): OpeningBalanceRow[] {
  const rows: OpeningBalanceRow[] = [];
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  const row = (
    code: string,
    codeName: string,
    parentCode: string | null,
    p: number,
    amounts: [number, number, number],
  ): OpeningBalanceRow => ({
    rowId: code,
    code,
    codeName,
    parentCode,
    balanceDirection: p % 2 === 0 ? 1 : 2,
    type: p % 2 === 0 ? 1 : 2,
    lastLevel: parentCode !== null,
    isGovernment: false,
    isAuxiliary: false,
    auxiKey: null,
    initAmount: amounts[0],
    cumuleDebitAmount: amounts[1],
    cumuleCreditAmount: amounts[2],
  });
  for (let p = 0; rows.length < count; p++) {
    const code = String(1000 + p);
    rows.push(row(code, `科目${code}`, null, p, [0, 0, 0]));
    for (let d = 1; d <= DETAILS && rows.length < count; d++) {
      const name = d % 10 === 0 ? `=明细${d}` : `明细科目${d}`;
      rows.push(
        row(`${code}${String(d).padStart(3, '0')}`, name, code, p, [
          random() % 100_000_000,
          random() % 1_000_000,
          random() % 1_000_000,
        ]),
      );
    }
  }
  return rows;
}

async function main(): Promise<void> {
  const rows = buildRows(ROWS);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-bench-')), 'opening.xlsx');
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 50);

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const stream = fs.createWriteStream(file);
  const closed = new Promise<void>((resolve, reject) => {
    stream.on('close', resolve);
    stream.on('error', reject);
  });
  await streamWorkbook(
    stream,
    openingBalanceGridMidYear,
    rows,
    sampleHeading({ title: '科目期初余额表', unit: '基准测试工会', period: '2024年06月' }),
  );
  await closed;
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  sample();
  clearInterval(timer);

  const result = {
    rows: rows.length,
    columns: openingBalanceGridMidYear.fields.length,
    elapsedMs: Math.round(elapsedMs),
    targetMs: TARGET_MS,
    withinTarget: elapsedMs <= TARGET_MS,
    /** CPU time of this process (user + system): what the export costs when the machine is shared. */
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    loadAverage1m: os.loadavg()[0] ?? 0,
    fileBytes: fs.statSync(file).size,
    rssBeforeMB: Math.round(before.rss / MB),
    peakRssMB: Math.round(peakRss / MB),
    heapUsedBeforeMB: Math.round(before.heapUsed / MB),
    peakHeapUsedMB: Math.round(peakHeap / MB),
    node: process.version,
    cpus: os.cpus().length,
    measuredAt: new Date().toISOString(),
  };
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'xlsx-export.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `xlsx export: ${result.rows} rows x ${result.columns} columns in ${result.elapsedMs} ms (target ${TARGET_MS} ms; CPU ${result.cpuMs} ms, load ${result.loadAverage1m.toFixed(1)}), ` +
      `file ${(result.fileBytes / MB).toFixed(1)} MB, peak RSS ${result.peakRssMB} MB (before ${result.rssBeforeMB} MB), ` +
      `peak heap ${result.peakHeapUsedMB} MB (before ${result.heapUsedBeforeMB} MB)`,
  );
  if (!result.withinTarget) process.exitCode = 1;
}

await main();
