/**
 * The style nonce of this page answer, for <style> elements made at run time (the grid's theme,
 * the report page's emphasis): the page's Content-Security-Policy allows styles from the app's
 * origin and from elements carrying this nonce only (server/http/security-headers.ts). The server
 * writes it into <meta property="csp-nonce">; the browser hides the attribute and keeps the value
 * in the element's `nonce` property. Undefined in the dev server and in tests (no policy there).
 */
export function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}
