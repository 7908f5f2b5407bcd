import { PassThrough, type Readable } from 'node:stream';
import { PDF_FONTS, unicodePdfDocument } from './pdf-fonts.ts';

/** The reports' colours and margin: ink for text, muted for notes. */
export const PDF_INK = '#0f172a';
export const PDF_MUTED = '#475569';
export const PDF_MARGIN = 54;

/** An instant as examiners read it: `2026-11-27 08:15 UTC`. */
export const utcStamp = (date: Date | string) => {
  const iso = typeof date === 'string' ? date : date.toISOString();
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
};

/** The drawing helpers every section of a report uses, bound to one document. */
export function pdfPen(doc: PDFKit.PDFDocument) {
  return {
    heading(text: string) {
      if (doc.y > doc.page.height - 160) doc.addPage();
      doc.moveDown(0.8).font(PDF_FONTS.bold).fontSize(12).fillColor(PDF_INK).text(text, PDF_MARGIN);
      doc.moveDown(0.3).font(PDF_FONTS.regular).fontSize(9.5);
    },
    field(name: string, value: string) {
      doc
        .font(PDF_FONTS.bold)
        .fontSize(9.5)
        .fillColor(PDF_INK)
        .text(`${name}: `, PDF_MARGIN, undefined, { continued: true })
        .font(PDF_FONTS.regular)
        .text(value || '—');
    },
    line(text: string, options: { indent?: number; color?: string } = {}) {
      doc
        .font(PDF_FONTS.regular)
        .fontSize(9.5)
        .fillColor(options.color ?? PDF_INK)
        .text(text, PDF_MARGIN, undefined, { indent: options.indent ?? 0 });
    },
  };
}
export type PdfPen = ReturnType<typeof pdfPen>;

/**
 * A letter-size report streamed as drawn: the title, the subtitle, "Prepared … by …", the body,
 * and on every page a footer naming the report and the page ("page 2 of 5").
 */
export function reportPdf(options: {
  title: string;
  subtitle: string;
  footer: string;
  preparedBy: string;
  now: Date;
  draw: (doc: PDFKit.PDFDocument, write: PdfPen) => void;
}): Readable {
  const doc = unicodePdfDocument({
    size: 'LETTER',
    margin: PDF_MARGIN,
    bufferPages: true,
    info: {
      Title: `${options.title} — ${options.subtitle}`,
      Author: options.preparedBy,
      Creator: 'Complivue',
    },
  });
  const out = new PassThrough();
  doc.pipe(out);
  doc.font(PDF_FONTS.bold).fontSize(18).fillColor(PDF_INK).text(options.title);
  doc.moveDown(0.2).font(PDF_FONTS.bold).fontSize(13).text(options.subtitle);
  doc
    .moveDown(0.2)
    .font(PDF_FONTS.regular)
    .fontSize(9)
    .fillColor(PDF_MUTED)
    .text(`Prepared ${utcStamp(options.now)} by ${options.preparedBy}.`);
  options.draw(doc, pdfPen(doc));
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font(PDF_FONTS.regular)
      .fontSize(8)
      .fillColor(PDF_MUTED)
      .text(
        `${options.footer} · page ${index + 1} of ${range.count}`,
        PDF_MARGIN,
        doc.page.height - 40,
        {
          lineBreak: false,
        },
      );
  }
  doc.end();
  return out;
}
