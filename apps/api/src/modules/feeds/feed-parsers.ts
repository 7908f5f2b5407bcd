import { decodeHTMLStrict } from 'entities';
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
/** Entries looked at, usable or not: past this a document is not read further. */
export const MAX_ENTRIES_EXAMINED = 2000;
/**
 * Raw fields are cut to these lengths before anything else reads them (HTML stripping,
 * classification, dates, addresses), so one hostile entry costs a bounded amount.
 */
export const RAW_LIMITS = {
  summary: 20_000,
  title: 2_000,
  /** guid, link, date, document number… */
  field: 2_000,
  category: 1_000,
} as const;
export const MAX_CATEGORIES = 50;
export const CATEGORY_MAX_CHARS = 200;

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

/**
 * The text an entity (`&amp;`, `&#167;`, `&#x2014;`, `&frac12;`) stands for, by HTML's whole
 * table (the entities package, which htmlparser2 uses); an unknown name stays as written. A
 * number that is no character (`&#0;`, a surrogate) decodes to U+FFFD, which a reader would see
 * as noise in a title: it becomes a space, as whitespace collapsing then absorbs.
 */
function decodeEntity(match: string): string {
  const text = decodeHTMLStrict(match);
  return text === '\uFFFD' ? ' ' : text;
}

/** Elements whose content is not text: dropped with their content. */
const DROPPED_ELEMENTS = new Set(['script', 'style', 'noscript', 'iframe', 'template']);
/** Elements that end a block: their tags become a space, so words on either side stay apart. */
const BLOCK_ELEMENTS = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'td',
  'th',
  'table',
  'blockquote',
  'section',
  'article',
]);
// Sticky: each matches only at the position it is given (bounded lengths, so O(1) per use).
const ENTITY_AT = /&(?:#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,31});/iy;
const TAG_NAME_AT = /[A-Za-z][A-Za-z0-9-]*/y;

/**
 * A forward search in `text` for calls whose start position never decreases: a search that
 * found nothing is remembered (nothing will be found later either), and a position found is
 * reused while it lies ahead. Every character is therefore scanned at most once per searcher,
 * whatever the input: what keeps htmlToText linear on hostile markup ("<a<a<a…", "<!--<!--…").
 */
function forwardSearch(text: string, find: (from: number) => number): (from: number) => number {
  let searchedFrom = -1;
  let found = -1;
  return (from) => {
    if (searchedFrom !== -1 && from >= searchedFrom && (found === -1 || found >= from)) {
      return found;
    }
    searchedFrom = from;
    found = find(from);
    return found;
  };
}

/**
 * HTML (as feeds put it in descriptions) to plain text, in one linear pass: comments,
 * declarations and the content of scripts, styles and the like dropped, block tags become
 * spaces, other tags removed, entities decoded once (an encoded "&lt;b&gt;" stays text), control
 * characters removed and whitespace collapsed. An unterminated tag or comment ends the text. The
 * result is only ever shown as text, never as HTML.
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  const length = html.length;
  const nextGreaterThan = forwardSearch(html, (from) => html.indexOf('>', from));
  const nextCommentEnd = forwardSearch(html, (from) => html.indexOf('-->', from));
  const closingSearches = new Map<string, (from: number) => number>();
  const nextClosing = (name: string, from: number) => {
    let search = closingSearches.get(name);
    if (!search) {
      const pattern = new RegExp(`</${name}(?![A-Za-z0-9-])`, 'gi');
      search = forwardSearch(html, (start) => {
        pattern.lastIndex = start;
        return pattern.exec(html)?.index ?? -1;
      });
      closingSearches.set(name, search);
    }
    return search(from);
  };

  let textStart = 0;
  let index = 0;
  const flush = (end: number) => {
    if (end > textStart) parts.push(html.slice(textStart, end));
  };
  while (index < length) {
    const code = html.charCodeAt(index);
    if (code === 0x26 /* & */) {
      ENTITY_AT.lastIndex = index;
      const entity = ENTITY_AT.exec(html);
      if (entity) {
        flush(index);
        parts.push(decodeEntity(entity[0]));
        index = ENTITY_AT.lastIndex;
        textStart = index;
        continue;
      }
      index += 1;
      continue;
    }
    if (code !== 0x3c /* < */) {
      index += 1;
      continue;
    }
    const next = html[index + 1];
    if (next === '!' || next === '?') {
      // A comment, or a declaration / processing instruction / CDATA marker.
      flush(index);
      parts.push(' ');
      const comment = html.startsWith('!--', index + 1);
      const end = comment ? nextCommentEnd(index + 4) : nextGreaterThan(index + 2);
      index = end === -1 ? length : end + (comment ? 3 : 1);
      textStart = index;
      continue;
    }
    const closing = next === '/';
    TAG_NAME_AT.lastIndex = index + (closing ? 2 : 1);
    const name = TAG_NAME_AT.exec(html)?.[0].toLowerCase();
    if (!name) {
      // "a < b", "<<", "</ ": not a tag, so the character is text.
      index += 1;
      continue;
    }
    flush(index);
    const end = nextGreaterThan(TAG_NAME_AT.lastIndex);
    if (end === -1) {
      // An unterminated tag: the rest is not text.
      textStart = length;
      break;
    }
    index = end + 1;
    if (!closing && DROPPED_ELEMENTS.has(name) && html[end - 1] !== '/') {
      const close = nextClosing(name, index);
      const closeEnd = close === -1 ? -1 : nextGreaterThan(close + 2 + name.length);
      index = closeEnd === -1 ? length : closeEnd + 1;
      parts.push(' ');
    } else if (BLOCK_ELEMENTS.has(name)) {
      parts.push(' ');
    }
    textStart = index;
  }
  flush(length);
  return (
    parts
      .join('')
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * At most `max` characters of a raw field, before any processing (a hostile feed may put
 * megabytes in one element): cut without splitting a surrogate pair.
 */
export function capRaw(value: string, max: number): string {
  if (value.length <= max) return value;
  const code = value.charCodeAt(max - 1);
  return value.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
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

/**
 * The item list of one feed, deduplicated and capped: entries are converted one at a time and
 * reading stops at MAX_ITEMS_PER_DOCUMENT items (or MAX_ENTRIES_EXAMINED entries), so the
 * entries past the cap cost nothing.
 */
function finish(
  title: string | null,
  entries: readonly unknown[],
  convert: (entry: unknown) => ParsedFeedItem | null,
): ParsedFeed {
  const items: ParsedFeedItem[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  const examined = Math.min(entries.length, MAX_ENTRIES_EXAMINED);
  for (let index = 0; index < examined && items.length < MAX_ITEMS_PER_DOCUMENT; index += 1) {
    const candidate = convert(entries[index]);
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
    items.push(candidate);
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

/** A raw field, cut to RAW_LIMITS.field; null when empty. */
function rawField(value: string | null | undefined): string | null {
  if (!value) return null;
  return capRaw(value, RAW_LIMITS.field);
}

/** A guid longer than the limit is not an identifier anyone can rely on: the link keys it. */
function rawGuid(value: string | null | undefined): string | null {
  const guid = value?.trim();
  if (!guid || guid.length > RAW_LIMITS.field) return null;
  return guid;
}

/** Categories as text: at most MAX_CATEGORIES, each at most CATEGORY_MAX_CHARS. */
function categoryTexts(values: readonly string[]): string[] {
  return values
    .slice(0, MAX_CATEGORIES)
    .map((value) => clipText(htmlToText(capRaw(value, RAW_LIMITS.category)), CATEGORY_MAX_CHARS))
    .filter(Boolean);
}

function toItem(fields: EntryFields): ParsedFeedItem | null {
  if (!fields.link) return null;
  const summary = clipText(
    htmlToText(capRaw(fields.summaryHtml, RAW_LIMITS.summary)),
    SUMMARY_MAX_CHARS,
  );
  let title = htmlToText(capRaw(fields.title, RAW_LIMITS.title));
  if (!title) title = clipText(summary, 120);
  if (!title) return null;
  return {
    guid: rawGuid(fields.guid),
    link: fields.link,
    title: clipText(title, TITLE_MAX_CHARS),
    summary,
    publishedAt: parseFeedDate(rawField(fields.date)),
    documentType: null,
    citations: [],
    agencies: [],
    effectiveDate: null,
    commentsCloseOn: null,
    categories: categoryTexts(fields.categories),
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
  const base = absoluteHttpUrl(rawField(textOf(channel.link)), baseUrl) ?? baseUrl;
  return finish(channelTitle(textOf(channel.title)), entries, (entry) => {
    if (!entry || typeof entry !== 'object') return null;
    const node = entry as XmlNode;
    const guidNode = node.guid;
    const guid = rawGuid(textOf(guidNode) || attr(node, 'rdf:about'));
    // A guid is a permalink unless it says isPermaLink="false".
    const guidIsLink = guid && attr(guidNode, 'isPermaLink').toLowerCase() !== 'false';
    const link =
      absoluteHttpUrl(rawField(textOf(node.link)), base) ??
      (guidIsLink ? absoluteHttpUrl(guid, base) : null);
    return toItem({
      guid,
      link,
      title: textOf(node.title),
      summaryHtml: textOf(node.description) || textOf(node['content:encoded']),
      date: textOf(node.pubDate) || textOf(node['dc:date']) || null,
      categories: asArray(node.category)
        .slice(0, MAX_CATEGORIES)
        .map((category) => textOf(category)),
    });
  });
}

/** A feed's own title as text (shown nowhere long: cut like an item's). */
function channelTitle(raw: string): string | null {
  return clipText(htmlToText(capRaw(raw, RAW_LIMITS.title)), TITLE_MAX_CHARS) || null;
}

function atomLink(links: unknown[], base: string | undefined): string | null {
  const candidates = links.filter((link) => {
    const rel = attr(link, 'rel');
    return rel === '' || rel === 'alternate';
  });
  for (const link of candidates.slice(0, 20)) {
    const href = absoluteHttpUrl(rawField(attr(link, 'href')), base);
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
  const base = absoluteHttpUrl(rawField(attr(feed, 'xml:base')), baseUrl) ?? baseUrl;
  return finish(channelTitle(textOf(feed.title)), asArray(feed.entry), (entry) => {
    if (!entry || typeof entry !== 'object') return null;
    const node = entry as XmlNode;
    const entryBase = absoluteHttpUrl(rawField(attr(node, 'xml:base')), base) ?? base;
    const id = rawGuid(textOf(node.id));
    return toItem({
      guid: id,
      link: atomLink(asArray(node.link), entryBase) ?? absoluteHttpUrl(id, entryBase),
      title: textOf(node.title),
      summaryHtml: textOf(node.summary) || textOf(node.content),
      date: textOf(node.published) || textOf(node.updated) || null,
      categories: asArray(node.category)
        .slice(0, MAX_CATEGORIES)
        .map((category) => attr(category, 'label') || attr(category, 'term')),
    });
  });
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

/** A raw Federal Register string field, cut before use. */
const frText = (value: string | null | undefined, max: number = RAW_LIMITS.field) =>
  capRaw(value ?? '', max);

function frItem(value: unknown): ParsedFeedItem | null {
  const parsed = frDocumentSchema.safeParse(value);
  if (!parsed.success) return null;
  const document = parsed.data;
  const link = absoluteHttpUrl(rawField(document.html_url));
  const title = htmlToText(frText(document.title, RAW_LIMITS.title));
  if (!link || !title) return null;
  const agencyList = (document.agencies ?? []).slice(0, 20);
  const agencies = [
    ...new Set(
      agencyList
        .map((agency) => federalRegisterAgencyCode(frText(agency.slug, 200)))
        .filter((code) => code !== null),
    ),
  ];
  const agencyNames = agencyList
    .map((agency) => clipText(frText(agency.name ?? agency.raw_name, 200), 200))
    .filter(Boolean);
  const publication = isoDay(document.publication_date);
  const documentNumber = rawGuid(document.document_number);
  const action = document.action
    ? clipText(htmlToText(frText(document.action, RAW_LIMITS.category)), CATEGORY_MAX_CHARS)
    : '';
  const extra: Record<string, string> = {};
  if (documentNumber) extra.documentNumber = clipText(documentNumber, 100);
  if (document.type) extra.federalRegisterType = clipText(frText(document.type, 200), 100);
  if (action) extra.action = action;
  if (document.citation) extra.federalRegisterCitation = clipText(frText(document.citation), 200);
  const pdf = absoluteHttpUrl(rawField(document.pdf_url));
  if (pdf) extra.pdfUrl = pdf;
  if (agencyNames.length > 0) extra.agencyNames = agencyNames.join('; ');
  return {
    guid: documentNumber ? `federalregister:${documentNumber}` : null,
    link,
    title: clipText(title, TITLE_MAX_CHARS),
    summary: clipText(htmlToText(frText(document.abstract, RAW_LIMITS.summary)), SUMMARY_MAX_CHARS),
    // The Federal Register publishes by date; noon UTC keeps that date in every US time zone.
    publishedAt: publication ? new Date(`${publication}T12:00:00Z`) : null,
    documentType:
      document.type && Object.hasOwn(FR_TYPES, document.type)
        ? (FR_TYPES[document.type] ?? null)
        : null,
    citations: [
      ...new Set(
        (document.cfr_references ?? [])
          .slice(0, 100)
          .map(frCitation)
          .filter((c): c is string => c !== null),
      ),
    ],
    agencies,
    effectiveDate: isoDay(document.effective_on),
    commentsCloseOn: isoDay(document.comments_close_on),
    categories: action ? [action] : [],
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
  return finish(null, response.data.results, frItem);
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
