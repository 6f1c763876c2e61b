/**
 * Lists the entry names of a zip file from its central directory (end-of-central-directory
 * record, searched in the last 64 KB + 22 bytes), reading only the end of the file. Enough to
 * tell a docx or an xlsx from another zip; Zip64 archives (beyond 4 GB) are not needed here and
 * answer null, as does anything that is not a well-formed archive.
 */
import fs from 'node:fs/promises';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
const MAX_DIRECTORY = 16 * 1024 * 1024;

export async function zipEntryNames(file: string): Promise<string[] | null> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size < EOCD_MIN) return null;
    const tailLength = Math.min(size, EOCD_MIN + MAX_COMMENT);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let at = -1;
    for (let i = tailLength - EOCD_MIN; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) return null;
    const count = tail.readUInt16LE(at + 10);
    const dirSize = tail.readUInt32LE(at + 12);
    const dirOffset = tail.readUInt32LE(at + 16);
    if (dirSize > MAX_DIRECTORY || dirOffset + dirSize > size) return null;
    const dir = Buffer.alloc(dirSize);
    await handle.read(dir, 0, dirSize, dirOffset);
    const names: string[] = [];
    let p = 0;
    for (let n = 0; n < count; n++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) return null;
      const nameLength = dir.readUInt16LE(p + 28);
      const extraLength = dir.readUInt16LE(p + 30);
      const commentLength = dir.readUInt16LE(p + 32);
      if (p + 46 + nameLength > dir.length) return null;
      names.push(dir.toString('utf8', p + 46, p + 46 + nameLength));
      p += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  } finally {
    await handle.close();
  }
}
