/**
 * Ledger-set templates (tempSave, tempPageList, tempInfo, tempElect, tempDelete) over HTTP on
 * both databases: a configured set saved as a template, listed, shown, chosen in an import, the
 * new set carrying the template's chart extension, auxiliary types and items, voucher and
 * carry-forward templates; refusals, rights and scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../../shared/api/paths.js';
import type { ZtTemplate, ZtTemplateInfo } from '../../../shared/api/schemas/zt-register.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import { CARRY_FORWARD_TEMPLATE } from '../../../shared/templates/template-rules.js';
import { chartForSystem } from '../../../../templates/charts/index.js';
import { ApiClient } from '../../test-support/api-client.js';
import { setWorkbook, userInSet } from '../../test-support/ledger-set-workbooks.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../../test-support/test-server.js';
import { applyLedgerSetTemplate } from './apply-template.js';
import { captureTemplate } from './template-content.js';

describe.each(TEST_DIALECTS)('ledger-set templates (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let kuaiji: ApiClient;
  let sourceId: number;

  const q = () => server.db.kysely;
  const idOf = async (code: string) =>
    (await q().selectFrom('zt_info').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const templateCount = async () =>
    Number(
      (
        await q()
          .selectFrom('zt_template')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = new ApiClient(server.url);
    await admin.openSet(server.db, 'admin', 'Admin@123', '示范市总工会');
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', '示范市第一机械厂工会');
    const made = await admin.upload(Paths.ztImport, {
      name: '账套.xlsx',
      content: await setWorkbook([
        ['001301', '样板工会', '001', '基层工会', 2026],
        ['001302', '样板县', '001', '县级以上工会', 2026],
      ]),
    });
    expect(made.body.success).toBe(true);
    sourceId = await idOf('001301');
    // The sample set's configuration: a subject under a standard one with a custom auxiliary type,
    // its item, a voucher template and a carry-forward template.
    const chart = chartForSystem('union-grassroots');
    const parents = new Set(chart.subjects.map((s) => s.parentCode));
    const parent = chart.subjects.find((s) => s.level === 1 && !parents.has(s.code)) ?? chart.subjects[0];
    if (!parent) throw new Error('empty chart');
    const code = `${parent.code}01`;
    await q()
      .insertInto('subject')
      .values({
        zt_id: sourceId,
        year: 2026,
        code,
        name: '样板明细',
        parent_code: parent.code,
        level: parent.level + 1,
        type: parent.type,
        balance_direction: parent.balanceDirection,
        is_budget: 0,
        last_level: 1,
        is_standard: 0,
        init_amount: 0,
      })
      .execute();
    await q()
      .updateTable('subject')
      .set({ last_level: 0 })
      .where('zt_id', '=', sourceId)
      .where('code', '=', parent.code)
      .execute();
    await q()
      .insertInto('auxi_type')
      .values({ zt_id: sourceId, type_no: 'YB', type_name: '样板类型', built_in_system: 0, enable: 1, sort: 99 })
      .execute();
    await q()
      .insertInto('auxi_info')
      .values({ zt_id: sourceId, type_no: 'YB', info_no: '001', info_name: '样板项目', parent_no: null, is_enable: 1 })
      .execute();
    await q().insertInto('subject_auxi_type').values({ zt_id: sourceId, year: 2026, code, type_no: 'YB' }).execute();
    const now = Date.now();
    const head = { zt_id: sourceId, policy_basis: '', created_by: 1, created_at: now, updated_at: now, replaces_built_in: null };
    await q()
      .insertInto('voucher_template')
      .values({ ...head, id: 'tpl-1', name: '样板凭证模板', template_type: 1 })
      .execute();
    await q()
      .insertInto('voucher_template_line')
      .values({
        zt_id: sourceId,
        template_id: 'tpl-1',
        line_no: 1,
        summary: '样板摘要',
        subject_code: code,
        debit_amount: 100,
        credit_amount: null,
      })
      .execute();
    await q()
      .insertInto('voucher_template')
      .values({ ...head, id: 'tpl-2', name: '样板结转', template_type: CARRY_FORWARD_TEMPLATE })
      .execute();
    await q()
      .insertInto('carry_forward_line')
      .values({
        zt_id: sourceId,
        template_id: 'tpl-2',
        line_no: 1,
        subject_code: code,
        carry_over_amount_type: 1,
        into_subject_code: parent.code,
      })
      .execute();
  }, 60_000);
  afterAll(() => server.close());

  it('saves a set as a template, lists, shows and offers it; an import row naming it makes the same configuration', async () => {
    const saved = await admin.post<{ id: number }>(Paths.ztTempSave, { name: '基层样板', memo: '样板说明', ztId: sourceId });
    expect(saved.body).toMatchObject({ success: true });
    const id = saved.body.data.id;
    const log = await q().selectFrom('admin_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'ztTemplate.create', target_id: String(id) });

    const page = await admin.get<{ currentPageItems: ZtTemplate[]; totalItemCount: number }>(Paths.ztTempPageList, {
      pageIndex: 1,
      pageSize: 20,
      name: '样板',
    });
    expect(page.body.data.totalItemCount).toBe(1);
    expect(page.body.data.currentPageItems[0]).toMatchObject({
      id,
      name: '基层样板',
      memo: '样板说明',
      accountingSystem: 'union-grassroots',
      sourceCode: '001301',
      sourceYear: 2026,
      createdBy: 'admin',
      counts: { subjects: 1, auxiTypes: 1, auxiInfos: 1, voucherTemplates: 1, carryForwardTemplates: 1 },
    });
    const info = await admin.get<ZtTemplateInfo>(Paths.ztTempInfo, { id });
    expect(info.body.data.voucherTemplates).toEqual([
      { name: '样板凭证模板', carryForward: false },
      { name: '样板结转', carryForward: true },
    ]);
    const elect = await admin.get<{ name: string }[]>(Paths.ztTempElect, { accountingSystem: 'union-county' });
    expect(elect.body.data).toEqual([]);
    const grassroots = await admin.get<{ name: string }[]>(Paths.ztTempElect, { accountingSystem: 'union-grassroots' });
    expect(grassroots.body.data.map((t) => t.name)).toEqual(['基层样板']);

    const imported = await admin.upload(Paths.ztImport, {
      name: '账套.xlsx',
      content: await setWorkbook([['001303', '照样板的工会', '001', '基层工会', 2026, null, null, '基层样板']]),
    });
    expect(imported.body).toMatchObject({ success: true, data: { created: 1 } });
    const copy = await captureTemplate(q(), await idOf('001303'), 2026);
    expect(copy).toEqual(await captureTemplate(q(), sourceId, 2026));
    const parentRow = await q()
      .selectFrom('subject')
      .select('last_level')
      .where('zt_id', '=', await idOf('001303'))
      .where('code', '=', copy.subjects[0]?.parent_code ?? '')
      .executeTakeFirstOrThrow();
    expect(parentRow.last_level).toBe(0);
  });

  it('refuses a duplicate name, a template of another system in an import row, and changes nothing', async () => {
    const before = await templateCount();
    const same = await admin.post(Paths.ztTempSave, { name: '基层样板', ztId: sourceId });
    expect(same.body).toMatchObject({ errorCode: ErrorCode.BusinessRule, errorMsg: '模板名称“基层样板”已存在' });
    const noYear = await admin.post(Paths.ztTempSave, { name: '无此年', ztId: sourceId, year: 2019 });
    expect(noYear.body.errorMsg).toBe('账套001301没有2019年度');
    expect(await templateCount()).toBe(before);
    const other = await admin.upload<{ message: string }[]>(Paths.ztImport, {
      name: '账套.xlsx',
      content: await setWorkbook([['001304', '县级', '001', '县级以上工会', 2026, null, null, '基层样板']]),
    });
    expect(other.body.data.map((i) => i.message)).toEqual(['模板“基层样板”的会计制度与本行不同']);
    expect(await q().selectFrom('zt_info').select('id').where('code', '=', '001304').executeTakeFirst()).toBeUndefined();
  });

  it('applyLedgerSetTemplate (the single-set create calls it) refuses a set of another system and writes nothing', async () => {
    const template = await q().selectFrom('zt_template').select('id').where('name', '=', '基层样板').executeTakeFirstOrThrow();
    const county = await idOf('001302');
    const subjects = async () => (await q().selectFrom('subject').select('code').where('zt_id', '=', county).execute()).length;
    const before = await subjects();
    const attempt = server.db.kysely
      .transaction()
      .execute((trx) => applyLedgerSetTemplate({ ...server.db, kysely: trx }, template.id, county));
    await expect(attempt).rejects.toMatchObject({ message: '模板“基层样板”的会计制度与账套不同，不能套用' });
    const missing = server.db.kysely
      .transaction()
      .execute((trx) => applyLedgerSetTemplate({ ...server.db, kysely: trx }, 999_999, county));
    await expect(missing).rejects.toMatchObject({ message: '账套模板不存在或已删除' });
    expect(await subjects()).toBe(before);
  });

  it('rights and scope: no page, a set outside the subtree, another administrator’s template', async () => {
    const before = await templateCount();
    expect((await kuaiji.get(Paths.ztTempPageList, { pageIndex: 1, pageSize: 20 })).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await kuaiji.post(Paths.ztTempSave, { name: '会计的', ztId: sourceId })).body.errorCode).toBe(ErrorCode.Forbidden);
    await userInSet(server.db, 'tcadmin', await idOf('001302'), 'administrator', server.config.scryptLogN);
    const county = new ApiClient(server.url);
    await county.openSet(server.db, 'tcadmin', 'Test@1234', '样板县');
    const outside = await county.post(Paths.ztTempSave, { name: '越权', ztId: sourceId });
    expect(outside.body).toMatchObject({ errorCode: ErrorCode.Forbidden });
    expect(await templateCount()).toBe(before);
    const own = await county.post<{ id: number }>(Paths.ztTempSave, { name: '县级样板', ztId: await idOf('001302') });
    expect(own.body.success).toBe(true);
    const theirs = (await q().selectFrom('zt_template').select('id').where('name', '=', '基层样板').executeTakeFirstOrThrow()).id;
    const refused = await county.delete(Paths.ztTempDelete, { id: theirs });
    expect(refused.body).toMatchObject({ errorCode: ErrorCode.Forbidden, errorMsg: '只能删除自己保存的模板' });
    expect(await templateCount()).toBe(before + 1);
    const deleted = await admin.delete(Paths.ztTempDelete, { id: theirs });
    expect(deleted.body.success).toBe(true);
    expect((await admin.get(Paths.ztTempInfo, { id: theirs })).body.errorCode).toBe(ErrorCode.NotFound);
    expect(await templateCount()).toBe(before);
  });
});
