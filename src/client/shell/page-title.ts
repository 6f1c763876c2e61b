import { useEffect } from 'react';
import { documentTitle, useConfig } from './config-store.js';

/** document.title = `${page title} - ${config.title}` (spec: the page title comes from server config). */
export function usePageTitle(pageTitle: string): void {
  const config = useConfig((s) => s.config);
  useEffect(() => {
    document.title = documentTitle(pageTitle, config);
  }, [pageTitle, config]);
}
