import { describe, expect, it } from 'vitest';
import { skipsFinancialCheck } from '../../shared/financial-state.js';
import { routeKind } from '../app/route-table.js';
import { guardRoute, type GuardSession } from './guards.js';

const loggedOut: GuardSession = { token: null, isAdmin: false, authInfo: null, pageRoutes: null, menu: null };
const voucherAdd = '/accounting-management/voucher-management/voucherAdd';
const session: GuardSession = {
  token: 't',
  isAdmin: false,
  authInfo: {
    ztId: 2,
    resources: { financial: [], usercenter: [{ href: '/user-center/profile', titleName: '个人资料', resourceList: [] }] },
  },
  pageRoutes: [{ path: voucherAdd }],
  menu: { resources: [{ href: '/accounting-management/initialization/subjectstart', titleName: '科目期初', resourceList: [] }] },
};

describe('route guards', () => {
  it('sends a logged-out user on a login-required route to /', () => {
    expect(guardRoute('/home', loggedOut)).toEqual({ kind: 'redirect', to: '/' });
    expect(guardRoute(voucherAdd, loggedOut)).toEqual({ kind: 'redirect', to: '/' });
    expect(guardRoute('/selecting', loggedOut)).toEqual({ kind: 'redirect', to: '/' });
    expect(guardRoute('/user-center/zt-management', loggedOut)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('lets anyone see the public routes', () => {
    for (const path of ['/', '/login', '/oalogin', '/404', '/403', '/transfer'])
      expect(guardRoute(path, loggedOut)).toEqual({ kind: 'allow' });
  });

  it('sends unknown paths to /404', () => {
    expect(guardRoute('/no-such-page', session)).toEqual({ kind: 'redirect', to: '/404' });
    expect(guardRoute('/user-center/no-such-child', session)).toEqual({ kind: 'redirect', to: '/404' });
    expect(guardRoute('/user-center/edit-operator/abc', session)).toEqual({ kind: 'redirect', to: '/404' });
    expect(routeKind('/user-center/edit-operator/12')).toBe('user-center');
  });

  it('sends a path without the right to /403, but never /home', () => {
    expect(guardRoute('/home', session)).toEqual({ kind: 'allow' });
    expect(guardRoute(voucherAdd, session)).toEqual({ kind: 'allow' });
    expect(guardRoute('/accounting-management/initialization/subjectstart', session)).toEqual({ kind: 'allow' });
    expect(guardRoute('/user-center/profile', session)).toEqual({ kind: 'allow' });
    expect(guardRoute('/fixed-assets/fixed-assets/assets-init', session)).toEqual({ kind: 'redirect', to: '/403' });
    expect(guardRoute('/user-center/zt-management', session)).toEqual({ kind: 'redirect', to: '/403' });
  });

  it('lets the holder of the transition worksheet open its adjustment-voucher editor, and nobody else', () => {
    const editor = '/accounting-management/transition/adjustment-voucher';
    expect(guardRoute(editor, session)).toEqual({ kind: 'redirect', to: '/403' });
    const holder = { ...session, pageRoutes: [{ path: '/accounting-management/transition/subject-transition' }] };
    expect(guardRoute(editor, holder)).toEqual({ kind: 'allow' });
  });

  it('lets an administrator open every known page', () => {
    expect(guardRoute('/fixed-assets/fixed-assets/assets-init', { ...session, isAdmin: true })).toEqual({ kind: 'allow' });
    expect(guardRoute('/nowhere', { ...session, isAdmin: true })).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('asks for a ledger set first, and loads the permissions once', () => {
    const noSet = { ...session, authInfo: null, pageRoutes: null, menu: null };
    expect(guardRoute('/home', noSet)).toEqual({ kind: 'redirect', to: '/selecting' });
    expect(guardRoute('/selecting', noSet)).toEqual({ kind: 'allow' });
    expect(guardRoute('/user-center/zt-management', { ...noSet, isAdmin: true })).toEqual({ kind: 'allow' });
    expect(guardRoute('/home', { ...session, pageRoutes: null })).toEqual({ kind: 'load-permissions' });
  });

  it('skips the financial check on the skip list', () => {
    for (const path of ['/', '/login', '/oalogin', '/selecting', '/404', '/403', '/transfer', '/audit-system-management/x']) {
      expect(skipsFinancialCheck(path)).toBe(true);
    }
    expect(skipsFinancialCheck('/home')).toBe(false);
    expect(skipsFinancialCheck(voucherAdd)).toBe(false);
  });
});
