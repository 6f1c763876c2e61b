/**
 * Finds references from a repository file to paths outside the repository, so a fresh clone needs
 * nothing beside it: no test, bench, CI script, config or document may read, import or cite a file
 * that only exists on the machine it was written on.
 *
 * The rule, per kind of path:
 * - Relative paths are resolved and must stay inside the repository. A run of parent steps in any
 *   text (an import, a `new URL(…, import.meta.url)`, a Markdown link, a comment, a tsconfig) is
 *   resolved from the file's own folder; so are `new URL('..', import.meta.url)` and
 *   `path.join/resolve(<the file's folder>, '..', …)`. Paths the running process resolves against
 *   its working directory (fs calls with a literal path, `path.resolve('…')`,
 *   `path.join(process.cwd(), …)`) are resolved from the repository root, where every npm script
 *   runs; a shell script's `$(dirname "$0")/..` from the script's folder.
 * - Absolute paths into the machine's file system are refused (home and work folders, /tmp,
 *   /var, /opt, /etc, /mnt …, a Windows drive, `~/`), except the machine paths of installed
 *   software that the README names as requirements: /usr/… (Chromium at /usr/bin/chromium, the
 *   print font under /usr/share/fonts, `#!/usr/bin/env`), /bin/… (shebangs), /dev/null and
 *   /proc/… (the process's own statistics in the benches). Scratch space comes from os.tmpdir()
 *   or mktemp, never a literal /tmp path. URL paths such as `/home` or `/api/…` are not file
 *   paths: only paths whose first folder is a root folder of a Unix or macOS file system, followed
 *   by more, are considered.
 * - A test that feeds a traversal attack to the server (a hostile input, not a read) marks the
 *   line, or the line before it, with HOSTILE_INPUT_MARK.
 */
import path from 'node:path';

export interface OutsideReference {
  file: string;
  line: number;
  /** The path as written. */
  found: string;
  why: string;
}

export const HOSTILE_INPUT_MARK = 'path-check: hostile input';

/** Machine paths of installed software (see the module comment). */
export const ALLOWED_MACHINE_PATHS: readonly RegExp[] = [/^\/usr\//, /^\/bin\//, /^\/dev\/null$/, /^\/proc\//];

const ROOT_FOLDERS = [
  'bin',
  'boot',
  'dev',
  'etc',
  'home',
  'lib',
  'lib64',
  'media',
  'mnt',
  'opt',
  'proc',
  'root',
  'run',
  'sbin',
  'srv',
  'sys',
  'tmp',
  'usr',
  'var',
  'work',
  'Users',
  'Volumes',
  'private',
];

const PATH_CHARS = String.raw`[^\s'"\`()[\]{},;<>|*?]*`;
const STRING = String.raw`(['"\`])((?:(?!\1)[^\n])*)\1`;

const ABSOLUTE = new RegExp(String.raw`(?<![\w.~:/<>\\$-])\/(?:${ROOT_FOLDERS.join('|')})\/${PATH_CHARS}`, 'g');
const WINDOWS_DRIVE = /(?<![\w\\])[A-Za-z]:\\\\?[\w.-]/g;
const HOME_TILDE = new RegExp(String.raw`(?<![\w.~/$-])~\/${PATH_CHARS}`, 'g');
const PARENT_RUN = new RegExp(String.raw`(?<![\w.~/\\$-])(?:\.\.\/)+${PATH_CHARS}`, 'g');
const URL_FROM_FILE = new RegExp(String.raw`new URL\(\s*${STRING}\s*,\s*import\.meta\.url\s*\)`, 'g');
const SHELL_SCRIPT_DIR = /\$\(dirname\s+"?\$0"?\)((?:\/\.\.)+)(?![\w.])/g;
const FS_CALL = new RegExp(
  String.raw`\b(?:readFileSync|readFile|existsSync|createReadStream|createWriteStream|readdirSync|readdir|statSync|stat|lstat|lstatSync|openSync|open|access|accessSync|copyFile|copyFileSync|cpSync|writeFileSync|writeFile|mkdirSync|mkdir|rmSync|rm|opendir|openAsBlob|Database)\(\s*${STRING}`,
  'g',
);
const RESOLVE_RELATIVE = new RegExp(String.raw`\bpath\.resolve\(\s*${STRING}`, 'g');
/** path.join / path.resolve with a base and literal segments: `path.join(base, 'a', '..')`. */
const JOIN_CALL = /\bpath\.(?:join|resolve)\(\s*([\w.]+(?:\(\))?)\s*((?:,\s*(?:'[^'\n]*'|"[^"\n]*"))+)\s*\)/g;
/** Names bound to the file's own folder. */
const FILE_DIR_BINDING =
  /\b(?:const|let|var)\s+(\w+)\s*=\s*(?:(?:path\.)?dirname\(\s*fileURLToPath\(\s*import\.meta\.url\s*\)\s*\)|fileURLToPath\(\s*new URL\(\s*['"]\.\/?['"]\s*,\s*import\.meta\.url\s*\)\s*\)|import\.meta\.dirname|__dirname)\s*;/g;

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Whether `target`, resolved from the repository folder `from` ('' for the root), leaves the repository. */
export function leavesRepository(from: string, target: string): boolean {
  const resolved = path.posix.normalize(path.posix.join(from === '' ? '.' : from, target));
  return resolved === '..' || resolved.startsWith('../');
}

/** Every reference of `text` (the content of the repository file `file`, a POSIX path from the root) to a path outside. */
export function outsideReferences(file: string, text: string): OutsideReference[] {
  const dir = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file);
  const lines = text.split('\n');
  const marked = (line: number) =>
    (lines[line - 1] ?? '').includes(HOSTILE_INPUT_MARK) || (lines[line - 2] ?? '').includes(HOSTILE_INPUT_MARK);
  const found: OutsideReference[] = [];
  const seen = new Set<string>();
  const add = (index: number, what: string, why: string) => {
    const line = lineAt(text, index);
    const key = `${line}\u0000${what}`;
    if (marked(line) || seen.has(key)) return;
    seen.add(key);
    found.push({ file, line, found: what, why });
  };

  for (const m of text.matchAll(ABSOLUTE)) {
    if (!ALLOWED_MACHINE_PATHS.some((allowed) => allowed.test(m[0]))) add(m.index, m[0], 'absolute path on this machine');
  }
  for (const m of text.matchAll(WINDOWS_DRIVE)) add(m.index, m[0], 'absolute Windows path');
  for (const m of text.matchAll(HOME_TILDE)) add(m.index, m[0], 'path in a home folder');
  for (const m of text.matchAll(PARENT_RUN)) {
    if (leavesRepository(dir, m[0])) add(m.index, m[0], `climbs above the repository from ${dir || 'the root'}`);
  }
  for (const m of text.matchAll(URL_FROM_FILE)) {
    const target = m[2] ?? '';
    if (leavesRepository(dir, target))
      add(m.index, target, `new URL(…, import.meta.url) climbs above the repository from ${dir}`);
  }
  for (const m of text.matchAll(SHELL_SCRIPT_DIR)) {
    if (leavesRepository(dir, (m[1] ?? '').slice(1))) add(m.index, m[0], `climbs above the repository from ${dir}`);
  }
  for (const pattern of [FS_CALL, RESOLVE_RELATIVE]) {
    for (const m of text.matchAll(pattern)) {
      const target = m[2] ?? '';
      if (target.startsWith('.') && leavesRepository('', target))
        add(m.index, target, 'relative to the working directory (the repository root), it climbs above the repository');
    }
  }
  const fileDirNames = new Set(['__dirname', 'import.meta.dirname', ...[...text.matchAll(FILE_DIR_BINDING)].map((m) => m[1])]);
  for (const m of text.matchAll(JOIN_CALL)) {
    const base = m[1] ?? '';
    const from = fileDirNames.has(base) ? dir : base === 'process.cwd()' ? '' : null;
    if (from === null) continue;
    const segments = [...(m[2] ?? '').matchAll(/'([^']*)'|"([^"]*)"/g)].map((s) => s[1] ?? s[2] ?? '');
    const target = segments.join('/');
    if (leavesRepository(from, target)) add(m.index, m[0], `climbs above the repository from ${from || 'the root'}`);
  }
  return found.sort((a, b) => a.line - b.line);
}
