import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PageRoute, ResourceItem } from '../../shared/api/auth.js';
import { permissionList, permissionMode, GLOBAL_BTN_PERMISSION_PATH } from './permission-logic.js';
import { PermissionView } from './Permission.js';

const routes: PageRoute[] = [
  {
    path: '/accounting-management/voucher-management/voucherAdd',
    name: 'voucherAdd',
    title: '凭证录入',
    resourceList: ['add', 'edit'],
  },
  { path: '/user-center/edit-operator/:id', name: 'editOperator', title: '编辑操作员', resourceList: ['save'] },
  { path: GLOBAL_BTN_PERMISSION_PATH, name: 'global', title: '全局按钮权限', resourceList: ['export'] },
];
const resources: ResourceItem[] = [{ href: '/fixed-assets/cards', titleName: '资产卡片', resourceList: ['modify'] }];

describe('permission mode', () => {
  it('removes an element named by a string unless the list has it', () => {
    expect(permissionMode('add', ['add'])).toBe('show');
    expect(permissionMode('delete', ['add'])).toBe('remove');
  });

  it('disables an element named by an object unless the list has its role', () => {
    expect(permissionMode({ role: 'add' }, ['add'])).toBe('show');
    expect(permissionMode({ role: 'delete' }, ['add'])).toBe('disable');
  });
});

describe('permission list', () => {
  it("uses the current route's resourceList", () => {
    expect(permissionList('/accounting-management/voucher-management/voucherAdd', routes)).toEqual(['add', 'edit']);
    expect(permissionList('/user-center/edit-operator/12', routes)).toEqual(['save']);
  });

  it('falls back to the menu resources, then to the global list', () => {
    expect(permissionList('/fixed-assets/cards', routes, resources)).toEqual(['modify']);
    expect(permissionList('/budget-management/x', routes, resources)).toEqual(['export']);
    expect(permissionList('/budget-management/x', null)).toEqual([]);
  });
});

describe('<PermissionView>', () => {
  const button = createElement('button', { type: 'button', disabled: undefined as boolean | undefined }, '新增');
  it('renders the child when granted', () => {
    expect(renderToString(createElement(PermissionView, { value: 'add', list: ['add'], children: button }))).toBe(
      '<button type="button">新增</button>',
    );
  });
  it('removes the child for a missing string permission', () => {
    expect(renderToString(createElement(PermissionView, { value: 'add', list: [], children: button }))).toBe('');
  });
  it('disables the child for a missing role', () => {
    expect(renderToString(createElement(PermissionView, { value: { role: 'add' }, list: ['edit'], children: button }))).toBe(
      '<button type="button" disabled="">新增</button>',
    );
  });
});
