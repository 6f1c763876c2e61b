/**
 * The subject page's button rights where another page needs them: the subject picker offers
 * 新增科目 (spec: the chooser can add a subject) only to a user holding the subject page's
 * 'added' right, the right the server checks when the subject is saved.
 */
import { useMemo } from 'react';
import type { PageRoute, ResourceItem } from '../../shared/api/auth.js';
import { normalisePath } from '../app/route-table.js';
import { permissionList } from '../shell/permission-logic.js';
import { useSession } from '../shell/session-store.js';

export const SUBJECT_PAGE_PATH = '/accounting-management/initialization/subject';

/** The subject page's rights; none when the user's menu does not have the page. */
export function subjectPageRights(pageRoutes: readonly PageRoute[] | null, resources: readonly ResourceItem[] | null): string[] {
  const known =
    (pageRoutes ?? []).some((r) => normalisePath(r.path) === SUBJECT_PAGE_PATH) ||
    (resources ?? []).some((r) => normalisePath(r.href) === SUBJECT_PAGE_PATH);
  return known ? permissionList(SUBJECT_PAGE_PATH, pageRoutes, resources) : [];
}

export function useCanAddSubject(): boolean {
  const pageRoutes = useSession((s) => s.pageRoutes);
  const resources = useSession((s) => s.menu?.resources ?? null);
  return useMemo(() => subjectPageRights(pageRoutes, resources).includes('added'), [pageRoutes, resources]);
}
