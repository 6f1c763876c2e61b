import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveTemplateRequest, VoucherTemplate } from '../../shared/api/templates.js';
import type { Paged, ValidationIssue } from '../../shared/envelope.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { TemplateMessages } from '../../shared/templates/template-rules.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const FACTORY = '示范市第一机械厂工会';
const SCHOOL = '示范市实验中学工会';
const COUNTY = '示范市总工会';

const dues: SaveTemplateRequest = {
  name: '收取三月会费',
  policyBasis: '《工会会计制度》401 会费收入',
  memo: '每月初',
  template: 1,
  details: [
    { summary: '收取会费', subjectCode: '102', debitAmount: '1200.50', creditAmount: null },
    { summary: '收取会费', subjectCode: '401', debitAmount: null, creditAmount: 1200.5 },
    { summary: '', subjectCode: '', debitAmount: '', creditAmount: '' },
  ],
};

describe.each(TEST_DIALECTS)('voucher templates (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let chuna: ApiClient;
  let county: ApiClient;
  let school: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
    county = new ApiClient(server.url);
    await county.openSet(server.db, 'admin', 'Admin@123', COUNTY);
    school = new ApiClient(server.url);
    await school.openSet(server.db, 'shenhe', 'Shenhe@123', SCHOOL);
  });
  afterAll(() => server.close());

  const list = async (client = kuaiji, params: Record<string, unknown> = {}) =>
    (await client.get<Paged<VoucherTemplate>>(Paths.template, params)).body.data;
  const count = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('voucher_template')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("offers the built-ins of the set's chart, read-only, with subject names", async () => {
    const page = await list();
    const builtIn = page.currentPageItems.filter((t) => t.isBuiltIn);
    expect(builtIn.map((t) => t.name)).toContain('收到会员会费');
    const duesTemplate = builtIn.find((t) => t.name === '收到会员会费');
    expect(duesTemplate?.details.map((d) => [d.codeAndFullName, d.balanceDirection])).toEqual([
      ['102 银行存款', 1],
      ['401 会费收入', 2],
    ]);
    // A 县级以上 chart has no 401 会费收入: that template is not offered there.
    expect((await list(county)).currentPageItems.map((t) => t.name)).not.toContain('收到会员会费');
    expect((await list(county)).currentPageItems.map((t) => t.name)).toContain('收到上级一般性转移支付补助');
  });

  it('refuses a template without name, policy basis or type with the spec messages, writing nothing', async () => {
    const before = await count();
    const answer = await kuaiji.post<ValidationIssue[]>(Paths.template, { ...dues, name: ' ', policyBasis: '', template: null });
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe(ErrorCode.ValidationFailed);
    expect(answer.body.data.map((i) => i.message)).toEqual([
      TemplateMessages.name,
      TemplateMessages.policyBasis,
      TemplateMessages.type,
    ]);
    expect(await count()).toBe(before);
  });

  it('needs a subject on an amount row (not for fixed-asset additions) and a last-level one', async () => {
    const lines = [{ summary: '购入', subjectCode: '', debitAmount: 10, creditAmount: null }];
    const refused = await kuaiji.post<ValidationIssue[]>(Paths.template, { ...dues, name: '缺科目', details: lines });
    expect(refused.body.data).toEqual([{ message: '第1行科目不能为空', rowId: 1, fieldId: 'subjectCode' }]);
    const asset = await kuaiji.post<VoucherTemplate>(Paths.template, { ...dues, name: '资产新增', template: 5, details: lines });
    expect(asset.body.success).toBe(true);
    const parent = await kuaiji.post<ValidationIssue[]>(Paths.template, {
      ...dues,
      name: '上级科目',
      details: [{ summary: '活动', subjectCode: '501', debitAmount: 1, creditAmount: null }],
    });
    expect(parent.body.data.map((i) => i.message)).toEqual(['第1行请选择末级科目']);
    const decimals = await kuaiji.post<ValidationIssue[]>(Paths.template, {
      ...dues,
      name: '三位小数',
      details: [{ summary: '活动', subjectCode: '102', debitAmount: '1.005', creditAmount: null }],
    });
    // The amount's form is the schema's: 4000 with the field and the rule.
    expect(decimals.body).toMatchObject({
      errorCode: ErrorCode.BadRequest,
      errorMsg: '请求参数有误: 参数details[0].debitAmount：金额最多两位小数',
    });
  });

  it('saves, lists, reads back exact yuan, renames and refuses a duplicate name', async () => {
    const saved = await kuaiji.post<VoucherTemplate>(Paths.template, { ...dues });
    expect(saved.body.success).toBe(true);
    const id = saved.body.data.id;
    const detail = (await kuaiji.get<VoucherTemplate>(Paths.templateDetail, { id })).body.data;
    expect(detail).toMatchObject({
      name: '收取三月会费',
      memo: '每月初',
      template: 1,
      templateName: '常用凭证',
      isBuiltIn: false,
    });
    expect(detail.details.map((d) => [d.subjectCode, d.debitAmount, d.creditAmount])).toEqual([
      ['102', 1200.5, null],
      ['401', null, 1200.5],
    ]);
    const duplicate = await kuaiji.post(Paths.template, { ...dues, name: '收取三月会费' });
    expect(duplicate.body.errorCode).toBe(ErrorCode.ValidationFailed);
    const renamed = await kuaiji.post<VoucherTemplate>(Paths.template, { ...dues, id, name: '收取会费' });
    expect(renamed.body.data).toMatchObject({ id, name: '收取会费' });
    expect((await list(kuaiji, { name: '会费', isBuiltIn: false })).currentPageItems.map((t) => t.name)).toEqual(['收取会费']);
  });

  it('keeps built-ins: changing one saves a copy, deleting one is refused', async () => {
    const builtIn = (await list(kuaiji, { isBuiltIn: true })).currentPageItems[0];
    if (!builtIn) throw new Error('no built-in');
    const copy = await kuaiji.post<VoucherTemplate>(Paths.template, {
      id: builtIn.id,
      name: `${builtIn.name}（本单位）`,
      policyBasis: builtIn.policyBasis,
      template: builtIn.template,
      details: builtIn.details.map((d) => ({ summary: d.summary, subjectCode: d.subjectCode })),
    });
    expect(copy.body.message).toBe(TemplateMessages.builtInChange);
    expect(copy.body.data.isBuiltIn).toBe(false);
    expect(copy.body.data.id).not.toBe(builtIn.id);
    const refused = await kuaiji.delete(Paths.template, { id: builtIn.id });
    expect(refused.body).toMatchObject({
      success: false,
      errorCode: ErrorCode.BusinessRule,
      errorMsg: TemplateMessages.builtInDelete,
    });
    const removed = await kuaiji.delete(Paths.template, { id: copy.body.data.id });
    expect(removed.body.success).toBe(true);
    expect((await list(kuaiji)).currentPageItems.some((t) => t.id === copy.body.data.id)).toBe(false);
  });

  it("orders the set's own templates and treats a non-numeric order as 0", async () => {
    const a = (await kuaiji.post<VoucherTemplate>(Paths.template, { ...dues, name: '排序甲' })).body.data.id;
    const b = (await kuaiji.post<VoucherTemplate>(Paths.template, { ...dues, name: '排序乙' })).body.data.id;
    const sorted = await kuaiji.post(Paths.updateTemplateSort, {
      tempInfo: [
        { id: a, templateSort: 99 },
        { id: b, templateSort: 'x' },
      ],
    });
    expect(sorted.body.success).toBe(true);
    const own = (await list(kuaiji, { isBuiltIn: false })).currentPageItems.map((t) => [t.name, t.templateSort]);
    expect(own[0]).toEqual(['排序乙', 0]);
    expect(own[own.length - 1]).toEqual(['排序甲', 99]);
  });

  it("keeps each set's templates to itself and needs the editor's rights to write", async () => {
    const mine = (await kuaiji.post<VoucherTemplate>(Paths.template, { ...dues, name: '本单位专用' })).body.data.id;
    const other = await school.get(Paths.templateDetail, { id: mine });
    expect(other.body.errorCode).toBe(ErrorCode.NotFound);
    expect((await school.delete(Paths.template, { id: mine })).body.success).toBe(false);
    const cashier = await chuna.post(Paths.template, { ...dues, name: '出纳模板' });
    expect(cashier.body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await kuaiji.get<VoucherTemplate>(Paths.templateDetail, { id: mine })).body.data.name).toBe('本单位专用');
  });

  it('pages the list by 100 at most', async () => {
    const page = await list(kuaiji, { pageSize: 500, pageIndex: 1 });
    expect(page.currentPageItems.length).toBeLessThanOrEqual(100);
    expect(page.totalItemCount).toBeGreaterThanOrEqual(page.currentPageItems.length);
    const select = await kuaiji.get<VoucherTemplate[]>(Paths.templateSelect, { template: 1 });
    expect(select.body.data.every((t) => t.template === 1)).toBe(true);
  });
});
