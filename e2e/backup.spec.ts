/**
 * 数据备份 in the browser: the administrator opens the page from the user center, takes a manual
 * backup, meets the spec's 20-backup confirmation and goes on with 继续执行, restores a backup
 * (the confirmation names it and the type-46 backup taken first), downloads one (the file is
 * the one the list's SHA-256 names), checks and deletes one; an accountant is refused the page.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BackupMessages, BackupType } from '../src/shared/api/backup.js';
import { Paths } from '../src/shared/api/paths.js';
import { sign } from '../src/shared/signature.js';
import { BackupPageModel } from './pages/backup-page.js';
import { SCHOOL, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

interface StoredSession {
  state: { token: string | null; signKey: string | null };
}

/** Manual backups through the page's own session (as many clicks would take them). */
async function takeBackups(page: Page, request: APIRequestContext, count: number): Promise<void> {
  const stored = await page.evaluate(() => sessionStorage.getItem('ufc-session'));
  const { token, signKey } = (JSON.parse(stored ?? '{}') as StoredSession).state;
  if (!token || !signKey) throw new Error('no session in sessionStorage');
  for (let i = 0; i < count; i++) {
    const body = { type: BackupType.manual, rotate: false };
    const timestamp = String(Date.now());
    const nonce = createHash('sha256').update(`${timestamp}-${i}-${Math.random()}`).digest('hex').slice(0, 32);
    const response = await request.post(Paths.backup, {
      data: body,
      headers: {
        token,
        timestamp,
        nonce,
        authEncryptKey: sign(signKey, { method: 'POST', path: Paths.backup, params: body, timestamp, nonce }),
      },
    });
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
  }
}

test('an administrator backs up, rotates at 20, restores, downloads, checks and deletes', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInTo(page, 'admin', SCHOOL, 2026);
  const backups = new BackupPageModel(page);
  await backups.open();
  await expect(backups.table).toContainText('还没有备份');

  await backups.takeButton.click();
  await expect(backups.dialog(BackupMessages.created)).toBeVisible();
  await backups.dialog(BackupMessages.created).getByRole('button', { name: '确定' }).click();
  await expect(backups.rows).toHaveCount(1);
  await expect(backups.cell(backups.row(0), 1)).toHaveText('手动备份');
  await expect(backups.cell(backups.row(0), 3)).toHaveText('系统管理员');
  await expect(backups.cell(backups.row(0), 8)).toHaveText('未校验');

  // Nineteen more make twenty: the next one asks first.
  await takeBackups(page, request, 19);
  await page.reload();
  await expect(backups.rows).toHaveCount(20);
  // Named by its SHA-256 prefix: twenty backups share a few seconds, so their times repeat.
  const oldest = await backups.cell(backups.row(19), 7).textContent();
  await backups.takeButton.click();
  const rotation = backups.dialog(BackupMessages.rotation);
  await expect(rotation).toBeVisible();
  await expect(rotation).toContainText(
    '云备份记录最多存在20条,如点击【继续执行】，则系统自动删除最早期的备份记录，删除后无法回退 ，请谨慎操作！',
  );
  await page.screenshot({ path: `${SCREENS_DIR}/backup-rotation.png`, animations: 'disabled' });
  await rotation.getByRole('button', { name: '继续执行' }).click();
  await backups.dialog(BackupMessages.created).getByRole('button', { name: '确定' }).click();
  await expect(backups.rows).toHaveCount(20);
  await expect(backups.table).not.toContainText(oldest ?? 'x');

  // Restore the second newest: the confirmation names it and the type-46 backup; then the rotation again.
  const target = backups.row(1);
  const targetTime = (await backups.cell(target, 2).textContent()) ?? '';
  await target.getByRole('button', { name: '恢复' }).click();
  const confirm = backups.dialog('恢复前备份（类型46）');
  await expect(confirm).toContainText(`恢复到 ${targetTime} 的手动备份`);
  await expect(confirm).toContainText(SCHOOL);
  await page.screenshot({ path: `${SCREENS_DIR}/backup-restore-confirm.png`, animations: 'disabled' });
  await confirm.getByRole('button', { name: '确定' }).click();
  await backups.dialog(BackupMessages.rotation).getByRole('button', { name: '继续执行' }).click();
  const restored = backups.dialog(BackupMessages.restored);
  await expect(restored).toContainText(targetTime);
  await restored.getByRole('button', { name: '确定' }).click();
  await expect(backups.rows).toHaveCount(20);
  await expect(backups.cell(backups.row(0), 1)).toHaveText('恢复前备份');
  await expect(backups.cell(backups.row(2), 8)).toHaveText('校验通过');

  // Download: the file is the one whose SHA-256 the list shows.
  const sha = await backups.row(0).locator('code').getAttribute('title');
  const downloading = page.waitForEvent('download');
  await backups.row(0).getByRole('button', { name: '下载' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${SCHOOL}-恢复前备份-\\d{8}-\\d{6}\\.sqlite$`));
  const file = await download.path();
  expect(createHash('sha256').update(fs.readFileSync(file)).digest('hex')).toBe(sha);

  await backups.row(0).getByRole('button', { name: '校验' }).click();
  await backups.dialog(BackupMessages.verifiedOk).getByRole('button', { name: '确定' }).click();
  await expect(backups.cell(backups.row(0), 8)).toHaveText('校验通过');

  await backups.row(19).getByRole('button', { name: '删除' }).click();
  await backups.dialog('删除后无法恢复').getByRole('button', { name: '确定' }).click();
  await expect(backups.rows).toHaveCount(19);
  await backups.expectIdle();
  await page.screenshot({ path: `${SCREENS_DIR}/backup-page.png`, animations: 'disabled' });
});

test('an accountant is refused the backup page', async ({ page }) => {
  await signInTo(page, 'kuaiji', SCHOOL, 2026);
  await page.goto('/user-center/backup');
  await expect(page).toHaveURL(/\/403$/);
});
