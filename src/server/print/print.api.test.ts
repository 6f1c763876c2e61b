import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { Paths } from '../../shared/api/paths.js';
import type { Voucher } from '../../shared/api/vouchers.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, line, request, save, SCHOOL } from '../vouchers/voucher-test-kit.js';

async function pagesOf(bytes: Uint8Array): Promise<{ size: [number, number]; text: string }[]> {
  const doc = await getDocument({ data: bytes }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [, , w, h] = page.view as [number, number, number, number];
    const text = (await page.getTextContent()).items.map((i) => (i as TextItem).str).join('');
    pages.push({
      size: [Math.round((w * 25.4) / 72), Math.round((h * 25.4) / 72)] as [number, number],
      text: text.replace(/\s+/g, ''),
    });
  }
  await doc.destroy();
  return pages;
}

const errorOf = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString('utf8')) as { errorCode: number; errorMsg: string };

describe.each(TEST_DIALECTS)('voucher print to PDF (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let chuna: ApiClient;
  let school: ApiClient;
  let first: Voucher;
  let second: Voucher;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
    school = new ApiClient(server.url);
    await school.openSet(server.db, 'admin', 'Admin@123', SCHOOL);
    first = (
      await save(
        kuaiji,
        request({
          numberOfDocument: 2,
          certiDetails: [line('101', '1234.56', null, '收到三月会费'), line('401', null, '1234.56', '收到三月会费')],
        }),
      )
    ).body.data;
    second = (
      await save(kuaiji, request({ certiDetails: [line('101', 80, null, '零星收入'), line('401', null, 80, '零星收入')] }))
    ).body.data;
  });
  afterAll(() => server.close());

  it('prints the named vouchers on voucher paper, one page each, with the layout text', async () => {
    const got = await kuaiji.download(Paths.certificatePrint, { ids: `${first.id},${second.id}`, paper: 'voucher' });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toMatch(/^inline; /);
    const pages = await pagesOf(got.bytes);
    expect(pages.map((p) => p.size)).toEqual([
      [240, 140],
      [240, 140],
    ]);
    const [p1, p2] = pages;
    for (const text of [
      '记账凭证',
      `单位：${FACTORY}`,
      '2026年03月10日',
      `记字第${String(first.pzNo).padStart(4, '0')}号`,
      '附单据2张',
      '收到三月会费',
      '1,234.56',
      '合计：壹仟贰佰叁拾肆元伍角陆分',
      '制单：',
    ])
      expect(p1!.text).toContain(text);
    expect(p1!.text).toMatch(/101库存现金/);
    expect(p2!.text).toContain('零星收入');
    expect(p2!.text).toContain('合计：捌拾元整');
  });

  it('prints A4 with two vouchers on a page, in the order named', async () => {
    const got = await kuaiji.download(Paths.certificatePrint, { ids: `${second.id},${first.id}`, paper: 'a4' });
    const pages = await pagesOf(got.bytes);
    expect(pages.map((p) => p.size)).toEqual([[210, 297]]);
    expect(pages[0]!.text.indexOf('零星收入')).toBeLessThan(pages[0]!.text.indexOf('收到三月会费'));
  });

  it('prints 金额线 when asked: the digit header and the amount digit by digit', async () => {
    const got = await kuaiji.download(Paths.certificatePrint, { ids: first.id, paper: 'a4', moneyLines: true });
    expect(got.status).toBe(200);
    const [page] = await pagesOf(got.bytes);
    expect(page!.text.split('亿千百十万千百十元角分')).toHaveLength(3);
    expect(page!.text).toContain('123456');
    expect(page!.text).not.toContain('1,234.56');
    const plain = await kuaiji.download(Paths.certificatePrint, { ids: first.id, paper: 'a4', moneyLines: false });
    expect((await pagesOf(plain.bytes))[0]!.text).toContain('1,234.56');
    const bad = await kuaiji.download(Paths.certificatePrint, { ids: first.id, moneyLines: 'yes' });
    expect(errorOf(bad.bytes).errorCode).toBe(ErrorCode.BadRequest);
  });

  it('a cashier may print (the list page print button)', async () => {
    const got = await chuna.download(Paths.certificatePrint, { ids: first.id });
    expect(got.headers.get('content-type')).toBe('application/pdf');
  });

  it("refuses another set's voucher (4005), an unknown one (4015), none (4011) and a bad paper (4000)", async () => {
    expect(errorOf((await school.download(Paths.certificatePrint, { ids: first.id })).bytes).errorCode).toBe(ErrorCode.Forbidden);
    expect(errorOf((await kuaiji.download(Paths.certificatePrint, { ids: `${first.id},nope` })).bytes).errorCode).toBe(
      ErrorCode.NotFound,
    );
    expect(errorOf((await kuaiji.download(Paths.certificatePrint, { ids: '' })).bytes).errorCode).toBe(ErrorCode.BusinessRule);
    expect(errorOf((await kuaiji.download(Paths.certificatePrint, { ids: first.id, paper: 'a3' })).bytes).errorCode).toBe(
      ErrorCode.BadRequest,
    );
  });
});
