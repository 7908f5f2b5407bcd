import { LIBRARY_ARTICLE_COUNT, LIBRARY_RULE_COUNT } from '@complivue/shared/library';
import { REGULATION_AREAS } from '@complivue/shared/regulation-areas';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  parseLibraryArticle,
  readLibraryContent,
  type LibraryArticleFile,
} from './library-content.ts';

let articles: LibraryArticleFile[];
beforeAll(async () => {
  articles = await readLibraryContent();
});

const allRules = () =>
  articles.flatMap((article) => article.rules.map((rule) => ({ article, rule })));
const textOf = (area: string) =>
  articles
    .filter((article) => article.area === area)
    .map(
      (article) =>
        `${article.summary}\n${article.body}\n${article.rules.map((r) => r.requirement).join('\n')}`,
    )
    .join('\n')
    .replace(/\s+/g, ' ');

describe('the shared compliance library', () => {
  it('holds exactly the articles and rules the landing page claims', () => {
    expect(articles).toHaveLength(LIBRARY_ARTICLE_COUNT);
    expect(allRules()).toHaveLength(LIBRARY_RULE_COUNT);
  });

  it('has unique slugs and rule ids, and articles in every regulation area', () => {
    const slugs = articles.map((article) => article.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const ids = allRules().map(({ rule }) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const area of REGULATION_AREAS) {
      expect(
        articles.some((article) => article.area === area),
        area,
      ).toBe(true);
    }
  });

  it("lists every rule's citation among its article's citations", () => {
    for (const { article, rule } of allRules()) {
      expect(article.citations, `${rule.id} in ${article.file}`).toContain(rule.citation);
    }
  });

  it('names every rule in 4 to 10 words that add no number its requirement does not state', () => {
    for (const { rule } of allRules()) {
      const words = rule.title.split(/\s+/);
      expect(words.length, rule.id).toBeGreaterThanOrEqual(4);
      expect(words.length, rule.id).toBeLessThanOrEqual(10);
      // "$10,000", "1/8", "30": each must be in the requirement, as written there.
      for (const number of rule.title.match(/\d[\d,./]*\d|\d/g) ?? []) {
        expect(rule.requirement, `${rule.id}: ${number}`).toContain(number);
      }
    }
  });

  it('never applies CRA to credit unions or mortgage companies', () => {
    for (const article of articles.filter((a) => a.area === 'cra')) {
      expect(article.applicability.institutionTypes).not.toContain('credit_union');
      expect(article.applicability.institutionTypes).not.toContain('mortgage_company');
    }
  });

  it('states the deadlines and thresholds the issue names, with their sections', () => {
    const trid = textOf('trid');
    expect(trid).toMatch(/three business days/i);
    expect(trid).toMatch(/seven business days/i);
    expect(trid).toMatch(/10 percent|10%/);
    expect(textOf('hmda')).toMatch(/March 1/);
    const tila = textOf('tila');
    expect(tila).toMatch(/1\.5 percentage points/);
    expect(tila).toMatch(/2\.5 percentage points/);
    expect(tila).toMatch(/3\.5 percentage points/);
    const bsa = textOf('bsa_aml');
    expect(bsa).toMatch(/\$10,000/);
    expect(bsa).toMatch(/15 (calendar )?days/);
    expect(bsa).toMatch(/30 (calendar )?days/);
    const citations = articles.flatMap((article) => article.citations);
    for (const section of ['12 CFR 1003.5', '12 CFR 1026.35', '31 CFR 1020.320']) {
      expect(
        citations.some((citation) => citation.startsWith(section)),
        section,
      ).toBe(true);
    }
  });
});

describe('parseLibraryArticle', () => {
  const valid = `---
slug: sample-article
title: 'A sample article title'
area: trid
summary: 'A summary long enough to be read in a list of articles by an officer.'
citations: [12 CFR 1026.19(e)(1)(iii)]
effectiveDate: 2015-10-03
lastReviewed: 2026-11-22
applicability:
  institutionTypes: [community_bank]
rules:
  - id: TRID-LE-999
    title: 'Deliver the Loan Estimate on time'
    citation: 12 CFR 1026.19(e)(1)(iii)
    requirement: 'Deliver the Loan Estimate on time, every time.'
    frequency: per_loan
    evidence: 'Loan files with the delivery date recorded.'
---
## Overview
x
## Requirements
y
## Evidence examiners expect
z
`;

  it('reads a well-formed article', () => {
    const article = parseLibraryArticle('trid/sample-article.md', valid);
    expect(article.rules[0]?.id).toBe('TRID-LE-999');
    expect(article.effectiveDate).toBe('2015-10-03');
    expect(article.applicability.hmdaReportersOnly).toBe(false);
  });

  it('names the file and the problem for a malformed citation or a missing section', () => {
    expect(() =>
      parseLibraryArticle(
        'trid/x.md',
        valid.replace('citations: [12 CFR', 'citations: [12 C.F.R.'),
      ),
    ).toThrow(/trid\/x\.md: citations\.0/);
    expect(() =>
      parseLibraryArticle('trid/x.md', valid.replace('## Requirements', '## Other')),
    ).toThrow(/no "## Requirements" section/);
  });

  it('refuses a rule without a title, or with a title of more than ten words', () => {
    expect(() =>
      parseLibraryArticle(
        'trid/x.md',
        valid.replace("    title: 'Deliver the Loan Estimate on time'\n", ''),
      ),
    ).toThrow(/trid\/x\.md: rules\.0\.title/);
    expect(() =>
      parseLibraryArticle(
        'trid/x.md',
        valid.replace('on time', 'on time, every time, for every single loan file'),
      ),
    ).toThrow(/rules\.0\.title: Name the rule in 4 to 10 words/);
  });
});
