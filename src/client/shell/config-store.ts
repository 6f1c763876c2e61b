/** The server configuration (GET /api/config), loaded once when the app starts. */
import { create } from 'zustand';
import type { ServerConfig } from '../../shared/api/auth.js';

export const PRODUCT_NAME = '工会财务云';

interface ConfigState {
  config: ServerConfig | null;
  setConfig: (config: ServerConfig) => void;
}

export const useConfig = create<ConfigState>()((set) => ({
  config: null,
  setConfig: (config) => set({ config }),
}));

export function documentTitle(pageTitle: string, config: Pick<ServerConfig, 'title'> | null): string {
  const site = config?.title || PRODUCT_NAME;
  return pageTitle ? `${pageTitle} - ${site}` : site;
}
