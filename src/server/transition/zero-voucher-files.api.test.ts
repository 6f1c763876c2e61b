import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRelation } from '../../shared/api/files.js';
import { Paths } from '../../shared/api/paths.js';
import type { ZeroVoucher, ZeroVoucherSummary } from '../../shared/api/schemas/transition-vouchers.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { FileMessages } from '../../shared/files/upload-rules.js';
import { FileStore } from '../files/file-store.js';
import { SAMPLES } from '../files/sample-files.js';
import { sweepAttachments } from '../files/sweep.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const SET = '调账附件测试工会';
const OTHER = '调账附件另一工会';
const lines = [
  { summary: '补提折旧', subjectCode: '30104', debitAmount: 100, creditAmount: null },
  { summary: '补提折旧', subjectCode: '163', debitAmount: null, creditAmount: 100 },
];

describe.each(TEST_DIALECTS)('files of the adjustment vouchers (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let other: ApiClient;
  let ztId: number;
  let voucher: ZeroVoucher;

  const upload = (client: ApiClient, voucherId: string) =>
    client.upload<FileRelation[]>(Paths.fileRelation, { name: '资产清查表.png', content: SAMPLES.png }, { voucherId });
  const summary = async () => (await kuaiji.get<ZeroVoucherSummary[]>(Paths.certificateListZero)).body.data[0];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = await createSet(server.db, {
      name: SET,
      code: 'TZ-FILE-1',
      system: 'union-grassroots',
      year: 2022,
      users: ['kuaiji'],
    });
    await createSet(server.db, { name: OTHER, code: 'TZ-FILE-2', system: 'union-grassroots', year: 2022, users: ['shenhe'] });
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET, 2022);
    other = new ApiClient(server.url);
    await other.openSet(server.db, 'shenhe', 'Shenhe@123', OTHER, 2022);
    await kuaiji.post(Paths.transitionSaveFigures, {
      balances: [
        { code: '102', amount: 100 },
        { code: '331', amount: 100 },
      ],
    });
    voucher = (await kuaiji.post<ZeroVoucher>(Paths.certificateZero, { numberOfDocument: 0, certiDetails: lines })).body.data;
  });
  afterAll(() => server.close());

  it('attaches a file to an adjustment voucher, counts it in the list and keeps the document count at least that', async () => {
    const answer = await upload(kuaiji, voucher.id);
    expect(answer.body.errorMsg).toBeNull();
    expect(answer.body.data.map((f) => [f.voucherId, f.canRemove])).toEqual([[voucher.id, true]]);
    expect(await summary()).toMatchObject({ fileCount: 1, numberOfDocument: 1 });
    const listed = await kuaiji.get<FileRelation[]>(Paths.fileRelation, { voucherId: voucher.id });
    expect(listed.body.data.map((f) => f.name)).toEqual(['资产清查表.png']);
    const changed = await kuaiji.post<ZeroVoucher>(Paths.certificateZero, {
      id: voucher.id,
      revision: voucher.revision,
      numberOfDocument: 0,
      certiDetails: lines,
    });
    expect(changed.body.data.numberOfDocument).toBe(1);
    voucher = changed.body.data;
  });

  it('keeps them through the attachment sweep, and refuses another set', async () => {
    await sweepAttachments(server.db.kysely, new FileStore(server.config.dataDir));
    expect((await summary())?.fileCount).toBe(1);
    const foreign = await upload(other, voucher.id);
    expect(foreign.body.errorCode).toBe(ErrorCode.Forbidden);
    const read = await other.get(Paths.fileRelation, { voucherId: voucher.id });
    expect(read.body.errorCode).toBe(ErrorCode.Forbidden);
  });

  it('locks them once the set is reconciled', async () => {
    await server.db.kysely.updateTable('transition_state').set({ reconciled: 1 }).where('zt_id', '=', ztId).execute();
    try {
      const answer = await upload(kuaiji, voucher.id);
      expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
      expect(answer.body.errorMsg).toBe(FileMessages.locked);
      expect((await summary())?.fileCount).toBe(1);
    } finally {
      await server.db.kysely.updateTable('transition_state').set({ reconciled: 0 }).where('zt_id', '=', ztId).execute();
    }
  });
});
