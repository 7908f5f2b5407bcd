import { describe, expect, it } from 'vitest';
import { parseChatMarkdown, parseInline, safeHref } from './chat-markdown.ts';

describe('safeHref', () => {
  it('keeps paths of this site and https addresses only', () => {
    expect(safeHref('/compliance/articles/trid-loan-estimate-timing')).toEqual({
      href: '/compliance/articles/trid-loan-estimate-timing',
      external: false,
    });
    expect(safeHref('https://www.consumerfinance.gov/rules')).toEqual({
      href: 'https://www.consumerfinance.gov/rules',
      external: true,
    });
    for (const refused of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>',
      'http://example.com',
      '//evil.example/path',
      '/\\evil.example',
      'help/relative',
      'vbscript:x',
    ]) {
      expect(safeHref(refused), refused).toBeNull();
    }
  });
});

describe('parseChatMarkdown', () => {
  it('turns links and bold into pieces; an unsafe link keeps only its text', () => {
    expect(
      parseInline(
        'See **Basic** and [the rule](/compliance/rules/TRID-LE-001) or [x](javascript:void)',
      ),
    ).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'strong', text: 'Basic' },
      { type: 'text', text: ' and ' },
      { type: 'link', text: 'the rule', href: '/compliance/rules/TRID-LE-001', external: false },
      { type: 'text', text: ' or x' },
    ]);
    expect(parseInline('[x](javascript:alert(1))').some((piece) => piece.type === 'link')).toBe(
      false,
    );
  });

  it('splits paragraphs and lists, and leaves HTML as text', () => {
    const blocks = parseChatMarkdown(
      'Here is what the library says:\n\n- [A](/a): “quote”\n- Rule [B](/b)\n\nCitations: 12 CFR 1026.19(e).\n<img src=x onerror=alert(1)>',
    );
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'list', 'paragraph']);
    expect(blocks[1]).toMatchObject({
      type: 'list',
      items: [
        [{ type: 'link', href: '/a' }, { text: ': “quote”' }],
        [{ text: 'Rule ' }, { type: 'link', href: '/b' }],
      ],
    });
    expect(blocks[2]).toEqual({
      type: 'paragraph',
      lines: [
        [{ type: 'text', text: 'Citations: 12 CFR 1026.19(e).' }],
        [{ type: 'text', text: '<img src=x onerror=alert(1)>' }],
      ],
    });
  });
});
