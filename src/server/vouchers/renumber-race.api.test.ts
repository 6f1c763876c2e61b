/**
 * Two users at once on one period: one renumbers and moves vouchers (moves between months,
 * redating followed by 整理断号), the other edits and deletes vouchers from the list as they last
 * read it. Every change names its voucher by id and the revision seen, so no change may land on a
 * voucher its user did not see, or on one that changed since: each successful call's audit entry
 * must be on the voucher named, at the revision and number the caller saw. Refusals are expected
 * (4012), wrong hits must be 0. The figures are printed for the hardening report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../shared/envelope.js';
import type { SaveVoucherRequest, Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient, type Answer } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { expectedBalances, storedBalances } from '../books/balances.js';
import { FACTORY, modifyOf, refOf, request, save } from './voucher-test-kit.js';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const MONTHS = [10, 11] as const;
const EDITS = 150;

/** One changing call and what its caller saw. */
interface Call {
  user: string;
  kind: 'modify' | 'delete';
  /** The token written into the first line's summary by a modification. */
  token: string | null;
  id: string;
  revision: number;
  number: [month: number, certificateType: number, pzNo: number];
  /** Someone else changed vouchers of the period between the caller's read and this call. */
  stale: boolean;
  ok: boolean;
  errorCode: number | null;
}

describe.each(TEST_DIALECTS)('renumbering and moving race editing and deleting (%s)', (dialect) => {
  let server: TestServer;
  let ztId: number;
  let mover: ApiClient;
  let editor: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    editor = new ApiClient(server.url);
    ztId = await editor.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    mover = new ApiClient(server.url);
    await mover.openSet(server.db, 'admin', 'Admin@123', FACTORY);
  });
  afterAll(() => server.close());

  const dateOf = (month: number, day: number) => `2026-${month}-${String(day).padStart(2, '0')}`;
  const view = async (client: ApiClient): Promise<Voucher[]> =>
    (
      await client.get<Paged<Voucher>>(Paths.certificate, {
        year: 2026,
        beginMonth: MONTHS[0],
        endMonth: MONTHS[1],
        pageSize: 1000,
      })
    ).body.data.currentPageItems;

  it('no change lands on a voucher its user did not see', { timeout: 240_000 }, async () => {
    for (let i = 0; i < 24; i++) {
      const month = MONTHS[i % 2] ?? 10;
      expect((await save(editor, request({ month, pzDate: dateOf(month, 1 + (i % 27)) }, 10 + i))).body.success).toBe(true);
    }
    const calls: Call[] = [];
    /** Bumped by every change of the mover, so the editor knows when its view has gone stale. */
    let moverChanges = 0;
    let editorDone = false;
    const nextMover = random(7);
    const nextEditor = random(11);
    const pick = <T>(list: readonly T[], next: () => number): T | undefined => list[Math.floor(next() * list.length)];

    const record = async (
      user: string,
      kind: Call['kind'],
      v: Voucher,
      token: string | null,
      seenAt: number,
      answer: Promise<Answer<unknown>>,
    ) => {
      const a = await answer;
      calls.push({
        user,
        kind,
        token,
        id: v.id,
        revision: v.revision,
        number: [v.month, v.certificateType, v.pzNo],
        stale: user === 'editor' && moverChanges !== seenAt,
        ok: a.body.success,
        errorCode: a.body.errorCode,
      });
      return a.body.success;
    };

    const moverLoop = async () => {
      while (!editorDone) {
        const list = await view(mover);
        const v = pick(list, nextMover);
        if (!v) break;
        const seenAt = moverChanges;
        const roll = nextMover();
        let changed: boolean;
        if (roll < 0.5) {
          // Move to the other month: its old period closes the gap, renumbering the later vouchers.
          const month = v.month === MONTHS[0] ? MONTHS[1] : MONTHS[0];
          const body: SaveVoucherRequest = modifyOf(v, { month, pzDate: dateOf(month, Number(v.pzDate.slice(8))) });
          changed = await record('mover', 'modify', v, null, seenAt, save(mover, body));
        } else {
          // Redate, then 整理断号 renumbers the month by date.
          const body = modifyOf(v, { pzDate: dateOf(v.month, 1 + Math.floor(nextMover() * 27)) });
          changed = await record('mover', 'modify', v, null, seenAt, save(mover, body));
          const renumbered = await mover.post<{ renumbered: number }>(Paths.reloadBreak, { year: 2026, month: v.month });
          expect(renumbered.body.success).toBe(true);
          if (renumbered.body.data.renumbered > 0) moverChanges++;
        }
        if (changed) moverChanges++;
      }
    };

    const editorLoop = async () => {
      for (let k = 0; k < EDITS; k++) {
        let list = await view(editor);
        if (list.length < 12) {
          const month = pick(MONTHS, nextEditor) ?? 10;
          await save(editor, request({ month, pzDate: dateOf(month, 15) }, 1000 + k));
          list = await view(editor);
        }
        const seenAt = moverChanges;
        const v = pick(list, nextEditor);
        if (!v) continue;
        // Half the time, act only after the mover has changed something: the list on screen is old.
        if (nextEditor() < 0.5) {
          const until = Date.now() + 2000;
          while (moverChanges === seenAt && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
        }
        if (nextEditor() < 0.2) {
          await record(
            'editor',
            'delete',
            v,
            null,
            seenAt,
            editor.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(v)]) }),
          );
        } else {
          const token = `B#${k}`;
          const body = modifyOf(v);
          const [first, ...rest] = body.certiDetails;
          if (!first) continue;
          await record(
            'editor',
            'modify',
            v,
            token,
            seenAt,
            save(editor, { ...body, certiDetails: [{ ...first, summary: token }, ...rest] }),
          );
        }
      }
      editorDone = true;
    };

    await Promise.all([moverLoop(), editorLoop()]);

    // What landed, from the audit trail: each change with the voucher before it.
    const trail = await server.db.kysely
      .selectFrom('voucher_audit')
      .select(['voucher_id', 'action', 'user_name', 'before_json', 'after_json'])
      .where('zt_id', '=', ztId)
      .where('action', 'in', ['modify', 'delete'])
      .execute();
    const landed = trail.map((t) => ({
      voucherId: t.voucher_id,
      action: t.action,
      user: t.user_name === '李会计' ? 'editor' : 'mover',
      before: t.before_json ? (JSON.parse(t.before_json) as Voucher) : null,
      after: t.after_json ? (JSON.parse(t.after_json) as Voucher) : null,
    }));
    let wrongHits = 0;
    const matched = new Set<number>();
    for (const call of calls.filter((c) => c.ok)) {
      const index = landed.findIndex(
        (l, i) =>
          !matched.has(i) &&
          l.user === call.user &&
          l.action === call.kind &&
          (call.token === null || l.after?.certiDetails[0]?.summary === call.token) &&
          l.before?.id === call.id &&
          l.before.revision === call.revision,
      );
      const hit = landed[index];
      const asSeen =
        hit?.voucherId === call.id &&
        hit.before?.month === call.number[0] &&
        hit.before.certificateType === call.number[1] &&
        hit.before.pzNo === call.number[2];
      if (index < 0 || !asSeen) wrongHits++;
      else matched.add(index);
    }
    // Changes in the trail that no successful call explains landed where nobody looked.
    const unexplained = landed.filter((_, i) => !matched.has(i)).length;
    // A token on a voucher other than the one its edit named.
    const final = await server.db.kysely
      .selectFrom('voucher_line')
      .select(['voucher_id', 'summary'])
      .where('zt_id', '=', ztId)
      .where('summary', 'like', 'B#%')
      .execute();
    const tokenOf = new Map(calls.filter((c) => c.token).map((c) => [c.token, c.id]));
    const misplacedTokens = final.filter((l) => tokenOf.get(l.summary) !== l.voucher_id).length;

    const edits = calls.filter((c) => c.user === 'editor');
    const figures = {
      dialect,
      editorCalls: edits.length,
      editorCallsOnAStaleList: edits.filter((c) => c.stale).length,
      editorSucceeded: edits.filter((c) => c.ok).length,
      editorRefused: edits.filter((c) => !c.ok).length,
      moverCalls: calls.length - edits.length,
      moverSucceeded: calls.filter((c) => c.user === 'mover' && c.ok).length,
      wrongHits,
      unexplainedChanges: unexplained,
      misplacedTokens,
    };
    console.info(`renumber race: ${JSON.stringify(figures)}`);
    expect(figures.editorCalls).toBe(EDITS);
    // The race took place: lists went stale under the editor, and changes were refused for it.
    expect(figures.editorCallsOnAStaleList).toBeGreaterThan(EDITS / 4);
    expect(figures.editorRefused).toBeGreaterThan(0);
    expect(figures.editorSucceeded).toBeGreaterThan(0);
    expect(figures.moverSucceeded).toBeGreaterThan(0);
    // Every refusal is the conflict (the voucher changed since it was read), or not found for one the other deleted.
    const deleted = new Set(calls.filter((c) => c.ok && c.kind === 'delete').map((c) => c.id));
    const refusals = calls.filter((c) => !c.ok);
    const odd = refusals.filter(
      (c) => !(c.errorCode === ErrorCode.Conflict || (c.errorCode === ErrorCode.NotFound && deleted.has(c.id))),
    );
    expect(odd, JSON.stringify(calls.filter((c) => odd.some((o) => o.id === c.id)))).toEqual([]);
    expect([wrongHits, unexplained, misplacedTokens]).toEqual([0, 0, 0]);
    // The numbers stay unique (a deletion leaves a gap), and 整理断号 closes every gap.
    for (const month of MONTHS) {
      const nos = (await view(editor)).filter((v) => v.month === month).map((v) => v.pzNo);
      expect(new Set(nos).size).toBe(nos.length);
      expect((await editor.post(Paths.reloadBreak, { year: 2026, month })).body.success).toBe(true);
      const closed = (await view(editor)).filter((v) => v.month === month).map((v) => v.pzNo);
      expect(closed).toEqual(closed.map((_, i) => i + 1));
    }
    const sort = <T extends { month: number; subjectCode: string; auxiKey: string }>(rows: T[]) =>
      rows.sort((x, y) => `${x.month}|${x.subjectCode}|${x.auxiKey}`.localeCompare(`${y.month}|${y.subjectCode}|${y.auxiKey}`));
    expect(sort(await storedBalances(server.db.kysely, ztId))).toEqual(sort(await expectedBalances(server.db.kysely, ztId)));
  });
});
