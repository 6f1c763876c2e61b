/**
 * Helpers of the funds units API tests: the 经费 platform opened for a set, row counts, the
 * 经费单位 items and subject links as stored, the page's list, and a refusal that writes nothing.
 */
import { expect } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type { FundsUnitRow } from '../../shared/api/schemas/funds-units.js';
import type { Paged } from '../../shared/envelope.js';
import type { ApiClient } from '../test-support/api-client.js';
import { openFundsPlatform } from '../test-support/funds-fixture.js';
import type { TestServer } from '../test-support/test-server.js';

export const COUNTY = '示范市总工会';
export const FACTORY = '示范市第一机械厂工会';
export const SCHOOL = '示范市实验中学工会';
export const PAGE = '/funds-management/funds-accounting';

export function unitsKit(server: () => TestServer) {
  const db = () => server().db.kysely;
  const openFunds = (ztId: number) => openFundsPlatform(server().db, ztId);
  const unitCount = async () =>
    Number(
      (
        await db()
          .selectFrom('funds_unit')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const ratioCount = async () =>
    Number(
      (
        await db()
          .selectFrom('funds_ratio')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const jfdwItems = async (ztId: number) =>
    (
      await db()
        .selectFrom('auxi_info')
        .select(['info_no', 'info_name', 'is_enable'])
        .where('zt_id', '=', ztId)
        .where('type_no', '=', 'JFDW')
        .orderBy('info_no')
        .execute()
    ).map((r) => [r.info_no, r.info_name, Number(r.is_enable)]);
  const linkedTypes = async (ztId: number, code: string) =>
    (
      await db()
        .selectFrom('subject_auxi_type')
        .select('type_no')
        .where('zt_id', '=', ztId)
        .where('year', '=', 2026)
        .where('code', '=', code)
        .execute()
    ).map((r) => r.type_no);
  const list = async (client: ApiClient, body: Record<string, unknown> = {}) =>
    (await client.post<Paged<FundsUnitRow>>(Paths.unitInfo, body)).body.data.currentPageItems;
  /** A refused call: its code and message, and nothing written. */
  const refused = async (client: ApiClient, path: string, body: Record<string, unknown>, code: number, message?: string) => {
    const [units, ratios] = [await unitCount(), await ratioCount()];
    const answer = await client.post(path, body);
    expect(answer.body.success).toBe(false);
    expect(answer.body.errorCode).toBe(code);
    if (message !== undefined) expect(answer.body.errorMsg).toBe(message);
    expect([await unitCount(), await ratioCount()]).toEqual([units, ratios]);
  };
  return { openFunds, unitCount, ratioCount, jfdwItems, linkedTypes, list, refused };
}
