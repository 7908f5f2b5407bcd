import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/**
 * The lines of a HMDA file, one at a time: from a buffer (each line decoded alone, so the file
 * is never held twice), a file on disk (the benchmark) or a stream (a stored upload).
 * CRLF and LF both end a line; the parser drops the carriage return with the other control
 * characters.
 */
export function* linesOfBuffer(data: Buffer): Generator<string> {
  let start = 0;
  while (start < data.length) {
    let end = data.indexOf(0x0a, start);
    if (end === -1) end = data.length;
    yield data.toString('utf8', start, end);
    start = end + 1;
  }
}

export function linesOfFile(path: string): AsyncIterable<string> {
  return linesOfStream(createReadStream(path));
}

/** The lines of a stream (a stored upload), one at a time. */
export function linesOfStream(input: Readable): AsyncIterable<string> {
  return createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
}
