import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { AppError, fieldIssues } from './app-error.ts';
import { findNulCharacter, nulRefusal } from './request-text.ts';

/** A file type an upload may have: what its bytes are, not what its name or browser claims. */
export interface AllowedFileType {
  extension: string;
  contentType: string;
}

export interface UploadedFile {
  fileName: string;
  data: Buffer;
  type: AllowedFileType;
}

export interface UploadMessages {
  tooLarge: string;
  tooMany: string;
  type: string;
  notMultipart: string;
}

const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'md']);

/**
 * The type of an uploaded file from its first bytes (file-type); plain text and CSV, which have
 * no signature, must be valid UTF-8 without control bytes and carry a .txt, .csv or .md name.
 */
export async function detectFileType(
  data: Buffer,
  fileName: string,
  allowed: readonly AllowedFileType[],
): Promise<AllowedFileType | null> {
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    return allowed.find((type) => type.contentType === detected.mime) ?? null;
  }
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  if (!TEXT_EXTENSIONS.has(extension) || !isPlainText(data)) return null;
  return allowed.find((type) => type.extension === extension) ?? null;
}

function isPlainText(data: Buffer): boolean {
  // eslint-disable-next-line no-control-regex -- the point is to find control bytes
  if (/[\u0000-\u0008\u000e-\u001f]/.test(data.toString('latin1'))) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** A file name safe to keep and to send back in Content-Disposition. */
export function cleanFileName(name: string, extension: string): string {
  const base = name
    .replace(/\.[^.]*$/, '')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${base || 'file'}.${extension}`;
}

/**
 * Reads a multipart/form-data request: its text fields, and its files checked for size, count
 * and type before anything is stored. Refusals are 4xx with the given messages.
 */
export async function readMultipartUpload(
  request: FastifyRequest,
  options: {
    maxFileBytes: number;
    maxFiles: number;
    allowed: readonly AllowedFileType[];
    messages: UploadMessages;
  },
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', options.messages.notMultipart);
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxFileBytes,
        // One more than allowed, so that too many files is told apart from a broken request.
        files: options.maxFiles + 1,
        fields: 20,
        fieldSize: 64 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : '';
        const nul = findNulCharacter({ [part.fieldname]: value });
        if (nul !== null) throw nulRefusal(nul);
        fields[part.fieldname] = value;
        continue;
      }
      const file = await readFilePart(part, options);
      if (!file) continue;
      if (files.length === options.maxFiles) {
        throw new AppError('too_many_files', options.messages.tooMany);
      }
      files.push(file);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('file_too_large', options.messages.tooLarge);
    }
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError('too_many_files', options.messages.tooMany);
    }
    // Anything else here is the form itself being malformed (busboy: no boundary, a part
    // without headers, an early end): the client's mistake, never a server error.
    request.log.info({ err: error }, 'malformed multipart body');
    throw unreadableUpload();
  }
  return { fields, files };
}

/**
 * The text fields of a multipart form through the route's zod schema: a refusal is the same
 * `validation_failed` with `{ path, message }` per field that a JSON body gets.
 */
export function parseFormFields<Schema extends z.ZodType>(
  schema: Schema,
  fields: unknown,
): z.infer<Schema> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw AppError.validationFailed(fieldIssues(parsed.error.issues));
  return parsed.data;
}

export function unreadableUpload(): AppError {
  return new AppError('bad_upload');
}

async function readFilePart(
  part: MultipartFile,
  options: { allowed: readonly AllowedFileType[]; messages: UploadMessages },
): Promise<UploadedFile | null> {
  const data = await part.toBuffer();
  if (part.file.truncated) {
    throw new AppError('file_too_large', options.messages.tooLarge);
  }
  // A browser sends an empty file part when no file was chosen.
  if (data.length === 0 && !part.filename) return null;
  const type = data.length > 0 ? await detectFileType(data, part.filename, options.allowed) : null;
  if (!type) throw new AppError('file_type', options.messages.type);
  return { fileName: cleanFileName(part.filename, type.extension), data, type };
}

/**
 * Sends a stored upload back: always as a download, never rendered in our origin (an uploaded
 * file is not trusted content), and never cached.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { data: Buffer; contentType: string; fileName: string },
) {
  return reply
    .type(file.contentType)
    .header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}
