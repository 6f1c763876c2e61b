import { describe, expect, it } from 'vitest';
import {
  addTab,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  HOME_TAB,
  initialTabs,
  nextActiveAfterClose,
  retitleTab,
} from './tabs.js';
import { useTabs } from './tabs-store.js';

const a = { path: '/accounting-management/voucher-management/voucherAdd', title: '凭证录入' };
const b = { path: '/accounting-management/initialization/subjectstart', title: '科目期初' };
const c = { path: '/fixed-assets/fixed-assets/assets-init', title: '资产初始化' };

describe('tab rules', () => {
  it('starts with the pinned home tab', () => {
    expect(initialTabs()).toEqual([HOME_TAB]);
  });

  it('adds a tab once and keeps home first', () => {
    let tabs = addTab(initialTabs(), a);
    tabs = addTab(tabs, b);
    tabs = addTab(tabs, a);
    expect(tabs.map((t) => t.path)).toEqual(['/home', a.path, b.path]);
    expect(addTab(tabs, { path: '/home', title: '首页' })).toHaveLength(3);
  });

  it('restores the home tab when the list lost it', () => {
    expect(addTab([], a).map((t) => t.path)).toEqual(['/home', a.path]);
  });

  it('retitles an open tab and never reopens a closed one', () => {
    const tabs = [a, b].reduce(addTab, initialTabs());
    expect(retitleTab(tabs, { ...a, title: '凭证录入（新）' }).find((t) => t.path === a.path)?.title).toBe('凭证录入（新）');
    const closed = closeTab(tabs, a.path);
    expect(retitleTab(closed, a)).toEqual(closed);
  });

  it('closes one tab but never the pinned one', () => {
    const tabs = [a, b].reduce(addTab, initialTabs());
    expect(closeTab(tabs, a.path).map((t) => t.path)).toEqual(['/home', b.path]);
    expect(closeTab(tabs, '/home')).toEqual(tabs);
  });

  it('closes the others and keeps the pinned one', () => {
    const tabs = [a, b, c].reduce(addTab, initialTabs());
    expect(closeOtherTabs(tabs, b.path).map((t) => t.path)).toEqual(['/home', b.path]);
  });

  it('closes all and keeps the pinned one', () => {
    const tabs = [a, b, c].reduce(addTab, initialTabs());
    expect(closeAllTabs(tabs)).toEqual([HOME_TAB]);
  });

  it('picks the neighbour after closing the active tab', () => {
    const tabs = [a, b, c].reduce(addTab, initialTabs());
    expect(nextActiveAfterClose(tabs, b.path, b.path)).toBe(c.path);
    expect(nextActiveAfterClose(tabs, c.path, c.path)).toBe(b.path);
    expect(nextActiveAfterClose(tabs, c.path, a.path)).toBe(a.path);
  });
});

describe('tab store', () => {
  it('adds, closes, closes others and closes all', () => {
    const store = useTabs.getState();
    store.closeAll();
    store.add(a);
    store.add(b);
    store.add(c);
    expect(useTabs.getState().tabs).toHaveLength(4);
    useTabs.getState().close(a.path);
    expect(useTabs.getState().tabs.map((t) => t.path)).toEqual(['/home', b.path, c.path]);
    useTabs.getState().closeOthers(c.path);
    expect(useTabs.getState().tabs.map((t) => t.path)).toEqual(['/home', c.path]);
    useTabs.getState().closeAll();
    expect(useTabs.getState().tabs).toEqual([HOME_TAB]);
  });
});
