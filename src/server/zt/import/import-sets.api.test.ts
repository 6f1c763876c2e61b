/**
 * Registering ledger sets from a workbook (importZtInfo, importZtInfoRewrite, downLoadTemplate,
 * ExportZtInfoListAsync) over HTTP on both databases: every rule refuses the whole workbook with
 * each bad row listed and creates nothing; a tree in any order is created; rights and scope.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../../shared/api/paths.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import { chartForSystem } from '../../../../templates/charts/index.js';
import { ApiClient } from '../../test-support/api-client.js';
import { setWorkbook, userInSet } from '../../test-support/ledger-set-workbooks.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../../test-support/test-server.js';
import { WorkbookMessages } from '../../imports/workbook-limits.js';
import type { ImportIssue } from '../../../shared/api/schemas/zt-register.js';

describe.each(TEST_DIALECTS)('ledger-set import (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let kuaiji: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = new ApiClient(server.url);
    await admin.openSet(server.db, 'admin', 'Admin@123', '示范市总工会');
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', '示范市第一机械厂工会');
  }, 60_000);
  afterAll(() => server.close());

  const q = () => server.db.kysely;
  const setCount = async () =>
    Number(
      (
        await q()
          .selectFrom('zt_info')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const setByCode = (code: string) => q().selectFrom('zt_info').selectAll().where('code', '=', code).executeTakeFirst();
  const logCount = async () =>
    Number(
      (
        await q()
          .selectFrom('admin_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const upload = async (client: ApiClient, rows: Parameters<typeof setWorkbook>[0], path: string = Paths.ztImport) =>
    client.upload<ImportIssue[]>(path, { name: '账套.xlsx', content: await setWorkbook(rows) });

  it('the template has the columns and a sheet of notes; a user without the page is refused', async () => {
    const file = await admin.download(Paths.ztDownLoadTemplate);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.bytes) as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['账套注册', '填写说明']);
    const sheet = book.worksheets[0];
    expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual([
      '账套编码',
      '账套名称',
      '上级账套编码',
      '会计制度',
      '启用年度',
      '到期日期',
      '级次',
      '模板',
    ]);
    const refused = await kuaiji.get(Paths.ztDownLoadTemplate);
    expect(refused.body.errorCode).toBe(ErrorCode.Forbidden);
    const importRefused = await upload(kuaiji, [['001901', '某工会', '001', '基层工会', 2026]]);
    expect(importRefused.body.errorCode).toBe(ErrorCode.Forbidden);
    expect(await setByCode('001901')).toBeUndefined();
  });

  it('a four-level tree in any order: each set at its level, ready to work in, one log record', async () => {
    const logs = await logCount();
    const answer = await upload(admin, [
      ['00901001001', '甲县第一小学工会', '00901001', '基层工会', 2026, '2030-12-31', 4, ''],
      ['00901001', '甲县总工会', '00901', '县级以上工会', 2026, null, null, null],
      ['00901', '某市总工会', '009', 'union-county', '2026', null, 2, null],
      ['009', '某省总工会', '', '县级以上工会', 2026, new Date(Date.UTC(2031, 0, 1)), 1, null],
    ]);
    expect(answer.body).toMatchObject({ success: true, data: { created: 4, updated: 0 } });
    const p = await setByCode('009');
    const school = await setByCode('00901001001');
    const county = await setByCode('00901001');
    expect(p).toMatchObject({ level: 1, upper_id: null, accounting_system: 'union-county', expire_time: '2031-01-01' });
    expect(school).toMatchObject({
      level: 4,
      upper_id: county?.id,
      accounting_system: 'union-grassroots',
      expire_time: '2030-12-31',
      enable: 1,
    });
    const subjects = await q()
      .selectFrom('subject')
      .select('code')
      .where('zt_id', '=', school?.id ?? 0)
      .where('year', '=', 2026)
      .execute();
    expect(subjects.length).toBe(chartForSystem('union-grassroots').subjects.length);
    const years = await q()
      .selectFrom('zt_year')
      .selectAll()
      .where('zt_id', '=', school?.id ?? 0)
      .execute();
    expect(years).toMatchObject([{ year: 2026, subjects_initialised: 0 }]);
    expect(await logCount()).toBe(logs + 1);
    const log = await q().selectFrom('admin_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'zt.import', login_name: 'admin', summary: '导入账套：新建4个，修改0个' });
    expect(JSON.parse(log.after_json ?? '{}')).toMatchObject({ created: ['009', '00901', '00901001', '00901001001'] });
  });

  it('every bad row is reported with its row number, column and message, and nothing is created', async () => {
    const before = await setCount();
    const logs = await logCount();
    const long = '工'.repeat(61);
    const answer = await upload(admin, [
      ['001101', '好的工会', '001', '基层工会', 2026], // row 2: fine alone
      ['', '无编码', '001', '基层工会', 2026], // 3
      ['0011A3', '字母编码', '001', '基层工会', 2026], // 4
      ['001101', '重复', '001', '基层工会', 2026], // 5
      ['001', '已存在', '', '基层工会', 2026], // 6
      ['00199991', '无上级', '0019999', '基层工会', 2026], // 7
      ['001108', '制度错', '001', '企业会计', 2026], // 8
      ['001109', '年份错', '001', '基层工会', 26], // 9
      ['001110', '日期错', '001', '基层工会', 2026, '2026-02-30'], // 10
      ['001111', '级次错', '001', '基层工会', 2026, null, 5], // 11
      ['002112', '不带上级编码', '001', '基层工会', 2026], // 12: not prefixed by its upper unit's code
      ['0012013', '不带本表上级编码', '001101', '基层工会', 2026], // 13: nor by its upper unit's in the workbook
      ['001114', '无模板', '001', '基层工会', 2026, null, null, '没有的模板'], // 14
      ['001115', long, '001', '基层工会', 2026], // 15
      ['001116', '', '001', '', ''], // 16: three at once
      ['0011'.padEnd(31, '7'), '编码太长', '001', '基层工会', 2026], // 17
      ['001118', '<b>工会</b>', '001', '基层工会', 2026], // 18
      ['001119', '示范市第一机械厂工会', '001', '基层工会', 2026], // 19: an existing sibling's name
      ['001120', '好的工会', '001', '基层工会', 2026], // 20: row 2's name under the same upper unit
      ['001120001', '好的工会', '001120', '基层工会', 2026], // 21: row 2's name under another upper unit: fine
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe(ErrorCode.ValidationFailed);
    expect(answer.body.errorMsg).toMatch(/^第3行账套编码：请输入账套编码等\d+行有错误，未导入任何账套$/);
    const issues = answer.body.data.map((i) => `${i.row}|${i.column}|${i.message}`);
    expect(issues).toEqual([
      '3|账套编码|请输入账套编码',
      '4|账套编码|账套编码只能是数字',
      '5|账套编码|账套编码001101与第2行重复',
      '6|账套编码|账套编码001已存在',
      '7|上级账套编码|上级账套编码0019999不存在',
      '8|会计制度|会计制度须为基层工会、县级以上工会或政府会计',
      '9|启用年度|启用年度须为2000至2099之间的四位年份',
      '10|到期日期|到期日期须为yyyy-MM-dd格式的有效日期',
      '11|级次|级次应为2（上级账套的级次加1）',
      '12|账套编码|账套编码须以上级单位的编码 001 开头，并至少多一位（如 001001）',
      '13|账套编码|账套编码须以上级单位的编码 001101 开头，并至少多一位（如 001101001）',
      '14|模板|模板“没有的模板”不存在',
      '15|账套名称|账套名称最多60个字',
      '16|账套名称|请输入账套名称',
      '16|会计制度|会计制度不能为空',
      '16|启用年度|启用年度不能为空',
      '17|账套编码|账套编码最多30位',
      '18|账套名称|账套名称不能含有控制字符或尖括号',
      '19|账套名称|同一上级单位下已有名为「示范市第一机械厂工会」的账套（编码 001001）',
      '20|账套名称|账套名称「好的工会」与第2行重复（上级账套相同）',
    ]);
    expect(await setCount()).toBe(before);
    expect(await setByCode('001101')).toBeUndefined();
    expect(await logCount()).toBe(logs);
  });

  it('refuses what is not a workbook, a workbook without the columns, and an empty one', async () => {
    const before = await setCount();
    const text = await admin.upload(Paths.ztImport, {
      name: '账套.xlsx',
      content: new TextEncoder().encode('账套编码,账套名称\nX,Y'),
    });
    expect(text.body).toMatchObject({ errorCode: ErrorCode.BusinessRule, errorMsg: WorkbookMessages.notXlsx });
    const csv = await admin.upload(Paths.ztImport, { name: '账套.csv', content: await setWorkbook([]) });
    expect(csv.body.errorMsg).toBe('只支持xlsx格式的Excel文件');
    const noColumns = await admin.upload(Paths.ztImport, {
      name: '账套.xlsx',
      content: await setWorkbook([['X', 'Y']], ['编码', '名称']),
    });
    expect(noColumns.body).toMatchObject({ errorCode: ErrorCode.ValidationFailed });
    expect(noColumns.body.errorMsg).toContain('第一行缺少列：账套编码、账套名称、上级账套编码、会计制度、启用年度');
    const empty = await upload(admin, []);
    expect(empty.body.errorMsg).toBe('工作表中没有账套，请从第2行起填写');
    expect(await setCount()).toBe(before);
  });

  it('the rewrite import updates name, upper unit and expiry of existing sets (their subtree follows), and refuses a changed system', async () => {
    await upload(admin, [
      ['008', '改写省', '', '县级以上工会', 2026],
      ['0081', '改写市一', '008', '县级以上工会', 2026],
      ['0082', '改写市二', '008', '县级以上工会', 2026],
      ['00811', '改写县', '0081', '县级以上工会', 2026],
      ['008111', '改写基层', '00811', '基层工会', 2026],
    ]);
    const plain = await upload(admin, [['0081', '改名', '008', '县级以上工会', 2026]]);
    expect(plain.body.data.map((i) => i.message)).toEqual(['账套编码0081已存在']);
    const refused = await upload(admin, [['0081', '改名', '008', '基层工会', 2026]], Paths.ztImportRewrite);
    expect(refused.body.data.map((i) => i.message)).toEqual(['账套0081已存在，会计制度（县级以上工会）不能修改']);
    expect((await setByCode('0081'))?.name).toBe('改写市一');
    // A moved set's code must carry its new upper unit's code (账套管理's rule); the code names the
    // set here, so such a move is refused with the way to do it, and nothing is written.
    const misfit = await upload(admin, [['00811', '改写县', '0082', '县级以上工会', 2026]], Paths.ztImportRewrite);
    expect(misfit.body.data.map((i) => `${i.column}|${i.message}`)).toEqual([
      '账套编码|账套编码须以上级单位的编码 0082 开头，并至少多一位（如 0082001）（移动账套且须修改编码时，请在账套管理中修改）',
    ]);
    expect((await setByCode('00811'))?.upper_id).toBe((await setByCode('0081'))?.id);
    // 00811 moves up under 008, whose code it carries: it and 008111 go one level up; a new set comes with it.
    const answer = await upload(
      admin,
      [
        ['00811', '改写县（新）', '008', '县级以上工会', 2026, '2029-06-30'],
        ['00821', '新区', '0082', '县级以上工会', 2026],
      ],
      Paths.ztImportRewrite,
    );
    expect(answer.body).toMatchObject({ success: true, data: { created: 1, updated: 1 } });
    expect(await setByCode('00811')).toMatchObject({
      name: '改写县（新）',
      upper_id: (await setByCode('008'))?.id,
      level: 2,
      expire_time: '2029-06-30',
    });
    expect(await setByCode('008111')).toMatchObject({ level: 3 });
    // Names stay unique among one upper unit's sets as the tree will be: a sibling's name is refused,
    // two siblings swapping their names in one workbook are not.
    const twin = await upload(admin, [['0082', '改写市一', '008', '县级以上工会', 2026]], Paths.ztImportRewrite);
    expect(twin.body.data.map((i) => `${i.column}|${i.message}`)).toEqual([
      '账套名称|同一上级单位下已有名为「改写市一」的账套（编码 0081）',
    ]);
    expect((await setByCode('0082'))?.name).toBe('改写市二');
    const swap = await upload(
      admin,
      [
        ['0081', '改写市二', '008', '县级以上工会', 2026],
        ['0082', '改写市一', '008', '县级以上工会', 2026],
      ],
      Paths.ztImportRewrite,
    );
    expect(swap.body).toMatchObject({ success: true, data: { created: 0, updated: 2 } });
    expect((await setByCode('0081'))?.name).toBe('改写市二');
    const cycle = await upload(admin, [['008', '改写省', '008111', '县级以上工会', 2026]], Paths.ztImportRewrite);
    // Under the prefix rule a set cannot move below its own subtree (their codes start with its own).
    expect(cycle.body.data[0]?.message).toMatch(/^账套编码须以上级单位的编码 008111 开头/);
    // A set made before the rule may hold a code that is no prefix of its own: a move is still no cycle.
    await upload(admin, [
      ['005', '旧省', '', '县级以上工会', 2026],
      ['005001', '旧市', '005', '县级以上工会', 2026],
    ]);
    await server.db.kysely.updateTable('zt_info').set({ code: '00' }).where('code', '=', '005001').execute();
    const legacyCycle = await upload(admin, [['005', '旧省', '00', '县级以上工会', 2026]], Paths.ztImportRewrite);
    expect(legacyCycle.body.data[0]?.message).toMatch(/^上级账套形成循环/);
    expect((await setByCode('005'))?.upper_id).toBeNull();
  });

  it('a county administrator imports under its own subtree only: a row outside refuses the whole workbook (4005)', async () => {
    await upload(admin, [
      ['007', '范围省', '', '县级以上工会', 2026],
      ['0071', '范围县', '007', '县级以上工会', 2026],
      ['0072', '邻县', '007', '县级以上工会', 2026],
    ]);
    const s1 = await setByCode('0071');
    await userInSet(server.db, 'xianadmin', s1?.id ?? 0, 'administrator', server.config.scryptLogN);
    const county = new ApiClient(server.url);
    await county.openSet(server.db, 'xianadmin', 'Test@1234', '范围县');
    const before = await setCount();
    const outside = await upload(county, [
      ['007101', '本县工会', '0071', '基层工会', 2026],
      ['007201', '邻县工会', '0072', '基层工会', 2026],
      ['007301', '顶级', '', '基层工会', 2026],
    ]);
    expect(outside.body.errorCode).toBe(ErrorCode.Forbidden);
    expect(outside.body.errorMsg).toBe('第3行上级账套编码：无权在上级账套0072下注册账套等2行有错误，未导入任何账套');
    expect(outside.body.data.filter((i) => i.scope).map((i) => i.row)).toEqual([3, 4]);
    const rewriteOutside = await upload(county, [['0072', '邻县改名', '007', '县级以上工会', 2026]], Paths.ztImportRewrite);
    expect(rewriteOutside.body.errorCode).toBe(ErrorCode.Forbidden);
    expect(await setCount()).toBe(before);
    expect((await setByCode('0072'))?.name).toBe('邻县');
    const inside = await upload(county, [
      ['00710101', '本县工会分会', '007101', '基层工会', 2026],
      ['007101', '本县工会', '0071', '基层工会', 2026],
    ]);
    expect(inside.body).toMatchObject({ success: true, data: { created: 2 } });
    expect(await setByCode('00710101')).toMatchObject({ level: 4 });

    // Its export holds its subtree only; a set outside named is refused.
    const file = await exportSets(county, {});
    expect(file.map((r) => r[0])).toEqual(['0071', '007101', '00710101']);
    const s2 = await setByCode('0072');
    const refused = await county.post(Paths.ztExport, { ids: [s2?.id] });
    expect(refused.body.errorCode).toBe(ErrorCode.Forbidden);
  });

  async function exportSets(client: ApiClient, body: Record<string, unknown>): Promise<unknown[][]> {
    const answer = await client.postForFile(Paths.ztExport, body);
    expect(answer.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(answer.bytes) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  }

  it('the export escapes formula injection: a name that looks like a formula stays text', async () => {
    await upload(admin, [['001201', '=HYPERLINK("http://x","点我")', '001', '基层工会', 2026]]);
    const rows = await exportSets(admin, {});
    const f1 = rows.find((r) => r[0] === '001201');
    expect(f1).toEqual(['001201', '=HYPERLINK("http://x","点我")', '001', '基层工会', '2026', '', '2', '启用']);
  });
});
