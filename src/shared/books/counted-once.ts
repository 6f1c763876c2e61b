/**
 * Which listed subjects a total adds so that each amount counts once: a parent already holds its
 * children, so a row is added only when no listed row is its ancestor. Unfiltered, that is the
 * first-level subjects; when a code or name filter lists only child subjects (1001 filtered away,
 * 100101 and 100102 listed), it is those children, and the total equals what is listed. Subject
 * codes are hierarchical (a child's code starts with its parent's, src/shared/subjects/subject-code.ts),
 * so an ancestor is found even when the subject between them is not listed.
 */
export interface ListedSubject {
  readonly code: string;
  readonly parentCode: string | null;
}

/** For each row, whether a total adds it (same order as `rows`). */
export function countedOnce(rows: readonly ListedSubject[]): boolean[] {
  const listed = new Set(rows.map((r) => r.code));
  return rows.map((r) => {
    if (r.parentCode === null) return true;
    for (let end = r.code.length - 1; end > 0; end--) if (listed.has(r.code.slice(0, end))) return false;
    return !listed.has(r.parentCode);
  });
}
