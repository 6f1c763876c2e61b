/**
 * Opens the API documentation (administrators) in a new tab. A tab cannot send the signed headers,
 * so the signed POST apiDocsSession first sets the short-lived cookie that opens it
 * (src/server/http/api-docs.ts). The tab is opened at once, inside the click, where no pop-up
 * blocker stops it, and pointed at the documentation once the cookie is set.
 */
import { Paths } from '../../shared/api/paths.js';
import type { ApiDocsSession } from '../../shared/api/schemas/docs.js';
import { api } from './request.js';

export async function openApiDocs(): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await api.post<ApiDocsSession>(Paths.apiDocsSession);
    if (!tab) {
      window.open(url, '_blank', 'noopener');
      return;
    }
    // The documentation needs nothing of this page: it gets no handle on it.
    tab.opener = null;
    tab.location.href = url;
  } catch {
    // Refused: the request wrapper has told the user why.
    tab?.close();
  }
}
