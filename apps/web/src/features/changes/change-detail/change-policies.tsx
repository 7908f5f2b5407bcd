import { policyNumberLabel } from '@complivue/shared/policies';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { Citation } from '@/components/citation';
import { QueryState } from '@/components/query-state';
import { StatusToken } from '@/components/status-token';
import { paths } from '@/config/paths';
import { useChangePolicies } from '../api.ts';
import { DetailSection } from './detail-section.tsx';

/**
 * The approved policies whose confirmed sections cover a CFR section this change cites (its
 * update's citations and its own words), each with whether it has been reviewed against it.
 */
export function ChangePolicies({ changeId }: { changeId: string }) {
  const policies = useChangePolicies(changeId);
  return (
    <DetailSection title="Policies that cover the sections it cites">
      <QueryState query={policies} loading="Looking for policies">
        {(data) =>
          data.items.length === 0 ? (
            <p className="text-sm text-slate-700">
              No approved policy covers a CFR section this change cites.
            </p>
          ) : (
            <ul className="space-y-2 text-sm">
              {data.items.map((impact) => (
                <li key={impact.policy.id} className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`${paths.policyCrossReferencing}?policy=${impact.policy.id}`}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {policyNumberLabel(impact.policy.number)} {impact.policy.title}
                  </Link>
                  <span className="text-xs text-slate-700">
                    {impact.touches.map((touch) => `“${touch.sectionHeading}”`).join(', ')} ·{' '}
                    {impact.citations.map((citation, index) => (
                      <Fragment key={citation}>
                        {index > 0 && ', '}
                        <Citation citation={citation} />
                      </Fragment>
                    ))}
                  </span>
                  {impact.review ? (
                    <StatusToken tone="compliant">Reviewed</StatusToken>
                  ) : (
                    <StatusToken tone="needs_review">To review</StatusToken>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </DetailSection>
  );
}
