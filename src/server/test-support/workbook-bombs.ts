/**
 * Hostile workbooks for the import tests and the bench: a zip bomb (a small xlsx whose sheet
 * inflates to hundreds of MB, built without ever holding that much: one deflated block of a
 * repeated row, copied), with a truthful or a lying central directory, and archives with too many
 * entries. The rest of each workbook is a real one, so only the limit under test refuses it.
 */
import { crc32, deflateRawSync, constants } from 'node:zlib';

const ROW = Buffer.from('<row><c t="inlineStr"><is><t>101</t></is></c><c><v>1</v></c></row>');

interface RawEntry {
  name: string;
  method: 0 | 8;
  data: Buffer;
  crc: number;
  size: number;
}

function storedEntry(name: string, text: string): RawEntry {
  const data = Buffer.from(text);
  return { name, method: 0, data, crc: crc32(data) >>> 0, size: data.length };
}

/** A zip of the entries; `declared` overrides an entry's uncompressed size in the directory (a lie). */
export function zipEntries(entries: readonly RawEntry[], declared: Record<string, number> = {}): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = declared[e.name] ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(e.method, 10);
    dir.writeUInt32LE(e.crc, 16);
    dir.writeUInt32LE(e.data.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, e.data);
    central.push(dir, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** The parts of a one-sheet workbook around the sheet. */
function workbookParts(): RawEntry[] {
  return [
    storedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    storedEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    storedEntry(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    storedEntry(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
  ];
}

/**
 * A workbook whose sheet inflates to about `inflatedBytes` (rows of a subject code and an amount)
 * from a small fraction of that: one deflated megabyte of rows, repeated as non-final blocks.
 * With `lie`, the directory declares the sheet to be 1 MB.
 */
export function bombWorkbook(inflatedBytes: number, lie = false): Buffer {
  const block = Buffer.concat(Array.from({ length: Math.ceil((1024 * 1024) / ROW.length) }, () => ROW));
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  );
  const tail = Buffer.from('</sheetData></worksheet>');
  const copies = Math.max(1, Math.floor((inflatedBytes - head.length - tail.length) / block.length));
  const flush = { finishFlush: constants.Z_SYNC_FLUSH };
  const deflatedBlock = deflateRawSync(block, flush);
  const data = Buffer.concat([
    deflateRawSync(head, flush),
    ...Array.from({ length: copies }, () => deflatedBlock),
    deflateRawSync(tail),
  ]);
  let crc = crc32(head);
  for (let i = 0; i < copies; i++) crc = crc32(block, crc);
  crc = crc32(tail, crc) >>> 0;
  const size = head.length + copies * block.length + tail.length;
  const sheet: RawEntry = { name: 'xl/worksheets/sheet1.xml', method: 8, data, crc, size };
  return zipEntries([...workbookParts(), sheet], lie ? { [sheet.name]: 1024 * 1024 } : {});
}

/** A workbook with `count` extra tiny entries. */
export function manyEntriesWorkbook(count: number): Buffer {
  const extra = Array.from({ length: count }, (_, i) => storedEntry(`xl/media/x${i}.txt`, 'x'));
  return zipEntries([...workbookParts(), storedEntry('xl/worksheets/sheet1.xml', '<worksheet/>'), ...extra]);
}
