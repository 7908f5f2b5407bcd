import { describe, expect, it } from 'vitest';
import { hpmlInputSchema, hpmlTest } from './hpml.ts';

/*
 * Source: 12 CFR 1026.35(a)(1)(i)–(iii): the APR "exceeds the average prime offer rate for a
 * comparable transaction as of the date the interest rate is set ... by 1.5 or more percentage
 * points" (first lien within the Freddie Mac maximum), "2.5 or more" (first lien above it) and
 * "3.5 or more" (subordinate lien); comment 35(a)(1)-3 (the jumbo threshold, FHFA limits).
 */

const first = { lien: 'first' as const, jumbo: false };

describe('hpmlTest', () => {
  it('is higher-priced at exactly 1.5 points over the APOR ("or more"), first lien', () => {
    const at = hpmlTest({ apr: 5.12, apor: 3.62, ...first });
    expect(at.figures).toEqual({ spread: 1.5, threshold: 1.5, isHigherPriced: true });
    // A classification: the loan file records it, it is not a failure.
    expect(at.outcome).toBe('info');
    expect(at.headline).toContain('is a higher-priced mortgage loan');
    expect(at.citations).toContain('12 CFR 1026.35(a)(1)(i)');
  });

  it('turns at 1.499 / 1.5 / 1.501', () => {
    expect(5.119 - 3.62).not.toBe(1.499); // binary doubles; the test subtracts exact decimals
    expect(hpmlTest({ apr: 5.119, apor: 3.62, ...first }).figures).toEqual({
      spread: 1.499,
      threshold: 1.5,
      isHigherPriced: false,
    });
    expect(hpmlTest({ apr: 5.119, apor: 3.62, ...first }).outcome).toBe('info');
    expect(hpmlTest({ apr: 5.119, apor: 3.62, ...first }).headline).toBe(
      'This is not a higher-priced mortgage loan: the APR is 1.499 percentage points above the APOR, below the 1.5-point threshold.',
    );
    expect(hpmlTest({ apr: 3.37, apor: 3.62, ...first }).headline).toBe(
      'This is not a higher-priced mortgage loan: the APR is 0.25 percentage points below the APOR, below the 1.5-point threshold.',
    );
    expect(hpmlTest({ apr: 5.12, apor: 3.62, ...first }).figures.isHigherPriced).toBe(true);
    expect(hpmlTest({ apr: 5.121, apor: 3.62, ...first }).figures).toEqual({
      spread: 1.501,
      threshold: 1.5,
      isHigherPriced: true,
    });
  });

  it('uses 2.5 for a first-lien jumbo loan and explains what jumbo means', () => {
    const jumbo = { lien: 'first' as const, jumbo: true };
    expect(hpmlTest({ apr: 6.859, apor: 4.36, ...jumbo }).figures.isHigherPriced).toBe(false);
    const at = hpmlTest({ apr: 6.86, apor: 4.36, ...jumbo });
    expect(at.figures).toEqual({ spread: 2.5, threshold: 2.5, isHigherPriced: true });
    expect(at.citations).toContain('12 CFR 1026.35(a)(1)(ii)');
    const threshold = at.steps.find((step) => step.label === 'Threshold that applies');
    expect(threshold?.detail).toMatch(
      /maximum principal obligation eligible for purchase by Freddie Mac/,
    );
    expect(threshold?.detail).toMatch(/Federal Housing Finance Agency/);
    // The same spread on a conforming first lien is well over 1.5.
    expect(hpmlTest({ apr: 6.86, apor: 4.36, ...first }).figures.isHigherPriced).toBe(true);
  });

  it('uses 3.5 for a subordinate lien, jumbo or not', () => {
    expect(hpmlTest({ apr: 7.859, apor: 4.36, lien: 'subordinate', jumbo: false }).figures).toEqual(
      {
        spread: 3.499,
        threshold: 3.5,
        isHigherPriced: false,
      },
    );
    const at = hpmlTest({ apr: 7.86, apor: 4.36, lien: 'subordinate', jumbo: true });
    expect(at.figures).toEqual({ spread: 3.5, threshold: 3.5, isHigherPriced: true });
    expect(at.citations).toContain('12 CFR 1026.35(a)(1)(iii)');
  });

  it('validates its input', () => {
    expect(
      hpmlInputSchema.safeParse({ apr: 6, apor: 4, lien: 'second', jumbo: false }).success,
    ).toBe(false);
    expect(
      hpmlInputSchema.safeParse({ apr: 6, apor: 4, lien: 'first', jumbo: false }).success,
    ).toBe(true);
  });
});
