/**
 * The input rules of one ledger set that need nothing but the set itself (issue 18 §1): code and
 * name format, accounting system, first year, expiry and the optional level, with the messages a
 * person reads. The rules that need the other sets (code unique, upper unit exists, is in the
 * caller's scope, level = upper's + 1, no cycle) are in ledger-set-rows.ts.
 */
import type { AccountingSystem } from '../../../shared/api/auth.js';
import { ztCodeProblem, ztNameProblem } from '../../../shared/zt/ledger-set-rules.js';

/** The workbook's columns, as their headers read. */
export const COLUMNS = {
  code: '账套编码',
  name: '账套名称',
  upperCode: '上级账套编码',
  system: '会计制度',
  year: '启用年度',
  expireTime: '到期日期',
  level: '级次',
  template: '模板',
} as const;
export type Column = keyof typeof COLUMNS;

export const FIRST_YEAR_MIN = 2000;
export const FIRST_YEAR_MAX = 2099;

/** What a cell of 会计制度 may say: the system's code or its Chinese name. */
export const SYSTEM_NAMES: Readonly<Record<AccountingSystem, readonly string[]>> = {
  'union-grassroots': ['union-grassroots', '基层工会', '工会会计制度（基层）', '工会会计制度(基层)'],
  'union-county': ['union-county', '县级以上工会', '工会会计制度（县级以上）', '工会会计制度(县级以上)'],
  government: ['government', '政府会计', '政府会计制度'],
};
export const SYSTEM_LABEL: Readonly<Record<AccountingSystem, string>> = {
  'union-grassroots': '基层工会',
  'union-county': '县级以上工会',
  government: '政府会计',
};

/** One set as typed: every field as text (a date cell already as yyyy-MM-dd). */
export type SetText = Readonly<Record<Column, string>>;

export interface SetFields {
  code: string;
  name: string;
  upperCode: string | null;
  accountingSystem: AccountingSystem;
  year: number;
  expireTime: string | null;
  level: number | null;
  template: string | null;
}

export interface FieldIssue {
  column: Column;
  message: string;
}

const isRealDate = (text: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
};

const systemOf = (text: string): AccountingSystem | undefined =>
  (Object.keys(SYSTEM_NAMES) as AccountingSystem[]).find((s) => SYSTEM_NAMES[s].includes(text));

/** The set's fields, or every rule it breaks (all of them, so a person fixes a row once). */
export function checkSetFields(text: SetText): { fields: SetFields; issues: [] } | { fields: null; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const bad = (column: Column, message: string) => issues.push({ column, message });
  // The code and name rules of 账套管理 (src/shared/zt/ledger-set-rules.ts); the upper unit's
  // prefix is checked where the row is known to make a new set (ledger-set-rows.ts).
  const code = text.code.trim();
  const codeProblem = ztCodeProblem(code, null);
  if (codeProblem) bad('code', codeProblem);
  const name = text.name.trim();
  const nameProblem = ztNameProblem(name);
  if (nameProblem) bad('name', nameProblem);
  const upperCode = text.upperCode.trim() || null;
  if (upperCode !== null && upperCode === code) bad('upperCode', '上级账套不能是本账套');
  const system = systemOf(text.system.trim());
  if (!text.system.trim()) bad('system', '会计制度不能为空');
  else if (!system) bad('system', '会计制度须为基层工会、县级以上工会或政府会计');
  const yearText = text.year.trim();
  const year = Number(yearText);
  if (!yearText) bad('year', '启用年度不能为空');
  else if (!/^\d{4}$/.test(yearText) || year < FIRST_YEAR_MIN || year > FIRST_YEAR_MAX) {
    bad('year', `启用年度须为${FIRST_YEAR_MIN}至${FIRST_YEAR_MAX}之间的四位年份`);
  }
  const expireTime = text.expireTime.trim() || null;
  if (expireTime !== null && !isRealDate(expireTime)) bad('expireTime', '到期日期须为yyyy-MM-dd格式的有效日期');
  const levelText = text.level.trim();
  const level = levelText ? Number(levelText) : null;
  if (level !== null && !(Number.isInteger(level) && level >= 1 && level <= 99)) bad('level', '级次须为1至99的整数');
  const template = text.template.trim() || null;
  if (issues.length > 0 || !system) return { fields: null, issues };
  return { fields: { code, name, upperCode, accountingSystem: system, year, expireTime, level, template }, issues: [] };
}
