/**
 * Which common summaries (摘要库) a keyword finds: those containing it, case-insensitive, in the
 * list's order. One rule for GET /api/summary and the voucher page's summary cell, which searches
 * the list it holds in the keystroke.
 */
export function summariesMatching<S extends { content: string }>(list: readonly S[], keyword: string | undefined): S[] {
  const k = keyword?.trim().toLowerCase() ?? '';
  return k === '' ? list.slice() : list.filter((s) => s.content.toLowerCase().includes(k));
}
