/**
 * The month-close part of bench/close.ts: on the generated set, January's carry-forward voucher
 * is written (generateVoucherEndPeriod) and booked by the accountant, then January is closed and
 * reopened `runs` times over HTTP. Reported: the client time of each call and the server's split
 * from its Server-Timing header (backup: the type-41/42 snapshot; close: the check, run twice,
 * and the writes).
 */
import type { MonthlyResponse } from '../src/shared/api/close.js';
import type { BatchResponse, Voucher } from '../src/shared/api/vouchers.js';
import { Paths } from '../src/shared/api/paths.js';
import { call, type Session } from './support/server.js';
import { round, stats } from './support/stats.js';

interface Timed {
  seconds: number;
  backupMs: number;
  closeMs: number;
}

function split(header: string | null): { backupMs: number; closeMs: number } {
  const dur = (name: string) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(header ?? '')?.[1] ?? NaN);
  return { backupMs: dur('backup'), closeMs: dur('close') };
}

async function timedCall(s: Session, path: string, body: Record<string, unknown>): Promise<Timed> {
  const t0 = performance.now();
  const answer = await call<MonthlyResponse>(s.base, s, 'POST', path, body);
  const seconds = round((performance.now() - t0) / 1000);
  if (!answer.body.success) throw new Error(`${path} failed: ${answer.body.errorMsg}`);
  return { seconds, ...split(answer.response.headers.get('server-timing')) };
}

export async function measureMonthClose(admin: Session, accountant: Session, year: number, runs: number) {
  const carry = await call<{ voucher: Voucher }>(admin.base, admin, 'GET', Paths.generateVoucherEndPeriod, { year, month: 1 });
  if (!carry.body.success) throw new Error(`carry-forward failed: ${carry.body.errorMsg}`);
  const v = carry.body.data.voucher;
  // Changes name the voucher by id and the revision seen; each answer gives the next revision.
  let revision = v.revision;
  for (const [path, flag] of [
    [Paths.certificateReview, 'isReview'],
    [Paths.certificateBook, 'isBook'],
  ] as const) {
    const details = JSON.stringify([{ id: v.id, revision, month: v.month, pzNo: v.pzNo, certificateType: v.certificateType }]);
    const done = await call<BatchResponse>(accountant.base, accountant, 'POST', path, { year, details, [flag]: true });
    if (!done.body.success) throw new Error(`${path} failed: ${done.body.errorMsg}`);
    revision = done.body.data.vouchers.find((x) => x.id === v.id)?.revision ?? revision;
  }
  const closes: Timed[] = [];
  const reopens: Timed[] = [];
  for (let i = 0; i < runs; i++) {
    closes.push(await timedCall(admin, Paths.monthly, { year, month: 1, rotateBackup: true }));
    reopens.push(await timedCall(admin, Paths.unMonthly, { year, month: 1, rotateBackup: true }));
  }
  return {
    carryForwardLines: v.certiDetails.length,
    close: { seconds: stats(closes.map((c) => c.seconds)), runs: closes },
    reverseClose: { seconds: stats(reopens.map((c) => c.seconds)), runs: reopens },
    closeWithoutBackupMs: stats(closes.map((c) => c.closeMs)),
  };
}
