import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../shared/api/auth.js';
import { filterMenu, menuLeaves, titleForPath } from './menu.js';

const node = (id: number, href: string, titleName: string, children: MenuNode[] = []): MenuNode => ({
  id,
  href,
  titleName,
  icon: null,
  children,
});
const menu = [
  node(1, '/accounting-management', '会计核算', [
    node(2, '/accounting-management/voucher-management/voucherAdd', '凭证录入'),
    node(3, '/accounting-management/initialization/subjectstart', '科目期初'),
  ]),
  node(4, '/fixed-assets', '固定资产', [node(5, '/fixed-assets/fixed-assets/assets-init', '资产初始化')]),
];

describe('menu', () => {
  it('keeps granted leaves and their groups', () => {
    const filtered = filterMenu(menu, new Set(['/accounting-management/voucher-management/voucherAdd']), false);
    expect(filtered).toHaveLength(1);
    expect(menuLeaves(filtered).map((n) => n.id)).toEqual([2]);
  });

  it('gives admins all of it', () => {
    expect(menuLeaves(filterMenu(menu, new Set(), true)).map((n) => n.id)).toEqual([2, 3, 5]);
  });

  it('titles a path from the menu, else from the route table', () => {
    expect(titleForPath('/accounting-management/initialization/subjectstart', menu, null)).toBe('科目期初');
    expect(titleForPath('/home', menu, null)).toBe('首页');
    expect(titleForPath('/accounting-management/transition/adjustment-voucher', menu, null)).toBe('调账凭证');
    expect(titleForPath('/user-center/zt-management', menu, null)).toBe('账套管理');
    expect(titleForPath('/budget-management/x', menu, [])).toBe('预算管理');
  });
});
