/**
 * The default entries of the document vouchers (template types 7 fixed disposal, 10 intangible disposal, 13 inventory
 * issue) and of the asset-change voucher, per accounting system, and the subjects each offers (*DocSubInfoList).
 *
 * Union systems (2021 会计制度, 第三十六条/第四十一条 and the 162/163/171/172 科目说明): a disposal debits 累计折旧
 * (摊销) by the accumulated amount and 资产基金—固定资产（无形资产） by the book value, and credits 固定资产 (无形资产) by
 * the original value; the 变价收入 net of 处置费用 is 其他收入 (credit, against 银行存款), a net loss 其他支出 (our choice:
 * the part to be handed to the treasury, 其他应付款, is the user's edit of the entry). An inventory issue debits
 * 资产基金—库存物品 and credits 库存物品. A change debits the asset and credits its 资产基金 (a decrease the reverse).
 * Government sets (政府会计制度) use 资产处置费用 5301 / 业务活动费用 5001 for the fund side and 其他收入 4609.
 */
import type { AccountingSystem } from '../../shared/api/schemas/zt.js';
import { AssetClass, DocumentKind, GOVERNMENT_LEDGER, UNION_LEDGER, type AssetClassCode } from '../../shared/assets/constants.js';
import { AssetDocumentSummaries as S } from '../../shared/assets/documents-messages.js';
import type { DocumentRecord } from './documents.js';

export interface PlannedEntry {
  summary: string;
  subjectCode: string;
  /** 1 debit, 2 credit. */
  direction: 1 | 2;
  fen: number;
  /** Auxiliary items of a user's row. */
  auxis?: readonly { typeNo: string; infoNo: string }[];
}

export type EntryRole = 'cost' | 'provision' | 'fund' | 'bank' | 'income' | 'expense';

export interface ClassSubjects {
  cost: string;
  provision: string | null;
  /** Candidates, the first that is a last-level subject of the set wins. */
  fund: readonly string[];
  bank: string;
  income: string;
  expense: readonly string[];
}

export function classSubjects(system: AccountingSystem, assetClass: AssetClassCode): ClassSubjects {
  if (system === 'government') {
    const ledger = GOVERNMENT_LEDGER[assetClass];
    return {
      cost: ledger.cost,
      provision: ledger.provision ?? null,
      fund: [assetClass === AssetClass.Inventory ? '5001' : '5301'],
      bank: '1002',
      income: '4609',
      expense: ['5301'],
    };
  }
  const ledger = UNION_LEDGER[assetClass];
  const fundChild = assetClass === 1 ? '30104' : assetClass === 2 ? '30105' : '30101';
  return {
    cost: ledger.cost,
    provision: ledger.provision ?? null,
    fund: [fundChild, '301'],
    bank: '102',
    income: '408',
    expense: ['510', '508'],
  };
}

/** The first candidate the set has as a usable last-level subject (else the first, so the save names it). */
export function pick(candidates: readonly string[], usable: (code: string) => boolean): string {
  return candidates.find(usable) ?? candidates[0] ?? '';
}

/** The entries of one document. */
export function documentEntries(doc: DocumentRecord, subjects: ClassSubjects, usable: (code: string) => boolean): PlannedEntry[] {
  const fund = pick(subjects.fund, usable);
  const original = doc.lines.reduce((a, l) => a + l.originalFen, 0);
  const cumulative = doc.lines.reduce((a, l) => a + l.cumulativeFen, 0);
  const residual = original - cumulative;
  const names = doc.lines.map((l) => l.name).join('、');
  const out: PlannedEntry[] = [];
  if (doc.kind === DocumentKind.Change) {
    const summary = S.change(doc.lines[0]?.cardNo ?? '', names);
    const dir: 1 | 2 = original >= 0 ? 1 : 2;
    out.push({ summary, subjectCode: subjects.cost, direction: dir, fen: Math.abs(original) });
    out.push({ summary, subjectCode: fund, direction: dir === 1 ? 2 : 1, fen: Math.abs(original) });
    return out;
  }
  if (doc.kind === DocumentKind.InventoryIssue) {
    const summary = S.issue(doc.documentNo, names);
    out.push({ summary, subjectCode: fund, direction: 1, fen: original });
    out.push({ summary, subjectCode: subjects.cost, direction: 2, fen: original });
    return out;
  }
  const summary = S.disposal(doc.documentNo, names);
  if (subjects.provision && cumulative > 0) out.push({ summary, subjectCode: subjects.provision, direction: 1, fen: cumulative });
  if (residual > 0) out.push({ summary, subjectCode: fund, direction: 1, fen: residual });
  out.push({ summary, subjectCode: subjects.cost, direction: 2, fen: original });
  const net = doc.disposeAmountFen - doc.disposeCostFen;
  if (net > 0) {
    out.push({ summary: S.proceeds(doc.documentNo), subjectCode: subjects.bank, direction: 1, fen: net });
    out.push({ summary: S.proceeds(doc.documentNo), subjectCode: subjects.income, direction: 2, fen: net });
  } else if (net < 0) {
    const expense = pick(subjects.expense, usable);
    out.push({ summary: S.loss(doc.documentNo), subjectCode: expense, direction: 1, fen: -net });
    out.push({ summary: S.loss(doc.documentNo), subjectCode: subjects.bank, direction: 2, fen: -net });
  }
  return out.filter((e) => e.fen > 0);
}

/** Several documents' entries as one voucher: the same subject and side added together, in first-seen order. */
export function mergeEntries(entries: readonly PlannedEntry[], summary: string): PlannedEntry[] {
  const out: PlannedEntry[] = [];
  for (const e of entries) {
    const same = out.find((o) => o.subjectCode === e.subjectCode && o.direction === e.direction);
    if (same) same.fen += e.fen;
    else out.push({ ...e, summary });
  }
  return out;
}

/** The subjects a document's (or a change's) voucher offers, with their part. */
export function subInfoCodes(
  subjects: ClassSubjects,
  usable: (code: string) => boolean,
): { code: string; role: EntryRole; direction: 1 | 2 }[] {
  return [
    { code: subjects.cost, role: 'cost' as const, direction: 2 as const },
    ...(subjects.provision ? [{ code: subjects.provision, role: 'provision' as const, direction: 1 as const }] : []),
    { code: pick(subjects.fund, usable), role: 'fund' as const, direction: 1 as const },
    { code: subjects.bank, role: 'bank' as const, direction: 1 as const },
    { code: subjects.income, role: 'income' as const, direction: 2 as const },
    { code: pick(subjects.expense, usable), role: 'expense' as const, direction: 1 as const },
  ];
}
