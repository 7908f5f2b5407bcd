import { describe, expect, it } from 'vitest';
import {
  OPENING_SECTION_HEADING,
  headingOf,
  sectionTextHash,
  splitIntoSections,
} from './policy-sections.ts';

describe('headingOf', () => {
  it('reads Markdown headings anywhere, with their level', () => {
    expect(headingOf('## Timing of the Loan Estimate', false)).toEqual({
      heading: 'Timing of the Loan Estimate',
      level: 2,
    });
  });

  it('reads numbered headings with their depth, only where a paragraph starts', () => {
    expect(headingOf('4.2 Revised Loan Estimates', true)).toEqual({
      heading: '4.2 Revised Loan Estimates',
      level: 2,
    });
    expect(headingOf('3. Purpose', true)?.level).toBe(1);
    expect(headingOf('4.2 Revised Loan Estimates', false)).toBeNull();
  });

  it('does not take a numbered sentence or a long list item for a heading', () => {
    expect(headingOf('1. The creditor delivers the Loan Estimate.', true)).toBeNull();
    expect(
      headingOf(
        '2. Loan officers confirm that every application received by the branch is logged in the system the same day',
        true,
      ),
    ).toBeNull();
    expect(headingOf('12 months after consummation the file is archived', true)).toBeNull();
  });

  it('reads "Section 4", roman numerals and capitals', () => {
    expect(headingOf('Section 4 – Record Retention', true)?.level).toBe(1);
    expect(headingOf('IV. Record Retention', true)?.level).toBe(1);
    expect(headingOf('PURPOSE AND SCOPE', true)?.level).toBe(1);
    expect(headingOf('HMDA', true)).toBeNull();
  });

  it('does not take a citation that starts a line for a heading', () => {
    expect(headingOf('Section 1026.19(e) requires the Loan Estimate', true)).toBeNull();
  });
});

describe('splitIntoSections', () => {
  it('splits Markdown into sections with unique anchors and keeps the opening text', () => {
    const sections = splitIntoSections(
      [
        'Adopted by the board of directors.',
        '',
        '# Purpose',
        'This procedure sets out how we deliver disclosures.',
        '',
        '## Timing',
        'Within three business days of the application.',
        '',
        '## Timing',
        'Again.',
      ].join('\n'),
    );
    expect(sections.map((section) => [section.heading, section.level, section.anchor])).toEqual([
      [OPENING_SECTION_HEADING, 1, 'opening-text'],
      ['Purpose', 1, 'purpose'],
      ['Timing', 2, 'timing'],
      ['Timing', 2, 'timing-2'],
    ]);
    expect(sections[2]!.text).toBe('Within three business days of the application.');
  });

  it('splits the text of a PDF, whose paragraphs have no blank line between them', () => {
    const sections = splitIntoSections(
      [
        '1. Purpose',
        'This policy applies to every closed-end mortgage loan',
        'secured by real property.',
        '2. Loan Estimate',
        'The Loan Estimate is delivered under 12 CFR 1026.19(e).',
        '2.1 Revised Estimates',
        'A revised estimate is issued within three business days.',
      ].join('\n'),
    );
    expect(sections.map((section) => section.heading)).toEqual([
      '1. Purpose',
      '2. Loan Estimate',
      '2.1 Revised Estimates',
    ]);
    expect(sections[0]!.text).toBe(
      'This policy applies to every closed-end mortgage loan\nsecured by real property.',
    );
    expect(sections[2]!.level).toBe(2);
  });

  it('gives a document without headings one section', () => {
    const sections = splitIntoSections('Just a paragraph of text.\nAnd another line.');
    expect(sections).toHaveLength(1);
    expect(sections[0]!.heading).toBe(OPENING_SECTION_HEADING);
  });
});

describe('sectionTextHash', () => {
  it('ignores spacing and line breaks but not words', () => {
    const a = sectionTextHash({ heading: 'Timing', text: 'Within three\nbusiness days.' });
    expect(sectionTextHash({ heading: 'Timing ', text: 'Within  three business days.' })).toBe(a);
    expect(sectionTextHash({ heading: 'Timing', text: 'Within seven business days.' })).not.toBe(a);
  });
});
