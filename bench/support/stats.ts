/** Figures of the benchmarks: percentiles, a summary of timings, RSS of a process, the machine. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100;
}

export function stats(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), max: percentile(sorted, 100), calls: values.length };
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round((Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024) * 10) / 10;
}

let ticksPerSecond: number | null = null;

/**
 * CPU seconds (user + system) a process has used so far (Linux /proc): on a loaded machine the
 * time a call costs, where its wall time also counts the waits for a core.
 */
export function cpuSeconds(pid: number | undefined): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which is in parentheses and may hold spaces): utime is the 12th, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** The machine and its load when the figures were taken (they vary with both). */
export function machine() {
  return {
    machine: { node: process.version, cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30) },
    loadAverage1m: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

export function writeResult(name: string, result: unknown): void {
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/${name}.json`, JSON.stringify(result, null, 2) + '\n');
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}

export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** The p-th percentile of values in any order, rounded to 0.01 (NaN when there are none). */
export function percentileOf(values: readonly number[], p: number): number {
  return values.length === 0
    ? NaN
    : percentile(
        [...values].sort((a, b) => a - b),
        p,
      );
}

/** Samples, p50, p95 and max of timings taken in the browser. */
export function sampleSummary(values: readonly number[]) {
  return {
    samples: values.length,
    p50: percentileOf(values, 50),
    p95: percentileOf(values, 95),
    max: round(Math.max(...values)),
  };
}

/** Median, p95 and max milliseconds of `runs` calls after one warm-up call. */
export async function timedRuns(runs: number, run: () => Promise<void>) {
  await run(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run();
    ms.push(performance.now() - t0);
  }
  const s = stats(ms);
  return { medianMs: round(s.median), p95Ms: round(s.p95), maxMs: round(s.max) };
}
