import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage, type FileStorage } from '../../lib/file-storage.ts';
import { storeHmdaUpload } from './hmda-upload.ts';

const HMDA_TEXT =
  '1|Bank0|2025|4|Name|555-555-5555|a@b.org|Street|City|UT|84096|9|0|01-0123456|LEI\n';

/** A stream of the text in small chunks, as a slow upload sends it. */
const chunked = (text: string | Buffer, size = 16) => {
  const data = Buffer.from(text);
  return Readable.from(
    Array.from({ length: Math.ceil(data.length / size) }, (_, i) =>
      data.subarray(i * size, (i + 1) * size),
    ),
  );
};

describe('storing a HMDA upload as it streams', () => {
  let dir: string;
  let storage: FileStorage;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hmda-upload-'));
    storage = createLocalFileStorage(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const stored = async () => readdir(join(dir, 'hmda')).catch(() => []);

  it('stores a HMDA text file with its size and SHA-256', async () => {
    const upload = await storeHmdaUpload(storage, 'hmda/good.txt', chunked(HMDA_TEXT));
    expect(upload).toEqual({
      key: 'hmda/good.txt',
      byteSize: Buffer.byteLength(HMDA_TEXT),
      sha256: createHash('sha256').update(HMDA_TEXT).digest('hex'),
    });
    expect((await storage.get('hmda/good.txt'))!.toString()).toBe(HMDA_TEXT);
  });

  it('refuses, and leaves nothing stored, past the limit, a PDF, a NUL byte, a CSV or nothing', async () => {
    const cases: [Readable, string, number][] = [
      [chunked(HMDA_TEXT.repeat(20)), 'file_too_large', 1000],
      [chunked('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), 'file_type', 10_000],
      [chunked(`${HMDA_TEXT}\u0000`), 'file_type', 10_000],
      [chunked('a,b,c\n1,2,3\n'), 'validation_failed', 10_000],
      [chunked(''), 'file_missing', 10_000],
    ];
    for (const [source, code, limit] of cases) {
      await expect(storeHmdaUpload(storage, 'hmda/bad.txt', source, limit)).rejects.toMatchObject({
        code,
      });
      expect(await stored()).not.toContain('bad.txt');
    }
  });
});
