/**
 * The default entries of every asset voucher (spec §9 template types 5–13), shared by every kind (additions,
 * provisions, documents, the long-term deferred expenses): a template type and the asset's amounts → the entry lines
 * the dialog shows and the automatic save (isAuto) posts.
 *
 * Where the lines come from:
 * - union sets (基层 and 县级以上): the built-in templates of templates/voucher-templates/union-2021.ts (types 5–13,
 *   per the 2021 union system: an addition is Dr asset / Cr 301 资产基金—X plus Dr expense / Cr 102; depreciation
 *   Dr 30104 / Cr 163; amortisation Dr 30105 / Cr 172; a disposal Dr 163 + Dr 301 (net) / Cr 162; an inventory issue
 *   Dr 30101 / Cr 141);
 * - government sets: GOVERNMENT_LINES below (1601/1602, 1701/1702, 1302, 1002, 5001 业务活动费用, 5301 资产处置费用).
 *
 * What must stay true: a line's subject is the template's only when the set's chart of that year has it as an enabled
 * last-level subject; otherwise the line keeps its place with an empty subject for the user to pick (the save then
 * answers 科目不能为空). Lines whose amount is 0 (a disposal of an asset never depreciated) are left out. Amounts are
 * fen; debit total equals credit total for any amounts with net = original − accumulated.
 */
import type { AccountingSystem } from '../../shared/api/schemas/zt.js';
import type { BuiltInTemplate } from '../../../templates/voucher-templates/types.js';
import { union2021Templates } from '../../../templates/voucher-templates/union-2021.js';
import type { Q } from '../subjects/subject-repository.js';
import { fullNameOf } from '../subjects/subject-items.js';
import { loadSubjectIndex } from '../vouchers/repository.js';

type Line = BuiltInTemplate['lines'][number];

const gov = (summary: string, lines: readonly [string, 1 | 2, Line['amount']?][]): Line[] =>
  lines.map(([subjectCode, side, amount]) => (amount ? { summary, subjectCode, side, amount } : { summary, subjectCode, side }));

/** 政府会计制度 (2017): the financial side of each template (the budget side is the bookkeeper's). */
export const GOVERNMENT_LINES: Readonly<Record<number, readonly Line[]>> = {
  5: gov('购置固定资产', [
    ['1601', 1],
    ['1002', 2],
  ]),
  6: gov('计提固定资产折旧', [
    ['5001', 1],
    ['1602', 2],
  ]),
  7: gov('处置固定资产', [
    ['1602', 1, 'accumulated'],
    ['5301', 1, 'net'],
    ['1601', 2, 'original'],
  ]),
  8: gov('取得无形资产', [
    ['1701', 1],
    ['1002', 2],
  ]),
  9: gov('计提无形资产摊销', [
    ['5001', 1],
    ['1702', 2],
  ]),
  10: gov('处置无形资产', [
    ['1702', 1, 'accumulated'],
    ['5301', 1, 'net'],
    ['1701', 2, 'original'],
  ]),
  11: gov('购入库存物品', [
    ['1302', 1],
    ['1002', 2],
  ]),
  13: gov('库存物品出库', [
    ['5001', 1],
    ['1302', 2],
  ]),
};

/** The template's lines for the set's accounting system (empty for a type without a template). */
export function templateLines(templateType: number, system: AccountingSystem): readonly Line[] {
  if (system === 'government') return GOVERNMENT_LINES[templateType] ?? [];
  return union2021Templates.find((t) => t.template === templateType)?.lines ?? [];
}

/** The amounts a template's lines carry, fen. accumulated defaults to 0 and net to original − accumulated. */
export interface EntryAmounts {
  originalFen: number;
  accumulatedFen?: number;
  netFen?: number;
}

export interface DefaultEntry {
  summary: string;
  /** '' when the set's chart lacks the subject or it is not last level. */
  subjectCode: string;
  subjectName: string;
  balanceDirection: 1 | 2;
  amountFen: number;
}

/** The lines with their amounts, before the subjects are checked against a chart (pure). */
export function plannedEntries(templateType: number, system: AccountingSystem, amounts: EntryAmounts, summary?: string) {
  const accumulated = amounts.accumulatedFen ?? 0;
  const net = amounts.netFen ?? amounts.originalFen - accumulated;
  const fenOf = (line: Line): number =>
    line.amount === 'accumulated' ? accumulated : line.amount === 'net' ? net : amounts.originalFen;
  return templateLines(templateType, system)
    .map((line) => ({
      summary: summary ?? line.summary,
      subjectCode: line.subjectCode,
      balanceDirection: line.side,
      amountFen: fenOf(line),
    }))
    .filter((line) => line.amountFen !== 0);
}

/** The default entries against the set's chart of `year`: a subject it lacks, or not last level, is left empty. */
export async function defaultEntries(
  q: Q,
  scope: { ztId: number; system: AccountingSystem },
  year: number,
  templateType: number,
  amounts: EntryAmounts,
  summary?: string,
): Promise<DefaultEntry[]> {
  const planned = plannedEntries(templateType, scope.system, amounts, summary);
  const index = await loadSubjectIndex(
    q,
    scope.ztId,
    year,
    planned.map((l) => l.subjectCode),
  );
  return planned.map((line) => {
    const row = index.byCode.get(line.subjectCode);
    const usable = !!row && !!row.last_level && !!row.enable;
    return {
      ...line,
      subjectCode: usable ? line.subjectCode : '',
      subjectName: usable && row ? fullNameOf(row, index.byCode) : '',
    };
  });
}
