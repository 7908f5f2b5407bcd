import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded files live (avatars now; evidence, attachments and policies later). Local disk
 * under DATA_DIR today; an S3-compatible implementation is what several instances will need.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Writes a file as it streams in (a HMDA file of a million rows is never held in memory). */
  putStream(key: string, source: Readable): Promise<void>;
  /** Reads a file as a stream; null when there is none. */
  getStream(key: string): Promise<Readable | null>;
}

/** Keys are slash-separated names of letters, digits, dots, dashes and underscores. */
const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function createLocalFileStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir);
  const pathOf = (key: string) => {
    const path = resolve(join(root, key));
    if (!KEY_PATTERN.test(key) || key.includes('..') || !path.startsWith(root + sep)) {
      throw new Error(`invalid storage key: ${key}`);
    }
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async putStream(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(source, createWriteStream(path));
    },
    async getStream(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return createReadStream(path);
    },
  };
}

/** The uploads of an installation: `files/` under its DATA_DIR (the server and the CLI alike). */
export const createDataDirFileStorage = (dataDir: string) =>
  createLocalFileStorage(join(dataDir, 'files'));
