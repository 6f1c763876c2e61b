/**
 * Which databases a benchmark measures: the embedded SQLite file always, and PostgreSQL as well
 * when BENCH_DATABASE_URL names a server where the role may create databases. Each PostgreSQL
 * run gets a fresh database (dropped afterwards), so figures are never taken on a warm leftover.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type BenchDialect = 'sqlite' | 'postgres';

/** BENCH_ONLY=postgres (or sqlite) measures one of them, e.g. while working on one. */
export function benchDialects(): BenchDialect[] {
  const all: BenchDialect[] = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const only = process.env.BENCH_ONLY;
  return only ? all.filter((d) => d === only) : all;
}

export interface BenchPostgres {
  url: string;
  /** A client on the fresh database, for the benchmark's own checks. */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL is not set');
  return url;
}

/** A fresh database named after the benchmark (letters, digits and a random hex suffix only). */
export async function freshPostgres(benchmark: string): Promise<BenchPostgres> {
  const name = `bench_${benchmark.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    url: url.toString(),
    query: async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<R>(text, values)).rows,
    drop: async () => {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Runs `measure` on each database measured (benchDialects), one after the other: the figures side by side. */
export async function onEachDatabase<T>(
  measure: (dialect: BenchDialect) => Promise<T>,
): Promise<Partial<Record<BenchDialect, T>>> {
  const figures: Partial<Record<BenchDialect, T>> = {};
  for (const dialect of benchDialects()) figures[dialect] = await measure(dialect);
  return figures;
}
