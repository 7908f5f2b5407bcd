/**
 * The text of an uploaded policy file. Runs inside the extraction worker
 * (policy-text.worker.ts), so it imports only npm packages and relative files Node can load with
 * its own type stripping, and uses no TypeScript syntax that needs compiling.
 */
import { decodeHTML } from 'entities';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import yauzl from 'yauzl';

export type PolicyDocumentKind = 'pdf' | 'docx' | 'md' | 'txt';

/** Why a file's text could not be read; each becomes its own message to the person. */
export type UnreadableReason =
  | 'encrypted'
  | 'no_text_layer'
  | 'empty'
  | 'too_many_pages'
  | 'expands_too_much'
  | 'too_slow'
  | 'unreadable';

export type DocumentText = { ok: true; text: string } | { ok: false; reason: UnreadableReason };

/** A 100-page policy is the product's yardstick; a manual of 1,000 pages is still read. */
export const MAX_PDF_PAGES = 1000;
/** What a DOCX may inflate to, counted from the bytes actually inflated, not from its header. */
export const MAX_DOCX_UNPACKED_BYTES = 100 * 1024 * 1024;
const MAX_DOCX_ENTRIES = 2000;

export async function readDocumentText(
  data: Uint8Array,
  kind: PolicyDocumentKind,
): Promise<DocumentText> {
  const text = await readByKind(Buffer.from(data), kind);
  if (!text.ok) return text;
  const cleaned = text.text
    .replace(/\r\n?/g, '\n')
    // PostgreSQL text cannot hold NUL, and no control character belongs in a policy's text.
    // eslint-disable-next-line no-control-regex -- the point is to remove control characters
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cleaned.length > 0 ? { ok: true, text: cleaned } : { ok: false, reason: 'empty' };
}

async function readByKind(data: Buffer, kind: PolicyDocumentKind): Promise<DocumentText> {
  switch (kind) {
    case 'pdf':
      return readPdf(data);
    case 'docx':
      return readDocx(data);
    default:
      // Markdown and text were checked to be UTF-8 when the upload's type was decided.
      return { ok: true, text: data.toString('utf8').replace(/^\uFEFF/, '') };
  }
}

async function readPdf(data: Buffer): Promise<DocumentText> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(data));
  } catch (error) {
    // PDF.js names a password-protected document's refusal PasswordException.
    if ((error as { name?: string }).name === 'PasswordException') {
      return { ok: false, reason: 'encrypted' };
    }
    return { ok: false, reason: 'unreadable' };
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES) return { ok: false, reason: 'too_many_pages' };
    const { text } = await extractText(pdf, { mergePages: true });
    // Page numbers and stray marks are not a text layer: a scan has at most a few of them.
    const letters = text.replace(/[^\p{L}]/gu, '').length;
    if (letters < 20) return { ok: false, reason: 'no_text_layer' };
    return { ok: true, text };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  // No clean-up: the worker that runs this ends with the document.
}

/**
 * A DOCX is a zip: before mammoth inflates it in memory, every entry is inflated here as a
 * stream and counted, so that a small file that unpacks to gigabytes (a zip bomb) is refused
 * whatever its headers claim.
 */
async function unpackedSizeWithin(data: Buffer, limit: number): Promise<boolean> {
  const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true });
  let total = 0;
  let entries = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      entries += 1;
      if (entries > MAX_DOCX_ENTRIES || total + entry.uncompressedSize > limit) return false;
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream) {
        total += (chunk as Buffer).length;
        if (total > limit) {
          stream.destroy();
          return false;
        }
      }
    }
    return true;
  } finally {
    zip.close();
  }
}

async function readDocx(data: Buffer): Promise<DocumentText> {
  try {
    if (!(await unpackedSizeWithin(data, MAX_DOCX_UNPACKED_BYTES))) {
      return { ok: false, reason: 'expands_too_much' };
    }
    const { value: html } = await mammoth.convertToHtml({ buffer: data });
    return { ok: true, text: htmlToOutline(html) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

/**
 * mammoth's HTML (headings from Word's heading styles, paragraphs, lists, tables) as the plain
 * outline the section splitter reads: a heading becomes a Markdown heading line of its level.
 */
export function htmlToOutline(html: string): string {
  const stripTags = (value: string) => value.replace(/<[^>]+>/g, '');
  return decodeHTML(
    html
      .replace(
        /<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/g,
        (_match, level: string, inner: string) =>
          `\n\n${'#'.repeat(Number(level))} ${stripTags(inner).replace(/\s+/g, ' ').trim()}\n\n`,
      )
      .replace(/<li[^>]*>/g, '\n- ')
      .replace(/<\/(p|ul|ol|table)>/g, '\n\n')
      .replace(/<br\s*\/?>|<\/tr>/g, '\n')
      .replace(/<\/t[dh]>/g, ' | ')
      .replace(/<[^>]+>/g, ''),
  );
}
