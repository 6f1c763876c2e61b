import { expect, type Page } from '@playwright/test';
import { HomeLayout } from '../pages/home-layout.js';
import { LoginPage } from '../pages/login-page.js';
import { SelectingPage } from '../pages/selecting-page.js';
import { ACCOUNTS, type AccountName } from './demo.js';

/** Sign in through the page and land on /selecting. */
export async function signIn(page: Page, account: AccountName): Promise<SelectingPage> {
  const login = new LoginPage(page);
  await login.goto('/');
  await login.signIn(ACCOUNTS[account].loginName, ACCOUNTS[account].password);
  const selecting = new SelectingPage(page);
  await selecting.expectLoaded();
  return selecting;
}

/** Sign in, choose a ledger set and year, and land on /home. */
export async function signInTo(page: Page, account: AccountName, ledgerSet: string, year: number): Promise<HomeLayout> {
  const selecting = await signIn(page, account);
  await selecting.choose(ledgerSet, year);
  const home = new HomeLayout(page);
  await home.expectHome(ledgerSet, year);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return home;
}
