import type {
  PolicyComparedRule,
  PolicyComparison,
  PolicyDiffPart,
  PolicySectionComparison,
} from '@complivue/shared/schemas/policies';
import { diffWords } from 'diff';
import { anchorOf } from './policy-sections.ts';

/** A section of a version as the comparison reads it. */
export interface ComparedSection {
  position: number;
  level: number;
  heading: string;
  text: string;
  /** `sectionTextHash`: the same heading and words, whatever the spacing or case. */
  textHash: string;
  /** Rules a person confirmed the section covers. */
  confirmedRules: PolicyComparedRule[];
  /** Suggestions nobody has decided. */
  undecided: number;
}

/**
 * Past this many tokens changed, a word diff says little a reader can follow (and its cost grows
 * with the square of the changes): the section is shown as its old text removed and its new
 * text added.
 */
const MAX_EDIT_LENGTH = 1_000;

const normaliseHeading = (heading: string) => heading.replace(/\s+/g, ' ').trim().toLowerCase();

/** A word-level diff of two texts, as runs of words in both, only in the new, only in the old. */
export function diffText(before: string, after: string): PolicyDiffPart[] {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  const changes = diffWords(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) {
    return [
      ...(before ? [{ kind: 'removed' as const, text: before }] : []),
      ...(after ? [{ kind: 'added' as const, text: after }] : []),
    ];
  }
  const parts: PolicyDiffPart[] = [];
  for (const change of changes) {
    if (!change.value) continue;
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += change.value;
    else parts.push({ kind, text: change.value });
  }
  return parts;
}

/**
 * Pairs the sections of two versions: `pairs[j]` is the index in `from` of the section that
 * `to[j]` continues, or null when it is new. A section is paired first with one of the same
 * heading (the first not yet paired, so repeated headings pair in order), then, between two
 * sections paired by heading, with an unpaired one at the same place (a renamed section).
 */
export function pairSections(
  from: readonly Pick<ComparedSection, 'heading'>[],
  to: readonly Pick<ComparedSection, 'heading'>[],
): (number | null)[] {
  const pairs: (number | null)[] = to.map(() => null);
  const taken = new Set<number>();
  const byHeading = new Map<string, number[]>();
  from.forEach((section, index) => {
    const key = normaliseHeading(section.heading);
    byHeading.set(key, [...(byHeading.get(key) ?? []), index]);
  });
  to.forEach((section, j) => {
    const candidates = byHeading.get(normaliseHeading(section.heading));
    const index = candidates?.shift();
    if (index !== undefined) {
      pairs[j] = index;
      taken.add(index);
    }
  });
  // By position: the unpaired sections of `to` between two paired ones take, in order, the
  // unpaired sections of `from` between the same two.
  let j = 0;
  while (j < to.length) {
    if (pairs[j] !== null) {
      j += 1;
      continue;
    }
    const start = j;
    while (j < to.length && pairs[j] === null) j += 1;
    const lower = start > 0 ? pairs[start - 1]! : -1;
    const upper = j < to.length ? pairs[j]! : from.length;
    const free: number[] = [];
    for (let index = lower + 1; index < upper; index += 1) {
      if (!taken.has(index)) free.push(index);
    }
    for (let k = start; k < j && free.length > 0; k += 1) {
      const index = free.shift()!;
      pairs[k] = index;
      taken.add(index);
    }
  }
  return pairs;
}

const byRuleId = (a: PolicyComparedRule, b: PolicyComparedRule) => a.id.localeCompare(b.id);

/** The rules of `rules` whose id is in none of `others`. */
function rulesMissingFrom(
  rules: readonly PolicyComparedRule[],
  others: readonly PolicyComparedRule[],
): PolicyComparedRule[] {
  const ids = new Set(others.map((rule) => rule.id));
  const seen = new Set<string>();
  return rules
    .filter((rule) => !ids.has(rule.id) && !seen.has(rule.id) && seen.add(rule.id))
    .sort(byRuleId);
}

type Comparison = Pick<
  PolicyComparison,
  'counts' | 'sections' | 'rulesNoLongerConfirmed' | 'rulesNewlyConfirmed'
>;

/**
 * The sections of `to` against those of `from`, in the order of `to`, each added, removed,
 * changed (with a word-level diff of its text and of its heading when that changed) or
 * unchanged, with the rules confirmed on it in each version. A removed section stands where it
 * stood in `from`: after the section it followed there.
 */
export function compareSections(
  from: readonly ComparedSection[],
  to: readonly ComparedSection[],
): Comparison {
  const pairs = pairSections(from, to);
  const paired = new Set(pairs.filter((index): index is number => index !== null));
  const sections: PolicySectionComparison[] = [];
  const anchors = new Map<string, number>();
  const uniqueAnchor = (heading: string) => {
    const base = anchorOf(heading);
    const count = (anchors.get(base) ?? 0) + 1;
    anchors.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  };

  // Each removed section follows the section it followed in `from` (the first ones open the
  // comparison), wherever `to` moved that one.
  const removedAfter = new Map<number, number[]>();
  let previous = -1;
  from.forEach((_, index) => {
    if (paired.has(index)) previous = index;
    else removedAfter.set(previous, [...(removedAfter.get(previous) ?? []), index]);
  });
  const pushRemoved = (after: number) => {
    for (const index of removedAfter.get(after) ?? []) {
      const old = from[index]!;
      sections.push({
        status: 'removed',
        heading: old.heading,
        level: old.level,
        anchor: uniqueAnchor(old.heading),
        fromPosition: old.position,
        toPosition: null,
        headingParts: null,
        textParts: diffText(old.text, ''),
        rulesFrom: old.confirmedRules,
        rulesTo: [],
        undecidedTo: 0,
      });
    }
  };

  pushRemoved(-1);
  to.forEach((section, j) => {
    const index = pairs[j] ?? null;
    const old = index === null ? null : from[index]!;
    const unchanged = old !== null && old.textHash === section.textHash;
    const headingChanged =
      old !== null && normaliseHeading(old.heading) !== normaliseHeading(section.heading);
    sections.push({
      status: old === null ? 'added' : unchanged ? 'unchanged' : 'changed',
      heading: section.heading,
      level: section.level,
      anchor: uniqueAnchor(section.heading),
      fromPosition: old?.position ?? null,
      toPosition: section.position,
      headingParts: headingChanged ? diffText(old.heading, section.heading) : null,
      textParts: diffText(unchanged ? section.text : (old?.text ?? ''), section.text),
      rulesFrom: old?.confirmedRules ?? [],
      rulesTo: section.confirmedRules,
      undecidedTo: section.undecided,
    });
    if (index !== null) pushRemoved(index);
  });

  const counts = { changed: 0, added: 0, removed: 0, unchanged: 0 };
  for (const section of sections) counts[section.status] += 1;
  const rulesFrom = from.flatMap((section) => section.confirmedRules);
  const rulesTo = to.flatMap((section) => section.confirmedRules);
  return {
    counts,
    sections,
    rulesNoLongerConfirmed: rulesMissingFrom(rulesFrom, rulesTo),
    rulesNewlyConfirmed: rulesMissingFrom(rulesTo, rulesFrom),
  };
}
