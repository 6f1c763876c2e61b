import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../constants.js';
import { checkUploadName, extensionOf, FileMessages, previewKindOf, UPLOAD_ACCEPT, UPLOAD_EXTENSIONS } from './upload-rules.js';

describe('upload rules (spec doc 1 section 5)', () => {
  it('lists the spec extensions in its order, and the accept attribute from them', () => {
    expect(UPLOAD_EXTENSIONS).toEqual([
      'jpg',
      'png',
      'jpeg',
      'gif',
      'txt',
      'doc',
      'docx',
      'xls',
      'xlsx',
      'pdf',
      'rar',
      'zip',
      '7z',
      'ceb',
    ]);
    expect(UPLOAD_ACCEPT.split(',')).toHaveLength(14);
    expect(UPLOAD_ACCEPT.startsWith('.jpg,.png,')).toBe(true);
  });

  it('reads the extension case-insensitively from the last dot', () => {
    expect(extensionOf('凭证.附件.PDF')).toBe('pdf');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('archive.tar.7z')).toBe('7z');
  });

  it('refuses a bad type, more than 50 MB (52428800 bytes) and an empty file, with the spec messages', () => {
    expect(checkUploadName('a.exe', 10)).toBe('支持jpg,png,jpeg,gif,txt,doc,docx,xls,xlsx,pdf,rar,zip,7z,ceb格式');
    expect(checkUploadName('扫描.pdf', UPLOAD_MAX_BYTES)).toBeNull();
    expect(UPLOAD_MAX_BYTES).toBe(52_428_800);
    expect(checkUploadName('扫描.pdf', UPLOAD_MAX_BYTES + 1)).toBe('扫描.pdf 文件大小超出50M,请重新上传');
    expect(checkUploadName('空.txt', 0)).toBe(FileMessages.empty('空.txt'));
  });

  it('previews images and PDFs only', () => {
    expect(UPLOAD_EXTENSIONS.filter((e) => previewKindOf(e) !== null)).toEqual(['jpg', 'png', 'jpeg', 'gif', 'pdf']);
    expect(previewKindOf('pdf')).toBe('pdf');
  });
});
