import { describe, expect, it } from 'vitest';
import { renderArticle, renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, lists and safe links', () => {
    const html = renderMarkdown(
      '## Overview\n\n- one\n\n[CFPB](https://www.consumerfinance.gov) [rule](/compliance/rules/TRID-LE-001)',
    );
    expect(html).toContain('<h2 id="section-overview">Overview</h2>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('href="https://www.consumerfinance.gov" rel="noopener noreferrer"');
    expect(html).toContain('href="/compliance/rules/TRID-LE-001"');
  });

  it('shows raw HTML as text and drops unsafe links and images', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n[x](javascript:alert(1)) ![pic](https://evil.example/a.png) <img src=x onerror=alert(1)>',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;script&gt;');
  });

  it('does not link to another host through a backslash or a tab', () => {
    const sources = ['[x](/\\evil.example)', '[x](\\\\evil.example)', '[x](//evil.example)'];
    for (const source of sources) {
      const html = renderMarkdown(source);
      // Every link left must resolve, as a browser reads it, to this site.
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
        expect(new URL(href!, 'https://app.example/compliance').host).toBe('app.example');
      }
    }
  });

  it('gives second- and third-level headings unique ids and lists them for a contents', () => {
    const { html, headings } = renderArticle(
      '# Title\n\n## Overview\n\n### Board *approval* (12 CFR 21.21)\n\n## Overview\n\n#### Deep',
    );
    expect(headings).toEqual([
      { id: 'section-overview', text: 'Overview', level: 2 },
      {
        id: 'section-board-approval-12-cfr-21-21',
        text: 'Board approval (12 CFR 21.21)',
        level: 3,
      },
      { id: 'section-overview-2', text: 'Overview', level: 2 },
    ]);
    expect(html).toContain('<h3 id="section-board-approval-12-cfr-21-21">Board <em>approval</em>');
    expect(html).toContain('<h2 id="section-overview-2">Overview</h2>');
    expect(html).toContain('<h1>Title</h1>');
  });

  it('keeps a heading made of markup as text, in the id too', () => {
    const { html, headings } = renderArticle('## <img src=x onerror=alert(1)> "quoted"');
    expect(html).not.toContain('<img');
    expect(headings[0]!.id).toMatch(/^section-[a-z0-9-]+$/);
  });
});
