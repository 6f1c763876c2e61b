/**
 * The API tests' SQL capture: every statement the test server's app runs is checked to route to
 * one ledger set (db/zt-routing.ts); the test server's close() throws the list of those that do
 * not, so the test file fails. "The app's" statements are those run in the app's async context
 * (startTestServer enters it around prepare() and listen(), so requests, the seed, timers and
 * queues the app starts are in it); a test's own reads and writes through server.db are setup
 * and inspection, not the server's, and are not checked. Migrations run before, outside it.
 * ZT_ROUTING_REPORT=<file> also appends each violation as a JSON line (to collect them all).
 */
import fs from 'node:fs';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery } from 'kysely';
import { routingViolation } from '../db/zt-routing.js';

/**
 * Statements that look beyond the session's set by design, each with why. All are refusal-path
 * probes: an id not found in the session's set is asked of the other sets only to answer 4005
 * (another set's) rather than 4015 (none), as the API contract has it; a distributed database
 * runs them on every shard, on a refused call only. SQL text with `?` placeholders.
 */
export const CROSS_SET_BY_DESIGN: Readonly<Record<string, string>> = {
  'select "zt_id" from "voucher" where "id" = ? and "zt_id" != ? limit ?':
    'vouchers/repository.ts voucherInAnotherSet: a voucher id not in the set, 4005 or 4015',
  'select "zt_id" from "voucher_audit" where "voucher_id" = ? and "zt_id" != ? limit ?':
    'vouchers/repository.ts refuseMissingVoucher: a deleted voucher of another set (its trail), 4005 or 4015',
  'select "zt_id" from "file_relation" where "file_id" = ? and "zt_id" != ? limit ?':
    'files/repository.ts fileInAnotherSet: a file id not in the set, 4005 or 4015',
  'select "zt_id" from "transition_voucher" where "id" = ? and "zt_id" != ? limit ?':
    'transition/zero-vouchers.ts refuseMissing: an adjustment voucher id not in the set, 4005 or 4015',
};

/** The SQL text with PostgreSQL's `$n` placeholders written as SQLite's `?`. */
const withQuestionMarks = (sqlText: string): string => sqlText.replace(/\$[0-9]+/g, '?');

export interface Violation {
  sql: string;
  parameters: readonly unknown[];
  reason: string;
}

const appSide = new AsyncLocalStorage<true>();

/** Runs the app's start inside its context, so what it runs then and later is checked. */
export function asTheApp<T>(start: () => Promise<T>): Promise<T> {
  return appSide.run(true, start);
}

export class SqlCapture {
  readonly violations: Violation[] = [];
  statements = 0;

  readonly observe = (query: CompiledQuery): void => {
    if (!appSide.getStore()) return;
    this.statements++;
    const text = withQuestionMarks(query.sql);
    if (text in CROSS_SET_BY_DESIGN) return;
    const reason = routingViolation(query.sql, query.parameters);
    if (reason === null) return;
    const violation = { sql: query.sql, parameters: query.parameters, reason };
    this.violations.push(violation);
    const report = process.env.ZT_ROUTING_REPORT;
    if (report) fs.appendFileSync(report, `${JSON.stringify({ ...violation, test: process.env.VITEST_WORKER_ID ?? '' })}\n`);
  };

  /** Throws the statements that did not route to one ledger set (each distinct SQL text once). */
  assertRouted(): void {
    if (this.violations.length === 0) return;
    const distinct = new Map(this.violations.map((v) => [v.sql, v]));
    const lines = [...distinct.values()].map((v) => `- ${v.reason}: ${v.sql} ${JSON.stringify(v.parameters)}`);
    throw new Error(`statements against ledger tables without one zt_id (see db/zt-routing.ts):\n${lines.join('\n')}`);
  }
}
