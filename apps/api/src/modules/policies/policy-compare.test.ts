import type { PolicyComparedRule } from '@complivue/shared/schemas/policies';
import { describe, expect, it } from 'vitest';
import { compareSections, diffText, pairSections, type ComparedSection } from './policy-compare.ts';
import { sectionTextHash } from './policy-sections.ts';

const rule = (id: string): PolicyComparedRule => ({
  id,
  title: `Rule ${id}`,
  citation: '12 CFR 1003.5(a)',
  retired: false,
});

function sections(
  ...specs: [heading: string, text: string, rules?: string[]][]
): ComparedSection[] {
  return specs.map(([heading, text, rules = []], position) => ({
    position,
    level: 2,
    heading,
    text,
    textHash: sectionTextHash({ heading, text }),
    confirmedRules: rules.map(rule),
    undecided: 0,
  }));
}

const joined = (parts: { kind: string; text: string }[], without: string) =>
  parts
    .filter((part) => part.kind !== without)
    .map((part) => part.text)
    .join('');

describe('diffText', () => {
  it('marks the words added and removed, and keeps the new text whole', () => {
    const before = 'Signed by the Chief Compliance Officer within 30 days.';
    const after = 'Signed by the Chief Executive Officer within 45 days.';
    const parts = diffText(before, after);
    expect(parts.filter((part) => part.kind === 'removed').map((part) => part.text)).toEqual([
      'Compliance',
      '30',
    ]);
    expect(parts.filter((part) => part.kind === 'added').map((part) => part.text)).toEqual([
      'Executive',
      '45',
    ]);
    expect(joined(parts, 'removed')).toBe(after);
  });

  it('gives one run for an unchanged, a new or an emptied text', () => {
    expect(diffText('Same words.', 'Same words.')).toEqual([{ kind: 'same', text: 'Same words.' }]);
    expect(diffText('', 'New words.')).toEqual([{ kind: 'added', text: 'New words.' }]);
    expect(diffText('Old words.', '')).toEqual([{ kind: 'removed', text: 'Old words.' }]);
    expect(diffText('', '')).toEqual([]);
  });

  it('shows a text rewritten past the edit limit as removed, then added', () => {
    const before = Array.from({ length: 1_200 }, (_, index) => `a${index}`).join(' ');
    const after = Array.from({ length: 1_200 }, (_, index) => `b${index}`).join(' ');
    expect(diffText(before, after)).toEqual([
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ]);
  });
});

describe('pairSections', () => {
  it('pairs by heading first, whatever the case or spacing, and repeated headings in order', () => {
    const from = sections(['Scope', ''], ['Notes', '1'], ['Timing', ''], ['Notes', '2']);
    const to = sections(['Timing', ''], ['notes', '1'], ['SCOPE', ''], ['Notes ', '2']);
    expect(pairSections(from, to)).toEqual([2, 1, 0, 3]);
  });

  it('pairs a renamed section by its place between sections that kept their headings', () => {
    const from = sections(['Scope', ''], ['Timing', ''], ['Records', ''], ['Training', '']);
    const to = sections(['Scope', ''], ['Deadlines', ''], ['Records', ''], ['Audit', '']);
    expect(pairSections(from, to)).toEqual([0, 1, 2, 3]);
  });

  it('leaves a section new when no unpaired section stood at its place', () => {
    const from = sections(['Scope', ''], ['Records', '']);
    const to = sections(['Scope', ''], ['Training', ''], ['Records', '']);
    expect(pairSections(from, to)).toEqual([0, null, 1]);
  });
});

describe('compareSections', () => {
  const from = sections(
    ['Purpose', 'Why we do this.'],
    ['Coverage Review', 'Each December the coordinator reviews coverage.', ['HMDA-COV-001']],
    ['Annual Submission', 'Signed by the Chief Compliance Officer.', ['HMDA-SUB-001']],
    ['Public Notices', 'A lobby notice at each branch.', ['HMDA-NOT-001']],
  );
  const to = sections(
    ['Purpose', 'Why  we do\nthis.'],
    ['Annual Submission', 'Signed by the Chief Executive Officer.'],
    ['Public Notices', 'A lobby notice at each branch.', ['HMDA-NOT-001']],
    ['Training', 'Staff are trained each year.', ['HMDA-TRN-001']],
  );

  it('says for each section whether it was added, removed, changed or unchanged, in the new order', () => {
    const comparison = compareSections(from, to);
    expect(
      comparison.sections.map((section) => [
        section.status,
        section.heading,
        section.fromPosition,
        section.toPosition,
      ]),
    ).toEqual([
      ['unchanged', 'Purpose', 0, 0],
      ['removed', 'Coverage Review', 1, null],
      ['changed', 'Annual Submission', 2, 1],
      ['unchanged', 'Public Notices', 3, 2],
      ['added', 'Training', null, 3],
    ]);
    expect(comparison.counts).toEqual({ changed: 1, added: 1, removed: 1, unchanged: 2 });

    const [purpose, removed, changed, , added] = comparison.sections;
    // Spacing is not a change: the newer text is shown as it is.
    expect(purpose!.textParts).toEqual([{ kind: 'same', text: 'Why  we do\nthis.' }]);
    expect(removed!.textParts).toEqual([
      { kind: 'removed', text: 'Each December the coordinator reviews coverage.' },
    ]);
    expect(changed!.textParts).toEqual([
      { kind: 'same', text: 'Signed by the Chief ' },
      { kind: 'removed', text: 'Compliance' },
      { kind: 'added', text: 'Executive' },
      { kind: 'same', text: ' Officer.' },
    ]);
    expect(changed!.headingParts).toBeNull();
    expect(added!.textParts).toEqual([{ kind: 'added', text: 'Staff are trained each year.' }]);
  });

  it('keeps the rules confirmed on each side, and names the coverage lost and gained', () => {
    const comparison = compareSections(from, to);
    const byHeading = new Map(comparison.sections.map((section) => [section.heading, section]));
    expect(byHeading.get('Annual Submission')).toMatchObject({
      rulesFrom: [expect.objectContaining({ id: 'HMDA-SUB-001' })],
      rulesTo: [],
    });
    expect(byHeading.get('Coverage Review')!.rulesFrom.map((r) => r.id)).toEqual(['HMDA-COV-001']);
    expect(comparison.rulesNoLongerConfirmed.map((r) => r.id)).toEqual([
      'HMDA-COV-001',
      'HMDA-SUB-001',
    ]);
    expect(comparison.rulesNewlyConfirmed.map((r) => r.id)).toEqual(['HMDA-TRN-001']);
  });

  it('diffs a renamed heading, and gives each section an anchor of its own', () => {
    const comparison = compareSections(
      sections(['Scope', 'A.'], ['Timing', 'B.'], ['Records', 'C.']),
      sections(['Scope', 'A.'], ['Delivery Timing', 'B.'], ['Records', 'C.'], ['Records', 'D.']),
    );
    const renamed = comparison.sections[1]!;
    expect(renamed.status).toBe('changed');
    expect(renamed.headingParts).toEqual([
      { kind: 'added', text: 'Delivery ' },
      { kind: 'same', text: 'Timing' },
    ]);
    expect(renamed.textParts).toEqual([{ kind: 'same', text: 'B.' }]);
    expect(comparison.sections.map((section) => section.anchor)).toEqual([
      'scope',
      'delivery-timing',
      'records',
      'records-2',
    ]);
  });

  it('places a removed section after the section it followed, wherever that one moved', () => {
    const comparison = compareSections(
      sections(['Scope', 'A.'], ['Records', 'B.'], ['Training', 'C.'], ['Audit', 'D.']),
      sections(['Training', 'C.'], ['Scope', 'A.'], ['Audit', 'D.']),
    );
    expect(comparison.sections.map((section) => [section.status, section.heading])).toEqual([
      ['unchanged', 'Training'],
      ['unchanged', 'Scope'],
      ['removed', 'Records'],
      ['unchanged', 'Audit'],
    ]);
    const trailing = compareSections(
      sections(['Scope', 'A.'], ['Records', 'B.']),
      sections(['Scope', 'A.']),
    );
    expect(trailing.sections.map((section) => section.status)).toEqual(['unchanged', 'removed']);
  });
});
