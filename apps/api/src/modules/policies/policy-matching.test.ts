import { citationsInText } from '@complivue/shared/citation-search';
import { describe, expect, it } from 'vitest';
import {
  TEXT_MATCHES_PER_SECTION,
  lexemeWeights,
  suggestMatches,
  type RuleForMatching,
} from './policy-matching.ts';

const rules: RuleForMatching[] = [
  {
    id: 'TRID-LE-001',
    citation: '12 CFR 1026.19(e)(1)(iii)',
    lexemes: ['deliv', 'loan', 'estim', 'three', 'busi', 'day', 'applic', 'consum'],
  },
  {
    id: 'TRID-CC-001',
    citation: '12 CFR 1026.19(e)(3)(iv)',
    lexemes: ['revis', 'estim', 'chang', 'circumst', 'loan', 'consum'],
  },
  {
    id: 'HMDA-LAR-001',
    citation: '12 CFR 1003.4(a)',
    lexemes: ['collect', 'record', 'data', 'applic', 'loan', 'regist'],
  },
  {
    id: 'BSA-CTR-001',
    citation: '31 CFR 1010.311',
    lexemes: ['currenc', 'transact', 'report', 'file', 'consum', 'loan'],
  },
];
const weights = lexemeWeights(rules);

const section = (text: string, lexemes: string[]) => ({
  text,
  citations: citationsInText(text),
  lexemes,
});

describe('suggestMatches', () => {
  it('matches a section to the rules whose paragraph it cites, or a paragraph inside it', () => {
    const narrower = suggestMatches(
      section('See 12 CFR 1026.19(e)(3)(iv)(A) for changed circumstances.', []),
      rules,
      weights,
    );
    expect(narrower.map((match) => match.ruleId)).toEqual(['TRID-CC-001']);
    expect(narrower[0]).toMatchObject({ method: 'citation', citedAs: '§ 1026.19(e)(3)(iv)(A)' });
  });

  it('matches a citation of a paragraph above the rule only where the words agree too', () => {
    const matches = suggestMatches(
      section('Revised estimates after a changed circumstance follow § 1026.19(e).', [
        'revis',
        'estim',
        'chang',
        'circumst',
      ]),
      rules,
      weights,
    );
    expect(matches.filter((match) => match.method === 'citation').map((m) => m.ruleId)).toEqual([
      'TRID-CC-001',
    ]);
    expect(
      suggestMatches(section('This procedure applies under § 1026.19(e).', []), rules, weights),
    ).toEqual([]);
  });

  it('does not count the pieces of a citation as shared words', () => {
    const [ruleWithCitationWords] = [
      {
        id: 'X-1',
        citation: '12 CFR 1002.9',
        lexemes: ['cfr', '12', '1002.9', 'iv', 'e', 'notic'],
      },
    ];
    const all = [...rules, ruleWithCitationWords!];
    expect(
      suggestMatches(section('12 CFR iv e', ['cfr', '12', 'iv', 'e']), all, lexemeWeights(all)),
    ).toEqual([]);
  });

  it('does not take a sibling paragraph or a section number for a citation of the rule', () => {
    expect(
      suggestMatches(section('Under § 1026.19(f) and section 2.1', []), rules, weights),
    ).toEqual([]);
  });

  it('suggests a rule by shared words, weighting the words few rules use, with the words shown', () => {
    const text =
      'The loan officer delivers the Loan Estimate within three business days of the application.';
    const [match] = suggestMatches(
      section(text, ['loan', 'offic', 'deliv', 'estim', 'three', 'busi', 'day', 'applic']),
      rules,
      weights,
    );
    expect(match).toMatchObject({ ruleId: 'TRID-LE-001', method: 'text', citedAs: null });
    expect(match!.textScore).toBeGreaterThan(0.8);
    expect(match!.matchedWords).toEqual(expect.arrayContaining(['delivers', 'three', 'business']));
  });

  it('does not suggest a rule from the words every rule uses', () => {
    expect(
      suggestMatches(section('Loan consumer loan consumer.', ['loan', 'consum']), rules, weights),
    ).toEqual([]);
  });

  it('keeps only the best word matches of a section', () => {
    const many: RuleForMatching[] = Array.from({ length: 6 }, (_, index) => ({
      id: `R-${index}`,
      citation: `12 CFR 1002.${index + 1}`,
      lexemes: ['adverse', 'action', 'notic', 'credit', `word${index}`],
    }));
    const matches = suggestMatches(
      section('Adverse action notices for credit.', ['adverse', 'action', 'notic', 'credit']),
      [...many, ...rules],
      lexemeWeights([...many, ...rules]),
    );
    expect(matches).toHaveLength(TEXT_MATCHES_PER_SECTION);
  });
});
