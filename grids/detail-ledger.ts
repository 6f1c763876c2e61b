/**
 * The detail ledger (明细账, the route named detailaccount): the opening row, each voucher line
 * with its running balance and side, and the 本月合计 / 本年累计 rows, as the server answers them
 * (src/server/books/detail-ledger.ts); by auxiliary item, each item's section starts with a heading
 * row that names it in the 摘要 column (no date, amounts or balance). Read-only, rows of 36 px (spec); a double-click on a line
 * opens its voucher.
 */
import type { DetailLedgerRow, DetailRowKind } from '../src/shared/api/books.js';
import type { GridDefinition, GridRow } from '../src/shared/grid/definition.js';

export interface DetailLedgerGridRow extends GridRow {
  readonly rowId: string;
  kind: DetailRowKind;
  voucherId: string | null;
  date: string;
  voucherNo: string;
  summary: string;
  auxiNames: string;
  debit: number | null;
  credit: number | null;
  direction: string;
  /** Null on an item's heading row. */
  balance: number | null;
}

const SIDE = { 0: '平', 1: '借', 2: '贷' } as const;

/** Rows of one page; ids stay unique across pages (page and position). */
export function toDetailLedgerGridRows(rows: readonly DetailLedgerRow[], page: number): DetailLedgerGridRow[] {
  return rows.map((r, i) => {
    const heading = r.kind === 'item';
    // A line is on one side: the other stays empty, as on paper; an opening row has no turnover.
    const blank = heading || r.kind === 'opening';
    return {
      rowId: r.voucherId ? `${r.voucherId}#${page}#${i}` : `${r.kind}#${r.month}#${page}#${i}`,
      kind: r.kind,
      voucherId: r.voucherId,
      date: heading ? '' : r.date,
      voucherNo: r.voucherNo,
      summary: r.summary,
      auxiNames: heading ? '' : r.auxiNames,
      debit: blank || (r.kind === 'line' && r.debit === 0) ? null : r.debit,
      credit: blank || (r.kind === 'line' && r.credit === 0) ? null : r.credit,
      direction: heading ? '' : SIDE[r.direction],
      balance: heading ? null : r.balance,
    };
  });
}

export function detailLedgerGrid(showAuxi: boolean) {
  return Object.freeze({
    id: showAuxi ? 'detail-ledger-auxi' : 'detail-ledger',
    title: '明细账',
    // With the item column the amounts narrow so the row still fits a 1366-pixel screen.
    fields: [
      { id: 'date', header: '日期', kind: 'date', editable: false, width: 110, pinned: true },
      { id: 'voucherNo', header: '凭证字号', kind: 'text', editable: false, width: 100, pinned: true },
      { id: 'summary', header: '摘要', kind: 'text', editable: false, width: showAuxi ? 220 : 260 },
      ...(showAuxi ? [{ id: 'auxiNames', header: '辅助核算', kind: 'text', editable: false, width: 160 } as const] : []),
      { id: 'debit', header: '借方', kind: 'money', editable: false, width: showAuxi ? 125 : 140 },
      { id: 'credit', header: '贷方', kind: 'money', editable: false, width: showAuxi ? 125 : 140 },
      { id: 'direction', header: '方向', kind: 'text', editable: false, width: 60 },
      { id: 'balance', header: '余额', kind: 'money', editable: false, width: showAuxi ? 135 : 150 },
    ],
    rowHeight: 36,
    // As in the server's export and print: an item's heading and the month's and year's totals.
    strongRow: (r) => r.kind === 'item' || r.kind === 'monthTotal' || r.kind === 'yearTotal',
    commands: ['copy', 'exportExcel', 'showHelp'],
    allowAddRows: false,
    allowDeleteRows: false,
    // No TotalDefs: the month and year totals are rows of the answer; the server's export
    // (src/server/books/detail-export.ts) writes their amounts as formulas over the lines.
    export: { sheetName: '明细账', title: '明细账', totalsAsFormulas: false },
  } satisfies GridDefinition<DetailLedgerGridRow>);
}

export const detailLedgerGridPlain = detailLedgerGrid(false);
export const detailLedgerGridAuxi = detailLedgerGrid(true);
