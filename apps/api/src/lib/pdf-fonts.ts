import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const font = (file: string) =>
  fileURLToPath(new URL(`../../assets/fonts/${file}`, import.meta.url));

/**
 * The fonts every PDF the API draws is written in: DejaVu Sans (apps/api/assets/fonts, with its
 * licence), embedded as a subset. pdfkit's built-in Helvetica only encodes Windows-1252, so
 * "→", "≥", "§§" in imported titles, names in other scripts and the like would print as
 * garbage; an embedded TrueType font draws (and lets a reader copy) any character it covers.
 * Pass these to `doc.font()`; pdfkit caches each per document.
 */
export const PDF_FONTS = {
  regular: font('DejaVuSans.ttf'),
  bold: font('DejaVuSans-Bold.ttf'),
} as const;

/** A pdfkit document whose default font is the embedded regular face (never Helvetica). */
export function unicodePdfDocument(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  return new PDFDocument({ ...options, font: PDF_FONTS.regular });
}
