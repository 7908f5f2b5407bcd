import { readFileSync } from 'node:fs';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import PDFDocument from 'pdfkit';
import yazl from 'yazl';

/**
 * Policy files made for the tests, the browser journeys and the benchmark: Word and PDF
 * documents generated from Markdown-like text, and the hostile files an upload must refuse.
 */

const DEMO_POLICIES = new URL('../src/modules/demo/demo-policies/', import.meta.url);

/** The demo workspace's policies, as Markdown (written for the demo: real rules, cited). */
export const demoPolicyText = (name: 'trid' | 'hmda' | 'bsa') =>
  readFileSync(
    new URL(
      {
        trid: 'trid-disclosure-procedure.md',
        hmda: 'hmda-data-integrity-procedure.md',
        bsa: 'bsa-aml-program-excerpt.md',
      }[name],
      DEMO_POLICIES,
    ),
    'utf8',
  );

const HEADING_LEVELS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
] as const;

/** A .docx whose Markdown headings are Word heading styles and whose lines are paragraphs. */
export async function docxFromMarkdown(markdown: string): Promise<Buffer> {
  const paragraphs = markdown
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const heading = /^(#{1,3})\s+(.*)$/.exec(line);
      return heading
        ? new Paragraph({ text: heading[2]!, heading: HEADING_LEVELS[heading[1]!.length - 1] })
        : new Paragraph(line);
    });
  return Packer.toBuffer(new Document({ sections: [{ children: paragraphs }] }));
}

/** A text PDF of the lines as written (headings as numbered lines), optionally password-locked. */
export function textPdf(lines: readonly string[], options: { password?: string } = {}) {
  return new Promise<Buffer>((resolve, reject) => {
    const pdf = new PDFDocument(
      options.password ? { userPassword: options.password, ownerPassword: 'owner' } : {},
    );
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    for (const line of lines) pdf.text(line);
    pdf.end();
  });
}

/** A PDF as a scanner makes it: a page with marks and no text layer. */
export function scannedPdf() {
  return new Promise<Buffer>((resolve, reject) => {
    const pdf = new PDFDocument();
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.rect(72, 72, 400, 600).fill('#dddddd');
    pdf.end();
  });
}

/** Markdown as the lines of a printed policy: headings without their `#`. */
export const printedLines = (markdown: string) =>
  markdown
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => line.replace(/^#+\s+/, ''));

/**
 * A zip bomb dressed as a Word file: a real DOCX's first entries, then a document.xml that
 * inflates to `megabytes` of zeros from a few hundred kilobytes.
 */
export function zipBombDocx(megabytes = 120): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '[Content_Types].xml',
    );
    zip.addBuffer(Buffer.alloc(megabytes * 1024 * 1024), 'word/document.xml');
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** An ELF executable's first bytes, as a renamed program would start. */
export const EXECUTABLE_BYTES = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(4096, 1),
]);

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
