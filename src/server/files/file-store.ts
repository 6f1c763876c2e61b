/**
 * Attachment bytes on disk: DATA_DIR/files/<ztId>/<fileId>, one directory per ledger set, the
 * name a random id (never the user's file name, which stays in the database only). An upload
 * streams to `<fileId>.part` while it is counted and hashed, is checked whole against its
 * extension (content-check.ts: its structure, no second format hidden in it), and is renamed
 * into place only once the size and content checks pass; a refused or failed upload leaves
 * nothing behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileMessages, type UploadExtension } from '../../shared/files/upload-rules.js';
import { refuse } from '../http/app-error.js';
import { contentProblem } from './content-check.js';

export interface StoredFile {
  fileId: string;
  size: number;
  sha256: string;
}

const FILE_ID = /^[0-9a-f]{32}$/;

export function isFileId(value: unknown): value is string {
  return typeof value === 'string' && FILE_ID.test(value);
}

export class FileStore {
  constructor(readonly dataDir: string) {}

  dirOf(ztId: number): string {
    if (!Number.isSafeInteger(ztId) || ztId <= 0) throw new Error(`bad ledger-set id ${ztId}`);
    return path.join(this.dataDir, 'files', String(ztId));
  }

  pathOf(ztId: number, fileId: string): string {
    if (!isFileId(fileId)) throw new Error('bad file id');
    return path.join(this.dirOf(ztId), fileId);
  }

  /**
   * Streams one upload to disk with its checks. `source` is the multipart file stream; it is
   * `truncated` when it went past the size limit. Refuses (4011, the spec's messages) a file too
   * large, empty, or whose content does not fit its extension.
   */
  async receive(
    ztId: number,
    name: string,
    ext: UploadExtension,
    source: Readable & { truncated?: boolean },
  ): Promise<StoredFile> {
    const dir = this.dirOf(ztId);
    await fs.promises.mkdir(dir, { recursive: true });
    const fileId = randomBytes(16).toString('hex');
    const target = path.join(dir, fileId);
    const partial = `${target}.part`;
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, tap, fs.createWriteStream(partial, { flags: 'wx' }));
      if (source.truncated) refuse('BusinessRule', FileMessages.tooLarge(name));
      if (size === 0) refuse('BusinessRule', FileMessages.empty(name));
      // At most the upload limit (50 MB), read back whole: the structure checks walk all of it.
      if ((await contentProblem(ext, await fs.promises.readFile(partial))) !== null) {
        refuse('BusinessRule', FileMessages.contentMismatch(name));
      }
      await fs.promises.rename(partial, target);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') refuse('BusinessRule', FileMessages.tooLarge(name));
      throw error;
    }
    return { fileId, size, sha256: hash.digest('hex') };
  }

  open(ztId: number, fileId: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(ztId, fileId));
  }

  async remove(ztId: number, fileId: string): Promise<void> {
    await fs.promises.rm(this.pathOf(ztId, fileId), { force: true });
  }
}
