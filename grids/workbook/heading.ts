/**
 * What a workbook says about itself: the heading block on every sheet (title, 编制单位, 账套,
 * period, the filters that shaped the result, 金额单位：元, who exported it when), its file name
 * and its properties. Every export builds one ExportHeading and hands it to the sheet plan, so all
 * sheets of the house read alike.
 */

/** One filter or option that shaped the result, as the screen names it. */
export interface ExportFilter {
  readonly label: string;
  readonly value: string;
}

export interface ExportHeading {
  /** 科目余额表 */
  readonly title: string;
  /** 编制单位 (the union's name). */
  readonly unit: string;
  /** 账套 name. */
  readonly ledgerSet: string;
  /** '2026年01-03月' or '2026年03月' (periodText). */
  readonly period: string;
  /** Everything that shaped the result, in screen order. */
  readonly filters: readonly ExportFilter[];
  /** The user's name. */
  readonly exportedBy: string;
  readonly exportedAt: Date;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

export function periodText(year: number, beginMonth: number, endMonth: number): string {
  return beginMonth === endMonth ? `${year}年${pad2(beginMonth)}月` : `${year}年${pad2(beginMonth)}-${pad2(endMonth)}月`;
}

/** Characters no file system takes in a name (Windows's set is the widest), and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** 科目余额表_示范市第一机械厂工会_2026年01-03月.xlsx; empty parts are left out. */
export function workbookFileName(title: string, ledgerSet: string, period: string): string {
  const parts = [title, ledgerSet, period].map((p) => p.replace(UNSAFE_IN_FILE_NAME, '_').trim()).filter((p) => p !== '');
  return `${parts.join('_') || '导出'}.xlsx`;
}

/**
 * The export time as the union reads it: China has one time zone, and the server may run in UTC,
 * so the time is written in Asia/Shanghai wherever the file is made.
 */
export function exportTimeText(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

export const NO_FILTER = '无';
export const MONEY_UNIT_TEXT = '金额单位：元';

/** '只含已记账：是；科目级次：1-3', or 无. */
export function filtersText(filters: readonly ExportFilter[]): string {
  return filters.length === 0 ? NO_FILTER : filters.map((f) => `${f.label}：${f.value}`).join('；');
}

/** The texts of the heading block, so every writer (grid sheets, reports, vouchers) says the same. */
export function headingTexts(heading: ExportHeading) {
  return {
    unit: `编制单位：${heading.unit}`,
    ledgerSet: `账套：${heading.ledgerSet}`,
    period: `会计期间：${heading.period}`,
    filters: `筛选条件：${filtersText(heading.filters)}`,
    exportedBy: `导出人：${heading.exportedBy}`,
    exportedAt: `导出时间：${exportTimeText(heading.exportedAt)}`,
    moneyUnit: MONEY_UNIT_TEXT,
  } as const;
}

/** The workbook's properties (File > Properties): title, subject, company, author, created. */
export function workbookProperties(heading: ExportHeading) {
  return {
    title: heading.title,
    subject: [heading.ledgerSet, heading.period, heading.title].filter((s) => s !== '').join(' '),
    company: heading.unit,
    creator: heading.exportedBy,
    lastModifiedBy: heading.exportedBy,
    created: heading.exportedAt,
    modified: heading.exportedAt,
    description: `筛选条件：${filtersText(heading.filters)}`,
  } as const;
}
