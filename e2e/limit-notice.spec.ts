import { expect, test } from '@playwright/test';
import { MESSAGE_BOX } from '../src/shared/constants.js';
import { LIMIT_NOTICE, LIMIT_TITLE } from './support/demo.js';

const base = () => {
  const url = process.env.E2E_LIMIT_URL;
  if (!url) throw new Error('E2E_LIMIT_URL is not set (playwright.config.ts sets it)');
  return url;
};

test('the login pages show the configured notice, which does not close by itself', async ({ page }) => {
  for (const path of ['/', '/login', '/oalogin']) {
    await page.goto(`${base()}${path}`);
    const notice = page.getByRole('dialog').filter({ hasText: LIMIT_NOTICE });
    await expect(notice).toBeVisible();
    await expect(page).toHaveTitle(`登录 - ${LIMIT_TITLE}`);
    if (path === '/') {
      await expect(notice).not.toContainText('自动关闭');
      await page.waitForTimeout(MESSAGE_BOX.autoCloseMs + 500);
      await expect(notice).toBeVisible();
    }
    await notice.getByRole('button', { name: '确定' }).click();
    await expect(notice).toBeHidden();
  }
});
