import { expect, test } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import { FACTORY, SCHOOL } from './support/demo.js';
import { ledgerSetId } from './support/database.js';
import { signInTo } from './support/flows.js';
import { pageSession, signedGet } from './support/page-session.js';

test('a request naming another ledger set is refused with 4005', async ({ page, request }) => {
  await signInTo(page, 'chuna', FACTORY, 2026);
  const session = await pageSession(page);
  const other = ledgerSetId(SCHOOL);
  const get = (path: string, params: Record<string, unknown>) => signedGet(request, session, path, params);

  expect(await get(`${Paths.ztInfo}/${other}`, {})).toMatchObject({ success: false, errorCode: 4005 });
  expect(await get(Paths.subjectList, { ztId: other })).toMatchObject({ success: false, errorCode: 4005 });
  // The same signed call on the session's own set passes, so the refusal is about the set.
  expect(await get(`${Paths.ztInfo}/${ledgerSetId(FACTORY)}`, {})).toMatchObject({ success: true });
});
