import { describe, expect, it } from 'vitest';
import {
  citationsInSentence,
  questionIntent,
  questionTerms,
  scoreUnit,
  unitsOfMarkdown,
} from './answer-sentences.ts';

describe('questionIntent', () => {
  it('reads what a question asks for', () => {
    expect(questionIntent('When is HMDA data due?')).toBe('deadline');
    expect(questionIntent('How many days before consummation must the CD arrive?')).toBe(
      'deadline',
    );
    expect(questionIntent('How long must BSA records be kept?')).toBe('retention');
    expect(questionIntent('What is the HPML threshold for a jumbo loan?')).toBe('amount');
    expect(questionIntent('Does CRA apply to credit unions?')).toBe('applicability');
    expect(questionIntent('What is a qualified mortgage?')).toBe('definition');
    expect(questionIntent('When is a practice abusive?')).toBe('definition');
    expect(questionIntent('Explain TRID tolerances')).toBe('general');
  });
});

describe('unitsOfMarkdown', () => {
  const body = [
    '## Requirements',
    '',
    '### The HPML test',
    '',
    'Under 12 CFR 1026.35(a)(1), a loan is an HPML if its APR exceeds the APOR by:',
    '',
    '- **1.5 percentage points** or more for a first-lien loan at or below the limit;',
    '- **2.5 percentage points** or more for a first-lien loan above that limit (jumbo);',
    '',
    'APORs are published weekly (12 CFR 1026.35(a)(2)). Open-end credit is not an HPML.',
  ].join('\n');

  it('gives each list item the sentence that introduces it, and each sentence its section', () => {
    const units = unitsOfMarkdown(body);
    expect(units.map((unit) => unit.text)).toContain(
      'Under 12 CFR 1026.35(a)(1), a loan is an HPML if its APR exceeds the APOR by: 2.5 percentage points or more for a first-lien loan above that limit (jumbo).',
    );
    const openEnd = units.find((unit) => unit.text.startsWith('Open-end credit'))!;
    expect(openEnd.citations).toEqual([]);
    // A sentence without a citation stands under the last one its section gave.
    expect(openEnd.contextCitations).toEqual(['12 CFR 1026.35(a)(2)']);
  });

  it('picks the list item that answers, not its neighbour', () => {
    const question = {
      terms: questionTerms('What is the HPML threshold for a jumbo loan?'),
      intent: questionIntent('What is the HPML threshold for a jumbo loan?'),
    };
    const best = unitsOfMarkdown(body)
      .map((unit) => ({
        unit,
        score: scoreUnit(unit, question, { context: new Set(['hpml']), area: 'tila' }),
      }))
      .sort((a, b) => b.score - a.score)[0]!;
    expect(best.unit.text).toContain('2.5 percentage points');
  });

  it('prefers a deadline to a retention period for a “when” question', () => {
    const units = unitsOfMarkdown(
      'File no later than 30 calendar days after initial detection (31 CFR 1020.320(b)(3)). Keep a copy of each SAR for five years (31 CFR 1020.320(d)).',
    );
    const question = { terms: questionTerms('When is a SAR due?'), intent: 'deadline' as const };
    const scores = units.map((unit) =>
      scoreUnit(unit, question, { context: new Set(['sar']), area: 'bsa_aml' }),
    );
    expect(scores[0]).toBeGreaterThan(scores[1]!);
  });
});

describe('citationsInSentence', () => {
  it('finds CFR and U.S.C. sections as written', () => {
    expect(
      citationsInSentence(
        'Within 15 days (31 CFR 1010.306(a)(1)); see also 15 U.S.C. 1681m(a) and 12 CFR part 25.',
      ),
    ).toEqual(['31 CFR 1010.306(a)(1)', '15 U.S.C. 1681m(a)', '12 CFR part 25']);
  });
});
