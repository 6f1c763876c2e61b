/**
 * Shape of a chart-of-accounts template (the data files in templates/charts). A subject's code
 * prefix tells financial (1-5) from budget (6-8) accounting in the government system; the union
 * systems keep one set of books and have no budget subjects.
 */
import type { BalanceDirection } from './constants.js';

export type ChartId = 'union-2021-grassroots' | 'union-2021-county' | 'union-2009' | 'government-2017';

/**
 * Subject type (spec Subject.type, the tabs of the opening-balance page).
 * Union systems: 1 资产, 2 负债, 3 净资产, 4 收入, 5 支出.
 * Government system: the same five for financial accounting (5 is 费用 there),
 * 6 预算收入, 7 预算支出, 8 预算结余 for budget accounting.
 */
export type SubjectType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export const SUBJECT_TYPE_NAMES: Readonly<Record<SubjectType, string>> = {
  1: '资产',
  2: '负债',
  3: '净资产',
  4: '收入',
  5: '支出',
  6: '预算收入',
  7: '预算支出',
  8: '预算结余',
};

export interface SubjectTemplate {
  code: string;
  name: string;
  type: SubjectType;
  balanceDirection: BalanceDirection;
  /** 1 for a first-level subject, 2 for a coded detail under it. */
  level: 1 | 2;
  parentCode: string | null;
  /** Budget accounting (spec isGovernment): true only for the government system's 6xxx-8xxx. */
  isBudget: boolean;
}

export interface ChartTemplate {
  id: ChartId;
  name: string;
  /** Regulation and where the rows were taken from. */
  source: string;
  /** Digits of a first-level code, and of each further level's part. */
  codeLengths: { first: number; child: number };
  subjects: readonly SubjectTemplate[];
}
