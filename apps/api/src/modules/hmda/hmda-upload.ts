import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { HMDA_FILE_MAX_BYTES, HMDA_MESSAGES } from '@complivue/shared/schemas/hmda';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../lib/file-storage.ts';

/** Enough of the file to know its type (file-type reads at most 4,100 bytes) and its first row. */
const HEAD_BYTES = 64 * 1024;

export interface StoredUpload {
  key: string;
  byteSize: number;
  sha256: string;
}

const notHmdaType = () => new AppError('file_type', HMDA_MESSAGES.file_type);

/**
 * The upload's chunks, checked as they pass: no more than the limit, not a PDF, a spreadsheet
 * or an image (their signatures, from the first bytes), no NUL byte, and a first row with pipes
 * in it (a CSV with commas is not a HMDA file, whatever its extension). Memory holds one chunk
 * and the first 64 KB, whatever the file's size.
 */
async function* inspected(
  source: AsyncIterable<Buffer>,
  tally: { byteSize: number; hash: ReturnType<typeof createHash> },
  maxBytes: number,
): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let typeChecked = false;
  for await (const chunk of source) {
    tally.byteSize += chunk.length;
    if (tally.byteSize > maxBytes)
      throw new AppError('file_too_large', HMDA_MESSAGES.file_too_large);
    if (chunk.includes(0)) throw notHmdaType();
    tally.hash.update(chunk);
    if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
    if (!typeChecked && head.length >= 4100) {
      typeChecked = true;
      if (await fileTypeFromBuffer(head)) throw notHmdaType();
    }
    yield chunk;
  }
  if (tally.byteSize === 0) throw new AppError('file_missing', HMDA_MESSAGES.file_missing);
  if (!typeChecked && (await fileTypeFromBuffer(head))) throw notHmdaType();
  const firstLine = head.toString('utf8').split('\n', 1)[0] ?? '';
  if (!firstLine.includes('|')) throw new AppError('validation_failed', HMDA_MESSAGES.not_hmda);
}

/**
 * Streams an upload into storage under `key`, refusing what is not a HMDA text file; on any
 * refusal or failure nothing is left stored.
 */
export async function storeHmdaUpload(
  storage: FileStorage,
  key: string,
  source: Readable,
  maxBytes = HMDA_FILE_MAX_BYTES,
): Promise<StoredUpload> {
  const tally = { byteSize: 0, hash: createHash('sha256') };
  try {
    await storage.putStream(key, Readable.from(inspected(source, tally, maxBytes)));
  } catch (error) {
    // What the client still sends is read and dropped, so the answer reaches it.
    source.resume();
    await storage.delete(key);
    throw error;
  }
  return { key, byteSize: tally.byteSize, sha256: tally.hash.digest('hex') };
}
