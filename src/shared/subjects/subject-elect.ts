/**
 * Which subjects a picker offers for a typed keyword: a code prefix, part of the name or part of
 * the pinyin initials (case-insensitive), in chart order. One rule for the server's
 * /api/subject/elect and the voucher page's subject cell, which searches the chart it holds so
 * that Enter on a half-typed `yhck` resolves in the same keystroke.
 */
export interface ElectableSubject {
  code: string;
  codeName: string;
  pinyin: string;
  enable: boolean;
}

export function electKeyword(text: string): string {
  return text.trim().toLowerCase();
}

export function subjectMatches(subject: ElectableSubject, keyword: string): boolean {
  const k = electKeyword(keyword);
  return k === '' || subject.code.startsWith(k) || subject.codeName.toLowerCase().includes(k) || subject.pinyin.includes(k);
}

/** The enabled subjects matching the keyword, in the order given (the chart's). */
export function electSubjects<S extends ElectableSubject>(subjects: Iterable<S>, keyword: string): S[] {
  const k = electKeyword(keyword);
  const out: S[] = [];
  for (const s of subjects) if (s.enable && subjectMatches(s, k)) out.push(s);
  return out;
}
