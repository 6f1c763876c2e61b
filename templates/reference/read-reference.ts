/**
 * The reference texts of this folder for the tests that compare the charts and report layouts with
 * the regulations (README.md says what each file is and where it comes from). Only files of this
 * folder are read, so the tests pass on any clone of the repository.
 *
 * A regulation text opens with a header citing its document, ended by REGULATION_TEXT_START; the
 * text below it is as extracted, and is what the tests parse.
 */
import { readFileSync } from 'node:fs';

export const REGULATION_TEXT_START = '======== 原文 ========';

/** Each regulation text and the document number its header must cite. */
export const REGULATIONS = {
  'union-2021-accounting-system.txt': { number: '财会〔2021〕7号', title: '工会会计制度' },
  'union-2009-accounting-system.md': { number: '财会〔2009〕7号', title: '工会会计制度' },
  'government-2017-accounting-system.txt': { number: '财会〔2017〕25号', title: '政府会计制度——行政事业单位会计科目和报表' },
} as const;

export type RegulationFile = keyof typeof REGULATIONS;

const cache = new Map<string, string>();

function read(relative: string): string {
  const cached = cache.get(relative);
  if (cached !== undefined) return cached;
  const text = readFileSync(new URL(relative, import.meta.url), 'utf8');
  cache.set(relative, text);
  return text;
}

/** union-accounting.md: the compiled tables with their sources. */
export function compiledReference(): string {
  return read('union-accounting.md');
}

/** A regulation file split into its citing header and the text as extracted. */
export function regulationFile(file: RegulationFile): { header: string; text: string } {
  const whole = read(`regulations/${file}`);
  const at = whole.indexOf(`\n${REGULATION_TEXT_START}\n`);
  if (at < 0) throw new Error(`templates/reference/regulations/${file}: no "${REGULATION_TEXT_START}" line after its header`);
  return { header: whole.slice(0, at), text: whole.slice(at + REGULATION_TEXT_START.length + 2) };
}

/** The text of a regulation as extracted, without the citing header. */
export function regulationText(file: RegulationFile): string {
  return regulationFile(file).text;
}
