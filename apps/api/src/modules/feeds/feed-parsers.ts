import type { FeedDocumentType, FeedFormat } from '@complivue/shared/regulatory-monitoring';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { federalRegisterAgencyCode } from './feed-classify.ts';

/**
 * Reading the three source formats (RSS 2.0, Atom, the Federal Register documents API's JSON)
 * into one normalised item. Strict: a document that is not valid XML or JSON, or whose root is
 * not the source's format, is an error (the source is then marked failing and nothing stored is
 * touched) — never an empty feed. Single bad entries (no link, not http(s), repeated) are skipped.
 */

/** A summary longer than this is cut (the original link has the full text). */
export const SUMMARY_MAX_CHARS = 2000;
export const TITLE_MAX_CHARS = 500;
/** A feed with more entries than this is read up to here (feeds list their newest first). */
export const MAX_ITEMS_PER_DOCUMENT = 500;

export interface ParsedFeedItem {
  /** The entry's own identifier (RSS guid, Atom id, Federal Register document number). */
  guid: string | null;
  /** Absolute http(s) address of the publication. */
  link: string;
  title: string;
  /** Plain text, HTML removed, at most SUMMARY_MAX_CHARS. */
  summary: string;
  publishedAt: Date | null;
  /** Only when the format states it (Federal Register type); classification decides otherwise. */
  documentType: FeedDocumentType | null;
  /** Structured CFR references of the format ("12 CFR part 1026"); text citations come later. */
  citations: string[];
  /** Agencies the format names (codes of AGENCIES). */
  agencies: string[];
  /** YYYY-MM-DD */
  effectiveDate: string | null;
  /** YYYY-MM-DD */
  commentsCloseOn: string | null;
  /** Categories or keywords the feed gives the entry. */
  categories: string[];
  extra: Record<string, string>;
}

export interface ParsedFeed {
  title: string | null;
  items: ParsedFeedItem[];
  /** Entries left out: no usable link, not http(s), or a repeat of an earlier entry. */
  skipped: number;
}

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

// ---------------------------------------------------------------------------------------------
// Text helpers

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  sect: '§',
  para: '¶',
  copy: '©',
  reg: '®',
  trade: '™',
  bull: '•',
  middot: '·',
  laquo: '«',
  raquo: '»',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (match, entity: string) => {
    if (entity.startsWith('#')) {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number.parseInt(entity.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) return ' ';
      if (code >= 0xd800 && code <= 0xdfff) return ' ';
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/**
 * HTML (as feeds put it in descriptions) to plain text: scripts and styles dropped, block ends
 * become spaces, tags removed, entities decoded, whitespace collapsed. The result is only ever
 * shown as text, never as HTML.
 */
export function htmlToText(html: string): string {
  const withoutCode = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|iframe|template)\b[\s\S]*?<\/\1\s*>/gi, ' ');
  const text = withoutCode
    .replace(
      /<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|section|article)\b[^>]*>/gi,
      ' ',
    )
    .replace(/<[^>]*>/g, '');
  return (
    decodeEntities(text)
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Cut at a word boundary with an ellipsis. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An absolute http(s) address, resolved against the feed's address; null otherwise. */
export function absoluteHttpUrl(value: string | null | undefined, base?: string): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (!trimmed) return null;
  try {
    const url = base ? new URL(trimmed, base) : new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** A date a feed wrote (RFC 822, ISO 8601); null when there is none or it cannot be read. */
export function parseFeedDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (!trimmed) return null;
  const time = Date.parse(trimmed);
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  // Years outside this range are typing errors in the feed, not publications.
  const year = date.getUTCFullYear();
  return year >= 1990 && year <= 2200 ? date : null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isoDay(value: unknown): string | null {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return null;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : value;
}

// ---------------------------------------------------------------------------------------------
// Bytes to text

const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xfe, 0xff], 'utf-16be'],
  [[0xff, 0xfe], 'utf-16le'],
];

/**
 * The text of an XML document: the byte-order mark, else the encoding the XML declaration
 * names (some agencies publish Windows-1252), else the HTTP charset, else UTF-8.
 */
export function decodeXmlBytes(bytes: Uint8Array, httpCharset?: string | null): string {
  for (const [mark, encoding] of BOMS) {
    if (mark.every((byte, index) => bytes[index] === byte)) {
      return new TextDecoder(encoding).decode(bytes.subarray(mark.length));
    }
  }
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  for (const encoding of [declared, httpCharset, 'utf-8']) {
    if (!encoding) continue;
    try {
      return new TextDecoder(encoding.toLowerCase()).decode(bytes);
    } catch {
      // An encoding Node does not know: try the next candidate.
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}

// ---------------------------------------------------------------------------------------------
// XML

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Entity expansion stays on with the library's limits (entity count, size, expansions).
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ['item', 'entry', 'link', 'category', 'author'].includes(name),
});

type XmlNode = Record<string, unknown>;

/** The text of an element that may carry attributes or be repeated. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'object') return textOf((value as XmlNode)['#text']);
  return '';
}

function attr(value: unknown, name: string): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const found = (value as XmlNode)[`@_${name}`];
  return typeof found === 'string' ? found : '';
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function parseXml(text: string): XmlNode {
  const verdict = XMLValidator.validate(text, { allowBooleanAttributes: true });
  if (verdict !== true) {
    const { msg, line, col } = verdict.err;
    throw new FeedParseError(`The feed is not valid XML (line ${line}, column ${col}: ${msg}).`);
  }
  try {
    return xmlParser.parse(text) as XmlNode;
  } catch (error) {
    throw new FeedParseError(
      `The feed could not be read as XML: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The name of the document's root element. */
function rootName(document: XmlNode): string | null {
  return Object.keys(document).find((key) => !key.startsWith('?') && !key.startsWith('!')) ?? null;
}

const ROOT_HINTS: Record<string, string> = {
  rss: 'an RSS feed',
  'rdf:RDF': 'an RSS 1.0 (RDF) feed',
  feed: 'an Atom feed',
  html: 'a web page (HTML)',
};

function wrongRoot(expected: string, root: string | null): FeedParseError {
  const found = root ? `<${root}>` : 'no root element';
  const hint = root && ROOT_HINTS[root] ? ` (${ROOT_HINTS[root]})` : '';
  return new FeedParseError(
    `Expected ${expected}, but the document's root element is ${found}${hint}. Check the address and the source's format.`,
  );
}

/** The item list of one feed, deduplicated and capped. */
function finish(title: string | null, candidates: (ParsedFeedItem | null)[]): ParsedFeed {
  const items: ParsedFeedItem[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const candidate of candidates) {
    if (!candidate) {
      skipped += 1;
      continue;
    }
    const key = candidate.guid ? `guid:${candidate.guid}` : `link:${candidate.link}`;
    if (seen.has(key) || seen.has(`link:${candidate.link}`)) {
      skipped += 1;
      continue;
    }
    seen.add(key);
    seen.add(`link:${candidate.link}`);
    if (items.length < MAX_ITEMS_PER_DOCUMENT) items.push(candidate);
  }
  return { title, items, skipped };
}

interface EntryFields {
  guid: string | null;
  link: string | null;
  title: string;
  summaryHtml: string;
  date: string | null;
  categories: string[];
}

function toItem(fields: EntryFields): ParsedFeedItem | null {
  if (!fields.link) return null;
  const summary = clipText(htmlToText(fields.summaryHtml), SUMMARY_MAX_CHARS);
  let title = htmlToText(fields.title);
  if (!title) title = clipText(summary, 120);
  if (!title) return null;
  return {
    guid: fields.guid?.trim() || null,
    link: fields.link,
    title: clipText(title, TITLE_MAX_CHARS),
    summary,
    publishedAt: parseFeedDate(fields.date),
    documentType: null,
    citations: [],
    agencies: [],
    effectiveDate: null,
    commentsCloseOn: null,
    categories: fields.categories.map((category) => htmlToText(category)).filter(Boolean),
    extra: {},
  };
}

/** RSS 2.0 (and 0.9x; RSS 1.0/RDF is read the same way). */
export function parseRss(text: string, baseUrl?: string): ParsedFeed {
  const document = parseXml(text);
  const root = rootName(document);
  let channel: XmlNode;
  let entries: unknown[];
  if (root === 'rss') {
    const rss = document.rss as XmlNode;
    const channelNode = asArray(rss?.channel)[0];
    if (!channelNode || typeof channelNode !== 'object') {
      throw new FeedParseError('The RSS document has no <channel> element.');
    }
    channel = channelNode as XmlNode;
    entries = asArray(channel.item);
  } else if (root === 'rdf:RDF') {
    const rdf = document['rdf:RDF'] as XmlNode;
    channel = (asArray(rdf?.channel)[0] as XmlNode | undefined) ?? {};
    entries = asArray(rdf?.item);
  } else {
    throw wrongRoot('an RSS document (<rss>)', root);
  }
  const base = absoluteHttpUrl(textOf(channel.link), baseUrl) ?? baseUrl;
  const candidates = entries.map((entry) => {
    if (!entry || typeof entry !== 'object') return null;
    const node = entry as XmlNode;
    const guidNode = node.guid;
    const guid = textOf(guidNode) || attr(node, 'rdf:about') || null;
    // A guid is a permalink unless it says isPermaLink="false".
    const guidIsLink = guid && attr(guidNode, 'isPermaLink').toLowerCase() !== 'false';
    const link =
      absoluteHttpUrl(textOf(node.link), base) ?? (guidIsLink ? absoluteHttpUrl(guid, base) : null);
    return toItem({
      guid,
      link,
      title: textOf(node.title),
      summaryHtml: textOf(node.description) || textOf(node['content:encoded']),
      date: textOf(node.pubDate) || textOf(node['dc:date']) || null,
      categories: asArray(node.category).map(textOf),
    });
  });
  return finish(htmlToText(textOf(channel.title)) || null, candidates);
}

function atomLink(links: unknown[], base: string | undefined): string | null {
  const candidates = links.filter((link) => {
    const rel = attr(link, 'rel');
    return rel === '' || rel === 'alternate';
  });
  for (const link of candidates) {
    const href = absoluteHttpUrl(attr(link, 'href'), base);
    if (href) return href;
  }
  return null;
}

/** Atom 1.0 (RFC 4287). */
export function parseAtom(text: string, baseUrl?: string): ParsedFeed {
  const document = parseXml(text);
  const root = rootName(document);
  if (root !== 'feed') throw wrongRoot('an Atom feed (<feed>)', root);
  const feed = (document.feed ?? {}) as XmlNode;
  const base = absoluteHttpUrl(attr(feed, 'xml:base'), baseUrl) ?? baseUrl;
  const candidates = asArray(feed.entry).map((entry) => {
    if (!entry || typeof entry !== 'object') return null;
    const node = entry as XmlNode;
    const entryBase = absoluteHttpUrl(attr(node, 'xml:base'), base) ?? base;
    const id = textOf(node.id) || null;
    return toItem({
      guid: id,
      link: atomLink(asArray(node.link), entryBase) ?? absoluteHttpUrl(id, entryBase),
      title: textOf(node.title),
      summaryHtml: textOf(node.summary) || textOf(node.content),
      date: textOf(node.published) || textOf(node.updated) || null,
      categories: asArray(node.category).map(
        (category) => attr(category, 'label') || attr(category, 'term'),
      ),
    });
  });
  return finish(htmlToText(textOf(feed.title)) || null, candidates);
}

// ---------------------------------------------------------------------------------------------
// Federal Register documents API (https://www.federalregister.gov/developers/documentation/api/v1)

const FR_TYPES: Record<string, FeedDocumentType | null> = {
  Rule: 'final_rule',
  'Proposed Rule': 'proposed_rule',
  // Notices range from guidance to information collections: the words decide.
  Notice: null,
  'Presidential Document': null,
};

const frAgencySchema = z
  .object({
    name: z.string().nullish(),
    raw_name: z.string().nullish(),
    slug: z.string().nullish(),
  })
  .loose();

const frCfrReferenceSchema = z
  .object({
    title: z.union([z.number(), z.string()]).nullish(),
    part: z.union([z.number(), z.string()]).nullish(),
  })
  .loose();

const frDocumentSchema = z
  .object({
    document_number: z.string().nullish(),
    title: z.string().nullish(),
    type: z.string().nullish(),
    abstract: z.string().nullish(),
    action: z.string().nullish(),
    html_url: z.string().nullish(),
    pdf_url: z.string().nullish(),
    publication_date: z.string().nullish(),
    effective_on: z.string().nullish(),
    comments_close_on: z.string().nullish(),
    citation: z.string().nullish(),
    agencies: z.array(frAgencySchema).nullish(),
    cfr_references: z.array(frCfrReferenceSchema).nullish(),
  })
  .loose();

const frResponseSchema = z.object({ results: z.array(z.unknown()) }).loose();
const frEmptyResponseSchema = z.object({ count: z.literal(0) }).loose();

function frCitation(reference: z.infer<typeof frCfrReferenceSchema>): string | null {
  const title = String(reference.title ?? '');
  const part = String(reference.part ?? '');
  if (!/^(12|24|31)$/.test(title) || !/^\d{1,4}$/.test(part)) return null;
  return `${title} CFR part ${part}`;
}

function frItem(value: unknown): ParsedFeedItem | null {
  const parsed = frDocumentSchema.safeParse(value);
  if (!parsed.success) return null;
  const document = parsed.data;
  const link = absoluteHttpUrl(document.html_url);
  const title = htmlToText(document.title ?? '');
  if (!link || !title) return null;
  const agencies = [
    ...new Set(
      (document.agencies ?? [])
        .map((agency) => federalRegisterAgencyCode(agency.slug ?? ''))
        .filter((code) => code !== null),
    ),
  ];
  const agencyNames = (document.agencies ?? [])
    .map((agency) => agency.name ?? agency.raw_name ?? '')
    .filter(Boolean);
  const publication = isoDay(document.publication_date);
  const extra: Record<string, string> = {};
  if (document.document_number) extra.documentNumber = document.document_number;
  if (document.type) extra.federalRegisterType = document.type;
  if (document.action) extra.action = htmlToText(document.action);
  if (document.citation) extra.federalRegisterCitation = document.citation;
  const pdf = absoluteHttpUrl(document.pdf_url);
  if (pdf) extra.pdfUrl = pdf;
  if (agencyNames.length > 0) extra.agencyNames = agencyNames.join('; ');
  return {
    guid: document.document_number?.trim() ? `federalregister:${document.document_number}` : null,
    link,
    title: clipText(title, TITLE_MAX_CHARS),
    summary: clipText(htmlToText(document.abstract ?? ''), SUMMARY_MAX_CHARS),
    // The Federal Register publishes by date; noon UTC keeps that date in every US time zone.
    publishedAt: publication ? new Date(`${publication}T12:00:00Z`) : null,
    documentType: document.type ? (FR_TYPES[document.type] ?? null) : null,
    citations: [
      ...new Set(
        (document.cfr_references ?? []).map(frCitation).filter((c): c is string => c !== null),
      ),
    ],
    agencies,
    effectiveDate: isoDay(document.effective_on),
    commentsCloseOn: isoDay(document.comments_close_on),
    categories: document.action ? [htmlToText(document.action)] : [],
    extra,
  };
}

/** The documents API's JSON answer (`results[]`); an empty search answers `{"count":0}`. */
export function parseFederalRegister(text: string): ParsedFeed {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new FeedParseError(`The response is not valid JSON (${reason}).`);
  }
  const response = frResponseSchema.safeParse(json);
  if (!response.success) {
    if (frEmptyResponseSchema.safeParse(json).success)
      return { title: null, items: [], skipped: 0 };
    const errors = (json as { errors?: unknown } | null)?.errors;
    const detail = errors ? ` It reported: ${JSON.stringify(errors).slice(0, 300)}` : '';
    throw new FeedParseError(
      `The response is JSON but not a Federal Register documents answer (it has no "results" list).${detail}`,
    );
  }
  return finish(null, response.data.results.map(frItem));
}

/** The document as the source's format says it is. */
export function parseFeedDocument(
  format: FeedFormat,
  body: Uint8Array | string,
  options: { baseUrl?: string; charset?: string | null } = {},
): ParsedFeed {
  const text =
    typeof body === 'string'
      ? body
      : format === 'federal_register'
        ? new TextDecoder('utf-8').decode(body)
        : decodeXmlBytes(body, options.charset);
  if (!text.trim()) throw new FeedParseError('The response is empty.');
  switch (format) {
    case 'rss':
      return parseRss(text, options.baseUrl);
    case 'atom':
      return parseAtom(text, options.baseUrl);
    case 'federal_register':
      return parseFederalRegister(text);
  }
}
