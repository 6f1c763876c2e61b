/**
 * The documents lane against a real server (both dialects): a disposal with accumulated depreciation, a residual and
 * a sale price, worked by hand to the fen, its voucher's lines and the ledger's 162/163 equal to the cards' after;
 * an intangible disposal (171/172); an inventory issue in two parts (the last taking the remainder, 141); double
 * generation refused; a document with a live voucher locked, a deleted voucher freeing it, deletion restoring cards;
 * the depreciation-run and closed-period refusals; the asset change and its voucher with the spec's form checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetDocumentCard, AssetDocumentRow, NotGenerated } from '../../shared/api/schemas/assets-documents.js';
import type { GeneratedVoucher } from '../../shared/api/schemas/funds-entry.js';
import { Paths } from '../../shared/api/paths.js';
import { AssetDocumentMessages as M } from '../../shared/assets/documents-messages.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet, openPlatform } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { ensureAssetSetup } from './context.js';

const SET = '资产处置测试工会';

describe.each(TEST_DIALECTS)('asset documents and their vouchers (%s)', (dialect) => {
  let server: TestServer;
  let client: ApiClient;
  let ztId: number;
  const card: Record<string, string> = {};

  const category = async (assetClass: number) =>
    (
      await server.db.kysely
        .selectFrom('asset_category')
        .select('id')
        .where('zt_id', '=', ztId)
        .where('asset_class', '=', assetClass)
        .orderBy('depreciates', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;

  const insertCard = async (
    key: string,
    c: {
      assetClass: number;
      name: string;
      original: number;
      accumulated: number;
      life: number;
      activation: string;
      quantity?: number;
    },
  ) => {
    const id = timeOrderedId();
    card[key] = id;
    await server.db.kysely
      .insertInto('asset_card')
      .values({
        zt_id: ztId,
        id,
        card_no: `K${key}`,
        asset_class: c.assetClass,
        category_id: await category(c.assetClass),
        name: c.name,
        quantity: c.quantity ?? 1,
        original_value: c.original,
        init_depreciation: c.accumulated,
        accumulated_depreciation: c.accumulated,
        life_months: c.life,
        activation_date: c.activation,
        is_init: 1,
        is_review: 1,
        created_by: 1,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
  };

  /** The ledger balance of a subject from the vouchers, fen (debit − credit). */
  const balance = async (code: string) => {
    const rows = await server.db.kysely
      .selectFrom('voucher_line')
      .select(['debit_amount', 'credit_amount'])
      .where('zt_id', '=', ztId)
      .where('subject_code', '=', code)
      .execute();
    return rows.reduce((a, r) => a + Number(r.debit_amount) - Number(r.credit_amount), 0);
  };
  /** The cards' ledger: Σ original (on hand) and Σ accumulated of the cards still held, fen. */
  const cardTotals = async (assetClass: number) => {
    const rows = await server.db.kysely
      .selectFrom('asset_card')
      .selectAll()
      .where('zt_id', '=', ztId)
      .where('asset_class', '=', assetClass)
      .execute();
    const held = rows.filter((r) => r.left_year === null);
    return {
      cost: held.reduce((a, r) => a + Number(r.original_value) - Number(r.issued_value), 0),
      provision: held.reduce((a, r) => a + Number(r.accumulated_depreciation), 0),
    };
  };
  const lines = async (voucherId: string) =>
    (
      await server.db.kysely
        .selectFrom('voucher_line')
        .select(['subject_code', 'debit_amount', 'credit_amount'])
        .where('zt_id', '=', ztId)
        .where('voucher_id', '=', voucherId)
        .orderBy('line_no')
        .execute()
    ).map((l) => [l.subject_code, Number(l.debit_amount), Number(l.credit_amount)]);

  const opening = async (month: number, rows: [string, number | null, number | null][]) => {
    const answer = await client.post(Paths.certificate, {
      year: 2026,
      month,
      pzDate: `2026-0${month}-01`,
      certificateType: 1,
      numberOfDocument: 0,
      certiDetails: rows.map(([subjectCode, debit, credit]) => ({
        summary: '期初',
        subjectCode,
        debitAmount: debit,
        creditAmount: credit,
      })),
    });
    expect(answer.body.errorMsg).toBeNull();
  };

  const list = async (assetClass: number) =>
    (await client.get<{ currentPageItems: AssetDocumentRow[] }>(Paths.assetDocuments, { assetClass })).body.data.currentPageItems;
  const save = (body: Record<string, unknown>) => client.post<{ id: string }>(Paths.assetDocuments, body);
  const generate = (body: Record<string, unknown>) =>
    client.post<{ vouchers: GeneratedVoucher[] }>(Paths.assetVoucherSave, { pzAssetType: 3, ...body });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = await createSet(server.db, { name: SET, code: 'ZC-DOC-1', system: 'union-county', year: 2026, users: ['kuaiji'] });
    await openPlatform(server.db, ztId, 'assets');
    await ensureAssetSetup(server.db.kysely, { id: ztId, year: 2026 });
    await server.db.kysely.updateTable('asset_setting').set({ init_done: 1 }).where('zt_id', '=', ztId).execute();
    // A: 98 765.43 over 60 months from May 2023: 1 646.09 a month (9 876 543 / 60 = 164 609.05, half up 164 609 fen);
    // 32 months to December 2025 = 5 267 488 fen, then January and February 2026 run: 5 596 706 fen accumulated.
    await insertCard('A', {
      assetClass: 1,
      name: '办公楼空调',
      original: 9_876_543,
      accumulated: 5_596_706,
      life: 60,
      activation: '2023-05-10',
    });
    await insertCard('B', {
      assetClass: 1,
      name: '投影仪',
      original: 1_000_000,
      accumulated: 200_000,
      life: 60,
      activation: '2024-01-01',
    });
    await insertCard('C', {
      assetClass: 2,
      name: '财务软件',
      original: 2_400_000,
      accumulated: 600_000,
      life: 120,
      activation: '2021-01-01',
    });
    await insertCard('D', {
      assetClass: 3,
      name: '慰问品',
      original: 100_000,
      accumulated: 0,
      life: 0,
      activation: '2026-01-05',
      quantity: 3,
    });
    for (const month of [1, 2])
      await server.db.kysely
        .insertInto('asset_provision')
        .values({ zt_id: ztId, asset_class: 1, year: 2026, month, card_id: card.A ?? '', amount: 164_609 })
        .execute();
    client = new ApiClient(server.url);
    await client.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET, 2026);
    // The ledger as the cards stand: cost against 资产基金, the accumulated depreciation out of it.
    await opening(1, [
      ['162', 108_765.43, null],
      ['30104', null, 108_765.43],
      ['171', 24_000, null],
      ['30105', null, 24_000],
      ['141', 1_000, null],
      ['30101', null, 1_000],
    ]);
    await opening(1, [
      ['30104', 54_674.88, null],
      ['163', null, 54_674.88],
      ['30105', 6_000, null],
      ['172', null, 6_000],
    ]);
    await opening(2, [
      ['30104', 3_292.18, null],
      ['163', null, 3_292.18],
    ]);
  });
  afterAll(() => server.close());

  it('starts with the ledger equal to the cards', async () => {
    expect(await balance('162')).toBe((await cardTotals(1)).cost);
    expect(0 - (await balance('163'))).toBe((await cardTotals(1)).provision);
  });

  it('refuses a disposal in a month whose depreciation already included the card', async () => {
    const answer = await save({ assetClass: 1, docDate: '2026-02-20', disposeOfType: 1, lines: [{ cardId: card.A }] });
    expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(answer.body.errorMsg).toBe(M.cardProvided('KA', 2026, 2));
  });

  let disposal = '';
  it('disposes of A in March: cumulative = its accumulated depreciation, residual = original − cumulative', async () => {
    const cards = (await client.get<AssetDocumentCard[]>(Paths.assetDocumentCards, { assetClass: 1 })).body.data;
    expect(cards.map((c) => [c.cardNo, c.originalValue, c.accumulatedDepreciation, c.residualValue])).toEqual([
      ['KA', 98_765.43, 55_967.06, 42_798.37],
      ['KB', 10_000, 2_000, 8_000],
    ]);
    const answer = await save({
      assetClass: 1,
      docDate: '2026-03-20',
      disposeOfType: 1,
      disposeOfAmount: '30000.00',
      disposeCost: '512.34',
      lines: [{ cardId: card.A }],
    });
    expect(answer.body.errorMsg).toBeNull();
    disposal = answer.body.data.id;
    const [row] = await list(1);
    expect(row).toMatchObject({
      documentNo: 'GZCZ20260001',
      repayDate: '2026-03-20',
      disposeOfTypeName: '出售',
      disposeOfAmount: 30_000,
      originalAmount: 98_765.43,
      cumulativeAmount: 55_967.06,
      residualAmount: 42_798.37,
      isGenerateCertificate: false,
    });
    const a = await server.db.kysely
      .selectFrom('asset_card')
      .selectAll()
      .where('zt_id', '=', ztId)
      .where('id', '=', card.A ?? '')
      .executeTakeFirstOrThrow();
    expect([a.left_year, a.left_month]).toEqual([2026, 3]);
    // A disposed card is not offered again.
    const again = await save({ assetClass: 1, docDate: '2026-03-21', disposeOfType: 2, lines: [{ cardId: card.A }] });
    expect(again.body.errorMsg).toBe(M.cardLeft('KA'));
    const pending = (await client.get<NotGenerated>(Paths.getAssetsDocNotGeneratedList, {})).body.data;
    expect([pending.count, pending.unGenerateCertificate, pending.monthAssets]).toEqual([
      1,
      1,
      [{ month: 3, unGenerateCertificate: 1 }],
    ]);
  });

  it('generates its voucher to the fen; the ledger’s 162/163 equal the cards after; twice is refused', async () => {
    const preview = await client.post<{
      accruedStageMoney: number;
      subjectInfos: { subjectCode: string; moneyAmount: number }[];
    }>(Paths.assetVoucherPreview, { pzAssetType: 3, assetClass: 1, assetsDocs: [{ documentId: disposal }] });
    expect(preview.body.data.accruedStageMoney).toBe(98_765.43);
    const answer = await generate({ assetClass: 1, assetsDocs: [{ documentId: disposal }], isAuto: true });
    expect(answer.body.errorMsg).toBeNull();
    const [voucher] = answer.body.data.vouchers;
    expect(voucher?.month).toBe(3);
    // Dr 163 55 967.06, Dr 30104 42 798.37, Cr 162 98 765.43; the sale 30 000.00 less 512.34 = 29 487.66 net income.
    expect(await lines(voucher?.id ?? '')).toEqual([
      ['163', 5_596_706, 0],
      ['30104', 4_279_837, 0],
      ['162', 0, 9_876_543],
      ['102', 2_948_766, 0],
      ['408', 0, 2_948_766],
    ]);
    const totals = await cardTotals(1);
    expect(await balance('162')).toBe(totals.cost);
    expect(totals.cost).toBe(1_000_000);
    expect(0 - (await balance('163'))).toBe(totals.provision);
    expect((await list(1))[0]?.isGenerateCertificate).toBe(true);

    const twice = await generate({ assetClass: 1, assetsDocs: [{ documentId: disposal }] });
    expect(twice.body.errorMsg).toBe(M.generated('GZCZ20260001'));
    const none = await generate({ assetClass: 1 });
    expect(none.body.errorCode).toBe(ErrorCode.BusinessRule);
  });

  it('locks a document with a live voucher; a deleted voucher frees it, and deleting it restores the card', async () => {
    const edit = await save({
      id: disposal,
      assetClass: 1,
      docDate: '2026-03-22',
      disposeOfType: 2,
      lines: [{ cardId: card.A }],
    });
    expect(edit.body.errorMsg).toBe(M.hasVoucher('GZCZ20260001'));
    const del = await client.delete(Paths.assetDocuments, { ids: disposal });
    expect(del.body.errorMsg).toBe(M.hasVoucher('GZCZ20260001'));
    const doc = await server.db.kysely
      .selectFrom('asset_document')
      .select('voucher_id')
      .where('zt_id', '=', ztId)
      .where('id', '=', disposal)
      .executeTakeFirstOrThrow();
    await server.db.kysely
      .deleteFrom('voucher_line')
      .where('zt_id', '=', ztId)
      .where('voucher_id', '=', doc.voucher_id ?? '')
      .execute();
    await server.db.kysely
      .deleteFrom('voucher')
      .where('zt_id', '=', ztId)
      .where('id', '=', doc.voucher_id ?? '')
      .execute();
    expect((await list(1))[0]?.isGenerateCertificate).toBe(false);
    const deleted = await client.delete<{ deleted: number }>(Paths.assetDocuments, { ids: disposal });
    expect(deleted.body.data.deleted).toBe(1);
    const a = await server.db.kysely
      .selectFrom('asset_card')
      .selectAll()
      .where('zt_id', '=', ztId)
      .where('id', '=', card.A ?? '')
      .executeTakeFirstOrThrow();
    expect([a.left_year, a.left_month]).toEqual([null, null]);
    expect(await list(1)).toEqual([]);
  });

  it('refuses a document in a closed period', async () => {
    await server.db.kysely
      .insertInto('period_close')
      .values({ zt_id: ztId, year: 2026, month: 4, closed_at: Date.now(), closed_by: 1 })
      .execute();
    const answer = await save({ assetClass: 1, docDate: '2026-04-10', disposeOfType: 2, lines: [{ cardId: card.A }] });
    expect(answer.body.errorCode).toBe(ErrorCode.PeriodClosed);
    await server.db.kysely.deleteFrom('period_close').where('zt_id', '=', ztId).execute();
  });

  it('disposes of an intangible asset without a sale: Dr 172, Dr 30105, Cr 171', async () => {
    const saved = await save({ assetClass: 2, docDate: '2026-05-06', disposeOfType: 5, lines: [{ cardId: card.C }] });
    expect(saved.body.errorMsg).toBeNull();
    const answer = await generate({ assetClass: 2, isOnePz: true });
    expect(answer.body.errorMsg).toBeNull();
    expect(await lines(answer.body.data.vouchers[0]?.id ?? '')).toEqual([
      ['172', 600_000, 0],
      ['30105', 1_800_000, 0],
      ['171', 0, 2_400_000],
    ]);
    expect(await balance('171')).toBe((await cardTotals(2)).cost);
    expect(0 - (await balance('172'))).toBe((await cardTotals(2)).provision);
  });

  it('issues inventory in two parts: in proportion, the last unit taking the remainder (141)', async () => {
    const over = await save({ assetClass: 3, docDate: '2026-05-08', lines: [{ cardId: card.D, quantity: 4 }] });
    expect(over.body.errorMsg).toBe(M.quantityOver('KD', 3));
    const first = await save({ assetClass: 3, docDate: '2026-05-08', lines: [{ cardId: card.D, quantity: 1 }] });
    expect(first.body.errorMsg).toBeNull();
    const second = await save({ assetClass: 3, docDate: '2026-05-09', lines: [{ cardId: card.D, quantity: 2 }] });
    expect(second.body.errorMsg).toBeNull();
    const rows = await list(3);
    expect(rows.map((r) => [r.documentNo, r.originalAmount])).toEqual([
      ['KCCK20260002', 666.67],
      ['KCCK20260001', 333.33],
    ]);
    const answer = await generate({ assetClass: 3, isOnePz: false });
    expect(answer.body.data.vouchers).toHaveLength(2);
    expect(await lines(answer.body.data.vouchers[0]?.id ?? '')).toEqual([
      ['30101', 33_333, 0],
      ['141', 0, 33_333],
    ]);
    expect(await balance('141')).toBe(0);
    expect((await cardTotals(3)).cost).toBe(0);
  });

  it('records an asset change and makes its voucher with the spec’s form checks', async () => {
    const change = await client.post<{ id: string }>(Paths.assetCardChanges, {
      cardId: card.B,
      changeDate: '2026-06-15',
      amount: '5000.00',
      lifeMonths: 96,
    });
    expect(change.body.errorMsg).toBeNull();
    const b = await server.db.kysely
      .selectFrom('asset_card')
      .selectAll()
      .where('zt_id', '=', ztId)
      .where('id', '=', card.B ?? '')
      .executeTakeFirstOrThrow();
    expect([Number(b.original_value), b.life_months]).toEqual([1_500_000, 96]);
    const money = await client.get<{ amount: number }[]>(Paths.getAssetsChangeMoneyAsync, {});
    expect(money.body.data.map((m) => m.amount)).toEqual([5_000]);
    const preview = await client.get<{ amount: number; subjectInfos: { subjectCode: string; balanceDirection: number }[] }>(
      Paths.getAssetCardChangeCertificate,
    );
    expect(preview.body.data.subjectInfos.map((s) => [s.subjectCode, s.balanceDirection])).toEqual([
      ['162', 1],
      ['30104', 2],
    ]);
    const form = {
      PZAssetType: 4,
      czy: '会计',
      certificateType: 1,
      certificateDateTime: '2026-06-30',
      subjectInfos: [
        { summary: '改建', moneyAmount: 5000, balanceDirection: 1, subjectCode: '162' },
        { summary: '改建', moneyAmount: 5000, balanceDirection: 2, subjectCode: '30104' },
        { summary: '空行', moneyAmount: 0, balanceDirection: 1, subjectCode: '' },
      ],
    };
    const send = (patch: Record<string, unknown>) =>
      client.post<{ vouchers: GeneratedVoucher[] }>(Paths.saveAssetCardChangeCertificate, { ...form, ...patch });
    expect((await send({ certificateType: 0 })).body.errorMsg).toBe(M.certificateTypeMissing);
    expect((await send({ czy: '' })).body.errorMsg).toBe(M.makerMissing);
    expect((await send({ certificateDateTime: undefined, isAssetsInit: true })).body.errorMsg).toBe(M.dateMissing);
    expect((await send({ certificateDateTime: '2021-12-31' })).body.errorMsg).toBe(M.dateTooEarly);
    expect(
      (
        await send({
          subjectInfos: [...form.subjectInfos, { summary: 'x', moneyAmount: 1, balanceDirection: 1, subjectCode: '' }],
        })
      ).body.errorMsg,
    ).toBe(M.subjectMissing);
    expect(
      (await send({ subjectInfos: [{ summary: 'x', moneyAmount: 5000, balanceDirection: 1, subjectCode: '162' }] })).body
        .errorMsg,
    ).toBe(M.unbalanced);
    const saved = await send({});
    expect(saved.body.errorMsg).toBeNull();
    expect(await lines(saved.body.data.vouchers[0]?.id ?? '')).toEqual([
      ['162', 500_000, 0],
      ['30104', 0, 500_000],
    ]);
    expect(await balance('162')).toBe((await cardTotals(1)).cost);
    expect((await send({})).body.errorCode).toBe(ErrorCode.BusinessRule);
    // A change with a live voucher cannot be deleted.
    const del = await client.delete(Paths.assetCardChanges, { ids: change.body.data.id });
    expect(del.body.errorCode).toBe(ErrorCode.BusinessRule);
  });
});
