import { describe, expect, it } from 'vitest';
import {
  KNOWN_CFR_PARTS,
  REQUIRED_SECTIONS,
  STALE_AFTER_DAYS,
  checkArticle,
  diffArticleBodies,
  extractCitations,
  readingGrade,
  type ArticleCheckInput,
} from './article-checks.ts';

const TODAY = new Date(2026, 5, 15, 12); // 15 June 2026, local noon

const BODY = `## Overview

The Loan Estimate tells the consumer what the loan will cost (12 CFR 1026.19(e)(1)(i)).

## Requirements

- Deliver it within three business days of the application (12 CFR 1026.19(e)(1)(iii)(A)).
- Do not charge fees before the consumer says they will go ahead.

## Evidence examiners expect

Keep the date each Loan Estimate was sent and how it was sent.
`;

function article(overrides: Partial<ArticleCheckInput> = {}): ArticleCheckInput {
  return {
    title: 'Loan Estimate: delivery timing',
    summary: 'When the Loan Estimate must be delivered and what fees may be charged before it.',
    body: BODY,
    citations: ['12 CFR 1026.19(e)(1)(i)', '12 CFR 1026.19(e)(1)(iii)(A)'],
    lastReviewed: '2026-03-01',
    ...overrides,
  };
}

function checksOf(input: ArticleCheckInput) {
  return checkArticle(input, TODAY).filter((check) => check.kind !== 'readability');
}

describe('constants', () => {
  it('names the required sections and the review interval', () => {
    expect(REQUIRED_SECTIONS).toEqual(['Overview', 'Requirements', 'Evidence examiners expect']);
    expect(STALE_AFTER_DAYS).toBe(365);
  });

  it('knows the parts of each CFR title the library covers', () => {
    expect(KNOWN_CFR_PARTS.get(12)?.get(1026)).toMatch(/Regulation Z/);
    expect(KNOWN_CFR_PARTS.get(12)?.size).toBe(23);
    expect([...(KNOWN_CFR_PARTS.get(31)?.keys() ?? [])].sort((a, b) => a - b)).toEqual([
      501, 1010, 1020, 1029,
    ]);
    expect([...(KNOWN_CFR_PARTS.get(24)?.keys() ?? [])]).toEqual([3500]);
    expect([...(KNOWN_CFR_PARTS.get(16)?.keys() ?? [])]).toEqual([681]);
    expect(KNOWN_CFR_PARTS.get(12)?.has(9999)).toBe(false);
  });
});

describe('extractCitations', () => {
  it('finds well-formed and malformed citations in a realistic paragraph, once each, in order', () => {
    const paragraph = `Under 12 CFR 1026.19(e)(1)(iii), the creditor delivers the Loan Estimate. The
specific definition of business day excludes the holidays in 5 U.S.C. 6103(a) (see 12 C.F.R.
1026.2(a)(6)). HMDA reporting is in 12 CFR part 1003, mainly 12 CFR §1003.5; flood insurance
in 42 U.S.C. 4012a(b). Writers also type 12 CFR 1026.19 (e) and cite 15 U.S.C. 1681m, or
31 CFR 1020.320 for SARs. Again, 12 CFR 1026.19(e)(1)(iii) governs timing.`;

    expect(extractCitations(paragraph)).toEqual([
      '12 CFR 1026.19(e)(1)(iii)',
      '5 U.S.C. 6103(a)',
      '12 C.F.R. 1026.2(a)(6)',
      '12 CFR part 1003',
      '12 CFR §1003.5',
      '42 U.S.C. 4012a(b)',
      '12 CFR 1026.19 (e)',
      '15 U.S.C. 1681m',
      '31 CFR 1020.320',
    ]);
  });

  it('leaves asides, years, amounts and sentence periods out of the citation', () => {
    expect(
      extractCitations('See 12 CFR 1026.19 (TRID), in force since 2015 (12 CFR part 1026).'),
    ).toEqual(['12 CFR 1026.19', '12 CFR part 1026']);
    expect(extractCitations('In 2015, 12 months of data and $1,000 thresholds applied.')).toEqual(
      [],
    );
  });

  it('catches an unclosed paragraph and a section sign with a space', () => {
    expect(extractCitations('Read 12 CFR 1026.19(e and 12 CFR § 1026.20.')).toEqual([
      '12 CFR 1026.19(e',
      '12 CFR § 1026.20',
    ]);
  });
});

describe('checkArticle: citations', () => {
  it('reports nothing but readability for a sound article', () => {
    const checks = checkArticle(article(), TODAY);
    expect(checks.map((check) => check.kind)).toEqual(['readability']);
  });

  it('accepts well-formed citations in every covered title and code', () => {
    const citations = [
      '12 CFR part 1003',
      '31 CFR 1020.320',
      '24 CFR 3500.7',
      '12 CFR 22.3',
      '42 U.S.C. 4012a(b)',
      '15 U.S.C. 1681m',
      '12 U.S.C. 5531',
    ];
    expect(checksOf(article({ citations }))).toEqual([]);
  });

  it('flags a malformed front-matter citation as an error with the corrected form', () => {
    expect(checksOf(article({ citations: ['12 C.F.R. 1026.19'] }))).toEqual([
      {
        kind: 'malformed_citation',
        severity: 'error',
        message: '"12 C.F.R. 1026.19" is not a well-formed citation. Write it as "12 CFR 1026.19".',
      },
    ]);
  });

  it('suggests the trimmed form for a trailing space and the lowercase "part"', () => {
    const messages = checksOf(
      article({ citations: ['12 CFR 1026.19(e)(1)(iii) ', '12 CFR Part 1003'] }),
    ).map((check) => check.message);
    expect(messages).toEqual([
      '"12 CFR 1026.19(e)(1)(iii) " is not a well-formed citation. Write it as "12 CFR 1026.19(e)(1)(iii)".',
      '"12 CFR Part 1003" is not a well-formed citation. Write it as "12 CFR part 1003".',
    ]);
  });

  it('explains the accepted forms when no correction can be told', () => {
    const [regZ, severalParts] = checksOf(
      article({ citations: ['Reg Z', '12 CFR parts 25, 228 and 345'] }),
    );
    expect(regZ?.kind).toBe('malformed_citation');
    expect(regZ?.message).toBe(
      '"Reg Z" is not a well-formed citation. Write citations as "12 CFR 1026.19(e)(1)(iii)", "12 CFR part 1003" or "42 U.S.C. 4012a(b)".',
    );
    expect(severalParts?.message).not.toMatch(/Write it as/);
  });

  it('warns about a well-formed citation outside the covered parts and titles', () => {
    const checks = checksOf(article({ citations: ['12 CFR 9999.1', '5 U.S.C. 6103(a)'] }));
    expect(checks.map(({ kind, severity }) => [kind, severity])).toEqual([
      ['unknown_citation', 'warning'],
      ['unknown_citation', 'warning'],
    ]);
    expect(checks[0]?.message).toBe(
      '"12 CFR 9999.1" cites 12 CFR part 9999, which is not a part this library covers — check the number.',
    );
    expect(checks[1]?.message).toMatch(/^"5 U\.S\.C\. 6103\(a\)" cites title 5 of the U\.S\. Code/);
  });

  it('checks citations written in the body, once even when also in the front matter', () => {
    const body = `${BODY}\nSee 12 CFR §1026.19 and 12 CFR 1026.19 (e), and 12 CFR 9999.1 twice: 12 CFR 9999.1.\n`;
    const checks = checksOf(article({ body, citations: ['12 CFR 9999.1'] }));
    expect(checks.map((check) => check.message)).toEqual([
      '"12 CFR 9999.1" cites 12 CFR part 9999, which is not a part this library covers — check the number.',
      '"12 CFR §1026.19" is not a well-formed citation. Write it as "12 CFR 1026.19".',
      '"12 CFR 1026.19 (e)" is not a well-formed citation. Write it as "12 CFR 1026.19(e)".',
    ]);
  });

  it('ignores citations inside fenced code', () => {
    const body = `${BODY}\n\`\`\`\n12 C.F.R. 1026.19\n\`\`\`\n`;
    expect(checksOf(article({ body }))).toEqual([]);
  });
});

describe('checkArticle: sections', () => {
  it('reports each missing required section as an error', () => {
    const body = BODY.replace('## Evidence examiners expect', 'Evidence examiners expect').replace(
      '## Overview',
      '### Overview',
    );
    expect(checksOf(article({ body }))).toEqual([
      {
        kind: 'missing_section',
        severity: 'error',
        message: 'The article has no "## Overview" section; every library article needs one.',
      },
      {
        kind: 'missing_section',
        severity: 'error',
        message:
          'The article has no "## Evidence examiners expect" section; every library article needs one.',
      },
    ]);
  });

  it('does not count a heading shown inside fenced code', () => {
    const body = `\`\`\`markdown\n## Overview\n## Requirements\n## Evidence examiners expect\n\`\`\`\n`;
    expect(checksOf(article({ body })).filter((c) => c.kind === 'missing_section')).toHaveLength(3);
  });
});

describe('checkArticle: review date', () => {
  const reviewChecks = (lastReviewed: string) =>
    checksOf(article({ lastReviewed })).filter((check) => check.kind === 'stale_review');

  it('accepts a review within the last year, up to exactly 365 days ago', () => {
    expect(reviewChecks('2026-06-15')).toEqual([]);
    expect(reviewChecks('2026-01-10')).toEqual([]);
    expect(reviewChecks('2025-06-15')).toEqual([]);
  });

  it('warns when the last review is more than 365 days old', () => {
    expect(reviewChecks('2025-06-14')).toEqual([
      {
        kind: 'stale_review',
        severity: 'warning',
        message:
          'The article was last reviewed on 2025-06-14, 366 days ago. Review it against the regulation as in force: articles are due every 365 days.',
      },
    ]);
    expect(reviewChecks('2019-01-01').map((check) => check.severity)).toEqual(['warning']);
  });

  it('refuses a future date', () => {
    const [check] = reviewChecks('2026-06-16');
    expect(check?.severity).toBe('error');
    expect(check?.message).toMatch(/2026-06-16 is in the future/);
  });

  it.each(['2026-02-30', '2026-13-01', '06/01/2026', ''])(
    'refuses the invalid date "%s"',
    (day) => {
      const [check] = reviewChecks(day);
      expect(check?.severity).toBe('error');
      expect(check?.message).toMatch(/is not a valid date/);
    },
  );
});

describe('checkArticle: summary', () => {
  const summaryChecks = (summary: string) =>
    checksOf(article({ summary })).filter((check) => check.kind === 'empty_summary');

  it('refuses an empty or blank summary', () => {
    expect(summaryChecks('   ')).toEqual([
      {
        kind: 'empty_summary',
        severity: 'error',
        message: 'The summary is empty. Write one or two plain sentences (at least 40 characters).',
      },
    ]);
  });

  it('refuses a summary shorter than 40 characters and accepts one of 40', () => {
    const [short] = summaryChecks('Loan Estimate timing.');
    expect(short?.severity).toBe('error');
    expect(short?.message).toMatch(/only 21 characters/);
    expect(summaryChecks('x'.repeat(39))).toHaveLength(1);
    expect(summaryChecks('x'.repeat(40))).toEqual([]);
  });
});

describe('readingGrade', () => {
  const SIMPLE =
    'Send the form in three days. Keep a copy. Ask the boss if you are not sure. We check the file each month.';
  const DENSE =
    'Notwithstanding the foregoing, a creditor shall, prior to the consummation of any closed-end consumer credit transaction secured by real property, provide to the consumer a good-faith estimate of all applicable settlement charges, computed in accordance with the methodology prescribed by the regulation and its accompanying official interpretations, unless the transaction is otherwise exempted by operation of an applicable statutory or regulatory exclusion.';

  it('is 0 for empty text', () => {
    expect(readingGrade('')).toBe(0);
    expect(readingGrade('  \n ')).toBe(0);
  });

  it('grades plain short sentences far below dense legal prose', () => {
    const simple = readingGrade(SIMPLE);
    const dense = readingGrade(DENSE);
    expect(simple).toBeLessThan(dense);
    expect(simple).toBeLessThanOrEqual(5);
    expect(dense).toBeGreaterThan(16);
    expect(dense).toBeLessThan(40);
  });

  it('rounds to one decimal', () => {
    const grade = readingGrade(DENSE);
    expect(Math.round(grade * 10)).toBeCloseTo(grade * 10, 9);
    expect(Number.isInteger(grade)).toBe(false);
  });

  it('applies the Flesch–Kincaid formula to words per sentence', () => {
    // 20 one-syllable words in one sentence: 0.39 × 20 + 11.8 × 1 − 15.59 = 4.01.
    const twenty = 'the cat sat on the mat and the dog ran to the man who had a ball in his hand';
    expect(readingGrade(`${twenty}.`)).toBe(4);
    // The same words as two sentences halve the first term.
    const words = twenty.split(' ');
    expect(
      readingGrade(`${words.slice(0, 10).join(' ')}. ${words.slice(10).join(' ')}.`),
    ).toBeLessThan(4);
  });

  // A one-word sentence grades 11.8 × syllables − 15.2, which exposes the syllable count.
  it.each([
    ['rules', 1],
    ['filed', 1],
    ['year', 1],
    ['table', 2],
    ['being', 2],
    ['mailed', 1],
    ['compliance', 3],
    ['financial', 3],
    ['requirements', 3],
    ['services', 3],
    ['actual', 3],
    ['regulation', 4],
  ])('counts %s as %i syllable(s)', (word, syllables) => {
    const expected = Math.max(0, Math.round((0.39 + 11.8 * syllables - 15.59) * 10) / 10);
    expect(readingGrade(`${word}.`)).toBe(expected);
  });

  it('does not end a sentence at an abbreviation', () => {
    // "e.g." and "table" are both one word of two syllables: only a sentence break would differ.
    expect(
      readingGrade('Use a form, e.g. the one we sent, to ask for a copy of the file now.'),
    ).toBe(readingGrade('Use a form, table the one we sent, to ask for a copy of the file now.'));
  });
});

describe('checkArticle: readability', () => {
  it('always reports exactly one readability check', () => {
    for (const body of [BODY, '', 'x']) {
      expect(
        checkArticle(article({ body }), TODAY).filter((c) => c.kind === 'readability'),
      ).toHaveLength(1);
    }
  });

  it('grades the prose only, without markdown, URLs, code or citations', () => {
    const markdown = `## Overview

Keep **every** [notice](https://example.com/a-very-long-url-with-many-syllables/regulation) on file (12 CFR 1026.19(e)(1)(iii)).

- Send it \`fast\` in three days
- Sign it

| a | table |
| - | ----- |
`;
    const prose = 'Keep every notice on file. Send it in three days. Sign it.';
    // Above the floor of 0, so any leftover word or sentence break would change the grade.
    expect(readingGrade(prose)).toBeGreaterThan(0);
    const [check] = checkArticle(article({ body: markdown }), TODAY).filter(
      (c) => c.kind === 'readability',
    );
    expect(check?.message).toBe(
      `Reading grade level ${readingGrade(prose).toFixed(1)} (aim for 12 or below: compliance staff read these between tasks).`,
    );
  });

  it('is info at grade 12 or below and a warning above', () => {
    const [plain] = checkArticle(article(), TODAY).filter((c) => c.kind === 'readability');
    expect(plain?.severity).toBe('info');
    expect(plain?.message).toMatch(/^Reading grade level \d+\.\d \(aim for 12 or below/);

    const dense = `## Overview\n\nNotwithstanding the foregoing, a creditor shall, prior to consummation of any closed-end consumer credit transaction secured by real property, provide a good-faith estimate of applicable settlement charges computed in accordance with the prescribed methodology and official interpretations.\n`;
    const [hard] = checkArticle(article({ body: dense }), TODAY).filter(
      (c) => c.kind === 'readability',
    );
    expect(hard?.severity).toBe('warning');
    expect(hard?.message).toMatch(/^Reading grade level \d+\.\d is above 12/);
  });
});

describe('diffArticleBodies', () => {
  it('counts added and removed lines', () => {
    const result = diffArticleBodies('a\nb\nc\n', 'a\nB\nc\nd\ne\n');
    expect(result.added).toBe(3);
    expect(result.removed).toBe(1);
    expect(result.parts).toEqual([
      { kind: 'same', text: 'a\n' },
      { kind: 'removed', text: 'b\n' },
      { kind: 'added', text: 'B\n' },
      { kind: 'same', text: 'c\n' },
      { kind: 'added', text: 'd\ne\n' },
    ]);
  });

  it('finds no change in identical text, line endings or the final newline', () => {
    for (const after of ['one\ntwo\n', 'one\r\ntwo\r\n', 'one\ntwo']) {
      const result = diffArticleBodies('one\ntwo\n', after);
      expect([result.added, result.removed]).toEqual([0, 0]);
      expect(result.parts.every((part) => part.kind === 'same')).toBe(true);
    }
  });

  it('counts a whole body replaced', () => {
    const result = diffArticleBodies('x\ny\n', 'p\nq\nr\n');
    expect([result.added, result.removed]).toEqual([3, 2]);
  });
});
