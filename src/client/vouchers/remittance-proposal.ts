/**
 * Issue 20 B8 in the voucher editor (F8, 经费分配): a line crediting 402 拨缴经费收入 with a funds
 * unit's 经费单位 (JFDW) item is replaced by the remittance lines of the unit's ratios in force
 * (the server's proposal: this level's share on 402, the superiors' on 211, the lower unions' on
 * 212 ...). The lines add up to the line's credit, so the voucher stays balanced. Pure: the page
 * asks the server and shows the tables this answers.
 */
import type { VoucherLineRow } from '../../../grids/voucher.js';
import type { FundsProposalLine } from '../../shared/api/schemas/funds-reports.js';
import { answerFen } from '../../shared/books/answer-amounts.js';
import { auxiKeyOf, parseAuxiKey } from '../../shared/subjects/auxiliary-rules.js';

export const FUNDS_UNIT_TYPE = 'JFDW';
export const INCOME_ROOT = '402';

export const RemittanceMessages = {
  notApplicable: '经费分配（F8）只用于贷记402拨缴经费收入且选有经费单位的行',
  hint: '按 F8 可按该经费单位的比例拆出本级、上解、下拨各行',
} as const;

export interface RemittanceSource {
  unitCode: string;
  /** Fen, the line's credit. */
  amount: number;
  summary: string;
}

/** What the proposal is asked for from a line, or null when the line is not one it applies to. */
export function remittanceSource(row: VoucherLineRow | undefined): RemittanceSource | null {
  if (!row?.subjectCode?.startsWith(INCOME_ROOT) || !row.creditAmount || row.debitAmount) return null;
  const unit = parseAuxiKey(row.auxis ?? '').find((c) => c.typeNo === FUNDS_UNIT_TYPE);
  if (!unit) return null;
  return { unitCode: unit.infoNo, amount: row.creditAmount, summary: row.summary ?? '' };
}

/** The tables with the line `rowId` replaced by the proposed lines (the first keeps its row id). */
export function withProposal(
  tables: readonly (readonly VoucherLineRow[])[],
  rowId: string,
  lines: readonly FundsProposalLine[],
  newRowId: () => string,
): VoucherLineRow[][] {
  return tables.map((rows) => {
    const at = rows.findIndex((r) => r.rowId === rowId);
    const row = rows[at];
    if (!row) return [...rows];
    const proposed = lines.map((l, i): VoucherLineRow => ({
      rowId: i === 0 ? row.rowId : newRowId(),
      originalId: i === 0 ? row.originalId : null,
      parentId: null,
      summary: l.summary || row.summary,
      subjectCode: l.subjectCode,
      auxis: l.auxis.length > 0 ? auxiKeyOf(l.auxis) : null,
      debitAmount: null,
      creditAmount: answerFen(l.creditAmount),
    }));
    return [...rows.slice(0, at), ...proposed, ...rows.slice(at + 1)];
  });
}
