/** Read-only look into the server's SQLite file of this run (captcha answers, ledger-set ids). */
import Database from 'better-sqlite3';
import path from 'node:path';

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return dir;
}

function query<T>(sql: string, ...params: unknown[]): T | undefined {
  const db = new Database(path.join(dataDir(), 'ledger.sqlite'), { readonly: true, fileMustExist: true });
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
