declare const __APP_VERSION__: string | undefined;

/** The app version sent as the common param `version` (package.json version, set by Vite). */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
