/**
 * src/shared is the ground floor: both sides agree on it, and grids/, formulas/ and templates/
 * build on it. Its code imports nothing of ours from outside it (issue 16 moved the workbook
 * assembly, which needed formulas/, up to grids/workbook). ESLint says so in the editor
 * (eslint.config.js); this test says so for the whole folder at once. Tests may take fixtures
 * from above (the report templates).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** src/shared, from this folder (src/repository). */
const SHARED = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'shared');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Relative specifiers of static and dynamic imports and re-exports. */
function relativeImports(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm))
    if (m[1]) out.push(m[1]);
  return out;
}

describe('src/shared', () => {
  it('finds the imports it checks', () => {
    expect(
      relativeImports(
        "import { a } from '../x.js';\nexport { b } from './y.js';\nconst c = await import('../../z.js');\nimport './side.css';",
      ),
    ).toEqual(['../x.js', './y.js', '../../z.js', './side.css']);
  });

  it('imports nothing of ours from outside itself', () => {
    const files = sources(SHARED);
    expect(files.length).toBeGreaterThan(50);
    const outside = files.flatMap((file) =>
      relativeImports(readFileSync(file, 'utf8'))
        .filter((spec) => !path.resolve(path.dirname(file), spec).startsWith(SHARED + path.sep))
        .map((spec) => `${path.relative(SHARED, file)} → ${spec}`),
    );
    expect(outside).toEqual([]);
  });
});
