import type { LoanTestExplanation } from '@complivue/shared/schemas/loan-tests';
import { Link } from 'react-router';
import { Citation } from '@/components/citation';
import { OutcomeToken } from '@/components/loan-tests/outcome-token';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** The library's rules that cite a provision, found by the citation search (/search). */
const libraryLink = (citation: string) => `${paths.search}?${new URLSearchParams({ q: citation })}`;

/** The provisions to look up in the library: a comment's citation is its section's. */
const libraryCitations = (citations: readonly string[]) => [
  ...new Set(citations.map((citation) => citation.replace(/, comment .*$/, ''))),
];

/**
 * One part of a test's answer as a loan file keeps it: the verdict and its sentence, then the
 * worked calculation step by step, each with the provision it applies, then what the test did
 * not check. Every figure a reviewer needs to re-perform it is on the page.
 */
export function ExplainedResult({
  result,
  headingLevel = 2,
}: {
  result: LoanTestExplanation;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className="space-y-4 p-4 sm:p-6 print:border-0 print:p-0 print:shadow-none">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <Heading className="text-lg font-semibold text-slate-900">{result.title}</Heading>
          <OutcomeToken outcome={result.outcome} />
        </div>
        <p className="text-slate-900">{result.headline}</p>
      </header>
      <ol className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {result.steps.map((step, index) => (
          <li
            key={`${index}:${step.label}`}
            className="grid gap-1 p-3 sm:grid-cols-[minmax(12rem,1fr)_2fr] sm:gap-4"
          >
            <div>
              <p className="font-medium text-slate-900">
                <span className="text-slate-600">{index + 1}. </span>
                {step.label}
              </p>
              {step.citation && (
                <p className="text-xs text-slate-700">
                  <Citation citation={step.citation} />
                </p>
              )}
            </div>
            <div>
              <p className="font-semibold tabular-nums text-slate-900">{step.value}</p>
              {step.detail && <p className="text-sm text-slate-700">{step.detail}</p>}
            </div>
          </li>
        ))}
      </ol>
      {result.notes.length > 0 && (
        <div>
          <p className="text-sm font-semibold text-slate-900">What this test did not check</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {result.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      )}
      {libraryCitations(result.citations).length > 0 && (
        <div className="print:hidden">
          <p className="text-sm font-semibold text-slate-900">Rules in the library</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {result.citations.map((citation) => (
              <li key={citation}>
                <Link
                  to={libraryLink(citation)}
                  className="text-brand-700 underline underline-offset-2"
                >
                  Rules citing {citation.replace(/, comment .*$/, '')}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
