import { expect, test } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import { queryParams, requestPath, sign } from '../src/shared/signature.js';
import { FACTORY, SCHOOL } from './support/demo.js';
import { ledgerSetId } from './support/database.js';
import { signInTo } from './support/flows.js';

interface StoredSession {
  state: { token: string | null; signKey: string | null };
}

test('a request naming another ledger set is refused with 4005', async ({ page, request }) => {
  await signInTo(page, 'chuna', FACTORY, 2026);
  const stored = await page.evaluate(() => sessionStorage.getItem('ufc-session'));
  const { token, signKey } = (JSON.parse(stored ?? '{}') as StoredSession).state;
  if (!token || !signKey) throw new Error('no session in sessionStorage');
  const other = ledgerSetId(SCHOOL);

  const signedGet = async (path: string, params: Record<string, unknown>) => {
    const query = queryParams({ ...params, originUrl: '/home', version: 'e2e' });
    const timestamp = String(Date.now());
    const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
    const response = await request.get(path, {
      params: query,
      headers: {
        token,
        Authorization: `Bearer ${token}`,
        timestamp,
        nonce,
        authEncryptKey: sign(signKey, { method: 'GET', path: requestPath(path), params: query, timestamp, nonce }),
      },
    });
    return (await response.json()) as { success: boolean; errorCode: number | null };
  };

  expect(await signedGet(`${Paths.ztInfo}/${other}`, {})).toMatchObject({ success: false, errorCode: 4005 });
  expect(await signedGet(Paths.subjectList, { ztId: other })).toMatchObject({ success: false, errorCode: 4005 });
  // The same signed call on the session's own set passes, so the refusal is about the set.
  expect(await signedGet(`${Paths.ztInfo}/${ledgerSetId(FACTORY)}`, {})).toMatchObject({ success: true });
});
