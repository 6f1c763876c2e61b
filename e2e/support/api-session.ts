/**
 * A signed API session for preparing data through the real server of the run (the same calls
 * the browser makes), e.g. vouchers for the list to show. The captcha answer is read from the
 * run's database file, as the browser specs do.
 */
import { CAPTCHA_KEY_HEADER, Paths } from '../../src/shared/api/paths.js';
import type { LogOnResponse } from '../../src/shared/api/auth.js';
import { ApiClient } from '../../src/server/test-support/api-client.js';
import { ACCOUNTS, type AccountName } from './demo.js';
import { captchaAnswer } from './database.js';

export async function apiSession(baseUrl: string, account: AccountName, ledgerSet: string, year: number): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const response = await fetch(new URL(Paths.getValidateCode, baseUrl));
  await response.text();
  const key = response.headers.get(CAPTCHA_KEY_HEADER) ?? '';
  const login = await client.post<LogOnResponse>(Paths.logOn, {
    loginName: ACCOUNTS[account].loginName,
    password: ACCOUNTS[account].password,
    captcha: captchaAnswer(key),
    captchaKey: key,
  });
  if (!login.body.success) throw new Error(`login failed: ${login.body.errorMsg}`);
  client.token = login.body.data.token;
  client.signKey = login.body.data.signKey;
  const elect = await client.get<{ id: number; name: string }[]>(Paths.ztElect);
  const set = elect.body.data.find((z) => z.name === ledgerSet);
  if (!set) throw new Error(`${account} cannot open ${ledgerSet}`);
  const chosen = await client.post(Paths.setUserZtLevel, { ztId: set.id, year });
  if (!chosen.body.success) throw new Error(`setUserZtLevel failed: ${chosen.body.errorMsg}`);
  return client;
}
