/**
 * The funds-entry page's rows: the period's receipts as grid rows (fen), the grid's context from
 * the units (percent → ppm) and the chart, the save request (the rows not yet generated, yuan),
 * and the rows as exported (the shares filled in by the shared split).
 */
import {
  blankFundsEntryRow,
  isBlankReceipt,
  SHARE_FIELD,
  type FundsEntryContext,
  type FundsEntryRow,
  type FundsEntryUnit,
} from '../../../grids/funds-entry.js';
import type { FundsEntryData, FundsRatiosOut, SaveFundsReceiptsRequest } from '../../shared/api/schemas/funds-entry.js';
import { percentToPpm, SHARE_KINDS, type RatioSet, type ShareKind } from '../../shared/funds/ratios.js';
import { splitReceipt } from '../../shared/funds/split.js';
import { fenToYuanString } from '../../shared/money.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';

/** Rows the page shows at least (blank ones to key into). */
export const FUNDS_ENTRY_MIN_ROWS = 12;

const fen = (yuan: number | null): number | null => {
  if (yuan === null) return null;
  const r = yuanToFen(yuan);
  return r.ok ? r.fen : null;
};

const ppm = (percent: number): number => {
  const r = percentToPpm(percent);
  return r.ok ? r.ppm : 0;
};

export function ratioSetOf(ratios: FundsRatiosOut | null): RatioSet | null {
  if (!ratios) return null;
  const sharesPpm = Object.fromEntries(SHARE_KINDS.map((k) => [k, ppm(ratios[k])])) as Record<ShareKind, number>;
  return { basePpm: SHARE_KINDS.reduce((s, k) => s + sharesPpm[k], 0), sharesPpm, collectionFeePpm: ppm(ratios.collectionFee) };
}

export function unitsOf(data: FundsEntryData): FundsEntryUnit[] {
  return data.units.map((u) => ({ code: u.code, name: u.name, ratios: ratioSetOf(u.ratios) }));
}

export interface ChartSubject {
  readonly code: string;
  readonly lastLevel: boolean;
  readonly enable: boolean;
}

export function contextOf(
  data: FundsEntryData,
  units: readonly FundsEntryUnit[],
  chart: readonly ChartSubject[],
): FundsEntryContext {
  const byCode = new Map(chart.map((s) => [s.code, s]));
  return { year: data.year, month: data.month, units, subject: (code) => byCode.get(code) };
}

/** The saved receipts as grid rows (row id: the receipt's id), padded with blank rows. */
export function toGridRows(data: FundsEntryData, newId: () => string, bankCode: string | null): FundsEntryRow[] {
  const rows: FundsEntryRow[] = data.rows.map((r) => ({
    ...blankFundsEntryRow(r.id, r.bankCode),
    id: r.id,
    voucherId: r.voucherId,
    voucherText: r.voucherText === '' ? null : r.voucherText,
    unitCode: r.unitCode,
    fundsAmount: fen(r.fundsAmount),
    auxiliaryDateTime: r.auxiliaryDateTime,
    summary: r.summary === '' ? null : r.summary,
  }));
  while (rows.length < FUNDS_ENTRY_MIN_ROWS) rows.push(blankFundsEntryRow(newId(), bankCode));
  return rows;
}

/** The rows a save sends: every started row not yet generated, in order; and their grid row ids. */
export function saveRequestOf(
  rows: readonly FundsEntryRow[],
  year: number,
  month: number,
): { request: SaveFundsReceiptsRequest; rowIds: string[] } {
  const sent = rows.filter((r) => !r.voucherId && !isBlankReceipt(r));
  return {
    rowIds: sent.map((r) => r.rowId),
    request: {
      year,
      month,
      rows: sent.map((r) => ({
        ...(r.id ? { id: r.id } : {}),
        unitCode: r.unitCode ?? '',
        fundsAmount: r.fundsAmount === null ? '' : fenToYuanString(r.fundsAmount),
        bankCode: r.bankCode ?? '',
        auxiliaryDateTime: r.auxiliaryDateTime ?? '',
        ...(r.summary ? { summary: r.summary } : {}),
      })),
    },
  };
}

/** The started rows with their shares, fee and bank net (the shared split), as the export writes them. */
export function rowsWithShares(rows: readonly FundsEntryRow[], units: readonly FundsEntryUnit[]): FundsEntryRow[] {
  const byCode = new Map(units.map((u) => [u.code, u]));
  return rows
    .filter((r) => !isBlankReceipt(r))
    .map((r) => {
      const ratios = r.unitCode ? byCode.get(r.unitCode)?.ratios : null;
      if (!ratios || r.fundsAmount === null || r.fundsAmount === 0) return r;
      const split = splitReceipt(r.fundsAmount, ratios);
      const out: FundsEntryRow = { ...r, collectionFeeAmount: split.collectionFee, netAmount: split.net };
      for (const k of SHARE_KINDS) out[SHARE_FIELD[k]] = split.shares[k];
      return out;
    });
}

/** The receipts a generation takes: saved, not generated. */
export function generatable(rows: readonly FundsEntryRow[]): FundsEntryRow[] {
  return rows.filter((r) => r.id !== null && !r.voucherId && !isBlankReceipt(r));
}
