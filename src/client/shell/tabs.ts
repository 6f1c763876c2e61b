/**
 * The tab bar's rules (spec: the tab bar starts with a pinned home tab; tabs can be added,
 * deleted, deleted-others or deleted-all, keeping the pinned one). Pure functions over a list.
 */
import { HOME_PATH } from '../../shared/constants.js';

export interface Tab {
  path: string;
  title: string;
  pinned?: boolean;
}

export const HOME_TAB: Tab = { path: HOME_PATH, title: '首页', pinned: true };

export const initialTabs = (): Tab[] => [HOME_TAB];

/** Open a tab for a path, or retitle the one already open. The pinned home tab stays first. */
export function addTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const withHome = tabs.some((t) => t.pinned) ? [...tabs] : [HOME_TAB, ...tabs];
  if (tab.path === HOME_PATH) return withHome;
  const index = withHome.findIndex((t) => t.path === tab.path);
  if (index >= 0) {
    const existing = withHome[index];
    if (existing && existing.title !== tab.title) withHome[index] = { ...existing, title: tab.title };
    return withHome;
  }
  return [...withHome, { path: tab.path, title: tab.title }];
}

/** Retitle the tab of a path if it is open; a closed one stays closed. */
export function retitleTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  return tabs.map((t) => (t.path === tab.path && t.title !== tab.title ? { ...t, title: tab.title } : t));
}

export function closeTab(tabs: readonly Tab[], path: string): Tab[] {
  return tabs.filter((t) => t.pinned || t.path !== path);
}

export function closeOtherTabs(tabs: readonly Tab[], path: string): Tab[] {
  return tabs.filter((t) => t.pinned || t.path === path);
}

export function closeAllTabs(tabs: readonly Tab[]): Tab[] {
  const pinned = tabs.filter((t) => t.pinned);
  return pinned.length ? pinned : initialTabs();
}

/** Where to go after closing `path` while `active` is shown: the neighbour, or home. */
export function nextActiveAfterClose(tabs: readonly Tab[], path: string, active: string): string {
  if (path !== active) return active;
  const index = tabs.findIndex((t) => t.path === path);
  const neighbour = tabs[index + 1] ?? tabs[index - 1];
  return neighbour && neighbour.path !== path ? neighbour.path : HOME_PATH;
}
