import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, lists and safe links', () => {
    const html = renderMarkdown(
      '## Overview\n\n- one\n\n[CFPB](https://www.consumerfinance.gov) [rule](/compliance/rules/TRID-LE-001)',
    );
    expect(html).toContain('<h2>Overview</h2>');
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
});
