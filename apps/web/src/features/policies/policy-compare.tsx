import { libraryRulePath } from '@complivue/shared/library';
import {
  POLICY_SECTION_CHANGE_LABELS,
  POLICY_SECTION_CHANGES,
  type PolicySectionChange,
} from '@complivue/shared/policies';
import type {
  PolicyComparedRule,
  PolicyComparison,
  PolicyDetail,
  PolicyDiffPart,
  PolicySectionComparison,
} from '@complivue/shared/schemas/policies';
import { useId } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { StatusToken, type StatusTone } from '@/components/status-token';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { usePolicyComparison } from './api.ts';

export interface CompareRange {
  from: number;
  to: number;
}

/**
 * A section's change in the one set of status tokens (each with its own word): a changed section
 * needs a reviewer's look, an added one has not been assessed, a removed one no longer applies,
 * an unchanged one keeps its decisions.
 */
const CHANGE_TONES: Record<PolicySectionChange, StatusTone> = {
  changed: 'needs_review',
  added: 'not_assessed',
  removed: 'not_applicable',
  unchanged: 'compliant',
};

function ChangeToken({ status }: { status: PolicySectionChange }) {
  return (
    <StatusToken tone={CHANGE_TONES[status]}>{POLICY_SECTION_CHANGE_LABELS[status]}</StatusToken>
  );
}

const COUNT_WORDS: Record<PolicySectionChange, (count: number) => string> = {
  changed: (count) => `${count} section${count === 1 ? '' : 's'} changed`,
  added: (count) => `${count} added`,
  removed: (count) => `${count} removed`,
  unchanged: (count) => `${count} unchanged`,
};

const anchorOf = (section: PolicySectionComparison) => `compare-${section.anchor}`;

/**
 * Words added are underlined and words removed struck through (not colour alone), and a screen
 * reader hears which is which.
 */
function DiffParts({ parts }: { parts: readonly PolicyDiffPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'added' ? (
          <ins
            key={index}
            className="rounded-sm bg-emerald-50 px-0.5 text-emerald-900 underline decoration-2 underline-offset-2"
          >
            <span className="sr-only">[added: </span>
            {part.text}
            <span className="sr-only">]</span>
          </ins>
        ) : part.kind === 'removed' ? (
          <del
            key={index}
            className="rounded-sm bg-red-50 px-0.5 text-red-900 line-through decoration-2"
          >
            <span className="sr-only">[removed: </span>
            {part.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

function RuleLink({ rule }: { rule: PolicyComparedRule }) {
  return (
    <Link
      to={libraryRulePath(rule.id)}
      className="font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      {rule.id} {rule.title}
    </Link>
  );
}

/** The rules confirmed on a section in each version: kept, no longer confirmed, newly confirmed. */
function SectionRules({
  section,
  comparison,
}: {
  section: PolicySectionComparison;
  comparison: PolicyComparison;
}) {
  const toIds = new Set(section.rulesTo.map((rule) => rule.id));
  const fromIds = new Set(section.rulesFrom.map((rule) => rule.id));
  const rows = [
    ...section.rulesFrom.map((rule) => ({
      rule,
      word: toIds.has(rule.id)
        ? `confirmed in both versions`
        : `confirmed in version ${comparison.from.version}, not in version ${comparison.to.version}`,
      lost: !toIds.has(rule.id),
    })),
    ...section.rulesTo
      .filter((rule) => !fromIds.has(rule.id))
      .map((rule) => ({
        rule,
        word: `confirmed in version ${comparison.to.version} only`,
        lost: false,
      })),
  ];
  return (
    <div className="space-y-1 text-sm">
      {rows.length > 0 ? (
        <ul aria-label={`Confirmed rules of ${section.heading}`} className="space-y-1">
          {rows.map(({ rule, word, lost }) => (
            <li key={rule.id} className="flex flex-wrap items-center gap-2">
              {lost && <StatusToken tone="needs_review">Coverage lost</StatusToken>}
              <RuleLink rule={rule} />
              <span className="text-xs text-slate-700">· {word}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-slate-700">
          No rule confirmed on this section in either version.
        </p>
      )}
      {section.undecidedTo > 0 && (
        <p className="text-xs text-slate-700">
          {section.undecidedTo} suggested rule{section.undecidedTo === 1 ? '' : 's'} of version{' '}
          {comparison.to.version} to confirm or reject.
        </p>
      )}
    </div>
  );
}

function ComparedSectionView({
  section,
  comparison,
}: {
  section: PolicySectionComparison;
  comparison: PolicyComparison;
}) {
  const id = anchorOf(section);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="space-y-3 border-t border-slate-200 pt-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
          {section.heading}
        </h3>
        <ChangeToken status={section.status} />
      </div>
      {section.headingParts && (
        <p className="text-sm text-slate-800">
          Heading: <DiffParts parts={section.headingParts} />
        </p>
      )}
      {section.textParts.length > 0 &&
        (section.status === 'changed' ? (
          <p className="text-sm leading-6 whitespace-pre-line text-slate-800">
            <DiffParts parts={section.textParts} />
          </p>
        ) : (
          <details className="text-sm text-slate-800">
            <summary className="cursor-pointer text-sm font-medium text-slate-900">
              {section.status === 'removed'
                ? `Text in version ${comparison.from.version}`
                : `Text in version ${comparison.to.version}`}
            </summary>
            <p className="mt-2 whitespace-pre-line">
              {section.textParts.map((part) => part.text).join('')}
            </p>
          </details>
        ))}
      <SectionRules section={section} comparison={comparison} />
    </section>
  );
}

function RuleList({ label, rules }: { label: string; rules: readonly PolicyComparedRule[] }) {
  if (rules.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {rules.map((rule) => (
          <li key={rule.id}>
            <RuleLink rule={rule} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The comparison: counts first (each a link to the first section it counts), the rules whose
 * confirmed coverage the change lost or gained, a table of contents with each section's change,
 * then each section with its words added and removed and its confirmed rules.
 */
function ComparisonView({ comparison }: { comparison: PolicyComparison }) {
  const first = (status: PolicySectionChange) =>
    comparison.sections.find((section) => section.status === status);
  const counted = POLICY_SECTION_CHANGES.filter((status) => comparison.counts[status] > 0);
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-900">
        Version {comparison.to.version} against version {comparison.from.version}:{' '}
        {counted.length === 0
          ? 'no sections.'
          : counted.map((status, index) => (
              <span key={status}>
                {index > 0 && ', '}
                <a
                  href={`#${anchorOf(first(status)!)}`}
                  className="font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700"
                >
                  {COUNT_WORDS[status](comparison.counts[status])}
                </a>
              </span>
            ))}
        {counted.length > 0 && '.'}
      </p>
      {(comparison.rulesNoLongerConfirmed.length > 0 ||
        comparison.rulesNewlyConfirmed.length > 0) && (
        <div className="space-y-3 rounded-md border border-slate-200 p-4">
          <RuleList
            label={`Confirmed in version ${comparison.from.version}, in no section of version ${comparison.to.version}`}
            rules={comparison.rulesNoLongerConfirmed}
          />
          <RuleList
            label={`Newly confirmed in version ${comparison.to.version}`}
            rules={comparison.rulesNewlyConfirmed}
          />
        </div>
      )}
      <nav aria-label="Sections compared" className="rounded-md bg-slate-50 p-4">
        <h3 className="text-sm font-semibold text-slate-900">Sections</h3>
        <ol className="mt-2 space-y-1 text-sm">
          {comparison.sections.map((section) => (
            <li
              key={section.anchor}
              className="flex flex-wrap items-center gap-2"
              style={{ paddingLeft: `${(section.level - 1) * 1}rem` }}
            >
              <a
                href={`#${anchorOf(section)}`}
                className="text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700"
              >
                {section.heading}
              </a>
              <ChangeToken status={section.status} />
            </li>
          ))}
        </ol>
      </nav>
      {comparison.sections.map((section) => (
        <ComparedSectionView key={section.anchor} section={section} comparison={comparison} />
      ))}
    </div>
  );
}

/** The previous version against the newest: what a reviewer of a new version reads first. */
export function defaultCompareRange(policy: PolicyDetail): CompareRange {
  // Versions come newest first.
  return { from: policy.versions[1]!.version, to: policy.versions[0]!.version };
}

/** Two versions chosen by the reader (kept in the URL), and what changed between them. */
export function PolicyCompareView({
  policy,
  range,
  onChange,
  onClose,
}: {
  policy: PolicyDetail;
  range: CompareRange;
  onChange: (range: CompareRange) => void;
  onClose: () => void;
}) {
  const comparison = usePolicyComparison(policy.id, range);
  const fromId = useId();
  const toId = useId();
  const options = policy.versions.map((version) => (
    <option key={version.version} value={version.version}>
      Version {version.version}
    </option>
  ));
  // Two different versions: choosing the other side's version swaps them.
  const choose = (side: 'from' | 'to', version: number) => {
    const other = side === 'from' ? 'to' : 'from';
    onChange(
      version === range[other]
        ? { ...range, [side]: version, [other]: range[side] }
        : { ...range, [side]: version },
    );
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={fromId} className="block text-sm font-medium text-slate-900">
            Compare version
          </label>
          <Select
            id={fromId}
            className="mt-1 w-40"
            value={range.from}
            onChange={(event) => choose('from', Number(event.target.value))}
          >
            {options}
          </Select>
        </div>
        <div>
          <label htmlFor={toId} className="block text-sm font-medium text-slate-900">
            With version
          </label>
          <Select
            id={toId}
            className="mt-1 w-40"
            value={range.to}
            onChange={(event) => choose('to', Number(event.target.value))}
          >
            {options}
          </Select>
        </div>
        <Button variant="secondary" onClick={onClose}>
          Close the comparison
        </Button>
      </div>
      <QueryState query={comparison} loading="Comparing the versions">
        {(data) => <ComparisonView comparison={data} />}
      </QueryState>
    </div>
  );
}
