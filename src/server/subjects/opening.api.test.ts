import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BranchSaveResponse,
  OpeningRow,
  SubjectItem,
  SubjectSettingResponse,
  TrialResult,
} from '../../shared/api/subjects.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { FinancialState } from '../../shared/financial-state.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { fenToYuanString, MONEY_CAP_FEN } from '../../shared/money.js';
import { AuxiMessages } from '../../shared/subjects/auxiliary-rules.js';
import { fenOf as fenOfWire } from '../../shared/subjects/opening-amounts.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { ApiClient } from '../test-support/api-client.js';
import { checkWorkbook, fenOf } from '../test-support/workbook-check.js';
import { createSet, setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const FACTORY = '示范市第一机械厂工会';
const SCHOOL = '示范市实验中学工会';

async function workbook(rows: (string | number | null)[][], headers = ['科目编码', '科目名称', '方向', '期初余额', '辅助核算']) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('科目期初余额');
  sheet.addRow(['科目期初余额表']);
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe.each(TEST_DIALECTS)('opening balances: list, batch save, trial check, import (%s)', (dialect) => {
  let server: TestServer;
  let id: (name: string) => number;
  let kuaiji: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    id = await setIds(server.db);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
  });
  afterAll(() => server.close());

  const setting = async (client = kuaiji): Promise<SubjectSettingResponse> =>
    (await client.get<SubjectSettingResponse>(Paths.subjectSetting)).body.data;
  const row = (data: SubjectSettingResponse, rowId: string): OpeningRow | undefined =>
    data.subInfoList.find((r) => r.rowId === rowId);
  const amounts = async (codes: string[]) =>
    Object.fromEntries(
      (
        await server.db.kysely
          .selectFrom('subject')
          .select(['code', 'init_amount'])
          .where('zt_id', '=', id(FACTORY))
          .where('year', '=', 2026)
          .where('code', 'in', codes)
          .execute()
      ).map((r) => [r.code, r.init_amount]),
    );

  it('lists tabs, rows and config before anything is saved', async () => {
    const data = await setting();
    expect(data.subTypeList).toEqual([
      { type: 1, typeName: '资产', isGovernment: false },
      { type: 2, typeName: '负债', isGovernment: false },
      { type: 3, typeName: '净资产', isGovernment: false },
      { type: 4, typeName: '收入', isGovernment: false },
      { type: 5, typeName: '支出', isGovernment: false },
    ]);
    expect(data.config).toEqual({ year: 2026, startMonth: 1, isMidYear: false, hasBudget: false, isInitialised: false });
    expect(row(data, '101')).toMatchObject({
      code: '101',
      codeName: '库存现金',
      editable: true,
      isAuxiliary: false,
      initAmount: 0,
    });
    expect(row(data, '322')).toMatchObject({ lastLevel: false, editable: false });
    expect(data.trial.balanced).toBe(true);
    expect((await kuaiji.get<number>(Paths.financialState)).body.data).toBe(FinancialState.SubjectsNotInitialised);
  });

  it('refuses the list, the export and the save without the subjectstart page and its buttons (cashier, reviewer) and another set’s id', async () => {
    for (const [login, password] of [
      ['chuna', 'Chuna@123'],
      ['shenhe', 'Shenhe@123'],
    ] as const) {
      const client = new ApiClient(server.url);
      await client.openSet(server.db, login, password, FACTORY);
      // Neither role has the opening page: its data is not theirs to read either.
      expect((await client.get(Paths.subjectSetting)).body.errorCode).toBe(ErrorCode.Forbidden);
      const exported = await client.download(Paths.openingExport);
      expect(JSON.parse(Buffer.from(exported.bytes).toString('utf8'))).toMatchObject({ errorCode: ErrorCode.Forbidden });
      expect((await client.post(Paths.branchSave, { detailList: [{ code: '101', initAmount: 100 }] })).body).toMatchObject({
        success: false,
        errorCode: ErrorCode.Forbidden,
      });
      const file = await workbook([['101', '库存现金', '借', '1.00', null]]);
      expect((await client.upload(Paths.openingImport, { name: 'o.xlsx', content: file })).body.errorCode).toBe(
        ErrorCode.Forbidden,
      );
    }
    const other = await kuaiji.post(Paths.branchSave, { ztId: id(SCHOOL), detailList: [{ code: '101', initAmount: 100 }] });
    expect(other.body.errorCode).toBe(ErrorCode.Forbidden);
    expect(await amounts(['101'])).toEqual({ '101': 0 });
  });

  it('lists every bad row with row and field, and saves nothing', async () => {
    const answer = await kuaiji.post(Paths.branchSave, {
      detailList: [
        { rowId: 'r1', code: '101', initAmount: 1_000 },
        { rowId: 'r2', code: '999', initAmount: 0.01 },
        { rowId: 'r3', code: '', initAmount: 0.01 },
        { rowId: 'r4', code: '101', initAmount: '0.05' },
        { rowId: 'r5', code: '102', initAmount: 0.01, cumuleDebitAmount: 0.01 },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      errorCode: ErrorCode.ValidationFailed,
      errorMsg: '期初余额有4行数据不正确，未保存',
    });
    expect(answer.body.data as ValidationIssue[]).toEqual([
      { message: '第2行：科目999不存在', rowId: 'r2', fieldId: 'code' },
      { message: '第3行：请选择科目', rowId: 'r3', fieldId: 'code' },
      { message: '第4行：与第1行重复', rowId: 'r4', fieldId: 'code' },
      { message: '第5行：年初建账的账套不能录入累计发生额', rowId: 'r5', fieldId: 'cumuleDebitAmount' },
    ]);
    expect(await amounts(['101', '102'])).toEqual({ '101': 0, '102': 0 });
  });

  it('refuses a malformed amount or row by its schema (400, 4000) naming the field and the rule, and saves nothing', async () => {
    const refused = async (detailList: unknown[], message: string): Promise<void> => {
      const answer = await kuaiji.post(Paths.branchSave, { detailList, confirmPrompt: true });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        errorCode: ErrorCode.BadRequest,
        errorMsg: `请求参数有误: ${message}`,
      });
    };
    const good = { code: '101', initAmount: 1 };
    await refused([good, { code: '102', initAmount: 12.345 }], '参数detailList[1].initAmount：金额最多两位小数');
    await refused([good, { code: '102', initAmount: '0.001' }], '参数detailList[1].initAmount：金额最多两位小数');
    await refused([{ code: '102', initAmount: 100_000_000_000 }], '参数detailList[0].initAmount：金额不能超过99,999,999,999.99');
    await refused([{ code: '102', initAmount: '一百' }], '参数detailList[0].initAmount：金额格式不正确');
    // A blank is no zero and hex no amount (the schema does not coerce them to numbers).
    await refused([{ code: '102', initAmount: ' ' }], '参数detailList[0].initAmount：金额格式不正确');
    await refused([{ code: '102', initAmount: '0x10' }], '参数detailList[0].initAmount：金额格式不正确');
    await refused(
      [{ code: '102', initAmount: 1, cumuleDebitAmount: '1.005' }],
      '参数detailList[0].cumuleDebitAmount：金额最多两位小数',
    );
    await refused([{ code: '102' }], '缺少参数detailList[0].initAmount');
    await refused([{ code: { code: '102' }, initAmount: 1 }], '参数detailList[0].code：须为文本');
    expect((await kuaiji.post(Paths.branchSave, { confirmPrompt: true })).body.errorMsg).toBe('请求参数有误: 缺少参数detailList');
    expect(await amounts(['101', '102'])).toEqual({ '101': 0, '102': 0 });
  });

  it('refuses unbalanced openings naming the difference (4011) unless confirmed; nothing is written when refused', async () => {
    const detailList = [
      { code: '101', initAmount: 1_000 },
      { code: '102', initAmount: '5000.00' },
      { code: '32205', initAmount: 5_500 },
    ];
    const refused = await kuaiji.post<TrialResult>(Paths.branchSave, { detailList, confirmPrompt: false, autoUnderAllAcc: true });
    expect(refused.body).toMatchObject({
      success: false,
      errorCode: ErrorCode.BusinessRule,
      errorMsg: '财务会计期初余额试算不平衡：借方合计6,000.00，贷方合计5,500.00，差额500.00。确定要保存吗？',
      // The trial result in yuan, as every amount on the wire.
      data: { balanced: false, financial: { debit: 6_000, credit: 5_500, difference: 500 } },
    });
    expect(await amounts(['101', '102', '32205'])).toEqual({ '101': 0, '102': 0, '32205': 0 });
    expect((await kuaiji.get<number>(Paths.financialState)).body.data).toBe(FinancialState.SubjectsNotInitialised);

    const confirmed = await kuaiji.post<BranchSaveResponse>(Paths.branchSave, { detailList, confirmPrompt: true });
    expect(confirmed.body).toMatchObject({
      success: true,
      data: { saved: 3, trial: { balanced: false, financial: { debit: 6_000, credit: 5_500, difference: 500 } } },
    });
    expect(await amounts(['101', '102', '32205', '322'])).toEqual({
      '101': 100_000,
      '102': 500_000,
      '32205': 550_000,
      '322': 550_000,
    });
  });

  it('saves balanced openings, recomputes parents whatever the client sent, and makes the financial state normal', async () => {
    // A stale parent in the database is corrected by any save.
    await server.db.kysely
      .updateTable('subject')
      .set({ init_amount: 777 })
      .where('zt_id', '=', id(FACTORY))
      .where('year', '=', 2026)
      .where('code', '=', '321')
      .execute();
    const saved = await kuaiji.post<BranchSaveResponse>(Paths.branchSave, {
      detailList: [
        { code: '32205', initAmount: 4_500 },
        { code: '32201', initAmount: 1_500 },
        { code: '322', initAmount: 0.01 },
        { code: '163', initAmount: 200 },
        { code: '162', initAmount: 200 },
      ],
      confirmPrompt: false,
      autoUnderAllAcc: true,
    });
    expect(saved.body).toMatchObject({ success: true, message: '保存成功', data: { saved: 4, trial: { balanced: true } } });
    const data = await setting();
    expect(row(data, '322')?.initAmount).toBe(6_000);
    expect(await amounts(['321', '322'])).toEqual({ '321': 0, '322': 600_000 });
    expect(data.trial.financial).toMatchObject({ debit: 6_200, credit: 6_200, difference: 0, balanced: true });
    expect(data.config.isInitialised).toBe(true);
    expect((await kuaiji.get<number>(Paths.financialState)).body.data).toBe(FinancialState.Normal);
  });

  it('keeps auxiliary openings under a subject with auxiliary types, and locks the types while they exist', async () => {
    expect((await kuaiji.post(Paths.saveAuxiRealedSub, { code: '135', typeNoArray: ['ZJLY', 'JFHS'] })).body.success).toBe(true);
    const bad = await kuaiji.post(Paths.branchSave, {
      detailList: [
        { rowId: 'b', code: '135', auxis: [{ typeNo: 'ZJLY', infoNo: '001' }], initAmount: 0.05 },
        {
          rowId: 'c',
          code: '135',
          auxis: [
            { typeNo: 'ZJLY', infoNo: '001' },
            { typeNo: 'JFHS', infoNo: '001' },
          ],
          initAmount: 0.05,
        },
        { rowId: 'd', code: '101', auxis: [{ typeNo: 'ZJLY', infoNo: '001' }], initAmount: 0.05 },
      ],
    });
    expect((bad.body.data as ValidationIssue[]).map((i) => i.message)).toEqual([
      '第1行：辅助项不能为空!',
      `第2行：${AuxiMessages.leafOnly('经费核算')}`,
      '第3行：科目101未设置辅助核算',
    ]);

    const saved = await kuaiji.post<BranchSaveResponse>(Paths.branchSave, {
      detailList: [
        {
          code: '135',
          auxis: [
            { typeNo: 'ZJLY', infoNo: '001' },
            { typeNo: 'JFHS', infoNo: '001001' },
          ],
          initAmount: 300,
        },
        {
          code: '135',
          auxis: [
            { typeNo: 'JFHS', infoNo: '002' },
            { typeNo: 'ZJLY', infoNo: '002' },
          ],
          initAmount: 200,
        },
        { code: '32201', initAmount: 2_000 },
      ],
    });
    expect(saved.body.data.trial.balanced).toBe(true);
    const data = await setting();
    expect(row(data, '135')).toMatchObject({ initAmount: 500, editable: false, incloudAuxi: true });
    const auxRows = data.subInfoList.filter((r) => r.isAuxiliary && r.code === '135');
    expect(auxRows.map((r) => [r.rowId, r.codeName, r.initAmount, r.parentCode])).toEqual([
      ['135#JFHS:001001|ZJLY:001', '人员经费/工会资金', 300, '135'],
      ['135#JFHS:002|ZJLY:002', '项目支出/财政拨款', 200, '135'],
    ]);
    expect(auxRows[0]?.auxis).toEqual([
      { typeNo: 'JFHS', typeName: '经费核算', infoNo: '001001', infoName: '人员经费' },
      { typeNo: 'ZJLY', typeName: '资金来源', infoNo: '001', infoName: '工会资金' },
    ]);
    expect(data.subInfoList.findIndex((r) => r.rowId === '135#JFHS:001001|ZJLY:001')).toBe(
      data.subInfoList.findIndex((r) => r.rowId === '135') + 1,
    );

    // A figure for the subject row itself must be the sum of its auxiliary rows (an exported file carries it).
    expect((await kuaiji.post(Paths.branchSave, { detailList: [{ code: '135', initAmount: 500 }] })).body.success).toBe(true);
    const wrongSum = await kuaiji.post(Paths.branchSave, { detailList: [{ rowId: '135', code: '135', initAmount: 0.05 }] });
    expect(wrongSum.body).toMatchObject({
      errorCode: ErrorCode.ValidationFailed,
      data: [{ message: '第1行：科目135设有辅助核算，请按辅助项录入期初余额', rowId: '135', fieldId: 'initAmount' }],
    });

    const locked = await kuaiji.post(Paths.saveAuxiRealedSub, { code: '135', typeNoArray: ['ZJLY'] });
    expect(locked.body).toMatchObject({ errorCode: ErrorCode.BusinessRule, errorMsg: AuxiMessages.typesLocked('135') });
    expect(
      (await kuaiji.post(Paths.auxiInfoSave, { typeNo: 'JFHS', infoNo: '002001', infoName: '专项', parentNo: '002' })).body
        .errorMsg,
    ).toBe('该辅助项已有期初数据，不能增加下级辅助项');
    expect((await kuaiji.post(Paths.subjectEnable, { code: '135', enable: false })).body.errorMsg).toBe(
      '科目135已有期初余额，不能停用',
    );
    expect((await kuaiji.post(Paths.subjectList, { code: '13501', codeName: 'x', parentCode: '135' })).body.errorMsg).toBe(
      '科目已有期初余额，不能增加下级科目',
    );

    // An all-zero auxiliary row removes it; the types may change once the subject has no opening data.
    await kuaiji.post(Paths.branchSave, {
      detailList: [
        {
          code: '135',
          auxis: [
            { typeNo: 'ZJLY', infoNo: '001' },
            { typeNo: 'JFHS', infoNo: '001001' },
          ],
          initAmount: 0,
        },
        {
          code: '135',
          auxis: [
            { typeNo: 'ZJLY', infoNo: '002' },
            { typeNo: 'JFHS', infoNo: '002' },
          ],
          initAmount: 0,
        },
        { code: '32201', initAmount: 1_500 },
      ],
    });
    expect((await setting()).subInfoList.filter((r) => r.isAuxiliary)).toEqual([]);
    expect((await kuaiji.post(Paths.saveAuxiRealedSub, { code: '135', typeNoArray: ['ZJLY'] })).body.success).toBe(true);
  });

  it('takes cumulative amounts for a set that starts mid-year and checks them apart', async () => {
    await server.db.kysely
      .updateTable('zt_year')
      .set({ start_month: 7 })
      .where('zt_id', '=', id(FACTORY))
      .where('year', '=', 2026)
      .execute();
    try {
      const refused = await kuaiji.post(Paths.branchSave, {
        detailList: [
          { code: '50101', initAmount: 300, cumuleDebitAmount: 300 },
          { code: '102', initAmount: 4_700, cumuleCreditAmount: 200 },
        ],
      });
      expect(refused.body.errorMsg).toBe(
        '财务会计本年累计发生额不平衡：借方累计300.00，贷方累计200.00，差额100.00。确定要保存吗？',
      );
      const saved = await kuaiji.post<BranchSaveResponse>(Paths.branchSave, {
        detailList: [
          { code: '50101', initAmount: 300, cumuleDebitAmount: 300 },
          { code: '102', initAmount: 4_700, cumuleCreditAmount: '300.00' },
        ],
      });
      expect(saved.body.data.trial.financial).toMatchObject({ balanced: true, cumuleDebit: 300, cumuleCredit: 300 });
      const data = await setting();
      expect(data.config).toMatchObject({ startMonth: 7, isMidYear: true });
      expect(row(data, '102')).toMatchObject({ initAmount: 4_700, cumuleCreditAmount: 300, yearInitAmount: 5_000 });
      expect(row(data, '501')).toMatchObject({ initAmount: 300, cumuleDebitAmount: 300, yearInitAmount: 0 });
      await kuaiji.post(Paths.branchSave, {
        detailList: [
          { code: '50101', initAmount: 0 },
          { code: '102', initAmount: 5_000 },
        ],
      });
    } finally {
      await server.db.kysely
        .updateTable('zt_year')
        .set({ start_month: 1 })
        .where('zt_id', '=', id(FACTORY))
        .where('year', '=', 2026)
        .execute();
    }
  });

  it('imports openings from a workbook, listing every bad row and saving nothing unless all are good', async () => {
    const before = await amounts(['101', '102', '32205']);
    const bad = await workbook([
      ['101', '库存现金', '借', '1,000.00', null],
      ['102', '银行存款', '借', '12.345', null],
      ['103', '没有', '借', 5, null],
      ['135', '其他应收款', '借', 10, '资金来源:009'],
      ['135', '其他应收款', '借', 10, '无此类型:001'],
      ['合计', null, null, 0, null],
    ]);
    const refused = await kuaiji.upload(Paths.openingImport, { name: '期初.xlsx', content: bad });
    expect(refused.body).toMatchObject({ success: false, errorCode: ErrorCode.ValidationFailed });
    expect((refused.body.data as ValidationIssue[]).map((i) => i.message)).toEqual([
      '第4行：金额最多两位小数',
      '第5行：科目103不存在',
      `第6行：${AuxiMessages.itemMissing('资金来源')}`,
      '第7行：辅助核算类型“无此类型”不存在',
    ]);
    expect(await amounts(['101', '102', '32205'])).toEqual(before);

    const good = await workbook([
      ['101', '库存现金', '借', '1,000.00', null],
      ['102', '银行存款', '借', 4000, null],
      ['135', '其他应收款', '借', '300.50', 'ZJLY:001 工会资金'],
      ['135', '其他应收款', '借', 0.5, '资金来源：002'],
      ['322', '工会资金结余', '贷', 999, null],
      ['32205', '累计结余', '贷', 3801, null],
      ['32201', '年初余额调整', '贷', 1500, null],
    ]);
    const imported = await kuaiji.upload<BranchSaveResponse>(Paths.openingImport, { name: 'opening.XLSX', content: good });
    expect(imported.body).toMatchObject({ success: true, message: '导入成功，共6行', data: { trial: { balanced: true } } });
    const data = await setting();
    expect(row(data, '135')?.initAmount).toBe(301);
    expect(row(data, '322')?.initAmount).toBe(5_301);
    expect(await amounts(['135', '322'])).toEqual({ '135': 30_100, '322': 530_100 });
  });

  it('exports the openings with the grid’s layout and imports the same file back unchanged', async () => {
    await kuaiji.post(Paths.saveAuxiRealedSub, { code: '215', typeNoArray: ['ZJLY'] });
    await kuaiji.post(Paths.branchSave, {
      detailList: [
        { code: '215', auxis: [{ typeNo: 'ZJLY', infoNo: '001' }], initAmount: 123.45 },
        { code: '32201', initAmount: '1376.55' },
      ],
    });
    const before = await setting();
    const file = await kuaiji.download(Paths.openingExport);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain(
      `科目期初余额表_${FACTORY}_2026年01月.xlsx`,
    );

    // The auditor's checks, recalculated; every figure as the API gives it.
    const user = await server.db.kysely
      .selectFrom('app_user')
      .select('name')
      .where('login_name', '=', 'kuaiji')
      .executeTakeFirstOrThrow();
    const checked = await checkWorkbook(file.bytes, {
      heading: {
        title: '科目期初余额表',
        unit: FACTORY,
        ledgerSet: FACTORY,
        period: '2026年01月',
        filters: [],
        exportedBy: user.name,
      },
    });
    const ws = checked.sheet('科目期初余额');
    // One row per row of the page, in its order.
    before.subInfoList.forEach((wanted, i) => {
      expect(ws.text(6 + i, 1), wanted.rowId).toBe(wanted.code);
      expect(fenOf(ws.value(6 + i, 4)), wanted.rowId).toBe(fenOfWire(wanted.initAmount));
    });
    const totalRow = (label: string) => ws.rowOf(1, label);
    expect(fenOf(ws.value(totalRow('财务会计期初借方合计'), 4))).toBe(fenOfWire(before.trial.financial.debit));
    expect(fenOf(ws.value(totalRow('财务会计期初贷方合计'), 4))).toBe(fenOfWire(before.trial.financial.credit));
    expect(fenOf(ws.value(totalRow('财务会计期初差额'), 4))).toBe(fenOfWire(before.trial.financial.difference));

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes.buffer as ArrayBuffer);
    const sheet = book.worksheets[0];
    const texts = (r: number) => Array.from({ length: 5 }, (_, c) => sheet?.getRow(r).getCell(c + 1).value ?? null);
    expect(texts(1)[0]).toBe('科目期初余额表');
    expect(texts(5)).toEqual(['科目编码', '科目名称', '方向', '期初余额', '辅助核算']);
    const rowOf = (code: string, aux = false) => {
      for (let r = 6; r <= (sheet?.rowCount ?? 0); r += 1) {
        const values = texts(r);
        if (values[0] === code && (aux ? values[4] !== null : values[4] === null)) return values;
      }
      return undefined;
    };
    expect(rowOf('215')?.slice(0, 4)).toEqual(['215', '其他应付款', '贷', 123.45]);
    expect(rowOf('215', true)).toEqual(['215', '工会资金', '贷', 123.45, '资金来源:001 工会资金']);

    // Import the exported file as it is: nothing changes.
    const again = await kuaiji.upload<BranchSaveResponse>(Paths.openingImport, {
      name: '科目期初余额_2026.xlsx',
      content: file.bytes,
    });
    expect(again.body).toMatchObject({ success: true });
    const after = await setting();
    expect(after.subInfoList.map((r) => [r.rowId, r.initAmount])).toEqual(before.subInfoList.map((r) => [r.rowId, r.initAmount]));
  });

  it('exports grouped cumulative columns for a mid-year set and reads them back', async () => {
    await server.db.kysely
      .updateTable('zt_year')
      .set({ start_month: 4 })
      .where('zt_id', '=', id(FACTORY))
      .where('year', '=', 2026)
      .execute();
    try {
      await kuaiji.post(Paths.branchSave, {
        detailList: [
          { code: '50102', initAmount: 80, cumuleDebitAmount: 80 },
          { code: '101', initAmount: 920, cumuleCreditAmount: 80 },
        ],
      });
      const file = await kuaiji.download(Paths.openingExport);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.bytes.buffer as ArrayBuffer);
      const sheet = book.worksheets[0];
      expect([5, 6].map((c) => sheet?.getRow(5).getCell(c).value)).toEqual(['本年累计', '本年累计']);
      expect([5, 6].map((c) => sheet?.getRow(6).getCell(c).value)).toEqual(['本年累计借方', '本年累计贷方']);
      const before = await setting();
      await kuaiji.post(Paths.branchSave, {
        detailList: [
          { code: '50102', initAmount: 0 },
          { code: '101', initAmount: 1_000 },
        ],
      });
      const imported = await kuaiji.upload(Paths.openingImport, { name: 'o.xlsx', content: file.bytes });
      expect(imported.body.success).toBe(true);
      const after = await setting();
      expect(after.subInfoList.map((r) => [r.rowId, r.initAmount, r.cumuleDebitAmount, r.cumuleCreditAmount])).toEqual(
        before.subInfoList.map((r) => [r.rowId, r.initAmount, r.cumuleDebitAmount, r.cumuleCreditAmount]),
      );
      await kuaiji.post(Paths.branchSave, {
        detailList: [
          { code: '50102', initAmount: 0 },
          { code: '101', initAmount: 1_000 },
        ],
      });
    } finally {
      await server.db.kysely
        .updateTable('zt_year')
        .set({ start_month: 1 })
        .where('zt_id', '=', id(FACTORY))
        .where('year', '=', 2026)
        .execute();
    }
  });

  it('refuses a file that is not an xlsx by name or content, and one over 50 MB', async () => {
    const book = await workbook([['101', '库存现金', '借', 1, null]]);
    const byName = await kuaiji.upload(Paths.openingImport, { name: 'opening.xls', content: book });
    expect(byName.body).toMatchObject({ errorCode: ErrorCode.BusinessRule, errorMsg: '只支持xlsx格式的Excel文件' });
    const fake = await kuaiji.upload(Paths.openingImport, {
      name: 'opening.xlsx',
      content: new TextEncoder().encode('科目编码,期初余额\n101,1'),
    });
    expect(fake.body.errorMsg).toBe('文件内容不是有效的xlsx文件，请上传从本系统导出的Excel文件');
    const zipNotXlsx = new Uint8Array(200);
    zipNotXlsx.set([0x50, 0x4b, 0x03, 0x04]);
    expect((await kuaiji.upload(Paths.openingImport, { name: 'opening.xlsx', content: zipNotXlsx })).body.errorMsg).toBe(
      '文件内容不是有效的xlsx文件，请上传从本系统导出的Excel文件',
    );
    const noHeader = await workbook([['101', 1]], ['编码', '金额']);
    expect((await kuaiji.upload(Paths.openingImport, { name: 'o.xlsx', content: noHeader })).body.errorMsg).toBe(
      '未找到表头：第一张工作表的前10行中应有“科目编码”列',
    );
    const large = new Uint8Array(20 * 1024 * 1024);
    large.set([0x50, 0x4b, 0x03, 0x04]);
    expect((await kuaiji.upload(Paths.openingImport, { name: 'large.xlsx', content: large })).body.errorMsg).toBe(
      '文件内容不是有效的xlsx文件，请上传从本系统导出的Excel文件',
    );
    const huge = new Uint8Array(52_428_800 + 1024);
    huge.set([0x50, 0x4b, 0x03, 0x04]);
    const tooBig = await kuaiji.upload(Paths.openingImport, { name: 'big.xlsx', content: huge });
    expect(tooBig.body).toMatchObject({ success: false, errorMsg: 'big.xlsx 文件大小超出50M,请重新上传' });
  });

  it('carries amounts in yuan both ways: fen → yuan (number or text) → save → the lists → fen is the same fen (property)', async () => {
    await kuaiji.post(Paths.branchSave, { detailList: [{ code: '102', initAmount: 0 }], confirmPrompt: true });
    const otherDebits = fenOfWire((await setting()).trial.financial.debit);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -MONEY_CAP_FEN, max: MONEY_CAP_FEN }), fc.boolean(), async (fen, asText) => {
        const yuan = asText ? fenToYuanString(fen) : fenToYuan(fen);
        const saved = await kuaiji.post<BranchSaveResponse>(Paths.branchSave, {
          detailList: [{ code: '102', initAmount: yuan }],
          confirmPrompt: true,
        });
        expect(saved.body.errorMsg).toBeNull();
        expect(fenOfWire(saved.body.data.trial.financial.debit)).toBe(otherDebits + fen);
        expect(await amounts(['102'])).toEqual({ '102': fen });
        const listed = row(await setting(), '102')?.initAmount ?? NaN;
        expect(listed).toBe(fenToYuan(fen));
        expect(fenOfWire(listed)).toBe(fen);
        const subject = (await kuaiji.get<SubjectItem[]>(Paths.subjectList)).body.data.find((s) => s.code === '102');
        expect(subject).toMatchObject({ initAmount: fenToYuan(fen), balance: fenToYuan(fen) });
      }),
      { numRuns: 20 },
    );
  });

  it('lets a government set check budget openings apart from financial ones', async () => {
    await createSet(server.db, { name: '示范市档案馆', code: '900', system: 'government', users: ['kuaiji'] });
    const gov = new ApiClient(server.url);
    await gov.openSet(server.db, 'kuaiji', 'Kuaiji@123', '示范市档案馆');
    const data = await setting(gov);
    expect(data.config.hasBudget).toBe(true);
    expect(data.subTypeList.map((t) => t.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const answer = await gov.post<TrialResult>(Paths.branchSave, {
      detailList: [
        { code: '1002', initAmount: 1_000 },
        { code: '3001', initAmount: 1_000 },
        { code: '8101', initAmount: 1_000 },
      ],
    });
    expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(answer.body.data).toMatchObject({
      financial: { balanced: true },
      budget: { credit: 1_000, difference: -1_000, balanced: false },
    });
    expect(answer.body.errorMsg).toBe(
      '预算会计期初余额试算不平衡：借方合计0.00，贷方合计1,000.00，差额-1,000.00。确定要保存吗？',
    );
  });
});
