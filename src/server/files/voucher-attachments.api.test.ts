import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRelation, VoucherFilesResponse } from '../../shared/api/files.js';
import { Paths } from '../../shared/api/paths.js';
import type { Voucher } from '../../shared/api/vouchers.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { FileMessages } from '../../shared/files/upload-rules.js';
import { ApiClient } from '../test-support/api-client.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, modifyOf, refOf, request, save, SCHOOL } from '../vouchers/voucher-test-kit.js';
import { SAMPLES } from './sample-files.js';
import { FileStore } from './file-store.js';
import { sweepAttachments, UNATTACHED_MAX_AGE_MS } from './sweep.js';

describe.each(TEST_DIALECTS)('attachments of vouchers: count, locks, closed periods, other sets (%s)', (dialect) => {
  let server: TestServer;
  let id: (name: string) => number;
  let kuaiji: ApiClient;
  let shenhe: ApiClient;
  let school: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    id = await setIds(server.db);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
    school = new ApiClient(server.url);
    await school.openSet(server.db, 'admin', 'Admin@123', SCHOOL);
  });
  afterAll(() => server.close());

  const newVoucher = async (numberOfDocument = 1, month = 3): Promise<Voucher> => {
    const answer = await save(kuaiji, request({ numberOfDocument, month, pzDate: `2026-0${month}-10` }));
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    return answer.body.data;
  };
  const documents = async (voucherId: string): Promise<number> =>
    (
      await server.db.kysely
        .selectFrom('voucher')
        .select('number_of_document')
        .where('id', '=', voucherId)
        .executeTakeFirstOrThrow()
    ).number_of_document;
  const upload = (client: ApiClient, name: string, content: Uint8Array, voucherId?: string) =>
    client.upload<FileRelation[]>(Paths.fileRelation, { name, content }, voucherId ? { voucherId } : {});

  it('an upload naming the voucher attaches the files and raises its attached-document count', async () => {
    const v = await newVoucher(1);
    const form = new FormData();
    form.append('voucherId', v.id);
    form.append('file', new Blob([SAMPLES.png]), '发票1.png');
    form.append('file', new Blob([SAMPLES.pdf]), '发票2.pdf');
    const answer = await kuaiji.uploadForm<FileRelation[]>(Paths.fileRelation, form);
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    expect(answer.body.data.map((f) => [f.voucherId, f.canRemove])).toEqual([
      [v.id, true],
      [v.id, true],
    ]);
    expect(await documents(v.id)).toBe(2);
    const listed = await kuaiji.get<FileRelation[]>(Paths.fileRelation, { voucherId: v.id });
    expect(listed.body.data.map((f) => f.name).sort()).toEqual(['发票1.png', '发票2.pdf']);
  });

  it('a change of the voucher keeps its document count at least the number of its files', async () => {
    const v = await newVoucher(0);
    await upload(kuaiji, '收据.png', SAMPLES.png, v.id);
    expect(await documents(v.id)).toBe(1);
    const changed = await save(kuaiji, modifyOf(v, { numberOfDocument: 0 }));
    expect(changed.body.success, changed.body.errorMsg ?? '').toBe(true);
    expect(await documents(v.id)).toBe(1);
    expect(changed.body.data.numberOfDocument).toBe(1);
  });

  it('attaches files uploaded before the voucher was saved; the count never drops below what was keyed', async () => {
    const [a] = (await upload(kuaiji, 'a.png', SAMPLES.png)).body.data;
    const [b] = (await upload(kuaiji, 'b.png', SAMPLES.png)).body.data;
    const v = await newVoucher(5);
    const attached = await kuaiji.post<VoucherFilesResponse>(Paths.fileAttach, {
      voucherId: v.id,
      fileIds: [a!.fileId, b!.fileId],
    });
    expect(attached.body.data.numberOfDocument).toBe(5);
    expect(attached.body.data.files).toHaveLength(2);
    expect(await documents(v.id)).toBe(5);

    const w = await newVoucher(0);
    const [c] = (await upload(kuaiji, 'c.png', SAMPLES.png)).body.data;
    expect(
      (await kuaiji.post<VoucherFilesResponse>(Paths.fileAttach, { voucherId: w.id, fileIds: [c!.fileId] })).body.data
        .numberOfDocument,
    ).toBe(1);
    // a file on one voucher cannot move to another
    const moved = await kuaiji.post(Paths.fileAttach, { voucherId: w.id, fileIds: [a!.fileId] });
    expect(moved.body).toMatchObject({ success: false, errorCode: ErrorCode.BusinessRule });
    // deleting leaves the count (paper documents count too)
    const deleted = await kuaiji.delete<VoucherFilesResponse>(Paths.fileRelation, { fileId: c!.fileId });
    expect(deleted.body.data).toMatchObject({ files: [], numberOfDocument: 1 });
  });

  it('a reviewed voucher keeps its attachments: no upload, no delete, canRemove false', async () => {
    const v = await newVoucher(1);
    const [file] = (await upload(kuaiji, 'keep.pdf', SAMPLES.pdf, v.id)).body.data;
    const reviewed = await shenhe.post(Paths.certificateReview, { year: 2026, details: [refOf(v)], isReview: true });
    expect(reviewed.body.success, reviewed.body.errorMsg ?? '').toBe(true);
    const more = await upload(kuaiji, 'more.pdf', SAMPLES.pdf, v.id);
    expect(more.body).toMatchObject({ success: false, errorCode: ErrorCode.BusinessRule, errorMsg: FileMessages.locked });
    const del = await kuaiji.delete(Paths.fileRelation, { fileId: file!.fileId });
    expect(del.body).toMatchObject({ success: false, errorMsg: FileMessages.locked });
    const listed = await kuaiji.get<FileRelation[]>(Paths.fileRelation, { voucherId: v.id });
    expect(listed.body.data.map((f) => [f.name, f.canRemove])).toEqual([['keep.pdf', false]]);
    expect((await kuaiji.download(Paths.fileDownload, { fileId: file!.fileId })).status).toBe(200);
  });

  it('a voucher of a closed period cannot gain or lose attachments (4014), and the refused upload leaves nothing', async () => {
    const v = await newVoucher(1, 4);
    const [file] = (await upload(kuaiji, 'april.pdf', SAMPLES.pdf, v.id)).body.data;
    await server.db.kysely
      .insertInto('period_close')
      .values({ zt_id: id(FACTORY), year: 2026, month: 4, closed_at: Date.now(), closed_by: 1 })
      .execute();
    const rows = async () => (await server.db.kysely.selectFrom('file_relation').select('file_id').execute()).length;
    const before = await rows();
    const more = await upload(kuaiji, 'late.pdf', SAMPLES.pdf, v.id);
    expect(more.body).toMatchObject({ success: false, errorCode: ErrorCode.PeriodClosed, errorMsg: FileMessages.periodClosed });
    expect(await rows()).toBe(before);
    expect((await kuaiji.delete(Paths.fileRelation, { fileId: file!.fileId })).body.errorCode).toBe(ErrorCode.PeriodClosed);
  });

  it("refuses another ledger set's voucher (4005) and an unknown one (4015)", async () => {
    const v = await newVoucher(1);
    const other = await upload(school, 'x.png', SAMPLES.png, v.id);
    expect(other.body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await school.get(Paths.fileRelation, { voucherId: v.id })).body.errorCode).toBe(ErrorCode.Forbidden);
    const [own] = (await upload(school, 'own.png', SAMPLES.png)).body.data;
    expect((await school.post(Paths.fileAttach, { voucherId: v.id, fileIds: [own!.fileId] })).body.errorCode).toBe(
      ErrorCode.Forbidden,
    );
    const unknown = await upload(kuaiji, 'x.png', SAMPLES.png, 'no-such-voucher');
    expect(unknown.body).toMatchObject({ errorCode: ErrorCode.NotFound, errorMsg: FileMessages.voucherNotFound });
    expect(await documents(v.id)).toBe(1);
  });

  it('sweeps the files of deleted vouchers and uploads left unattached for a day, keeping the rest', async () => {
    const onDisk = (fileId: string) => fs.existsSync(path.join(server.config.dataDir, 'files', String(id(FACTORY)), fileId));
    const gone = await newVoucher(1, 5);
    const kept = await newVoucher(1, 5);
    const [ofGone] = (await upload(kuaiji, 'gone.pdf', SAMPLES.pdf, gone.id)).body.data;
    const [ofKept] = (await upload(kuaiji, 'kept.pdf', SAMPLES.pdf, kept.id)).body.data;
    const [stale] = (await upload(kuaiji, 'stale.png', SAMPLES.png)).body.data;
    const [fresh] = (await upload(kuaiji, 'fresh.png', SAMPLES.png)).body.data;
    const now = Date.now();
    await server.db.kysely
      .updateTable('file_relation')
      .set({ created_at: now - UNATTACHED_MAX_AGE_MS - 1 })
      .where('file_id', '=', stale!.fileId)
      .execute();
    const deleted = await kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(gone)]) });
    expect(deleted.body.success, deleted.body.errorMsg ?? '').toBe(true);

    await sweepAttachments(server.db.kysely, new FileStore(server.config.dataDir), now);
    const left = (await server.db.kysely.selectFrom('file_relation').select('file_id').execute()).map((r) => r.file_id);
    for (const f of [ofGone!, stale!]) {
      expect(left).not.toContain(f.fileId);
      expect(onDisk(f.fileId)).toBe(false);
    }
    for (const f of [ofKept!, fresh!]) {
      expect(left).toContain(f.fileId);
      expect(onDisk(f.fileId)).toBe(true);
    }
  });
});
