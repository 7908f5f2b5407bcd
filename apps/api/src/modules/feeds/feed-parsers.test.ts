import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_MAX_CHARS,
  FeedParseError,
  MAX_CATEGORIES,
  MAX_ITEMS_PER_DOCUMENT,
  RAW_LIMITS,
  SUMMARY_MAX_CHARS,
  TITLE_MAX_CHARS,
  absoluteHttpUrl,
  decodeXmlBytes,
  htmlToText,
  parseFeedDate,
  parseFeedDocument,
} from './feed-parsers.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/feeds/${name}`, import.meta.url));

describe('RSS 2.0', () => {
  const feed = parseFeedDocument('rss', fixture('cfpb-newsroom.rss.xml'), {
    baseUrl: 'https://www.consumerfinance.gov/about-us/newsroom/feed/',
  });

  it('reads the channel and its items with plain-text summaries', () => {
    expect(feed.title).toBe('Newsroom | Consumer Financial Protection Bureau');
    expect(feed.items.map((item) => item.title)).toEqual([
      'CFPB Finalizes Updates to “Know Before You Owe” Mortgage Disclosure Rule',
      'CFPB Takes Action Against Lakeside Home Lending for Illegal Mortgage Kickbacks',
      'Statement on the Home Mortgage Disclosure Act data collection',
    ]);
    const [trid] = feed.items;
    expect(trid!.summary).toMatch(/^WASHINGTON, D\.C\. — The Consumer Financial Protection Bureau/);
    expect(trid!.summary).toContain('12 CFR 1026.19(e)(4)');
    expect(trid!.summary).toContain('(§§ 1026.37 and 1026.38)');
    expect(trid!.summary).not.toMatch(/<|alert/);
    expect(trid!.publishedAt?.toISOString()).toBe('2026-11-17T15:00:00.000Z');
    expect(trid!.categories).toEqual(['Mortgages']);
  });

  it('keeps an item without a date, with publishedAt null', () => {
    const undated = feed.items.find((item) => item.title.startsWith('Statement on the Home'));
    expect(undated?.publishedAt).toBeNull();
    expect(undated?.guid).toBe(
      'https://www.consumerfinance.gov/about-us/newsroom/statement-hmda-data-collection/',
    );
  });

  it('skips entries without a link or guid, non-web links and repeated guids', () => {
    // The entry with neither, the javascript: link and the repeat of the first item.
    expect(feed.skipped).toBe(3);
    expect(feed.items.some((item) => item.link.startsWith('javascript:'))).toBe(false);
    expect(feed.items.filter((item) => item.title.includes('Know Before You Owe'))).toHaveLength(1);
  });

  it('keeps a guid that is not a permalink as the identifier, with the link as given', () => {
    const enforcement = feed.items[1]!;
    expect(enforcement.guid).toBe('cfpb-newsroom-2026-11-16-lakeside');
    expect(enforcement.link).toContain('utm_source=rss');
  });

  it('decodes a feed declared as Windows-1252 and resolves relative links', () => {
    const occ = parseFeedDocument('rss', fixture('occ-news.windows-1252.rss.xml'));
    expect(occ.items[0]!.title).toBe('OCC Issues Bulletin on Banks’ Flood Insurance Compliance');
    expect(occ.items[0]!.summary).toContain('12 CFR part 22 — including');
    expect(occ.items[0]!.link).toBe(
      'https://www.occ.gov/news-issuances/bulletins/2026/bulletin-2026-31.html',
    );
    // "EST" in an RFC 822 date is five hours behind UTC.
    expect(occ.items[0]!.publishedAt?.toISOString()).toBe('2026-11-18T16:00:00.000Z');
  });

  it('uses a permalink guid when the link is missing', () => {
    const feedWithGuidOnly = parseFeedDocument(
      'rss',
      `<rss version="2.0"><channel><title>t</title>
        <item><title>Only a guid</title><guid>https://www.example.gov/a</guid></item>
        <item><title>Opaque guid</title><guid isPermaLink="false">abc-1</guid></item>
      </channel></rss>`,
    );
    expect(feedWithGuidOnly.items.map((item) => item.link)).toEqual(['https://www.example.gov/a']);
    expect(feedWithGuidOnly.skipped).toBe(1);
  });

  it('reads RSS 1.0 (RDF) feeds as RSS', () => {
    const rdf = parseFeedDocument(
      'rss',
      `<?xml version="1.0"?>
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
        <channel rdf:about="https://www.example.gov/"><title>RDF feed</title><link>https://www.example.gov/</link></channel>
        <item rdf:about="https://www.example.gov/1"><title>One</title><link>https://www.example.gov/1</link><dc:date>2026-11-02T10:00:00Z</dc:date></item>
      </rdf:RDF>`,
    );
    expect(rdf.items).toHaveLength(1);
    expect(rdf.items[0]!.publishedAt?.toISOString()).toBe('2026-11-02T10:00:00.000Z');
  });

  it('caps the summary length', () => {
    const long = parseFeedDocument(
      'rss',
      `<rss version="2.0"><channel><title>t</title><item><title>Long</title><link>https://www.example.gov/l</link><description>${'word '.repeat(2000)}</description></item></channel></rss>`,
    );
    expect(long.items[0]!.summary.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    expect(long.items[0]!.summary.endsWith('…')).toBe(true);
  });

  it('reads at most MAX_ITEMS_PER_DOCUMENT items', () => {
    const items = Array.from(
      { length: MAX_ITEMS_PER_DOCUMENT + 20 },
      (_, index) =>
        `<item><title>Item ${index}</title><link>https://www.example.gov/${index}</link></item>`,
    ).join('');
    const big = parseFeedDocument(
      'rss',
      `<rss version="2.0"><channel><title>t</title>${items}</channel></rss>`,
    );
    expect(big.items).toHaveLength(MAX_ITEMS_PER_DOCUMENT);
  });
});

describe('Atom', () => {
  const feed = parseFeedDocument('atom', fixture('agency-news.atom.xml'), {
    baseUrl: 'https://www.ffiec.gov/press/atom.xml',
  });

  it('reads entries, resolving links against xml:base and choosing the alternate link', () => {
    expect(feed.title).toBe('FFIEC Press Releases');
    const [hmda, flood, cra] = feed.items;
    expect(hmda!.title).toBe('FFIEC Announces Availability of 2025 HMDA Data');
    expect(hmda!.link).toBe('https://www.ffiec.gov/press/2026/pr111826.htm');
    expect(hmda!.guid).toBe('tag:ffiec.gov,2026:press/2026-11-18-hmda');
    expect(hmda!.publishedAt?.toISOString()).toBe('2026-11-18T14:00:00.000Z');
    expect(hmda!.summary).toMatch(/^The Federal Financial Institutions Examination Council/);
    expect(hmda!.categories).toEqual(['Home Mortgage Disclosure Act']);
    // No <published>: the <updated> date stands in.
    expect(flood!.publishedAt?.toISOString()).toBe('2026-11-09T16:00:00.000Z');
    // Neither published nor updated: kept without a date.
    expect(cra!.publishedAt).toBeNull();
  });

  it('skips an entry without a link and a repeated id', () => {
    expect(feed.items).toHaveLength(3);
    expect(feed.skipped).toBe(2);
  });
});

describe('Federal Register documents API', () => {
  const feed = parseFeedDocument('federal_register', fixture('federal-register-documents.json'));

  it('reads documents with their type, CFR references, agencies and dates', () => {
    expect(feed.items).toHaveLength(5);
    const [hmda, qm, guidance, fincen, cra] = feed.items;
    expect(hmda).toMatchObject({
      guid: 'federalregister:2026-25101',
      title: 'Home Mortgage Disclosure (Regulation C) Adjustment to Asset-Size Exemption Threshold',
      documentType: 'final_rule',
      citations: ['12 CFR part 1003'],
      agencies: ['CFPB'],
      effectiveDate: '2027-01-01',
      commentsCloseOn: null,
    });
    expect(hmda!.publishedAt?.toISOString()).toBe('2026-11-18T12:00:00.000Z');
    expect(hmda!.extra).toMatchObject({
      documentNumber: '2026-25101',
      federalRegisterType: 'Rule',
      federalRegisterCitation: '91 FR 90101',
      pdfUrl: 'https://www.govinfo.gov/content/pkg/FR-2026-11-18/pdf/2026-25101.pdf',
    });
    expect(qm).toMatchObject({ documentType: 'proposed_rule', commentsCloseOn: '2027-01-19' });
    expect(qm!.summary).toContain('§ 1026.43(e)(2)');
    // A notice's type is decided by its words (classification), not by the format.
    expect(guidance).toMatchObject({ documentType: null, agencies: ['OCC', 'FRB', 'FDIC'] });
    expect(fincen).toMatchObject({
      citations: ['31 CFR part 1010', '31 CFR part 1031'],
      agencies: ['FinCEN'],
    });
    expect(cra!.citations).toEqual(['12 CFR part 25', '12 CFR part 228', '12 CFR part 345']);
  });

  it('skips a result without its web address', () => {
    expect(feed.skipped).toBe(1);
  });

  it('reads an empty search answer as no items', () => {
    const empty = parseFeedDocument('federal_register', fixture('federal-register-empty.json'));
    expect(empty.items).toEqual([]);
  });
});

describe('broken documents', () => {
  const failure = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(FeedParseError);
      return (error as Error).message;
    }
    throw new Error('expected a FeedParseError');
  };

  it('refuses invalid XML with its position instead of reading an empty feed', () => {
    expect(failure(() => parseFeedDocument('rss', fixture('invalid.rss.xml')))).toMatch(
      /^The feed is not valid XML \(line \d+, column \d+: .+\)\.$/,
    );
    expect(failure(() => parseFeedDocument('atom', fixture('invalid.rss.xml')))).toMatch(
      /not valid XML/,
    );
  });

  it('refuses a document whose root is not the source format', () => {
    expect(failure(() => parseFeedDocument('rss', fixture('agency-news.atom.xml')))).toBe(
      "Expected an RSS document (<rss>), but the document's root element is <feed> (an Atom feed). Check the address and the source's format.",
    );
    expect(failure(() => parseFeedDocument('atom', fixture('cfpb-newsroom.rss.xml')))).toMatch(
      /^Expected an Atom feed \(<feed>\), but the document's root element is <rss> \(an RSS feed\)/,
    );
    expect(failure(() => parseFeedDocument('rss', '<note><to>x</to></note>'))).toMatch(
      /root element is <note>\./,
    );
  });

  it('refuses an HTML page', () => {
    expect(failure(() => parseFeedDocument('rss', fixture('web-page.html')))).toMatch(
      /not valid XML|root element is <html>/,
    );
  });

  it('refuses JSON that is not a Federal Register answer, and text that is not JSON', () => {
    expect(
      failure(() => parseFeedDocument('federal_register', fixture('not-federal-register.json'))),
    ).toMatch(/not a Federal Register documents answer/);
    expect(
      failure(() => parseFeedDocument('federal_register', fixture('cfpb-newsroom.rss.xml'))),
    ).toMatch(/^The response is not valid JSON/);
    expect(
      failure(() =>
        parseFeedDocument('federal_register', '{"errors":{"conditions":"agencies is invalid"}}'),
      ),
    ).toMatch(/It reported: .*agencies is invalid/);
  });

  it('refuses an empty response', () => {
    expect(failure(() => parseFeedDocument('rss', ''))).toBe('The response is empty.');
  });

  it('does not expand nested entities (a "billion laughs" document stays small)', () => {
    const entities = Array.from(
      { length: 10 },
      (_, index) => `<!ENTITY l${index + 1} "${`&l${index};`.repeat(10)}">`,
    ).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY l0 "lol">${entities}]><rss version="2.0"><channel><title>&l10;</title><item><title>&l10;</title><link>https://www.example.gov/x</link></item></channel></rss>`;
    let size = 0;
    try {
      const feed = parseFeedDocument('rss', bomb);
      size =
        (feed.title ?? '').length + feed.items.reduce((sum, item) => sum + item.title.length, 0);
    } catch (error) {
      expect(error).toBeInstanceOf(Error);
    }
    expect(size).toBeLessThan(10_000);
  });
});

describe('helpers', () => {
  it('turns HTML into text', () => {
    expect(htmlToText('<p>A &amp; B</p><p>C&nbsp;&#167;&#x2014;</p><style>p{}</style>')).toBe(
      'A & B C §—',
    );
    expect(
      htmlToText(
        'Before<!-- a <b>comment</b> --><SCRIPT type="x">if (a<b) alert("x")</script >after' +
          '<br/>next<noscript><p>no</p></noscript> &lt;b&gt;kept as text&lt;/b&gt; a < b <3',
      ),
    ).toBe('Before after next <b>kept as text</b> a < b <3');
    expect(htmlToText('<b>Bold</b>ly <i>and</i><div>block</div>end')).toBe('Boldly and block end');
    expect(htmlToText('&unknown; &#0; &#xD800; &amp;amp;')).toBe('&unknown; &amp;');
    // HTML's whole table, not a short list: names with digits and accented letters too.
    expect(htmlToText('&frac12;&nbsp;point &sup2; Caf&eacute; &Eacute;tat &rsquo;s')).toBe(
      '½ point ² Café État ’s',
    );
    // An unterminated tag or comment (a cut document) ends the text.
    expect(htmlToText('Text <a href="x')).toBe('Text');
    expect(htmlToText('Text <!-- never closed')).toBe('Text');
    expect(htmlToText('Text <script>never closed')).toBe('Text');
  });

  // Each input is a megabyte built to make backtracking or rescanning strippers quadratic; the
  // test's timeout (5 s) fails a hang, the assertions check what came out.
  it.each([
    ['"<" repeated', '<'.repeat(2 ** 20), '<'.repeat(2 ** 20)],
    ['unterminated tags', '<a'.repeat(2 ** 19), ''],
    ['unterminated comments', '<!--'.repeat(2 ** 18), ''],
    ['unclosed scripts', '<script>'.repeat(2 ** 17), ''],
    ['unterminated script tags', '<script'.repeat(150_000), ''],
    ['closing tag starts', '</'.repeat(2 ** 19), '</'.repeat(2 ** 19)],
    ['declarations', '<!'.repeat(2 ** 19), ''],
    ['entity starts', '&#x'.repeat(350_000), '&#x'.repeat(350_000)],
    ['closed scripts', '<script></script>x'.repeat(58_000), 'x '.repeat(58_000).trim()],
    ['paragraphs', '<p>x'.repeat(2 ** 18), 'x '.repeat(2 ** 18).trim()],
  ])('strips %s in linear time', (_name, input, expected) => {
    expect(htmlToText(input).replace(/ /g, '')).toBe(expected.replace(/ /g, ''));
  });

  it('cuts raw fields before reading them: a hostile entry costs a bounded amount', () => {
    const hostile = '<'.repeat(5 * 2 ** 20);
    const categories = Array.from(
      { length: 500 },
      (_, index) => `<category>${'c'.repeat(5000)}${index}</category>`,
    ).join('');
    const feed = parseFeedDocument(
      'rss',
      `<rss version="2.0"><channel><title>t</title><item><title><![CDATA[${hostile}]]></title>` +
        `<link>https://www.example.gov/h</link><description><![CDATA[${hostile}]]></description>` +
        `${categories}</item></channel></rss>`,
    );
    const [item] = feed.items;
    // The raw title was cut to RAW_LIMITS.title before stripping, then to TITLE_MAX_CHARS.
    expect(item!.title).toBe(`${'<'.repeat(TITLE_MAX_CHARS - 1)}…`);
    expect(RAW_LIMITS.summary).toBeLessThan(hostile.length);
    expect(item!.summary.length).toBe(SUMMARY_MAX_CHARS);
    expect(item!.categories).toHaveLength(MAX_CATEGORIES);
    expect(item!.categories.every((category) => category.length <= CATEGORY_MAX_CHARS)).toBe(true);
  });

  it('stops reading entries at the item cap', () => {
    const good = Array.from(
      { length: MAX_ITEMS_PER_DOCUMENT },
      (_, index) =>
        `<item><title>Item ${index}</title><link>https://www.example.gov/${index}</link></item>`,
    ).join('');
    // Entries past the cap are never converted: had they been, each would count as skipped (a
    // repeat of one link).
    const past = `<item><title>Past the cap</title><link>https://www.example.gov/past</link></item>`;
    const feed = parseFeedDocument(
      'rss',
      `<rss version="2.0"><channel><title>t</title>${good}${past.repeat(3000)}</channel></rss>`,
    );
    expect(feed.items).toHaveLength(MAX_ITEMS_PER_DOCUMENT);
    expect(feed.items.some((item) => item.title === 'Past the cap')).toBe(false);
    expect(feed.skipped).toBe(0);
  });

  it('does not take prototype names for a Federal Register type or an agency', () => {
    const feed = parseFeedDocument(
      'federal_register',
      JSON.stringify({
        results: [
          {
            document_number: '2026-1',
            title: 'Odd document',
            type: 'constructor',
            html_url: 'https://www.federalregister.gov/d/2026-1',
            agencies: [{ slug: 'constructor' }, { slug: '__proto__' }],
          },
        ],
      }),
    );
    expect(feed.items[0]).toMatchObject({ documentType: null, agencies: [] });
  });

  it('accepts only absolute http(s) links', () => {
    expect(absoluteHttpUrl('/a', 'https://www.example.gov/feed')).toBe('https://www.example.gov/a');
    expect(absoluteHttpUrl('javascript:alert(1)', 'https://www.example.gov/')).toBeNull();
    expect(absoluteHttpUrl('data:text/html,hi')).toBeNull();
    expect(absoluteHttpUrl('https://user:pw@www.example.gov/')).toBeNull();
    expect(absoluteHttpUrl('relative/only')).toBeNull();
  });

  it('reads feed dates and rejects nonsense', () => {
    expect(parseFeedDate('Tue, 17 Nov 2026 10:00:00 GMT')?.toISOString()).toBe(
      '2026-11-17T10:00:00.000Z',
    );
    expect(parseFeedDate('2026-11-17T10:00:00-05:00')?.toISOString()).toBe(
      '2026-11-17T15:00:00.000Z',
    );
    expect(parseFeedDate('not a date')).toBeNull();
    expect(parseFeedDate('0001-01-01T00:00:00Z')).toBeNull();
    expect(parseFeedDate('')).toBeNull();
  });

  it('decodes by byte-order mark, XML declaration, then HTTP charset', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<rss/>', 'utf16le')]);
    expect(decodeXmlBytes(utf16)).toBe('<rss/>');
    const latin1 = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><t>caf\u00e9</t>',
      'latin1',
    );
    expect(decodeXmlBytes(latin1)).toContain('café');
    expect(decodeXmlBytes(Buffer.from('<t>caf\u00e9</t>', 'latin1'), 'iso-8859-1')).toBe(
      '<t>café</t>',
    );
  });
});
