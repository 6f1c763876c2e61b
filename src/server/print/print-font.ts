/**
 * The CJK font embedded in printed vouchers (pdfkit embeds a subset of the glyphs used). Chosen
 * in this order:
 *   1. PRINT_FONT: path of a .ttf, .otf or .ttc file; for a collection (.ttc) PRINT_FONT_FACE
 *      names the face by its PostScript name (default NotoSansCJKsc-Regular).
 *   2. Noto Sans CJK SC from Debian's fonts-noto-cjk.
 *   3. The first Simplified Chinese font fontconfig knows (`fc-list :lang=zh-cn file postscriptname`).
 * Read once per process and kept in memory.
 */
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

export interface CjkFont {
  file: string;
  /** PostScript name of the face inside a collection; undefined for a single-font file. */
  face: string | undefined;
  data: Buffer;
}

const NOTO = { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' };

const isCollection = (file: string) => /\.ttc$/i.test(file);

function fromFontconfig(): { file: string; face: string } | null {
  try {
    const out = execFileSync('fc-list', [':lang=zh-cn', 'file', 'postscriptname'], { encoding: 'utf8', timeout: 5000 });
    const fonts = out
      .split('\n')
      .map((line) => /^(.+?):\s*:?postscriptname=(.+)$/.exec(line.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ file: m[1]!, face: m[2]! }));
    return fonts.find((f) => /Regular$/.test(f.face) && /sc|SC|CN|GB/.test(f.face) && !/Mono/.test(f.face)) ?? fonts[0] ?? null;
  } catch {
    return null;
  }
}

export function resolveCjkFont(env: NodeJS.ProcessEnv = process.env): { file: string; face: string | undefined } {
  if (env.PRINT_FONT) {
    if (!fs.existsSync(env.PRINT_FONT)) throw new Error(`PRINT_FONT 指定的字体文件不存在: ${env.PRINT_FONT}`);
    return { file: env.PRINT_FONT, face: isCollection(env.PRINT_FONT) ? (env.PRINT_FONT_FACE ?? NOTO.face) : undefined };
  }
  if (fs.existsSync(NOTO.file)) return NOTO;
  const found = fromFontconfig();
  if (found) return { file: found.file, face: isCollection(found.file) ? found.face : undefined };
  throw new Error('找不到中文字体：请安装 fonts-noto-cjk，或用 PRINT_FONT 指定字体文件');
}

let cached: CjkFont | null = null;

export function cjkFont(): CjkFont {
  if (!cached) {
    const { file, face } = resolveCjkFont();
    cached = { file, face, data: fs.readFileSync(file) };
  }
  return cached;
}
