/**
 * The worksheet's workbook over the API (codeJoinAsyncDataOut): figures and splits saved through the calls,
 * adjustment vouchers written straight into their tables, the file downloaded and recalculated with HyperFormula;
 * every recalculated opening equals codeJoin's and computeWorksheet's to the fen, for a 基层 and a 县级以上 union.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transitionRows } from '../../../templates/transition/union-2009-to-2021.js';
import { Paths } from '../../shared/api/paths.js';
import type { CodeJoinResponse } from '../../shared/api/schemas/transition.js';
import { ErrorCode } from '../../shared/error-codes.js';
import type { TransitionLevel } from '../../shared/transition/mapping.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import { computeWorksheet, type AdjustmentLine } from '../../shared/transition/worksheet.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { insertUser } from '../test-support/test-users.js';
import { checkWorkbook, fenOf, type CheckedSheet } from '../test-support/workbook-check.js';
import {
  TRANSITION_OPENINGS_SHEET,
  TRANSITION_OPENINGS_TITLE,
  TRANSITION_WORKSHEET_SHEET,
  TRANSITION_WORKSHEET_TITLE,
  transitionFilters,
  transitionPeriod,
  yearEndSheetName,
  yearEndTitle,
} from './export.js';
import { worksheetSampleArb } from '../test-support/transition-samples.js';
import { newSubjectFacts, oldSubjectFacts, readSetSubjects } from './worksheet-read.js';

const YEAR = 2022;
const BASE = '衔接导出基层工会';
const COUNTY = '衔接导出县总工会';
const BLANK = '衔接导出未录年末数';
const GOV = '衔接导出行政单位';
const PROPERTY_SETS: Record<TransitionLevel, string> = { grassroots: '衔接导出性质基层', county: '衔接导出性质县级' };
const NAME_AS_FORMULA = '=1+1';
const SUMMARY_AS_FORMULA = '=HYPERLINK("http://example.com","补提折旧")';

interface Voucher {
  pzNo: number;
  lines: readonly { summary: string; code: string; debit: number; credit: number; auxiKey?: string }[];
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** Recalculated openings of sheet 2, by code|item key, in fen. */
function openingsOf(sheet: CheckedSheet): Map<string, number> {
  const first = sheet.rowOf(1, '新科目编码') + 1;
  const out = new Map<string, number>();
  for (let r = first; sheet.text(r, 1) !== '合计'; r++)
    out.set(`${sheet.text(r, 1)}|${sheet.text(r, 3)}`, fenOf(sheet.value(r, 5)));
  return out;
}

const wireOpenings = (answer: CodeJoinResponse) =>
  new Map(answer.openings.map((o) => [`${o.code}|${o.auxiKey}`, fenOf(o.amount)]));

describe.each(TEST_DIALECTS)('the transition worksheet workbook (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let kuaijiName: string;
  let kuaijiId: number;
  const sets: Record<string, number> = {};

  async function insertVouchers(ztId: number, vouchers: readonly Voucher[]): Promise<AdjustmentLine[]> {
    const now = Date.now();
    const lines: AdjustmentLine[] = [];
    for (const v of vouchers) {
      const id = `xj-export-${ztId}-${v.pzNo}`;
      await server.db.kysely
        .insertInto('transition_voucher')
        .values({
          zt_id: ztId,
          id,
          pz_no: v.pzNo,
          pz_date: `${YEAR - 1}-12-31`,
          certificate_type: 10000,
          prepared_by: kuaijiName,
          created_by: kuaijiId,
          debit_total: v.lines.reduce((s, l) => s + l.debit, 0),
          credit_total: v.lines.reduce((s, l) => s + l.credit, 0),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await server.db.kysely
        .insertInto('transition_voucher_line')
        .values(
          v.lines.map((l, i) => ({
            zt_id: ztId,
            voucher_id: id,
            line_no: i + 1,
            summary: l.summary,
            subject_code: l.code,
            debit_amount: l.debit,
            credit_amount: l.credit,
            auxi_key: l.auxiKey ?? '',
          })),
        )
        .execute();
      v.lines.forEach((l, i) =>
        lines.push({
          voucherId: id,
          voucherNo: `调-${v.pzNo}`,
          lineNo: i + 1,
          summary: l.summary,
          subjectCode: l.code,
          auxiKey: l.auxiKey ?? '',
          debit: l.debit,
          credit: l.credit,
        }),
      );
    }
    return lines;
  }

  /** Saves the figures and splits through the calls and the vouchers straight; answers computeWorksheet's openings. */
  async function prepare(
    client: ApiClient,
    ztId: number,
    level: TransitionLevel,
    balances: Record<string, number>,
    splits: Record<string, number>,
    vouchers: readonly Voucher[],
  ) {
    const figures = await client.post(Paths.transitionSaveFigures, {
      balances: Object.entries(balances).map(([code, fen]) => ({ code, amount: yuan(fen) })),
    });
    expect(figures.body.errorMsg).toBeNull();
    const saved = await client.post(Paths.transitionSaveSplits, {
      splits: Object.entries(splits).map(([key, fen]) => ({ key, amount: yuan(fen) })),
    });
    expect(saved.body.errorMsg).toBeNull();
    const adjustments = await insertVouchers(ztId, vouchers);
    const setSubjects = await readSetSubjects(server.db.kysely, ztId, YEAR);
    return computeWorksheet({
      rows: transitionRows(level),
      oldBalances: new Map(Object.entries(balances)),
      splits: new Map(Object.entries(splits).map(([key, amount]) => [key, { amount }])),
      adjustments,
      oldSubject: oldSubjectFacts,
      newSubject: newSubjectFacts(setSubjects),
    });
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const [name, code, system] of [
      [BASE, 'XJ-EXP-1', 'union-grassroots'],
      [COUNTY, 'XJ-EXP-2', 'union-county'],
      [BLANK, 'XJ-EXP-3', 'union-grassroots'],
      [GOV, 'XJ-EXP-4', 'government'],
      [PROPERTY_SETS.grassroots, 'XJ-EXP-5', 'union-grassroots'],
      [PROPERTY_SETS.county, 'XJ-EXP-6', 'union-county'],
    ] as const) {
      sets[name] = await createSet(server.db, { name, code, system, year: YEAR, users: ['kuaiji'] });
    }
    const user = await server.db.kysely
      .selectFrom('app_user')
      .select(['id', 'name'])
      .where('login_name', '=', 'kuaiji')
      .executeTakeFirstOrThrow();
    kuaijiName = user.name;
    kuaijiId = user.id;
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', BASE, YEAR);
  });
  afterAll(() => server.close());

  it('exports a 基层 worksheet whose recalculated openings equal codeJoin and computeWorksheet to the fen', async () => {
    const ztId = sets[BASE] ?? 0;
    // A name a user gave a subject of the set: it must stay text in every sheet.
    await server.db.kysely
      .updateTable('subject')
      .set({ name: NAME_AS_FORMULA })
      .where('zt_id', '=', ztId)
      .where('year', '=', YEAR)
      .where('code', '=', '163')
      .execute();
    // Debit 102 100,000 + 11201 1,234.56 + 13101 300 + 141 5,000 + 162 50,000
    //   = credit 301 50,000 + 331 106,534.56.
    const expected = await prepare(
      kuaiji,
      ztId,
      'grassroots',
      {
        '102': 10_000_000,
        '11201': 123_456,
        '13101': 30_000,
        '141': 500_000,
        '162': 5_000_000,
        '301': 5_000_000,
        '331': 10_653_456,
      },
      {
        '162-171': 800_000,
        '162-141': 100_000,
        '301-30105': 800_000,
        '301-30101': 100_000,
        '331-30101': 500_000,
        '331-32104': 2_000_000,
      },
      [
        {
          pzNo: 1,
          lines: [
            { summary: SUMMARY_AS_FORMULA, code: '30104', debit: 300_000, credit: 0 },
            { summary: SUMMARY_AS_FORMULA, code: '163', debit: 0, credit: 300_000 },
          ],
        },
        {
          pzNo: 2,
          lines: [
            { summary: '代管经费核销', code: '32205', debit: 50_000, credit: 0 },
            { summary: '代管经费核销', code: '215', debit: 0, credit: 50_000, auxiKey: 'DEPT:01' },
          ],
        },
      ],
    );
    expect(expected.problems).toEqual([]);
    const answer = (await kuaiji.get<CodeJoinResponse>(Paths.transitionCodeJoin, { item1: 2 })).body.data;
    expect(wireOpenings(answer)).toEqual(new Map(expected.openings.map((o) => [`${o.code}|${o.auxiKey}`, o.amount])));

    const file = await kuaiji.download(Paths.transitionExport);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/spreadsheetml/);
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain(TRANSITION_WORKSHEET_TITLE);
    const book = await checkWorkbook(file.bytes, {
      heading: {
        title: TRANSITION_WORKSHEET_TITLE,
        unit: BASE,
        ledgerSet: BASE,
        period: transitionPeriod(YEAR),
        filters: transitionFilters('grassroots', true),
        exportedBy: kuaijiName,
      },
      titles: { [TRANSITION_OPENINGS_SHEET]: TRANSITION_OPENINGS_TITLE, [yearEndSheetName(YEAR)]: yearEndTitle(YEAR) },
      userTexts: [NAME_AS_FORMULA, SUMMARY_AS_FORMULA],
    });
    expect(book.sheets.map((s) => s.name)).toEqual([TRANSITION_WORKSHEET_SHEET, TRANSITION_OPENINGS_SHEET, '2021年末数']);
    const openings = book.sheet(TRANSITION_OPENINGS_SHEET);
    expect(openingsOf(openings)).toEqual(wireOpenings(answer));
    // Hand-worked: 162 50,000 − 8,000 − 1,000; 141 5,000 + 1,000; 30101 1,000 + 5,000; 30104 41,000 − 3,000 debited;
    // 32205 106,534.56 − 5,000 − 20,000 − 500 debited; 215 500 on DEPT:01.
    const recalculated = openingsOf(openings);
    expect(recalculated.get('162|')).toBe(4_100_000);
    expect(recalculated.get('141|')).toBe(600_000);
    expect(recalculated.get('30101|')).toBe(600_000);
    expect(recalculated.get('30104|')).toBe(3_800_000);
    expect(recalculated.get('32205|')).toBe(8_103_456);
    expect(recalculated.get('215|DEPT:01')).toBe(50_000);
    expect(recalculated.get('12101|')).toBe(123_456);
    const total = openings.rowOf(1, '合计');
    expect([6, 7].map((c) => fenOf(openings.value(total, c)))).toEqual([
      fenOf(answer.totals.newDebit),
      fenOf(answer.totals.newCredit),
    ]);
    expect(fenOf(answer.totals.newDebit)).toBe(fenOf(answer.totals.newCredit));
    // The renamed subject is text wherever it is named.
    expect(openings.text(openings.rowOf(1, '163'), 2)).toBe(NAME_AS_FORMULA);
    const sheet = book.sheet(TRANSITION_WORKSHEET_SHEET);
    expect(sheet.rowOf(9, NAME_AS_FORMULA)).toBeGreaterThan(0);
    expect(sheet.rowOf(12, SUMMARY_AS_FORMULA)).toBeGreaterThan(0);
    const sums = sheet.rowOf(1, '合计');
    expect([4, 5, 6, 11].map((c) => fenOf(sheet.value(sums, c)))).toEqual(
      [answer.totals.old, answer.totals.increase, answer.totals.decrease, answer.totals.new].map(fenOf),
    );
    const yearEnd = book.sheet('2021年末数');
    expect(fenOf(yearEnd.value(yearEnd.rowOf(1, '112'), 4))).toBe(123_456);
    const trial = yearEnd.rowOf(1, '合计');
    expect([5, 6].map((c) => fenOf(yearEnd.value(trial, c)))).toEqual([
      fenOf(answer.totals.oldDebit),
      fenOf(answer.totals.oldCredit),
    ]);

    // Without the adjustment vouchers, as codeJoin answers them.
    const plain = await kuaiji.download(Paths.transitionExport, { isReconciliation: false });
    const plainBook = await checkWorkbook(plain.bytes);
    expect(plainBook.sheet().headTexts().join('\n')).toContain('并入调账凭证：否');
    const plainAnswer = (await kuaiji.get<CodeJoinResponse>(Paths.transitionCodeJoin, { item1: 2, isReconciliation: false })).body
      .data;
    expect(openingsOf(plainBook.sheet(TRANSITION_OPENINGS_SHEET))).toEqual(wireOpenings(plainAnswer));
    expect(plainBook.sheet().rowOf(7, '调-1')).toBe(0);
  });

  it('exports a 县级以上 worksheet with the county split of 结余 to the fen', async () => {
    const county = new ApiClient(server.url);
    await county.openSet(server.db, 'kuaiji', 'Kuaiji@123', COUNTY, YEAR);
    const ztId = sets[COUNTY] ?? 0;
    const expected = await prepare(
      county,
      ztId,
      'county',
      { '102': 20_000_000, '13103': 70_000, '22203': 50_000, '331': 20_020_000 },
      { '331-33104': 1_000_000, '331-33205': 2_000_000, '331-32104': 3_000_000 },
      [
        {
          pzNo: 1,
          lines: [
            { summary: '补记应付款', code: '32205', debit: 12_345, credit: 0 },
            { summary: '补记应付款', code: '215', debit: 0, credit: 12_345 },
          ],
        },
      ],
    );
    expect(expected.problems).toEqual([]);
    const answer = (await county.get<CodeJoinResponse>(Paths.transitionCodeJoin, { item1: 2 })).body.data;
    const file = await county.download(Paths.transitionExport);
    expect(file.status).toBe(200);
    const book = await checkWorkbook(file.bytes, {
      heading: {
        title: TRANSITION_WORKSHEET_TITLE,
        unit: COUNTY,
        ledgerSet: COUNTY,
        period: transitionPeriod(YEAR),
        filters: transitionFilters('county', true),
        exportedBy: kuaijiName,
      },
      titles: { [TRANSITION_OPENINGS_SHEET]: TRANSITION_OPENINGS_TITLE, [yearEndSheetName(YEAR)]: yearEndTitle(YEAR) },
    });
    const recalculated = openingsOf(book.sheet(TRANSITION_OPENINGS_SHEET));
    expect(recalculated).toEqual(wireOpenings(answer));
    expect(recalculated).toEqual(new Map(expected.openings.map((o) => [`${o.code}|${o.auxiKey}`, o.amount])));
    // 32205 = 200,200 − 10,000 − 20,000 − 30,000 − 123.45; 215 = 500 (22203) + 123.45; 135 = 700 (13103).
    expect(recalculated.get('32205|')).toBe(14_007_655);
    expect(recalculated.get('33104|')).toBe(1_000_000);
    expect(recalculated.get('33205|')).toBe(2_000_000);
    expect(recalculated.get('215|')).toBe(62_345);
    expect(recalculated.get('135|')).toBe(70_000);
  });

  it('property: for random figures, splits and adjustments saved on the server, the recalculated openings equal codeJoin and computeWorksheet', async () => {
    await fc.assert(
      fc.asyncProperty(worksheetSampleArb, async (sample) => {
        const name = PROPERTY_SETS[sample.level];
        const ztId = sets[name] ?? 0;
        const client = new ApiClient(server.url);
        await client.openSet(server.db, 'kuaiji', 'Kuaiji@123', name, YEAR);
        await server.db.kysely.deleteFrom('transition_voucher_line').where('zt_id', '=', ztId).execute();
        await server.db.kysely.deleteFrom('transition_voucher').where('zt_id', '=', ztId).execute();
        const byVoucher = new Map<number, Voucher>();
        for (const a of sample.adjustments) {
          const pzNo = Number(a.voucherNo.replace('调-', ''));
          const v = byVoucher.get(pzNo) ?? { pzNo, lines: [] };
          byVoucher.set(pzNo, {
            pzNo,
            lines: [
              ...v.lines,
              { summary: a.summary, code: a.subjectCode, debit: a.debit, credit: a.credit, auxiKey: a.auxiKey },
            ],
          });
        }
        const expected = await prepare(
          client,
          ztId,
          sample.level,
          Object.fromEntries(sample.oldBalances),
          Object.fromEntries([...sample.splits].map(([key, split]) => [key, split.amount])),
          [...byVoucher.values()],
        );
        const answer = (await client.get<CodeJoinResponse>(Paths.transitionCodeJoin, { item1: 2 })).body.data;
        const file = await client.download(Paths.transitionExport);
        expect(file.status).toBe(200);
        const recalculated = openingsOf((await checkWorkbook(file.bytes)).sheet(TRANSITION_OPENINGS_SHEET));
        expect(recalculated).toEqual(wireOpenings(answer));
        expect(recalculated).toEqual(new Map(expected.openings.map((o) => [`${o.code}|${o.auxiKey}`, o.amount])));
      }),
      { numRuns: 4 },
    );
  });

  it('refuses before the year-end figures are saved (4011) and for a government set', async () => {
    const blank = new ApiClient(server.url);
    await blank.openSet(server.db, 'kuaiji', 'Kuaiji@123', BLANK, YEAR);
    const early = await blank.get(Paths.transitionExport);
    expect(early.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(early.body.errorMsg).toBe(TransitionMessages.saveFiguresFirst(YEAR - 1));
    const gov = new ApiClient(server.url);
    await gov.openSet(server.db, 'kuaiji', 'Kuaiji@123', GOV, YEAR);
    const refused = await gov.get(Paths.transitionExport);
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toBe(TransitionMessages.governmentSet);
    const malformed = await gov.get(Paths.transitionExport, { isReconciliation: 'maybe' });
    expect(malformed.body.errorCode).toBe(ErrorCode.BadRequest);
  });

  it('needs the page’s 导出 button: a role that may read the worksheet but not export it gets 4005', async () => {
    const { id: levelId } = await server.db.kysely
      .insertInto('user_level')
      .values({
        code: 'transitionReader',
        name: '衔接查阅',
        resources: JSON.stringify([{ href: '/accounting-management/transition/subject-transition', resourceList: ['edit'] }]),
        sort: 90,
        enable: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertUser(server.db, server.config.scryptLogN, {
      loginName: 'xianjie',
      password: 'Xianjie@123',
      grants: [{ ztId: sets[BASE] ?? 0, level: levelId }],
    });
    const reader = new ApiClient(server.url);
    await reader.openSet(server.db, 'xianjie', 'Xianjie@123', BASE, YEAR);
    expect((await reader.get(Paths.transitionCodeJoin)).body.success).toBe(true);
    const refused = await reader.get(Paths.transitionExport);
    expect(refused.body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await reader.download(Paths.transitionExport)).headers.get('content-type')).not.toMatch(/spreadsheetml/);
  });
});
