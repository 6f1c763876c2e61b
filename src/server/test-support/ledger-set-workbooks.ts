/** Workbooks of ledger sets for the import tests and bench: the template's columns, then the rows. */
import ExcelJS from 'exceljs';
import type { Db } from '../db/database.js';
import { insertUser } from './test-users.js';

export const SET_HEADERS = ['账套编码', '账套名称', '上级账套编码', '会计制度', '启用年度', '到期日期', '级次', '模板'] as const;

export type SetRow = readonly (string | number | Date | null)[];

export async function setWorkbook(rows: readonly SetRow[], headers: readonly string[] = SET_HEADERS): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('账套注册');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow([...row]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** A user holding `levelCode` (a user_level code such as administrator) in one set, signed in with password Test@1234. */
export async function userInSet(db: Db, loginName: string, ztId: number, levelCode: string, scryptLogN: number): Promise<void> {
  await insertUser(db, scryptLogN, { loginName, password: 'Test@1234', grants: [{ ztId, level: levelCode }] });
}
