import { inflateSync } from 'node:zlib';

interface PdfObject {
  dictionary: string;
  stream: Buffer | null;
}

/** Every `N 0 obj … endobj` of a PDF as pdfkit writes it: its dictionary and its (inflated) stream. */
function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of raw.matchAll(/(?:^|\n)(\d+) 0 obj\n/g)) {
    const start = match.index + match[0].length;
    const streamAt = raw.indexOf('\nstream\n', start);
    const end = raw.indexOf('\nendobj', start);
    if (streamAt === -1 || streamAt > end) {
      objects.set(Number(match[1]), { dictionary: raw.slice(start, end), stream: null });
      continue;
    }
    const dictionary = raw.slice(start, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? 0);
    let stream = pdf.subarray(streamAt + 8, streamAt + 8 + length);
    if (dictionary.includes('/FlateDecode')) {
      try {
        stream = inflateSync(stream);
      } catch {
        // Not a stream this reader needs.
      }
    }
    objects.set(Number(match[1]), { dictionary, stream });
  }
  return objects;
}

/** A ToUnicode CMap as pdfkit writes it (`<start> <end> [<u> <u> …]` ranges): code → text. */
function toUnicode(cmap: string): Map<number, string> {
  const codes = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
    let code = parseInt(range[1]!, 16);
    for (const entry of range[3]!.matchAll(/<([0-9a-f ]*)>/gi)) {
      const units = entry[1]!
        .split(' ')
        .filter(Boolean)
        .map((unit) => parseInt(unit, 16));
      codes.set(code, String.fromCharCode(...units));
      code += 1;
    }
  }
  return codes;
}

/**
 * The text drawn in a pdfkit PDF, one text operation a line: each page's content stream read
 * with the font it selects, an embedded font's glyph codes mapped back through its ToUnicode
 * CMap (a standard font's bytes read as Latin-1).
 */
export function pdfText(pdf: Buffer): string {
  const objects = pdfObjects(pdf);
  // pdfkit names a document's fonts F1, F2, … once for the whole document.
  const fonts = new Map<string, Map<number, string> | null>();
  for (const { dictionary } of objects.values()) {
    const fontDictionary = /\/Font <<([^>]*)>>/.exec(dictionary)?.[1];
    if (!fontDictionary) continue;
    for (const entry of fontDictionary.matchAll(/\/(\S+) (\d+) 0 R/g)) {
      const font = objects.get(Number(entry[2]));
      const cmapRef = font && /\/ToUnicode (\d+) 0 R/.exec(font.dictionary)?.[1];
      const cmap = cmapRef ? objects.get(Number(cmapRef))?.stream : null;
      fonts.set(entry[1]!, cmap ? toUnicode(cmap.toString('latin1')) : null);
    }
  }

  const lines: string[] = [];
  for (const { dictionary, stream } of objects.values()) {
    if (!stream || /\/Type|\/Subtype|\/Length1/.test(dictionary)) continue;
    const content = stream.toString('latin1');
    let cmap: Map<number, string> | null = null;
    for (const op of content.matchAll(
      /\/(\S+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
    )) {
      if (op[1]) {
        cmap = fonts.get(op[1]) ?? null;
        continue;
      }
      const hex = op[2]
        ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('')
        : op[3]!;
      if (!cmap) {
        lines.push(Buffer.from(hex, 'hex').toString('latin1'));
        continue;
      }
      let text = '';
      for (let index = 0; index + 4 <= hex.length; index += 4) {
        text += cmap.get(parseInt(hex.slice(index, index + 4), 16)) ?? '\uFFFD';
      }
      lines.push(text);
    }
  }
  return lines.join('\n');
}

/** The PostScript names of the fonts a PDF embeds (subset tag dropped), e.g. DejaVuSans. */
export function embeddedFontNames(pdf: Buffer): string[] {
  const names = new Set<string>();
  for (const { dictionary } of pdfObjects(pdf).values()) {
    if (!/\/FontFile2 \d+ 0 R/.test(dictionary)) continue;
    const name = /\/FontName \/(?:[A-Z]{6}\+)?(\S+)/.exec(dictionary)?.[1];
    if (name) names.add(name);
  }
  return [...names].sort();
}
