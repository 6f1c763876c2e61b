import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UPLOAD_EXTENSIONS, type UploadExtension } from '../../shared/files/upload-rules.js';
import { ContentSniffer, contentMatches, isExecutable, needsZipEntries } from './content-check.js';
import { contentDisposition, encodeRfc5987 } from './content-disposition.js';
import { SAMPLES, zipOf } from './sample-files.js';
import { zipEntryNames } from './zip-entries.js';

async function check(ext: UploadExtension, bytes: Buffer, chunk = 7): Promise<boolean> {
  const sniffer = new ContentSniffer(ext);
  for (let i = 0; i < bytes.length; i += chunk) sniffer.update(bytes.subarray(i, i + chunk));
  let entries: string[] | null = null;
  if (needsZipEntries(ext)) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'files-zip-')), 'f');
    fs.writeFileSync(file, bytes);
    entries = await zipEntryNames(file);
  }
  return contentMatches(sniffer, entries);
}

const GOOD: Record<UploadExtension, Buffer> = {
  jpg: SAMPLES.jpg,
  jpeg: SAMPLES.jpg,
  png: SAMPLES.png,
  gif: SAMPLES.gif,
  txt: SAMPLES.txt,
  doc: SAMPLES.doc,
  docx: SAMPLES.docx,
  xls: SAMPLES.xls,
  xlsx: SAMPLES.xlsx,
  pdf: SAMPLES.pdf,
  rar: SAMPLES.rar,
  zip: SAMPLES.zip,
  '7z': SAMPLES.sevenZip,
  ceb: SAMPLES.ceb,
};

describe('content check against the extension', () => {
  it.each(UPLOAD_EXTENSIONS)('accepts a real %s (read in small chunks)', async (ext) => {
    expect(await check(ext, GOOD[ext])).toBe(true);
  });

  it.each(UPLOAD_EXTENSIONS)('refuses a Windows executable renamed .%s', async (ext) => {
    expect(await check(ext, SAMPLES.exe)).toBe(false);
  });

  it.each(UPLOAD_EXTENSIONS)('refuses an ELF executable renamed .%s', async (ext) => {
    expect(await check(ext, SAMPLES.elf)).toBe(false);
  });

  it('tells executables by their headers', () => {
    expect(isExecutable(SAMPLES.exe)).toBe(true);
    expect(isExecutable(SAMPLES.elf)).toBe(true);
    expect(isExecutable(Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]))).toBe(true);
    expect(isExecutable(SAMPLES.pdf)).toBe(false);
  });

  it('refuses one format under another extension', async () => {
    expect(await check('pdf', SAMPLES.zip)).toBe(false);
    expect(await check('png', SAMPLES.jpg)).toBe(false);
    expect(await check('jpg', SAMPLES.png)).toBe(false);
    expect(await check('rar', SAMPLES.sevenZip)).toBe(false);
    expect(await check('7z', SAMPLES.rar)).toBe(false);
    expect(await check('zip', SAMPLES.pdf)).toBe(false);
    expect(await check('gif', SAMPLES.txt)).toBe(false);
  });

  it('a docx or xlsx must be a zip with the Office entries of its kind', async () => {
    expect(await check('docx', SAMPLES.zip)).toBe(false);
    expect(await check('docx', SAMPLES.xlsx)).toBe(false);
    expect(await check('xlsx', SAMPLES.docx)).toBe(false);
    expect(await check('xlsx', zipOf({ 'xl/workbook.xml': '<workbook/>' }))).toBe(false);
    expect(await check('docx', SAMPLES.doc)).toBe(false);
    // a zip is a zip: an Office file renamed .zip stays acceptable
    expect(await check('zip', SAMPLES.docx)).toBe(true);
  });

  it('a doc or xls must be an OLE compound file with its stream', async () => {
    expect(await check('doc', SAMPLES.xls)).toBe(false);
    expect(await check('xls', SAMPLES.doc)).toBe(false);
    expect(await check('xls', SAMPLES.xlsx)).toBe(false);
    expect(await check('doc', SAMPLES.docx)).toBe(false);
  });

  it('finds an OLE stream name split across chunks', async () => {
    for (const chunk of [1, 3, 5, 11, 1000]) expect(await check('doc', SAMPLES.doc, chunk)).toBe(true);
  });

  it('a txt is text: UTF-8 and GBK pass, any NUL byte fails', async () => {
    expect(await check('txt', SAMPLES.txtGbk)).toBe(true);
    expect(await check('txt', Buffer.concat([Buffer.alloc(10_000, 0x41), Buffer.from([0]), Buffer.from('x')]))).toBe(false);
    expect(await check('txt', Buffer.from('a\u0000b', 'utf16le'))).toBe(false);
  });

  it('a ceb is refused when it is a format we recognise', async () => {
    for (const other of [SAMPLES.zip, SAMPLES.pdf, SAMPLES.doc, SAMPLES.rar, SAMPLES.png])
      expect(await check('ceb', other)).toBe(false);
  });

  it('a pdf may have bytes before %PDF- within the first 1024', async () => {
    expect(await check('pdf', Buffer.concat([Buffer.alloc(100, 0x20), SAMPLES.pdf]))).toBe(true);
    expect(await check('pdf', Buffer.concat([Buffer.alloc(1100, 0x20), SAMPLES.pdf]))).toBe(false);
  });

  it('reads zip entry names from the central directory, and null from what is not a zip', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-zip-'));
    fs.writeFileSync(path.join(dir, 'a.zip'), zipOf({ 'x/报表.txt': '1', 'b.txt': '2' }));
    expect(await zipEntryNames(path.join(dir, 'a.zip'))).toEqual(['x/报表.txt', 'b.txt']);
    fs.writeFileSync(path.join(dir, 'b.zip'), SAMPLES.pdf);
    expect(await zipEntryNames(path.join(dir, 'b.zip'))).toBeNull();
  });
});

describe('Content-Disposition', () => {
  it('carries the exact name as RFC 5987 filename* and an ASCII fallback', () => {
    expect(contentDisposition('发票 (1).pdf')).toBe(
      `attachment; filename="__ (1).pdf"; filename*=UTF-8''%E5%8F%91%E7%A5%A8%20%281%29.pdf`,
    );
    expect(encodeRfc5987("it's*")).toBe('it%27s%2A');
    expect(contentDisposition('a"b\\c;.txt')).toBe(`attachment; filename="a_b_c_.txt"; filename*=UTF-8''a%22b%5Cc%3B.txt`);
  });
});
