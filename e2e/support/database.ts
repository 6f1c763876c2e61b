/** Read-only look into the server's SQLite file of this run (captcha answers, ledger-set ids). */
import Database from 'better-sqlite3';
import path from 'node:path';

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return dir;
}

/** The server's SQLite file of this run. */
export function databaseFile(): string {
  return path.join(dataDir(), 'ledger.sqlite');
}

function query<T>(sql: string, ...params: unknown[]): T | undefined {
  const db = new Database(databaseFile(), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

export function captchaAnswer(captchaKey: string): string {
  const row = query<{ answer: string }>('select answer from captcha where captcha_key = ?', captchaKey);
  if (!row) throw new Error(`no captcha row for key ${captchaKey}`);
  return row.answer;
}

export function ledgerSetId(name: string): number {
  const row = query<{ id: number }>('select id from zt_info where name = ?', name);
  if (!row) throw new Error(`no ledger set named ${name}`);
  return row.id;
}

function write(sql: string, ...params: unknown[]): void {
  const db = new Database(databaseFile(), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/**
 * Marks an account's password as initial, as an administrator's reset does (no reset screen yet),
 * and returns a function that puts the account back as it was for the specs that follow.
 */
export function requirePasswordChange(loginName: string): () => void {
  const before = query<{ password_hash: string }>('select password_hash from app_user where login_name = ?', loginName);
  if (!before) throw new Error(`no account ${loginName}`);
  write('update app_user set must_change_password = 1 where login_name = ?', loginName);
  return () =>
    write(
      'update app_user set must_change_password = 0, password_hash = ? where login_name = ?',
      before.password_hash,
      loginName,
    );
}

/** The menu titles of the pages a role grants (its resources' hrefs), as the side menu names them. */
export function roleMenuTitles(roleCode: string): string[] {
  const role = query<{ resources: string }>('select resources from user_level where code = ?', roleCode);
  if (!role) throw new Error(`no role ${roleCode}`);
  const hrefs = (JSON.parse(role.resources) as { href: string }[]).map((r) => r.href);
  const db = new Database(databaseFile(), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare(`select title_name from menu where href in (${hrefs.map(() => '?').join(', ')})`).all(...hrefs) as {
      title_name: string;
    }[];
    return rows.map((r) => r.title_name);
  } finally {
    db.close();
  }
}
