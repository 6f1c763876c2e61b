/** The open tabs, kept in sessionStorage so a reload keeps them. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { sessionStore } from './storage.js';
import { addTab, closeAllTabs, closeOtherTabs, closeTab, initialTabs, retitleTab, type Tab } from './tabs.js';

interface TabsState {
  tabs: Tab[];
  add: (tab: Tab) => void;
  retitle: (tab: Tab) => void;
  close: (path: string) => void;
  closeOthers: (path: string) => void;
  closeAll: () => void;
}

export const useTabs = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: initialTabs(),
      add: (tab) => set({ tabs: addTab(get().tabs, tab) }),
      retitle: (tab) => set({ tabs: retitleTab(get().tabs, tab) }),
      close: (path) => set({ tabs: closeTab(get().tabs, path) }),
      closeOthers: (path) => set({ tabs: closeOtherTabs(get().tabs, path) }),
      closeAll: () => set({ tabs: closeAllTabs(get().tabs) }),
    }),
    { name: 'ufc-tabs', storage: sessionStore() },
  ),
);
