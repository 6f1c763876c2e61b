/**
 * A union's books carry income and expense forward (收支结转); 损益 is an enterprise's word. No text
 * the product shows says 损益结转 or 期间损益, on the close page, its check, the carry-forward
 * templates or anywhere else (the regulations quoted under templates/reference use 汇兑损益 and
 * the like in their own sense, and are not product text).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FOLDERS = [
  'src/client',
  'src/server',
  'src/shared',
  'grids',
  'formulas',
  'templates/charts',
  'templates/carry-forward',
  'templates/reports',
  'templates/voucher-templates',
];
const ENTERPRISE_WORDS = /损益结转|期间损益|结转损益/;

function sources(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(tsx?|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the union’s words', () => {
  it('finds the product’s sources', () => {
    expect(sources(path.join(ROOT, 'src/client')).length).toBeGreaterThan(50);
  });

  it('no product text says 损益结转', () => {
    const offending = FOLDERS.flatMap((f) => sources(path.join(ROOT, f))).filter((file) =>
      ENTERPRISE_WORDS.test(readFileSync(file, 'utf8')),
    );
    expect(offending.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
