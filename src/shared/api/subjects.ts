/**
 * Request and response shapes of the subject and opening-balance calls (spec doc 1 sections 3
 * and 7, base /account). Amounts are integer fen. Paths are in paths.ts.
 */
import type { BalanceDirection } from '../constants.js';
import type { ChartId, SubjectType } from '../chart.js';
import type { ValidationIssue } from '../envelope.js';

export interface AuxiTypeRef {
  typeNo: string;
  typeName: string;
}

/** Spec Subject. */
export interface SubjectItem {
  /** The code: subjects are keyed by code within a ledger set's year. */
  id: string;
  code: string;
  codeName: string;
  /** `code name-of-parent-...-name`. */
  codeAndFullName: string;
  type: SubjectType;
  level: number;
  lastLevel: boolean;
  balanceDirection: BalanceDirection;
  /** Opening balance, in the subject's direction (fen). Parents: the sum of their children. */
  initAmount: number;
  /** Current balance (fen): the opening until vouchers exist (a later issue adds postings). */
  balance: number;
  cumuleDebitAmount: number;
  cumuleCreditAmount: number;
  parentCode: string | null;
  /** The next free child code under this subject (what the add dialog proposes), null when none is possible. */
  childCode: string | null;
  /** Codes of every descendant, nearest first (empty for a last-level subject). */
  childCodeArray: string[];
  isStandard: boolean;
  /** Spec spelling: whether the subject carries auxiliary accounting. */
  incloudAuxi: boolean;
  auxiTypeList: AuxiTypeRef[];
  /** Budget accounting (6-8 in the government system). */
  isGovernment: boolean;
  enable: boolean;
  /** Pinyin initials of the name, lower case (filter of the subject picker). */
  pinyin: string;
  /** Only in tree answers (isTree). */
  children?: SubjectItem[];
}

/** GET subjectExtensions. Booleans arrive as 'true'/'false' in the query. */
export interface SubjectExtensionsQuery {
  isTree?: boolean;
  /** Accepted for the transition worksheet; no effect yet. */
  isReconciliation?: boolean;
  /** When false, codeAndFullName carries only the subject's own name. Default true. */
  incloudFullName?: boolean;
  /** A year of the session's ledger set; default the session year. */
  year?: number;
}

export interface SubjectExtensionsResponse {
  /** Flat list ordered by code, or the tree of first-level subjects when isTree. */
  subList: SubjectItem[];
  /** Old/new comparison of the transition worksheet (later issue): always empty for now. */
  accountComparisonList: unknown[];
}

/** GET elect: enabled last-level subjects for pickers. */
export interface SubjectElectQuery {
  /** Matches a code prefix, part of the name, or the pinyin initials (case-insensitive). */
  keyword?: string;
  type?: SubjectType;
  isGovernment?: boolean;
  /** Include parents too (a picker that shows the tree). Default false. */
  includeParents?: boolean;
}

export interface StandSubject {
  code: string;
  codeName: string;
  type: SubjectType;
  level: number;
  parentCode: string | null;
  balanceDirection: BalanceDirection;
  isGovernment: boolean;
}

export interface StandSubjectResponse {
  chartId: ChartId;
  name: string;
  source: string;
  codeLengths: { first: number; child: number };
  allowNewFirstLevel: boolean;
  subList: StandSubject[];
}

/** GET childCode?parentCode=: what the add dialog fills in when a parent is chosen. */
export interface ChildCodeResponse {
  parentCode: string | null;
  /** The proposed code, null when no subject may be added there (see message). */
  childCode: string | null;
  /** The full length a code must have there. */
  codeLength: number;
  /** Why nothing may be added there, else null. */
  message: string | null;
}

/** POST /api/subject: add (no id) or edit (id = the existing code). */
export interface SaveSubjectRequest {
  id?: string;
  code: string;
  codeName: string;
  /** Required for a detail; empty or null asks for a first-level subject. */
  parentCode?: string | null;
  /** Default: the parent's (a detail) or the type's normal side (first level). */
  balanceDirection?: BalanceDirection;
  /** Auxiliary types of a last-level subject: typeNo strings or { typeNo }. Absent: unchanged (a new detail inherits its parent's). */
  auxiTypeList?: (string | { typeNo: string })[];
}

export interface SubjectEnableRequest {
  code: string;
  enable: boolean;
}

/** One row of the opening-balance page: a subject, or an auxiliary detail row under one. */
export interface OpeningRow {
  /** Stable: the code for a subject row, `code#auxiKey` for an auxiliary row. */
  rowId: string;
  code: string;
  codeName: string;
  codeAndFullName: string;
  type: SubjectType;
  level: number;
  /** For an auxiliary row, its subject's code. */
  parentCode: string | null;
  lastLevel: boolean;
  balanceDirection: BalanceDirection;
  isGovernment: boolean;
  isStandard: boolean;
  enable: boolean;
  initAmount: number;
  cumuleDebitAmount: number;
  cumuleCreditAmount: number;
  /** Balance at the start of the year: opening less the turnover before the start month, in the direction. */
  yearInitAmount: number;
  incloudAuxi: boolean;
  auxiTypeList: AuxiTypeRef[];
  isAuxiliary: boolean;
  auxiKey: string | null;
  auxis: { typeNo: string; typeName: string; infoNo: string; infoName: string }[];
  /** Whether the amounts of this row are entered (last-level without auxiliary types, or an auxiliary row). */
  editable: boolean;
}

export interface TrialSide {
  debit: number;
  credit: number;
  /** debit - credit. */
  difference: number;
  cumuleDebit: number;
  cumuleCredit: number;
  cumuleDifference: number;
  balanced: boolean;
}

/** The trial check of opening balances (grids/opening-balance-trial.ts computes it for page and server). */
export interface TrialResult {
  financial: TrialSide;
  /** Budget accounting, checked apart; all zero and balanced in a chart without budget subjects (config.hasBudget). */
  budget: TrialSide;
  balanced: boolean;
}

export interface SubjectSettingResponse {
  /** The tabs: subject types present in the chart, in order. */
  subTypeList: { type: SubjectType; typeName: string; isGovernment: boolean }[];
  subInfoList: OpeningRow[];
  config: {
    year: number;
    startMonth: number;
    isMidYear: boolean;
    hasBudget: boolean;
    /** Whether the openings of this year have been saved (the financial state is normal). */
    isInitialised: boolean;
  };
  trial: TrialResult;
}

export interface OpeningDetail {
  /** Echoed in validation messages (rowId) so the grid marks the cell; defaults to the code / code#key. */
  rowId?: string;
  code: string;
  /** For an auxiliary row: one item per auxiliary type of the subject. */
  auxis?: { typeNo: string; infoNo: string }[];
  initAmount: number;
  cumuleDebitAmount?: number;
  cumuleCreditAmount?: number;
}

/**
 * POST branchSave. Rows of last-level subjects and auxiliary rows are upserted (an auxiliary row
 * all zero is removed); rows of parents are ignored, their sums are recomputed. An unbalanced
 * trial check is refused (4011, data: TrialResult) unless confirmPrompt is true.
 */
export interface BranchSaveRequest {
  detailList: OpeningDetail[];
  confirmPrompt?: boolean;
  /** Spec flag; parents are always recomputed by the server. */
  autoUnderAllAcc?: boolean;
}

export interface BranchSaveResponse {
  saved: number;
  trial: TrialResult;
}

/** 4003 data of branchSave and import: each bad row, with row and field. */
export type OpeningIssues = ValidationIssue[];
