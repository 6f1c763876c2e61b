/**
 * No file of the repository refers to a path outside it (the rule: outside-paths.ts), so a fresh
 * clone runs its tests, benches and CI with nothing beside it. Every tracked file is read (and
 * files not yet added but not ignored, so a new file is caught before its commit).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOSTILE_INPUT_MARK, outsideReferences } from './outside-paths.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** These two files spell out the patterns they look for. */
const SELF = new Set(['src/repository/outside-paths.ts', 'src/repository/outside-paths.test.ts']);

/** Tracked and new, not ignored files; without git (an unpacked archive), every file outside the ignored folders. */
function repositoryFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 2 ** 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.split('\0').filter((f) => f !== '');
  } catch {
    const ignored = new Set(['.git', 'node_modules', 'dist', 'data', 'test-results', 'playwright-report']);
    const walk = (dir: string): string[] =>
      readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
        const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
        if (ignored.has(rel) || rel === 'bench/results') return [];
        return entry.isDirectory() ? walk(rel) : [rel];
      });
    return walk('');
  }
}

function textOf(file: string): string | null {
  const full = path.join(ROOT, file);
  if (!existsSync(full) || !statSync(full).isFile()) return null;
  const bytes = readFileSync(full);
  if (bytes.subarray(0, 8000).includes(0)) return null;
  return bytes.toString('utf8');
}

const at = (file: string, text: string) => outsideReferences(file, text).map((r) => r.found);

describe('the rule', () => {
  it('resolves a parent run from the file’s folder: two levels deep, two steps stay inside, three leave', () => {
    expect(at('templates/charts/x.test.ts', "new URL('../../../sibling/reference/a.md', import.meta.url)")).toEqual([
      '../../../sibling/reference/a.md',
    ]);
    expect(at('templates/charts/x.test.ts', "new URL('../../src/shared/chart.ts', import.meta.url)")).toEqual([]);
    expect(at('src/client/app/a.ts', "import type { Db } from '../../server/db/database.js';")).toEqual([]);
    expect(at('src/server/seed/demo.ts', "import { charts } from '../../../templates/charts/index.js';")).toEqual([]);
    expect(at('src/server/seed/demo.ts', "import x from '../../../../sibling/x.js';")).toEqual(['../../../../sibling/x.js']);
    expect(at('README.md', 'see `../sibling/STYLE.md`')).toEqual(['../sibling/STYLE.md']);
    expect(at('e2e/a.spec.ts', '// the reference sits in ../../sibling/reference')).toEqual(['../../sibling/reference']);
    expect(at('tsconfig.json', '{ "extends": "../tsconfig.base.json" }')).toEqual(['../tsconfig.base.json']);
    expect(at('package.json', '"x": "file:../x"')).toEqual(['../x']);
  });

  it('resolves new URL(..) and path.join/resolve from the file’s folder, with the folder bound to a name or not', () => {
    expect(at('vite.config.ts', "new URL('..', import.meta.url)")).toEqual(['..']);
    expect(at('bench/a.ts', "new URL('..', import.meta.url)")).toEqual([]);
    expect(at('src/server/a.ts', "path.join(__dirname, '..', '..', '..')")).toEqual(["path.join(__dirname, '..', '..', '..')"]);
    expect(at('src/server/a.ts', "path.join(__dirname, '..', '..')")).toEqual([]);
    expect(at('src/server/a.ts', "path.resolve(import.meta.dirname, '../..', '..')")).toHaveLength(1);
    const bound = "const here = dirname(fileURLToPath(import.meta.url));\nconst up = path.join(here, '..', '..', 'x');";
    expect(outsideReferences('bench/a.ts', bound).map((r) => r.line)).toEqual([2]);
  });

  it('resolves what the process reads relative to its working directory from the repository root', () => {
    expect(at('src/server/deep/a.ts', "readFileSync('../data/ledger.sqlite')")).toEqual(['../data/ledger.sqlite']);
    expect(at('src/server/deep/a.ts', "path.resolve('../sibling')")).toEqual(['../sibling']);
    expect(at('src/server/deep/a.ts', "path.join(process.cwd(), '..', 'sibling')")).toHaveLength(1);
    expect(at('src/server/deep/a.ts', "readFileSync('./data/ledger.sqlite')")).toEqual([]);
  });

  it('resolves a shell script’s own folder', () => {
    expect(at('.ci/run', 'cd "$(dirname "$0")/.."')).toEqual([]);
    expect(at('.ci/run', 'cd "$(dirname "$0")/../.."')).toEqual(['$(dirname "$0")/../..']);
  });

  it('refuses absolute paths into the machine’s folders, and allows the installed software the README requires', () => {
    expect(at('src/a.ts', "const dir = '/work/sibling/reference';")).toEqual(['/work/sibling/reference']);
    expect(at('bench/a.ts', "fs.mkdtempSync('/tmp/gl-bench-')")).toEqual(['/tmp/gl-bench-']);
    expect(at('README.md', 'copy it to /home/ledger/data first')).toEqual(['/home/ledger/data']);
    expect(at('src/a.ts', "const ca = '/etc/ssl/ca.pem';")).toEqual(['/etc/ssl/ca.pem']);
    expect(at('src/a.ts', "const d = 'C:\\\\Users\\\\me';")).toHaveLength(1);
    expect(at('src/a.ts', "const d = '~/ledger';")).toEqual(['~/ledger']);
    const machine = [
      "executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'",
      "'/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'",
      '#!/usr/bin/env bash',
      'command -v chromium >/dev/null 2>&1',
      'readFileSync(`/proc/${pid}/stat`)',
    ];
    for (const line of machine) expect(at('src/a.ts', line), line).toEqual([]);
  });

  it('leaves URL paths, HTML and prose alone', () => {
    const urls = [
      "navigate('/home')",
      "const p = '/accounting-management/initialization/subject';",
      '<option value="1">记</option>',
      'https://example.org/usr/share/x',
      '`..` copies the previous summary and `//` the first one',
      'const all = [...rows, ...more];',
    ];
    for (const line of urls) expect(at('src/client/a.tsx', line), line).toEqual([]);
  });

  it('accepts a traversal attack a test sends to the server when the line is marked', () => {
    const attack = "post(Paths.backupRestore, { id: '../../../../etc/passwd' })";
    expect(at('src/server/backup/a.test.ts', attack)).toEqual(['../../../../etc/passwd']);
    expect(at('src/server/backup/a.test.ts', `${attack} // ${HOSTILE_INPUT_MARK}`)).toEqual([]);
    expect(at('src/server/backup/a.test.ts', `// ${HOSTILE_INPUT_MARK}\n${attack}`)).toEqual([]);
  });
});

describe('the repository', () => {
  it('has no file that refers to a path outside it', () => {
    const files = repositoryFiles().filter((f) => !SELF.has(f));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const text = textOf(file);
      return text === null ? [] : outsideReferences(file, text);
    });
    expect(found.map((r) => `${r.file}:${r.line}: ${r.found} (${r.why})`)).toEqual([]);
  });
});
