/**
 * Backups over the real server: take, list, download and read back, restore after changes (rows,
 * balances and attachments as they were, a type-46 backup first), a damaged file refused before
 * anything changes, the 20-backup rotation with and without the user's confirmation, and the
 * refusals (an accountant, another set's backup, another set named).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKUP_MAX_KEPT,
  BackupMessages,
  BackupType,
  type BackupItem,
  type BackupRotationInfo,
  type RestoreBackupResponse,
  type VerifyBackupResponse,
} from '../../shared/api/backup.js';
import type { TrialBalanceResponse } from '../../shared/api/books.js';
import type { FileRelation } from '../../shared/api/files.js';
import { Paths } from '../../shared/api/paths.js';
import type { Voucher } from '../../shared/api/vouchers.js';
import { ErrorCode } from '../../shared/error-codes.js';
import type { Db } from '../db/database.js';
import { SAMPLES } from '../files/sample-files.js';
import { ApiClient, type Answer } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { current, FACTORY, line, modifyOf, refOf, request, save, SCHOOL } from '../vouchers/voucher-test-kit.js';
import { BACKED_UP } from './covered-tables.js';
import { quoteId } from './set-snapshot.js';

/**
 * Every backed-up row of the set, each table sorted, to compare a set before and after. Voucher
 * revisions are left out: a restore lifts them above any seen before it (vouchers/revisions.ts).
 */
async function setRows(db: Db, ztId: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of BACKED_UP) {
    const rows = await db.kysely.selectFrom(table).selectAll().where('zt_id', '=', ztId).execute();
    out[table] = rows
      .map((r) =>
        JSON.stringify(
          Object.entries(r)
            .filter(([k]) => !(table === 'voucher' && k === 'revision'))
            .sort(([a], [b]) => a.localeCompare(b)),
        ),
      )
      .sort();
  }
  return out;
}

async function revisions(db: Db, ztId: number): Promise<Map<string, number>> {
  const rows = await db.kysely.selectFrom('voucher').select(['id', 'revision']).where('zt_id', '=', ztId).execute();
  return new Map(rows.map((r) => [r.id, r.revision]));
}

/** Every field of a backup in an answer (the serializer writes only the declared ones). */
const ITEM_FIELDS = [
  'attachmentCount',
  'createdAt',
  'createdBy',
  'createdByName',
  'id',
  'rowCount',
  'sha256',
  'size',
  'type',
  'typeName',
  'verified',
  'verifiedAt',
];

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(TEST_DIALECTS)('ledger-set backups (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let adminSchool: ApiClient;
  let kuaiji: ApiClient;
  let factoryId: number;
  let schoolId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect, { session: { idleMs: 7_200_000, absoluteMs: 43_200_000, single: false } });
    admin = new ApiClient(server.url);
    factoryId = await admin.openSet(server.db, 'admin', 'Admin@123', FACTORY);
    adminSchool = new ApiClient(server.url);
    schoolId = await adminSchool.openSet(server.db, 'admin', 'Admin@123', SCHOOL);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
  });
  afterAll(() => server.close());

  const ok = async <T>(answer: Promise<Answer<T>>): Promise<T> => {
    const a = await answer;
    expect(a.body.success, a.body.errorMsg ?? '').toBe(true);
    return a.body.data;
  };
  const take = (client: ApiClient, rotate = false) => client.post<BackupItem>(Paths.backup, { type: BackupType.manual, rotate });
  const list = (client: ApiClient) => ok(client.get<BackupItem[]>(Paths.backup));
  const trial = (client: ApiClient) =>
    ok(client.get<TrialBalanceResponse>(Paths.trialBalance, { beginTime: '2026-01', endTime: '2026-12' }));
  const backupFile = (ztId: number) => {
    const dir = path.join(server.config.dataDir, 'backups', String(ztId));
    return (id: string) => path.join(dir, `${id}.sqlite`);
  };

  it('takes a manual backup, lists it, and downloads a file that reads back as the set', async () => {
    const v = await ok(save(kuaiji, request({ month: 2, pzDate: '2026-02-03' }, '1234.56')));
    await ok(save(kuaiji, request({}, '10.00')));
    await ok(save(kuaiji, request({}, '20.00')));
    // An auxiliary link to a subject (its foreign key has no cascade: the restore test renames the subject).
    const type = await server.db.kysely
      .selectFrom('auxi_type')
      .select('type_no')
      .where('zt_id', '=', factoryId)
      .executeTakeFirstOrThrow();
    await server.db.kysely
      .insertInto('subject_auxi_type')
      .values({ zt_id: factoryId, year: 2026, code: '30101', type_no: type.type_no })
      .execute();
    const [file] = await ok(
      kuaiji.upload<FileRelation[]>(Paths.fileRelation, { name: '发票.png', content: SAMPLES.png }, { voucherId: v.id }),
    );
    expect(file?.voucherId).toBe(v.id);

    const item = await ok(take(admin));
    expect(item).toMatchObject({ type: 45, typeName: '手动备份', createdByName: '系统管理员', verified: 'unchecked' });
    expect(item.attachmentCount).toBe(1);
    const listed = await list(admin);
    expect(listed.map((b) => b.id)).toEqual([item.id]);
    const onDisk = fs.readFileSync(backupFile(factoryId)(item.id));
    expect(item.size).toBe(onDisk.length);
    expect(item.sha256).toBe(sha256(onDisk));

    const download = await admin.download(Paths.backupDownload, { id: item.id });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(encodeURIComponent(FACTORY));
    expect(sha256(download.bytes)).toBe(item.sha256);
    const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-backup-read-')), 'copy.sqlite');
    fs.writeFileSync(copy, download.bytes);
    const read = new SqliteDatabase(copy, { readonly: true });
    try {
      const rows = await setRows(server.db, factoryId);
      for (const table of BACKED_UP) {
        const n = read
          .prepare(`select count(*) from ${quoteId(table)}`)
          .pluck()
          .get();
        expect(n, table).toBe(rows[table]?.length);
      }
      expect(read.prepare('select count(*) from voucher where id = ?').pluck().get(v.id)).toBe(1);
      const bytes = read.prepare('select bytes from backup_attachment where file_id = ?').pluck().get(file?.fileId) as Buffer;
      expect(Buffer.compare(bytes, SAMPLES.png)).toBe(0);
      // Only this set's rows: the school's subjects are not in it.
      expect(read.prepare('select count(*) from subject where zt_id <> ?').pluck().get(factoryId)).toBe(0);
    } finally {
      read.close();
    }
    const verify = await ok(admin.post<VerifyBackupResponse>(Paths.backupVerify, { id: item.id }));
    expect(verify).toEqual({ ok: true, problems: [] });
    expect((await list(admin))[0]?.verified).toBe('ok');
  });

  it('restores the rows, balances and attachments of the backup after changes, taking a type-46 backup first', async () => {
    const before = await setRows(server.db, factoryId);
    const trialBefore = await trial(kuaiji);
    const [backup] = await list(admin);
    if (!backup) throw new Error('no backup');

    // Changes after the backup: a new voucher, a deleted one, its attachment's row and bytes lost.
    const kept = await ok(kuaiji.get<{ currentPageItems: Voucher[] }>(Paths.certificate, { year: 2026 }));
    const victim = kept.currentPageItems.find((v) => v.month === 2);
    if (!victim) throw new Error('no voucher of February');
    await ok(
      save(
        kuaiji,
        request({ month: 5, pzDate: '2026-05-06', certiDetails: [line('101', '777.00', null), line('401', null, '777.00')] }),
      ),
    );
    await ok(kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(victim)]) }));
    // A reviewed voucher (its lines unchanged), two vouchers' numbers swapped (a unique index), a
    // renamed subject that auxiliary links point to (a foreign key without cascade).
    const others = kept.currentPageItems.filter((v) => v.id !== victim.id && v.month === 3 && v.certificateType === 1);
    const [a, b] = others;
    if (!a || !b) throw new Error('two vouchers of March needed');
    await ok(admin.post(Paths.certificateReview, { year: 2026, details: [refOf(a)], isReview: true }));
    const q = server.db.kysely;
    await q.transaction().execute(async (trx) => {
      await trx.updateTable('voucher').set({ pz_no: -1 }).where('zt_id', '=', factoryId).where('id', '=', a.id).execute();
      await trx.updateTable('voucher').set({ pz_no: a.pzNo }).where('zt_id', '=', factoryId).where('id', '=', b.id).execute();
      await trx.updateTable('voucher').set({ pz_no: b.pzNo }).where('zt_id', '=', factoryId).where('id', '=', a.id).execute();
    });
    const linked = await q
      .selectFrom('subject_auxi_type')
      .select(['year', 'code'])
      .where('zt_id', '=', factoryId)
      .executeTakeFirstOrThrow();
    await q
      .updateTable('subject')
      .set({ name: '改名后的科目' })
      .where('zt_id', '=', factoryId)
      .where('year', '=', linked.year)
      .where('code', '=', linked.code)
      .execute();
    await server.db.kysely.deleteFrom('file_relation').where('zt_id', '=', factoryId).execute();
    fs.rmSync(path.join(server.config.dataDir, 'files', String(factoryId)), { recursive: true, force: true });
    expect(await setRows(server.db, factoryId)).not.toEqual(before);
    expect(await trial(kuaiji)).not.toEqual(trialBefore);
    const schoolBefore = await setRows(server.db, schoolId);
    const seenBefore = await revisions(server.db, factoryId);
    // How a user saw a (reviewed, revision 2) just before the restore.
    const reviewedA = await current(kuaiji, a);

    const restored = await ok(admin.post<RestoreBackupResponse>(Paths.backupRestore, { id: backup.id }));
    expect(restored.restored.id).toBe(backup.id);
    expect(restored.before).toMatchObject({ type: BackupType.beforeRestore, typeName: '恢复前备份' });
    expect(restored.rowCount).toBe(Object.values(before).reduce((n, rows) => n + rows.length, 0));
    expect(Object.keys(restored).sort()).toEqual(['before', 'restored', 'rowCount']);
    expect(Object.keys(restored.before).sort()).toEqual(ITEM_FIELDS);

    expect(await setRows(server.db, factoryId)).toEqual(before);
    expect(await trial(kuaiji)).toEqual(trialBefore);
    expect(await setRows(server.db, schoolId)).toEqual(schoolBefore);
    // Every restored voucher's revision is above any the set had before: a change seen before is refused.
    const top = Math.max(...seenBefore.values());
    expect([...(await revisions(server.db, factoryId)).values()].every((r) => r > top)).toBe(true);
    // a is back as it was at the backup (unreviewed) and is changed once; the view from before the
    // restore, whose revision the restored a might otherwise reach again, is refused.
    const restoredA = await current(kuaiji, a);
    expect(restoredA.isReview).toBe(false);
    await ok(save(kuaiji, modifyOf(restoredA, { numberOfDocument: 4 })));
    const { oldDate: _d, oldPzNo: _n, oldCertificateType: _t, ...byRevision } = modifyOf(reviewedA, { numberOfDocument: 9 });
    expect((await save(kuaiji, byRevision)).body.errorCode).toBe(ErrorCode.Conflict);
    expect((await current(kuaiji, a)).numberOfDocument).toBe(4);
    const files = await ok(kuaiji.get<FileRelation[]>(Paths.fileRelation, { voucherId: victim.id }));
    expect(files).toHaveLength(1);
    const bytes = await kuaiji.download(Paths.fileDownload, { fileId: files[0]?.fileId });
    expect(Buffer.compare(Buffer.from(bytes.bytes), SAMPLES.png)).toBe(0);

    const listed = await list(admin);
    expect(listed.map((b) => b.type)).toEqual([BackupType.beforeRestore, BackupType.manual]);
    // The type-46 backup holds the set as it was just before: the voucher of May is in it.
    const undo = new SqliteDatabase(backupFile(factoryId)(restored.before.id), { readonly: true });
    try {
      expect(undo.prepare("select count(*) from voucher where month = 5 and pz_date = '2026-05-06'").pluck().get()).toBe(1);
    } finally {
      undo.close();
    }
    // Saving goes on after a restore: numbering continues after the restored vouchers.
    const february = (await ok(kuaiji.get<{ currentPageItems: Voucher[] }>(Paths.certificate, { year: 2026 }))).currentPageItems
      .filter((v) => v.month === 2 && v.certificateType === 1)
      .map((v) => v.pzNo);
    const next = await ok(save(kuaiji, request({ month: 2, pzDate: '2026-02-20' })));
    expect(next.pzNo).toBe(Math.max(...february) + 1);
  });

  it('refuses a damaged backup before changing anything, with a clear message', async () => {
    const item = await ok(take(admin));
    const file = backupFile(factoryId)(item.id);
    const bytes = fs.readFileSync(file);
    const at = Math.floor(bytes.length / 2);
    bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    fs.writeFileSync(file, bytes);
    const rows = await setRows(server.db, factoryId);
    const count = (await list(admin)).length;

    const answer = await admin.post(Paths.backupRestore, { id: item.id });
    expect(answer.body).toMatchObject({ success: false, errorCode: ErrorCode.BusinessRule });
    expect(answer.body.errorMsg).toContain(BackupMessages.corrupted);
    expect(answer.body.errorMsg).toContain('SHA-256');
    expect(await setRows(server.db, factoryId)).toEqual(rows);
    const after = await list(admin);
    expect(after).toHaveLength(count);
    expect(after.find((b) => b.id === item.id)?.verified).toBe('failed');
    const verify = await ok(admin.post<VerifyBackupResponse>(Paths.backupVerify, { id: item.id }));
    expect(verify.ok).toBe(false);

    // A file missing altogether is refused the same way.
    fs.rmSync(file);
    const missing = await admin.post(Paths.backupRestore, { id: item.id });
    expect(missing.body.errorMsg).toContain('备份文件不存在');
    await ok(admin.delete(Paths.backup, { id: item.id }));
    expect((await list(admin)).some((b) => b.id === item.id)).toBe(false);
  });

  it('keeps at most 20: one more needs the confirmation, which removes the oldest', async () => {
    const taken: BackupItem[] = [];
    for (let i = 0; i < BACKUP_MAX_KEPT; i++) taken.push(await ok(take(adminSchool)));
    const refused = await take(adminSchool);
    expect(refused.body).toMatchObject({
      success: false,
      errorCode: ErrorCode.BackupRotationNeeded,
      errorMsg: BackupMessages.rotation,
    });
    expect(refused.body.errorMsg).toBe(
      '云备份记录最多存在20条,如点击【继续执行】，则系统自动删除最早期的备份记录，删除后无法回退 ，请谨慎操作！',
    );
    const info = refused.body.data as unknown as BackupRotationInfo;
    expect(info).toMatchObject({ kept: 20, oldest: { id: taken[0]?.id, typeName: '手动备份' } });
    expect(await list(adminSchool)).toHaveLength(20);

    const rotated = await ok(take(adminSchool, true));
    const listed = await list(adminSchool);
    expect(listed).toHaveLength(20);
    expect(listed[0]?.id).toBe(rotated.id);
    expect(listed.some((b) => b.id === taken[0]?.id)).toBe(false);
    expect(fs.existsSync(backupFile(schoolId)(taken[0]?.id ?? ''))).toBe(false);

    // A restore's type-46 backup needs the same confirmation, and never removes the backup being restored.
    const oldest = listed.at(-1);
    if (!oldest) throw new Error('no oldest');
    const restore = await adminSchool.post(Paths.backupRestore, { id: oldest.id });
    expect(restore.body.errorCode).toBe(ErrorCode.BackupRotationNeeded);
    expect((restore.body.data as BackupRotationInfo).oldest.id).toBe(listed.at(-2)?.id);
    const done = await ok(adminSchool.post<RestoreBackupResponse>(Paths.backupRestore, { id: oldest.id, rotate: true }));
    const afterRestore = await list(adminSchool);
    expect(afterRestore).toHaveLength(20);
    expect(afterRestore[0]?.id).toBe(done.before.id);
    expect(afterRestore.some((b) => b.id === oldest.id)).toBe(true);
  });

  it('refuses an accountant, another set’s backup and another set named', async () => {
    const [own] = await list(admin);
    const [school] = await list(adminSchool);
    if (!own || !school) throw new Error('backups missing');
    for (const answer of [
      await kuaiji.get(Paths.backup),
      await kuaiji.post(Paths.backup, { type: BackupType.manual }),
      await kuaiji.post(Paths.backupRestore, { id: own.id }),
      await kuaiji.post(Paths.backupVerify, { id: own.id }),
      await kuaiji.delete(Paths.backup, { id: own.id }),
    ]) {
      expect(answer.body).toMatchObject({ success: false, errorCode: ErrorCode.Forbidden });
    }
    const denied = await kuaiji.download(Paths.backupDownload, { id: own.id });
    expect(JSON.parse(Buffer.from(denied.bytes).toString('utf8'))).toMatchObject({ errorCode: ErrorCode.Forbidden });

    for (const answer of [
      await admin.post(Paths.backupRestore, { id: school.id }),
      await admin.post(Paths.backupVerify, { id: school.id }),
      await admin.delete(Paths.backup, { id: school.id }),
    ]) {
      expect(answer.body).toMatchObject({ success: false, errorCode: ErrorCode.NotFound, errorMsg: BackupMessages.notFound });
    }
    const other = await admin.download(Paths.backupDownload, { id: school.id });
    expect(JSON.parse(Buffer.from(other.bytes).toString('utf8'))).toMatchObject({ errorCode: ErrorCode.NotFound });
    expect((await list(admin)).some((b) => b.id === school.id)).toBe(false);
    expect(fs.existsSync(backupFile(schoolId)(school.id))).toBe(true);

    const named = await admin.get(Paths.backup, { ztId: schoolId });
    expect(named.body).toMatchObject({ success: false, errorCode: ErrorCode.Forbidden });
    const systemType = await admin.post(Paths.backup, { type: BackupType.beforeClose });
    expect(systemType.body).toMatchObject({
      success: false,
      errorCode: ErrorCode.BusinessRule,
      errorMsg: BackupMessages.manualOnly,
    });
    const badId = await admin.post(Paths.backupRestore, { id: '../../ledger' });
    expect(badId.status).toBe(400);
  });

  it('refuses malformed backup calls with the field and the rule, changing nothing', async () => {
    const listed = await list(admin);
    expect(listed.length).toBeGreaterThan(0);
    for (const item of listed) expect(Object.keys(item).sort()).toEqual(ITEM_FIELDS);
    const some = listed[0]?.id ?? '';
    const verified = await ok(admin.post<VerifyBackupResponse>(Paths.backupVerify, { id: some }));
    expect(Object.keys(verified).sort()).toEqual(['ok', 'problems']);
    const listedBefore = await list(admin);
    const filesBefore = fs.readdirSync(path.dirname(backupFile(factoryId)(some))).sort();

    const refused = (answer: Answer, rule: string) => {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, errorCode: ErrorCode.BadRequest, errorMsg: `请求参数有误: ${rule}` });
    };
    for (const base of ['/userCenter', '/usercenter']) {
      const at = (p: string) => p.replace('/userCenter', base);
      refused(await admin.post(at(Paths.backup), { type: 99 }), '参数type：备份类型无效');
      refused(await admin.post(at(Paths.backup), { type: 'manual' }), '参数type：备份类型无效');
      refused(await admin.post(at(Paths.backup), {}), '缺少参数type');
      refused(await admin.post(at(Paths.backup), { type: BackupType.manual, rotate: 'maybe' }), '参数rotate：须为true或false');
      refused(await admin.post(at(Paths.backupRestore), { id: '../../ledger' }), '参数id：备份id无效');
      refused(await admin.post(at(Paths.backupRestore), { id: some, rotate: 2 }), '参数rotate：须为true或false');
      refused(await admin.post(at(Paths.backupVerify), { id: some.toUpperCase() }), '参数id：备份id无效');
      refused(await admin.delete(at(Paths.backup), {}), '缺少参数id');
      refused(await admin.delete(at(Paths.backup), { id: `${some}0` }), '参数id：备份id无效');
    }
    const download = await admin.download(Paths.backupDownload, { id: 'x' });
    expect(download.status).toBe(400);
    expect(JSON.parse(Buffer.from(download.bytes).toString('utf8'))).toMatchObject({
      errorCode: ErrorCode.BadRequest,
      errorMsg: '请求参数有误: 参数id：备份id无效',
    });
    expect(await list(admin)).toEqual(listedBefore);
    expect(fs.readdirSync(path.dirname(backupFile(factoryId)(some))).sort()).toEqual(filesBefore);
  });

  it('takes a consistent snapshot while vouchers are being saved', async () => {
    const saves = Array.from({ length: 30 }, (_, i) =>
      save(kuaiji, request({ month: 7, pzDate: '2026-07-08' }, `${100 + i}.25`)),
    );
    const [item] = await Promise.all([ok(take(admin)), ...saves.map((s) => ok(s))]);
    const read = new SqliteDatabase(backupFile(factoryId)(item.id), { readonly: true });
    try {
      // Balances and lines of the same moment: every month's sums agree, however many saves it caught.
      const lines = read
        .prepare(
          'select month, subject_code, sum(debit_amount) d, sum(credit_amount) c from voucher_line group by month, subject_code order by 1, 2',
        )
        .all();
      const balances = read
        .prepare(
          'select month, subject_code, sum(debit_all) d, sum(credit_all) c from subject_balance group by month, subject_code having d <> 0 or c <> 0 order by 1, 2',
        )
        .all();
      expect(balances).toEqual(lines);
      const july = read.prepare('select count(*) from voucher where month = 7').pluck().get() as number;
      const julyLines = read.prepare('select count(*) from voucher_line where month = 7').pluck().get() as number;
      expect(julyLines).toBe(2 * july);
    } finally {
      read.close();
    }
  });
});
