/**
 * The set's departments as the asset module uses them (they are kept in the user center): the list the pages choose
 * from, and the one check that a chosen department is the set's own. A department of another set is not found, as
 * any id of another set.
 */
import { AssetCardMessages as M } from '../../shared/assets/cards-messages.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';

export async function listAssetDepartments(q: Q, ztId: number): Promise<{ id: number; name: string }[]> {
  return q.selectFrom('department').select(['id', 'name']).where('zt_id', '=', ztId).orderBy('sort').orderBy('id').execute();
}

/** Refuses (NotFound) a department that is not the set's; no department at all is allowed. */
export async function requireDepartment(
  q: Q,
  ztId: number,
  departmentId: number | null | undefined,
  message: string = M.departmentNotFound,
): Promise<void> {
  if (!departmentId) return;
  const found = await q
    .selectFrom('department')
    .select('id')
    .where('zt_id', '=', ztId)
    .where('id', '=', departmentId)
    .executeTakeFirst();
  if (!found) refuse('NotFound', message);
}
