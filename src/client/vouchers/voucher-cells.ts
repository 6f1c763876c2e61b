/**
 * What the voucher page adds to the grid's cells: the subject cell shows code and full name with
 * the subject's balance under it, the auxiliary cell the item names; the subject cell takes a
 * code, a name or pinyin initials with a live list searched in the chart the page holds (the same
 * rule as /api/subject/elect), the summary cell offers the ledger set's common summaries from the
 * list the page holds (refreshed in the background as the cell opens). Both answer in the
 * keystroke: Enter on a half-typed text takes the entry the list shows first.
 */
import type { SubjectBalanceResponse } from '../../shared/api/vouchers.js';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { formatFen } from '../../shared/money.js';
import type { VoucherRuleContext } from '../../shared/vouchers/rules.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import type { CellExtras } from '../grid/cell-extras.js';
import type { SummaryItem } from '../../shared/api/vouchers.js';
import { electSubjects } from '../../shared/subjects/subject-elect.js';
import { summariesMatching } from '../../shared/vouchers/summary-search.js';
import { autocompleteEditor, type AutocompleteSource } from './autocomplete-editor.js';
import { fetchSummaries } from './voucher-api.js';
import { auxiText } from './voucher-rows.js';
import { budgetNote, type BudgetView } from './voucher-budget.js';

const LIST_LIMIT = 30;

export interface VoucherLookups {
  subjects: () => ReadonlyMap<string, SubjectItem>;
  balances: () => ReadonlyMap<string, SubjectBalanceResponse>;
  auxiNames: () => ReadonlyMap<string, string>;
  /** The set's common summaries as last fetched; `refreshSummaries` fetches them again. */
  summaries?: () => readonly SummaryItem[];
  refreshSummaries?: (changed?: () => void) => void;
  /** Subjects this grid offers (a two-table voucher: financial or budget ones). */
  offers?: (subject: SubjectItem) => boolean;
  /** The voucher's budgets: the remaining of a line's budget detail shows under its items. */
  budget?: () => BudgetView;
}

/** The balance line under a subject: 余额 借 1,200.00. */
export function balanceNote(balance: SubjectBalanceResponse | undefined): string | undefined {
  if (!balance) return undefined;
  const fen = yuanToFen(balance.balance);
  if (!fen.ok) return undefined;
  return `余额 ${balance.balanceDirection === 1 ? '借' : '贷'} ${formatFen(fen.fen)}`;
}

export function voucherCellExtras(lookups: VoucherLookups): CellExtras {
  const subjectSource: AutocompleteSource = {
    search: (text) =>
      electSubjects(lookups.subjects().values(), text)
        .filter((s) => lookups.offers?.(s) ?? true)
        .slice(0, LIST_LIMIT)
        .map((s) => ({ value: s.code, label: s.codeAndFullName, muted: !s.lastLevel })),
    highlightFirst: true,
    needsText: true,
    listLabel: '科目候选',
  };
  const summarySource: AutocompleteSource = {
    search: (text) =>
      summariesMatching(lookups.summaries?.() ?? [], text)
        .slice(0, LIST_LIMIT)
        .map((s) => ({ value: s.content, label: s.content })),
    prepare: (changed) => lookups.refreshSummaries?.(changed),
    highlightFirst: false,
    needsText: true,
    listLabel: '常用摘要',
  };
  return {
    text: (row, fieldId) => {
      if (fieldId === 'subjectCode') {
        const code = row['subjectCode'];
        if (typeof code !== 'string' || code === '') return undefined;
        return lookups.subjects().get(code)?.codeAndFullName ?? code;
      }
      if (fieldId === 'auxis') {
        const key = row['auxis'];
        return typeof key === 'string' ? auxiText(key, lookups.auxiNames()) : undefined;
      }
      return undefined;
    },
    // The remaining budget of the line's budget detail, then the subject's balance (the subject
    // cell is the line's widest: the item cell would cut the remaining off).
    note: (row, fieldId) => {
      if (fieldId !== 'subjectCode') return undefined;
      const code = row['subjectCode'];
      if (typeof code !== 'string' || code === '') return undefined;
      const parts = [lineBudgetNote(lookups, row)?.text, balanceNote(lookups.balances().get(code))].filter((p) => !!p);
      return parts.length > 0 ? parts.join('　') : undefined;
    },
    noteTone: (row, fieldId) => (fieldId === 'subjectCode' ? lineBudgetNote(lookups, row)?.tone : undefined),
    editors: {
      subjectCode: autocompleteEditor(subjectSource),
      summary: autocompleteEditor(summarySource),
    },
  };
}

function lineBudgetNote(lookups: VoucherLookups, row: Record<string, unknown>): ReturnType<typeof budgetNote> {
  const key = row['auxis'];
  const view = lookups.budget?.();
  return view && typeof key === 'string' && key !== '' ? budgetNote(view, key) : undefined;
}

/** The store's lookups as plain functions (a table adds what it offers). */
export function lookupsOf(store: VoucherLookupStore): VoucherLookups {
  return {
    subjects: store.subjects,
    balances: store.balances,
    auxiNames: store.auxiNames,
    summaries: store.summaries,
    refreshSummaries: store.refreshSummaries,
  };
}

/** The page's lookups, one per editor: the chart, fetched balances and auxiliary item names. */
export class VoucherLookupStore implements VoucherLookups {
  subjectMap = new Map<string, SubjectItem>();
  balanceMap = new Map<string, SubjectBalanceResponse>();
  nameMap = new Map<string, string>();
  summaryList: readonly SummaryItem[] = [];
  private summarySeq = 0;
  twoTable = false;

  subjects = (): ReadonlyMap<string, SubjectItem> => this.subjectMap;
  balances = (): ReadonlyMap<string, SubjectBalanceResponse> => this.balanceMap;
  auxiNames = (): ReadonlyMap<string, string> => this.nameMap;
  summaries = (): readonly SummaryItem[] => this.summaryList;

  /**
   * Fetches the common summaries again (the 摘要库 dialog may have changed them); the latest
   * fetch wins, and `changed` hears when its list is in.
   */
  refreshSummaries = (changed?: () => void): void => {
    const seq = ++this.summarySeq;
    fetchSummaries()
      .then((list) => {
        if (seq !== this.summarySeq) return;
        this.summaryList = list;
        changed?.();
      })
      .catch(() => undefined);
  };

  load(subjects: readonly SubjectItem[], twoTable: boolean): void {
    this.subjectMap = new Map(subjects.map((x) => [x.code, x]));
    this.twoTable = twoTable;
    // The summaries come with the chart, so the first summary cell already finds them.
    this.refreshSummaries();
  }

  setTwoTable(twoTable: boolean): void {
    this.twoTable = twoTable;
  }

  /** A new voucher on screen: its item names; balances are fetched again for its period. */
  startVoucher(names: ReadonlyMap<string, string>): void {
    this.nameMap = new Map(names);
    this.balanceMap.clear();
  }

  addNames(entries: Iterable<readonly [string, string]>): void {
    for (const [k, v] of entries) this.nameMap.set(k, v);
  }

  setBalance(balance: SubjectBalanceResponse): void {
    this.balanceMap.set(balance.code, balance);
  }

  /** The shared rules' view of the chart. */
  ruleContext = (): VoucherRuleContext => ({
    subject: (code) => {
      const s = this.subjectMap.get(code);
      return s
        ? {
            code: s.code,
            lastLevel: s.lastLevel,
            enable: s.enable,
            isGovernment: s.isGovernment,
            auxiTypeNos: s.auxiTypeList.map((t) => t.typeNo),
          }
        : undefined;
    },
    twoTable: this.twoTable,
  });
}
