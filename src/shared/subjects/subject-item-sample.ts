/**
 * A SubjectItem as the subject calls answer it, for tests and benchmarks: a first-level, last-level,
 * enabled debit subject of the standard chart, with no balance, unless `over` says otherwise.
 */
import type { SubjectItem } from '../api/subjects.js';

export function sampleSubject(code: string, over: Partial<SubjectItem> = {}): SubjectItem {
  const codeName = over.codeName ?? code;
  return {
    id: code,
    code,
    codeName,
    codeAndFullName: `${code} ${codeName}`,
    type: 1,
    level: 1,
    lastLevel: true,
    balanceDirection: 1,
    initAmount: 0,
    balance: 0,
    cumuleDebitAmount: 0,
    cumuleCreditAmount: 0,
    parentCode: null,
    childCode: null,
    childCodeArray: [],
    isStandard: true,
    incloudAuxi: false,
    auxiTypeList: [],
    isGovernment: false,
    enable: true,
    pinyin: '',
    ...over,
  };
}
