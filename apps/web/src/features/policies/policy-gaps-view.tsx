import { formatShortDay } from '@complivue/shared/calendar-days';
import { libraryRulePath } from '@complivue/shared/library';
import { POLICY_VERSION_STATUS_LABELS, policyNumberLabel } from '@complivue/shared/policies';
import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import type { PolicyGapReport, PolicyRef } from '@complivue/shared/schemas/policies';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Citation } from '@/components/citation';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { StatusToken } from '@/components/status-token';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AreaFilterSelect } from '@/components/ui/filter-select';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-day';
import { policyGapsHref, usePolicyGaps } from './api.ts';

const policyPath = (policy: PolicyRef) =>
  `${paths.policyCrossReferencing}?policy=${policy.id}&version=${policy.version}`;

function PolicyLink({ policy }: { policy: PolicyRef }) {
  return (
    <Link
      to={policyPath(policy)}
      className="font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      {policyNumberLabel(policy.number)} {policy.title}
    </Link>
  );
}

function GapSection({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Card className="space-y-3 p-4 sm:p-6">
      <h2
        id={id}
        className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900"
      >
        {title}
        {count > 0 ? (
          <StatusToken tone="failing">{count}</StatusToken>
        ) : (
          <StatusToken tone="compliant">None</StatusToken>
        )}
      </h2>
      {count > 0 && children}
    </Card>
  );
}

function Coverage({ report }: { report: PolicyGapReport }) {
  if (report.areas.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        No rule of the library applies under your institution’s profile.
      </p>
    );
  }
  return (
    <DataTable
      caption="Rules that apply to your institution, and how many an approved policy covers"
      columns={[
        { header: 'Area', cell: (row) => REGULATION_AREA_INFO[row.area].label },
        {
          header: 'Rules that apply',
          cell: (row) => row.applicableRules,
          className: 'text-right',
          headerClassName: 'text-right',
        },
        {
          header: 'Covered',
          cell: (row) => row.coveredRules,
          className: 'text-right',
          headerClassName: 'text-right',
        },
        {
          header: 'Not covered',
          cell: (row) =>
            row.uncovered.length > 0 ? (
              <a
                href={`#uncovered-${row.area}`}
                className="text-brand-700 underline decoration-brand-300 underline-offset-2"
                aria-label={`${row.uncovered.length} ${REGULATION_AREA_INFO[row.area].tag} rules not covered: the list`}
              >
                {row.uncovered.length}
              </a>
            ) : (
              '0'
            ),
          className: 'text-right',
          headerClassName: 'text-right',
        },
      ]}
      rows={report.areas}
      rowKey={(row) => row.area}
      minWidth="32rem"
    />
  );
}

/**
 * The gap report (`?view=gaps`): per area the rules that apply to the institution and no
 * approved policy covers, then the policies to act on — rules retired or updated since their
 * approval, reviews overdue, drafts never approved. Downloadable as CSV and PDF.
 */
export function PolicyGapsView({
  area,
  onArea,
}: {
  area: RegulationArea | undefined;
  onArea: (area: RegulationArea | undefined) => void;
}) {
  const gaps = usePolicyGaps(area);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <form
          role="search"
          aria-label="Filter the gap report"
          onSubmit={(event) => event.preventDefault()}
        >
          <AreaFilterSelect value={area} onChange={onArea} />
        </form>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" asChild>
            <a href={policyGapsHref('csv', area)}>
              <Download aria-hidden="true" className="size-4" />
              Gap report CSV
            </a>
          </Button>
          <Button variant="secondary" asChild>
            <a href={policyGapsHref('pdf', area)}>
              <Download aria-hidden="true" className="size-4" />
              Gap report PDF
            </a>
          </Button>
        </div>
      </div>
      <QueryState query={gaps} loading="Building the gap report">
        {(report) => {
          const uncovered = report.areas.reduce((sum, entry) => sum + entry.uncovered.length, 0);
          return (
            <>
              <GapSection id="coverage" title="Rules no approved policy covers" count={uncovered}>
                <Coverage report={report} />
                {report.areas
                  .filter((entry) => entry.uncovered.length > 0)
                  .map((entry) => (
                    <section
                      key={entry.area}
                      aria-labelledby={`uncovered-${entry.area}`}
                      className="space-y-2"
                    >
                      <h3
                        id={`uncovered-${entry.area}`}
                        className="text-base font-semibold text-slate-900"
                      >
                        {REGULATION_AREA_INFO[entry.area].label}: not covered
                      </h3>
                      <ul className="space-y-1 text-sm">
                        {entry.uncovered.map((rule) => (
                          <li key={rule.id}>
                            <Link
                              to={libraryRulePath(rule.id)}
                              className="font-medium text-brand-700 underline-offset-2 hover:underline"
                            >
                              {rule.id} {rule.title}
                            </Link>{' '}
                            <span className="text-xs text-slate-700">
                              <Citation citation={rule.citation} />
                            </span>
                          </li>
                        ))}
                      </ul>
                    </section>
                  ))}
              </GapSection>
              <GapSection
                id="retired"
                title="Approved policies covering retired rules"
                count={report.retiredRules.length}
              >
                <ul className="space-y-1 text-sm">
                  {report.retiredRules.map((gap) => (
                    <li key={`${gap.policy.id}-${gap.rule.id}-${gap.sectionHeading}`}>
                      <PolicyLink policy={gap.policy} />, “{gap.sectionHeading}”: {gap.rule.id}{' '}
                      {gap.rule.title} (<Citation citation={gap.rule.citation} />) is no longer in
                      the library.
                    </li>
                  ))}
                </ul>
              </GapSection>
              <GapSection
                id="updated"
                title="Rules updated in the library since the policy was approved"
                count={report.updatedRules.length}
              >
                <ul className="space-y-1 text-sm">
                  {report.updatedRules.map((gap) => (
                    <li key={`${gap.policy.id}-${gap.rule.id}`}>
                      <PolicyLink policy={gap.policy} /> (approved {formatDateTime(gap.approvedAt)}
                      ):{' '}
                      <Link
                        to={libraryRulePath(gap.rule.id)}
                        className="text-brand-700 underline-offset-2 hover:underline"
                      >
                        {gap.rule.id} {gap.rule.title}
                      </Link>
                      , article updated {formatDateTime(gap.articleUpdatedAt)}.
                    </li>
                  ))}
                </ul>
              </GapSection>
              <GapSection id="overdue" title="Reviews overdue" count={report.overdueReviews.length}>
                <ul className="space-y-1 text-sm">
                  {report.overdueReviews.map((gap) => (
                    <li key={gap.policy.id}>
                      <PolicyLink policy={gap.policy} />: review was due{' '}
                      {formatShortDay(gap.nextReviewDate)}.
                    </li>
                  ))}
                </ul>
              </GapSection>
              <GapSection
                id="not-in-force"
                title="Policies with no approved version"
                count={report.notInForce.length}
              >
                <ul className="space-y-1 text-sm">
                  {report.notInForce.map((gap) => (
                    <li key={gap.policy.id}>
                      <PolicyLink policy={gap.policy} />: version {gap.policy.version} is{' '}
                      {POLICY_VERSION_STATUS_LABELS[gap.status].toLowerCase()}.
                    </li>
                  ))}
                </ul>
              </GapSection>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
