/**
 * The transition worksheet as the auditor's workbook (codeJoinAsyncDataOut): the regulation's 转账工作底稿 with live
 * formulas, so each new opening can be recomputed from the old balances and the adjustments.
 *
 * 1. 新旧衔接底稿: the mapping row by row with its split parts and the adjustment lines (export-worksheet-sheet.ts);
 * 2. 新制度期初: the openings, each a formula over sheet 1, and the new trial check (export-openings-sheet.ts);
 * 3. 2021年末数 (the year before the first year): the old chart's year-end balances, parents summed, and the old
 *    trial check (export-year-end-sheet.ts). Sheet 1 reads its old balances from here.
 *
 * Every sheet opens with the house's heading block (title, 编制单位, 账套, the years 2021年末 → 2022年初, 金额单位：元,
 * the options, exporter and time). Every figure comes from computeWorksheet in fen and is cached on its formula.
 */
import ExcelJS from 'exceljs';
import type { ExportFilter, ExportHeading } from '../../../grids/workbook/heading.js';
import type { TransitionLevel } from '../../shared/transition/mapping.js';
import type { ExportParty } from '../reports/report-xlsx.js';
import { setWorkbookProperties } from '../reports/sheet-heading.js';
import { writeOpeningsSheet } from './export-openings-sheet.js';
import { writeWorksheetSheet, type WorksheetView } from './export-worksheet-sheet.js';
import { writeYearEndSheet } from './export-year-end-sheet.js';

export const TRANSITION_WORKSHEET_SHEET = '新旧衔接底稿';
export const TRANSITION_OPENINGS_SHEET = '新制度期初';
export const yearEndSheetName = (year: number): string => `${year - 1}年末数`;

export const TRANSITION_WORKSHEET_TITLE = '新旧衔接底稿（转账工作底稿）';
export const TRANSITION_OPENINGS_TITLE = '新制度期初余额';
export const yearEndTitle = (year: number): string => `${year - 1}年末数（原制度科目余额）`;

/** The heading's period: the old year's end and the new system's first year. */
export const transitionPeriod = (year: number): string => `${year - 1}年末 → ${year}年初`;

export function transitionFilters(level: TransitionLevel, withAdjustments: boolean): ExportFilter[] {
  return [
    { label: '对照表', value: level === 'county' ? '县级以上工会' : '基层工会' },
    { label: '并入调账凭证', value: withAdjustments ? '是' : '否' },
  ];
}

export interface TransitionWorkbookInput {
  /** The set's first year on the new system. */
  readonly year: number;
  readonly level: TransitionLevel;
  readonly withAdjustments: boolean;
  readonly view: WorksheetView;
  readonly party: ExportParty;
}

export function transitionHeading(input: TransitionWorkbookInput, title = TRANSITION_WORKSHEET_TITLE): ExportHeading {
  return {
    title,
    period: transitionPeriod(input.year),
    filters: transitionFilters(input.level, input.withAdjustments),
    ...input.party,
  };
}

export function buildTransitionWorkbook(input: TransitionWorkbookInput): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  setWorkbookProperties(workbook, transitionHeading(input));
  // Tabs in reading order; filled in the order their references need (sheet 1 reads 3, sheet 2 reads 1).
  const worksheet = workbook.addWorksheet(TRANSITION_WORKSHEET_SHEET);
  const openings = workbook.addWorksheet(TRANSITION_OPENINGS_SHEET);
  const yearEnd = workbook.addWorksheet(yearEndSheetName(input.year));
  const balances = writeYearEndSheet(yearEnd, transitionHeading(input, yearEndTitle(input.year)), input.view.oldBalances);
  const refs = writeWorksheetSheet(worksheet, transitionHeading(input), input.view, balances);
  writeOpeningsSheet(openings, transitionHeading(input, TRANSITION_OPENINGS_TITLE), input.view, refs);
  return workbook;
}
