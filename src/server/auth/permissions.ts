/**
 * Button rights on the server: a write is refused (4005) unless the user holds the page's button,
 * read from the same grants that drive the client's menus and buttons (admin: every button the
 * page knows). The client hiding a button is a convenience; this is the rule.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import { grantsFor } from '../admin/menus.js';
import { authOf } from './guard.js';

export const Pages = {
  subject: '/accounting-management/initialization/subject',
  subjectStart: '/accounting-management/initialization/subjectstart',
  auxiliary: '/accounting-management/initialization/auxiliary',
} as const;

export async function hasButton(db: Db, request: FastifyRequest, href: string, button: string): Promise<boolean> {
  const { user, zt } = authOf(request);
  const { resources } = await grantsFor(db, user, zt);
  return resources.some((r) => r.href === href && r.resourceList.includes(button));
}

export async function requireButton(db: Db, request: FastifyRequest, href: string, button: string): Promise<void> {
  if (!(await hasButton(db, request, href, button))) refuse('Forbidden', '没有该操作的权限');
}
