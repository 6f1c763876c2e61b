/**
 * The reconciliation state in the browser (financial state 4): a set whose 2025 year-end figures are saved on the old
 * chart but not reconciled gets the 新旧制度衔接 dialog on its pages; 调账 opens the transition worksheet, 完成 finishes
 * (the server's message) and goes home, and the openings page shows the figures the finish wrote. The spec creates
 * its own set.
 */
import { expect, test } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import type { DraftContentControl } from '../src/shared/api/schemas/transition.js';
import { TRANSITION_PATH } from '../src/shared/financial-state.js';
import { TransitionMessages } from '../src/shared/transition/messages.js';
import { OpeningBalancePage } from './pages/opening-balance-page.js';
import { apiSession } from './support/api-session.js';
import { SCREENS_DIR } from './support/demo.js';
import { signIn } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2026;
const SET = '示范市新旧衔接完成演示工会';

test('the reconciliation dialog leads to the worksheet (调账) and finishes the transition (完成)', async ({ page, baseURL }) => {
  await ensureSet({
    name: SET,
    code: 'E2E-XJ-FINISH',
    system: 'union-grassroots',
    year: YEAR,
    users: ['kuaiji'],
    initialised: false,
  });
  const kuaiji = await apiSession(baseURL ?? '', 'kuaiji', SET, YEAR);
  const control = await kuaiji.get<DraftContentControl>(Paths.transitionControl);
  if (control.body.data.reconciled) expect((await kuaiji.get(Paths.unReconciliationFinish)).body.errorMsg).toBeNull();
  const saved = await kuaiji.post(Paths.transitionSaveFigures, {
    balances: [
      { code: '102', amount: '8765.43' },
      { code: '331', amount: '8765.43' },
    ],
  });
  expect(saved.body.errorMsg).toBeNull();

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await signIn(page, 'kuaiji').then((selecting) => selecting.choose(SET, YEAR));
  const dialog = page.getByRole('dialog', { name: '新旧制度衔接' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(TransitionMessages.reconciliationPending);
  await page.screenshot({ path: `${SCREENS_DIR}/transition-reconciliation-dialog.png` });
  await dialog.getByRole('button', { name: '调账' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => visited).toContain(TRANSITION_PATH);

  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '完成' }).click();
  const done = page.getByRole('dialog').filter({ hasText: TransitionMessages.finished });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/home$/);

  const openings = new OpeningBalancePage(page);
  await openings.goto();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(openings.cell('102')).toContainText('8,765.43');
  await page.screenshot({ path: `${SCREENS_DIR}/transition-finished-openings.png`, fullPage: true });
});
