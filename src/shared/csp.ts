/**
 * The placeholder Vite writes as the nonce of the built page (vite.config.ts html.cspNonce); the
 * server replaces it with the nonce of each page answer (server/http/app-page.ts).
 */
export const CSP_NONCE_PLACEHOLDER = 'ufc-csp-nonce-placeholder';
