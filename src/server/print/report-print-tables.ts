/**
 * The printed tables of the trial balance, the general ledger and the detail ledger: their
 * columns as on the pages (grids/trial-balance.ts, grids/general-ledger.ts, grids/detail-ledger.ts)
 * and their rows as text. Amounts with thousands separators; a zero turnover prints blank, as on
 * paper; balances always print with their side.
 */
import type { DetailLedgerRow, GeneralLedgerResponse, TrialBalanceResponse } from '../../shared/api/books.js';
import { countedOnce } from '../../shared/books/counted-once.js';
import { formatFen } from '../../shared/money.js';
import { toDetailLedgerGridRows } from '../../../grids/detail-ledger.js';
import type { TableColumn, TableDocument } from './table-pdf.js';

const blankZero = (fen: number) => (fen === 0 ? '' : formatFen(fen));
const SIDE = { 0: '平', 1: '借', 2: '贷' } as const;
const money = (header: string, group?: string): TableColumn => ({ header, group, width: 11, align: 'right' });

const GROUPS = [
  { id: 'opening', header: '期初余额' },
  { id: 'period', header: '本期发生额' },
  { id: 'year', header: '本年累计发生额' },
  { id: 'closing', header: '期末余额' },
];

export function trialBalanceTable(answer: TrialBalanceResponse, unit: string, period: string): TableDocument {
  const amounts = answer.rows.map((r) => [
    r.initialDirection === 1 ? r.initialBalance : 0,
    r.initialDirection === 2 ? r.initialBalance : 0,
    r.debitOccur,
    r.creditOccur,
    r.debitGrandTotal,
    r.creditGrandTotal,
    r.endDirection === 1 ? r.endBalance : 0,
    r.endDirection === 2 ? r.endBalance : 0,
  ]);
  // The totals add each listed amount once, financial side only, as the page's totals do.
  const counted = countedOnce(answer.rows);
  const totals = Array.from({ length: 8 }, (_, k) =>
    answer.rows.reduce((s, r, i) => (counted[i] && !r.isGovernment ? s + amounts[i]![k]! : s), 0),
  );
  return {
    title: '科目余额表',
    unit,
    period,
    orientation: 'landscape',
    columns: [
      { header: '科目编码', width: 9, align: 'left' },
      { header: '科目名称', width: 17, align: 'left' },
      ...GROUPS.flatMap((g) => [money('借方', g.id), money('贷方', g.id)]),
    ],
    groups: GROUPS,
    indentColumn: 1,
    rows: [
      ...answer.rows.map((r, i) => ({
        cells: [r.code, r.codeName, ...amounts[i]!.map(blankZero)],
        indent: Math.max(0, r.level - 1),
      })),
      { cells: ['合计', '', ...totals.map(blankZero)], bold: true },
    ],
  };
}

export function generalLedgerTable(answer: GeneralLedgerResponse, year: number, unit: string, period: string): TableDocument {
  const side = (group: string): TableColumn => ({ header: '方向', group, width: 3.5, align: 'center' });
  return {
    title: '总账',
    unit,
    period,
    orientation: 'landscape',
    columns: [
      { header: '科目编码', width: 8, align: 'left' },
      { header: '科目名称', width: 14, align: 'left' },
      { header: '期间', width: 7, align: 'center' },
      side('opening'),
      money('余额', 'opening'),
      money('借方', 'period'),
      money('贷方', 'period'),
      money('借方', 'year'),
      money('贷方', 'year'),
      side('closing'),
      money('余额', 'closing'),
    ],
    groups: GROUPS,
    indentColumn: 1,
    rows: answer.rows.map((r) => ({
      cells: [
        r.code,
        r.codeName,
        `${year}-${String(r.month).padStart(2, '0')}`,
        SIDE[r.initialDirection],
        formatFen(r.initialBalance),
        blankZero(r.debitOccur),
        blankZero(r.creditOccur),
        blankZero(r.debitGrandTotal),
        blankZero(r.creditGrandTotal),
        SIDE[r.endDirection],
        formatFen(r.endBalance),
      ],
      indent: Math.max(0, r.level - 1),
    })),
  };
}

export interface DetailLedgerPrint {
  code: string;
  codeName: string;
  rows: readonly DetailLedgerRow[];
  showAuxi: boolean;
}

export function detailLedgerTable(ledger: DetailLedgerPrint, unit: string, period: string): TableDocument {
  const rows = toDetailLedgerGridRows(ledger.rows, 0);
  const optional = (n: number | null) => (n === null ? '' : formatFen(n));
  return {
    title: `明细账（${ledger.code} ${ledger.codeName}）`,
    unit,
    period,
    orientation: ledger.showAuxi ? 'landscape' : 'portrait',
    columns: [
      { header: '日期', width: 10, align: 'center' },
      { header: '凭证字号', width: 8, align: 'center' },
      { header: '摘要', width: 24, align: 'left' },
      ...(ledger.showAuxi ? [{ header: '辅助核算', width: 16, align: 'left' } as const] : []),
      { header: '借方', width: 13, align: 'right' },
      { header: '贷方', width: 13, align: 'right' },
      { header: '方向', width: 4, align: 'center' },
      { header: '余额', width: 14, align: 'right' },
    ],
    indentColumn: 2,
    rows: rows.map((r) =>
      r.kind === 'item'
        ? { cells: [r.summary], span: true, bold: true }
        : {
            cells: [
              r.date,
              r.voucherNo,
              r.summary,
              ...(ledger.showAuxi ? [r.auxiNames] : []),
              optional(r.debit),
              optional(r.credit),
              r.direction,
              optional(r.balance),
            ],
            bold: r.kind === 'monthTotal' || r.kind === 'yearTotal',
          },
    ),
  };
}
