/**
 * API文档 in the browser: an administrator opens it from the header and a new tab shows the
 * OpenAPI document in Swagger UI, under its own Content-Security-Policy without a single violation
 * (kept as screenshots: test-results/screens/api-docs.png, api-docs-operation.png). Other users have no entry, and the
 * address alone opens nothing.
 */
import { expect, test } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import { ApiDocsPage } from './pages/api-docs-page.js';
import { watchViolations } from './support/csp-violations.js';
import { FACTORY, SCHOOL, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

test('an administrator opens API文档 in a new tab and reads the document', async ({ page }) => {
  const violations = await watchViolations(page.context());
  await signInTo(page, 'admin', SCHOOL, 2026);

  const docs = await ApiDocsPage.openFrom(page);
  await docs.expectRendered();
  await docs.page.screenshot({ path: `${SCREENS_DIR}/api-docs.png` });
  // The prose a program needs: the worked example of a signature, the error codes.
  await expect(docs.description).toContainText('authEncryptKey');
  await expect(docs.description.getByRole('cell', { name: '4021', exact: true })).toBeVisible();
  // The calls, by area: the voucher save among the vouchers'.
  const vouchers = await docs.openArea('凭证');
  await expect(vouchers.locator(`.opblock-post [data-path="${Paths.certificate}"]`)).toBeVisible();
  // Calls are signed: the page offers no "Try it out".
  await vouchers.locator(`.opblock-post [data-path="${Paths.certificate}"]`).click();
  await expect(docs.page.getByRole('button', { name: 'Try it out' })).toHaveCount(0);
  await docs.page.screenshot({ path: `${SCREENS_DIR}/api-docs-operation.png` });

  expect(await violations(docs.page)).toEqual([]);
  expect(await violations(page)).toEqual([]);
});

test('a user who is no administrator has no entry, and the address alone opens nothing', async ({ page }) => {
  await signInTo(page, 'kuaiji', FACTORY, 2026);
  await expect(page.getByRole('navigation', { name: '用户操作' }).getByRole('button', { name: 'API文档' })).toHaveCount(0);
  const refused = await page.goto(Paths.apiDocs);
  expect(await refused?.json()).toMatchObject({ success: false, errorCode: 4004 });
});
