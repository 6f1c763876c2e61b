/** Server configuration from the environment (documented in the README). */
import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.js';

/** The demo union with its books (full), with empty ledger sets (empty), or nothing (off). */
export type DemoSeed = 'full' | 'empty' | 'off';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; SQLite in dataDir when absent. */
  databaseUrl: string | null;
  captcha: boolean;
  logLevel: string;
  title: string;
  /** Login-page notice (spec islimit / limit_info); empty for none. */
  limitInfo: string;
  session: { idleMs: number; absoluteMs: number; single: boolean };
  login: { maxFailuresPerAccount: number; maxFailuresPerAddress: number; windowMs: number };
  /** Days after which a password must be changed; 0 switches periodic expiry off. */
  passwordExpiryDays: number;
  /** scrypt cost (log2 N). */
  scryptLogN: number;
  /** What the first start of an empty database seeds (SEED_DEMO). */
  seedDemo: DemoSeed;
  /** Which proxies in front may name the client's address (http/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** Strict-Transport-Security on every answer: the deployment is reached over TLS only. */
  hsts: boolean;
  clientDir: string;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`配置项不是非负整数: ${value}`);
  return n;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['off', 'false', '0', 'no'].includes(value.toLowerCase());
}

function demoSeed(value: string | undefined): DemoSeed {
  if (value?.toLowerCase() === 'empty') return 'empty';
  return flag(value, true) ? 'full' : 'off';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    captcha: flag(env.CAPTCHA, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    title: env.APP_TITLE ?? '工会财务云',
    limitInfo: env.LIMIT_INFO ?? '',
    session: {
      idleMs: int(env.SESSION_IDLE_MINUTES, 120) * 60_000,
      absoluteMs: int(env.SESSION_MAX_HOURS, 12) * 3_600_000,
      single: flag(env.SINGLE_SESSION, true),
    },
    login: {
      maxFailuresPerAccount: int(env.LOGIN_MAX_FAILURES, 5),
      maxFailuresPerAddress: int(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 20),
      windowMs: int(env.LOGIN_LOCK_SECONDS, 15 * 60) * 1000,
    },
    passwordExpiryDays: int(env.PASSWORD_EXPIRY_DAYS, 0),
    scryptLogN: int(env.SCRYPT_LOG_N, 15),
    seedDemo: demoSeed(env.SEED_DEMO),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    hsts: flag(env.HSTS, false),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
  };
}
