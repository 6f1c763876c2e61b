import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRelation, VoucherFilesResponse } from '../../shared/api/files.js';
import { Paths } from '../../shared/api/paths.js';
import { UPLOAD_MAX_BYTES } from '../../shared/constants.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { FileMessages } from '../../shared/files/upload-rules.js';
import { ApiClient } from '../test-support/api-client.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { IMPOSTORS, pdfOf, SAMPLES } from './sample-files.js';

const FACTORY = '示范市第一机械厂工会';
const SCHOOL = '示范市实验中学工会';

/** A well-formed PDF of exactly `size` bytes: one stream object padded to fit. */
function pdfOfSize(size: number): Buffer {
  const build = (length: number) =>
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      `<< /Length ${length} >>\nstream\n${'a'.repeat(length)}\nendstream`,
    ]);
  let length = size;
  for (;;) {
    const pdf = build(length);
    if (pdf.length === size) return pdf;
    length += size - pdf.length;
  }
}

describe.each(TEST_DIALECTS)('attachments: upload, list, download, delete (%s)', (dialect) => {
  let server: TestServer;
  let id: (name: string) => number;
  let kuaiji: ApiClient;
  let school: ApiClient;
  let shenhe: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    id = await setIds(server.db);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    // Single-session login: the second accountant session is a different user's (admin) on the other set.
    school = new ApiClient(server.url);
    await school.openSet(server.db, 'admin', 'Admin@123', SCHOOL);
    shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
  });
  afterAll(() => server.close());

  const upload = (client: ApiClient, name: string, content: Uint8Array, fields: Record<string, string> = {}) =>
    client.upload<FileRelation[]>(Paths.fileRelation, { name, content }, fields);
  const storedFiles = (ztId: number): string[] => {
    const dir = path.join(server.config.dataDir, 'files', String(ztId));
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const rowCount = async (): Promise<number> =>
    Number(
      (
        await server.db.kysely
          .selectFrom('file_relation')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores each allowed type under the ledger set, named by a random id, with its row', async () => {
    const cases: [string, Uint8Array][] = [
      ['发票.png', SAMPLES.png],
      ['收据.JPG', SAMPLES.jpg],
      ['图.jpeg', SAMPLES.jpg],
      ['动图.gif', SAMPLES.gif],
      ['说明.txt', SAMPLES.txtGbk],
      ['合同.doc', SAMPLES.doc],
      ['合同.docx', SAMPLES.docx],
      ['明细.xls', SAMPLES.xls],
      ['明细.xlsx', SAMPLES.xlsx],
      ['报告.pdf', SAMPLES.pdf],
      ['资料.rar', SAMPLES.rar],
      ['资料.zip', SAMPLES.zip],
      ['资料.7z', SAMPLES.sevenZip],
      ['电子公文.ceb', SAMPLES.ceb],
    ];
    for (const [name, content] of cases) {
      const answer = await upload(kuaiji, name, content);
      expect(answer.body.success, `${name}: ${answer.body.errorMsg}`).toBe(true);
      const [file] = answer.body.data;
      expect(file).toMatchObject({ name, size: content.length, voucherId: null, canRemove: true, isContractFile: false });
      expect(file?.fileId).toMatch(/^[0-9a-f]{32}$/);
      const onDisk = path.join(server.config.dataDir, 'files', String(id(FACTORY)), file!.fileId);
      expect(fs.readFileSync(onDisk).equals(Buffer.from(content))).toBe(true);
    }
    const names = storedFiles(id(FACTORY));
    expect(names).toHaveLength(cases.length);
    expect(names.every((n) => /^[0-9a-f]{32}$/.test(n))).toBe(true);
    const row = await server.db.kysely
      .selectFrom('file_relation')
      .selectAll()
      .where('name', '=', '报告.pdf')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ zt_id: id(FACTORY), file_suffix: 'pdf', content_type: 'application/pdf', voucher_id: null });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an extension outside the list with the spec message, storing nothing', async () => {
    const before = storedFiles(id(FACTORY));
    for (const name of ['run.exe', 'page.html', 'noext', 'a.pdf.bat']) {
      const answer = await upload(kuaiji, name, SAMPLES.txt);
      expect(answer.body).toMatchObject({ success: false, errorCode: ErrorCode.BusinessRule, errorMsg: FileMessages.badType });
    }
    expect(FileMessages.badType).toBe('支持jpg,png,jpeg,gif,txt,doc,docx,xls,xlsx,pdf,rar,zip,7z,ceb格式');
    expect(storedFiles(id(FACTORY))).toEqual(before);
  });

  it('refuses a renamed executable, a zip called .pdf, a binary called .txt and polyglots, leaving no file', async () => {
    const before = storedFiles(id(FACTORY));
    const rows = await rowCount();
    for (const [name, content] of [
      ['发票.pdf', SAMPLES.exe],
      ['照片.jpg', SAMPLES.elf],
      ['公文.ceb', SAMPLES.exe],
      ['报告.pdf', SAMPLES.zip],
      ['说明.txt', SAMPLES.exe],
      ['明细.xlsx', SAMPLES.zip],
      ['合同.doc', SAMPLES.xls],
      // polyglots and archives posing as documents
      ['报告.pdf', IMPOSTORS.zipWithPdfHeader],
      ['报告.pdf', IMPOSTORS.pdfThenZip],
      ['报告.pdf', IMPOSTORS.pdfWithZipInside],
      ['发票.png', IMPOSTORS.pngWithScript],
      ['发票.png', IMPOSTORS.pngThenHtml],
      ['收据.jpg', IMPOSTORS.jpgThenZip],
      ['动图.gif', IMPOSTORS.gifScript],
      ['合同.docx', IMPOSTORS.docm],
      ['资料.zip', IMPOSTORS.zipWithPdfHeader],
    ] as const) {
      const answer = await upload(kuaiji, name, content);
      expect(answer.body, name).toMatchObject({
        success: false,
        errorCode: ErrorCode.BusinessRule,
        errorMsg: FileMessages.contentMismatch(name),
      });
    }
    expect(storedFiles(id(FACTORY))).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });

  it('refuses an empty file', async () => {
    const answer = await upload(kuaiji, '空.txt', new Uint8Array(0));
    expect(answer.body).toMatchObject({ success: false, errorMsg: FileMessages.empty('空.txt') });
  });

  it('takes a file of exactly 50 MB and refuses one byte more with the spec message, removing it', async () => {
    const big = pdfOfSize(UPLOAD_MAX_BYTES);
    const ok = await upload(kuaiji, '扫描件.pdf', big);
    expect(ok.body.success, ok.body.errorMsg ?? '').toBe(true);
    expect(ok.body.data[0]?.size).toBe(UPLOAD_MAX_BYTES);
    const before = storedFiles(id(FACTORY));
    const tooBig = Buffer.concat([big, Buffer.from('x')]);
    const answer = await upload(kuaiji, '扫描件2.pdf', tooBig);
    expect(answer.body).toMatchObject({
      success: false,
      errorCode: ErrorCode.BusinessRule,
      errorMsg: '扫描件2.pdf 文件大小超出50M,请重新上传',
    });
    expect(storedFiles(id(FACTORY))).toEqual(before);
  });

  it('is all-or-nothing: one bad file among several stores none', async () => {
    const before = storedFiles(id(FACTORY));
    const rows = await rowCount();
    const form = new FormData();
    form.append('file', new Blob([SAMPLES.png]), 'a.png');
    form.append('file', new Blob([SAMPLES.exe]), 'b.pdf');
    form.append('file', new Blob([SAMPLES.pdf]), 'c.pdf');
    const answer = await kuaiji.uploadForm<FileRelation[]>(Paths.fileRelation, form);
    expect(answer.body).toMatchObject({ success: false, errorMsg: FileMessages.contentMismatch('b.pdf') });
    expect(storedFiles(id(FACTORY))).toEqual(before);
    expect(await rowCount()).toBe(rows);

    const good = new FormData();
    good.append('file', new Blob([SAMPLES.png]), 'a.png');
    good.append('file', new Blob([SAMPLES.pdf]), 'c.pdf');
    const both = await kuaiji.uploadForm<FileRelation[]>(Paths.fileRelation, good);
    expect(both.body.data.map((f) => f.name)).toEqual(['a.png', 'c.pdf']);
  });

  it('downloads the bytes with the type, nosniff and the name as RFC 5987 filename*', async () => {
    const [file] = (await upload(kuaiji, '差旅费 报销(3月).pdf', SAMPLES.pdf)).body.data;
    const got = await kuaiji.download(Paths.fileDownload, { fileId: file!.fileId });
    expect(got.status).toBe(200);
    expect(Buffer.from(got.bytes).equals(SAMPLES.pdf)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = got.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe('差旅费 报销(3月).pdf');
    expect(file!.url).toBe(`${Paths.fileDownload}?fileId=${file!.fileId}`);
  });

  it('lists unattached files by id', async () => {
    const [a] = (await upload(kuaiji, 'x.png', SAMPLES.png)).body.data;
    const [b] = (await upload(kuaiji, 'y.txt', SAMPLES.txt)).body.data;
    const listed = await kuaiji.get<FileRelation[]>(Paths.fileRelation, { fileIds: `${a!.fileId},${b!.fileId}` });
    expect(listed.body.data.map((f) => f.name).sort()).toEqual(['x.png', 'y.txt']);
  });

  it('deletes a file: its row and its bytes', async () => {
    const [file] = (await upload(kuaiji, 'del.png', SAMPLES.png)).body.data;
    const onDisk = path.join(server.config.dataDir, 'files', String(id(FACTORY)), file!.fileId);
    expect(fs.existsSync(onDisk)).toBe(true);
    const answer = await kuaiji.delete<VoucherFilesResponse>(Paths.fileRelation, { fileId: file!.fileId });
    expect(answer.body).toMatchObject({ success: true, message: FileMessages.deleted });
    expect(fs.existsSync(onDisk)).toBe(false);
    const again = await kuaiji.download(Paths.fileDownload, { fileId: file!.fileId });
    expect(again.status).toBe(200);
    const body = JSON.parse(Buffer.from(again.bytes).toString('utf8')) as { errorCode: number };
    expect(body.errorCode).toBe(ErrorCode.NotFound);
  });

  it("refuses another ledger set's file (4005) for download, list and delete", async () => {
    const [file] = (await upload(kuaiji, 'secret.pdf', SAMPLES.pdf)).body.data;
    const got = await school.download(Paths.fileDownload, { fileId: file!.fileId });
    expect((JSON.parse(Buffer.from(got.bytes).toString('utf8')) as { errorCode: number }).errorCode).toBe(ErrorCode.Forbidden);
    expect((await school.get(Paths.fileRelation, { fileIds: file!.fileId })).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await school.delete(Paths.fileRelation, { fileId: file!.fileId })).body.errorCode).toBe(ErrorCode.Forbidden);
    expect(fs.existsSync(path.join(server.config.dataDir, 'files', String(id(FACTORY)), file!.fileId))).toBe(true);
    // the other set's upload lands in its own directory
    const [own] = (await upload(school, 'own.png', SAMPLES.png)).body.data;
    expect(storedFiles(id(SCHOOL))).toEqual([own!.fileId]);
  });

  it('refuses writes without the voucher editor rights (a reviewer), but lets them read', async () => {
    const answer = await upload(shenhe, 'r.png', SAMPLES.png);
    expect(answer.body.errorCode).toBe(ErrorCode.Forbidden);
    const [file] = (await upload(kuaiji, 'r.png', SAMPLES.png)).body.data;
    expect((await shenhe.delete(Paths.fileRelation, { fileId: file!.fileId })).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await shenhe.download(Paths.fileDownload, { fileId: file!.fileId })).status).toBe(200);
  });

  it('refuses malformed ids and a request that is not multipart', async () => {
    expect((await kuaiji.delete(Paths.fileRelation, { fileId: '../../ledger.sqlite' })).body.errorCode).toBe(
      ErrorCode.BadRequest,
    );
    expect((await kuaiji.post(Paths.fileRelation, { a: 1 })).body.errorCode).toBe(ErrorCode.BadRequest);
    const noFile = new FormData();
    noFile.append('voucherId', '');
    expect((await kuaiji.uploadForm(Paths.fileRelation, noFile)).body.errorMsg).toBe(FileMessages.noFile);
  });
});
