import {
  RULE_FILTERS,
  type AssessmentStatus,
  type RuleFilter,
} from '@complivue/shared/compliance-score';
import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import { Link } from 'react-router';
import { ASSESSMENT_TONES, StatusToken, type StatusTone } from '@/components/status-token';
import { cn } from '@/lib/cn';
import { articleRulesPath } from './library-paths.ts';

/**
 * The library's status words, all from the one token set (`StatusToken`): a rule's status, and
 * the counts of an article's rules by status.
 */
export function AssessmentBadge({ status }: { status: AssessmentStatus }) {
  return <StatusToken tone={ASSESSMENT_TONES[status]} />;
}

export function AreaTag({ area }: { area: RegulationArea }) {
  return (
    <span className="inline-block rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800">
      {REGULATION_AREA_INFO[area].tag}
    </span>
  );
}

/** The token of the counts that are statuses; "applicable" and "assessed" are plain numbers. */
const COUNT_TONES: Partial<Record<RuleFilter, StatusTone>> = {
  compliant: 'compliant',
  needs_review: 'needs_review',
  non_compliant: 'failing',
};

/** What a count counts, after its number: one, then several. */
const COUNT_WORDS: Record<RuleFilter, readonly [string, string]> = {
  applicable: ['rule applies', 'rules apply'],
  assessed: ['assessed', 'assessed'],
  compliant: ['compliant', 'compliant'],
  needs_review: ['needs review', 'need review'],
  non_compliant: ['non-compliant', 'non-compliant'],
};

/** "2 rules apply", "1 non-compliant": the words a count is read with. */
export function ruleCountWords(filter: RuleFilter, count: number): string {
  const [one, several] = COUNT_WORDS[filter];
  return `${count} ${count === 1 ? one : several}`;
}

/**
 * One count of an article's rules, as a link to the article listing exactly those rules. A
 * status count above zero carries its token (colour and icon); its words are shown where no
 * column header says them (`showWords`, the phone list), else read by screen readers only.
 */
export function RuleCountLink({
  slug,
  filter,
  count,
  showWords = false,
}: {
  slug: string;
  filter: RuleFilter;
  count: number;
  showWords?: boolean;
}) {
  const tone = COUNT_TONES[filter];
  const [, ...words] = ruleCountWords(filter, count).split(' ');
  const content = (
    <>
      <span className="tabular-nums">{count}</span>
      <span className={showWords ? undefined : 'sr-only'}> {words.join(' ')}</span>
    </>
  );
  return (
    <Link
      to={articleRulesPath(slug, filter)}
      className={cn(
        'rounded-full underline-offset-2 hover:underline',
        tone && count > 0
          ? 'inline-block'
          : count > 0
            ? 'font-medium text-brand-700'
            : 'text-slate-600',
      )}
    >
      {tone && count > 0 ? <StatusToken tone={tone}>{content}</StatusToken> : content}
    </Link>
  );
}

/** Every count of an article's rules, each with its words, where no column header names them. */
export function RuleCountLinks({
  slug,
  counts,
  className,
}: {
  slug: string;
  counts: Record<RuleFilter, number>;
  className?: string;
}) {
  return (
    <p className={cn('gap-x-3 gap-y-1 text-xs', className)}>
      {RULE_FILTERS.map((filter) => (
        <RuleCountLink key={filter} slug={slug} filter={filter} count={counts[filter]} showWords />
      ))}
    </p>
  );
}
