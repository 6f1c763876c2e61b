/**
 * The subject chart as a tree for the page and the picker: rows in code order with their depth,
 * the filter (code prefix, part of the name, pinyin initials: the same test the server's elect
 * call makes), and which rows are visible once some are collapsed.
 */
import type { SubjectItem } from '../../shared/api/subjects.js';

export interface TreeRow {
  subject: SubjectItem;
  depth: number;
  hasChildren: boolean;
}

export function matchesKeyword(subject: SubjectItem, rawKeyword: string): boolean {
  const keyword = rawKeyword.trim().toLowerCase();
  if (!keyword) return true;
  return subject.code.startsWith(keyword) || subject.codeName.toLowerCase().includes(keyword) || subject.pinyin.includes(keyword);
}

/**
 * Rows in code order. With a keyword, the matching subjects and their ancestors (so the tree
 * still reads), and every row expanded.
 */
export function treeRows(subjects: readonly SubjectItem[], keyword: string, collapsed: ReadonlySet<string>): TreeRow[] {
  const byCode = new Map(subjects.map((s) => [s.code, s]));
  const sorted = [...subjects].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const parents = new Set(subjects.map((s) => s.parentCode).filter((c): c is string => !!c));
  let keep: Set<string> | null = null;
  if (keyword.trim()) {
    keep = new Set();
    for (const s of sorted) {
      if (!matchesKeyword(s, keyword)) continue;
      let cursor: SubjectItem | undefined = s;
      while (cursor && !keep.has(cursor.code)) {
        keep.add(cursor.code);
        cursor = cursor.parentCode ? byCode.get(cursor.parentCode) : undefined;
      }
    }
  }
  const depthOf = (s: SubjectItem): number => {
    let depth = 0;
    let cursor = s.parentCode ? byCode.get(s.parentCode) : undefined;
    while (cursor) {
      depth += 1;
      cursor = cursor.parentCode ? byCode.get(cursor.parentCode) : undefined;
    }
    return depth;
  };
  const hidden = (s: SubjectItem): boolean => {
    if (keep) return false;
    let cursor = s.parentCode ? byCode.get(s.parentCode) : undefined;
    while (cursor) {
      if (collapsed.has(cursor.code)) return true;
      cursor = cursor.parentCode ? byCode.get(cursor.parentCode) : undefined;
    }
    return false;
  };
  return sorted
    .filter((s) => (keep ? keep.has(s.code) : true) && !hidden(s))
    .map((s) => ({ subject: s, depth: depthOf(s), hasChildren: parents.has(s.code) }));
}

/** Codes of every subject that has children (to collapse all). */
export function parentCodes(subjects: readonly SubjectItem[]): Set<string> {
  return new Set(subjects.map((s) => s.parentCode).filter((c): c is string => !!c));
}
