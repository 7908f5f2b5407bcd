import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import {
  reviewImpactRequestSchema,
  type PolicyDetail,
  type PolicyImpact,
  type ReviewImpactRequest,
} from '@complivue/shared/schemas/policies';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Citation } from '@/components/citation';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextareaField } from '@/components/form/form-fields';
import { QueryState } from '@/components/query-state';
import { StatusToken } from '@/components/status-token';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-day';
import { usePolicyImpacts, useReviewPolicyImpact } from './api.ts';

const sourcePath = (impact: PolicyImpact) =>
  impact.source.kind === 'change'
    ? `${paths.changeManagement}?change=${impact.source.id}`
    : `${paths.regulatoryFeeds}?item=${impact.source.id}`;

function ReviewForm({
  policyId,
  impact,
  onDone,
}: {
  policyId: string;
  impact: PolicyImpact;
  onDone: () => void;
}) {
  const review = useReviewPolicyImpact(policyId);
  const form = useZodForm(reviewImpactRequestSchema, {
    sourceKind: impact.source.kind,
    sourceId: impact.source.id,
    note: '',
  });
  return (
    <Form
      form={form}
      aria-label={`Review against ${impact.source.title}`}
      failure="The review could not be saved."
      className="space-y-3 rounded-md border border-slate-200 p-3"
      onSubmit={async (body) => {
        await review.mutateAsync(body);
        toast.success('The review was recorded.');
        onDone();
      }}
    >
      <TextareaField<ReviewImpactRequest>
        name="note"
        label="What you concluded"
        hint="For example: no change needed, and why; or a new version is being drafted."
        rows={2}
        maxLength={2000}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton size="sm" pendingLabel="Saving…">
          Record the review
        </SubmitButton>
      </div>
    </Form>
  );
}

function ImpactRow({
  policyId,
  impact,
  canReview,
}: {
  policyId: string;
  impact: PolicyImpact;
  canReview: boolean;
}) {
  const [reviewing, setReviewing] = useState(false);
  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link
            to={sourcePath(impact)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {impact.source.number !== null && `${changeNumberLabel(impact.source.number)} `}
            {impact.source.title}
          </Link>
          <p className="text-xs text-slate-700">
            {impact.source.kind === 'change' ? 'Change recorded' : 'Regulatory update published'}{' '}
            {formatDateTime(impact.source.date)} · cites{' '}
            {impact.citations.map((citation, index) => (
              <span key={citation}>
                {index > 0 && ', '}
                <Citation citation={citation} />
              </span>
            ))}
          </p>
          <p className="text-xs text-slate-700">
            Touches:{' '}
            {impact.touches
              .map((touch) => `“${touch.sectionHeading}” (${touch.ruleId}, ${touch.ruleCitation})`)
              .join('; ')}
          </p>
        </div>
        {impact.review ? (
          <StatusToken tone="compliant">Reviewed</StatusToken>
        ) : (
          <StatusToken tone="needs_review">To review</StatusToken>
        )}
      </div>
      {impact.review && (
        <p className="text-xs text-slate-800">
          {impact.review.reviewedByName}, {formatDateTime(impact.review.reviewedAt)}: “
          {impact.review.note}”
        </p>
      )}
      {canReview && !impact.review && !reviewing && (
        <Button size="sm" variant="secondary" onClick={() => setReviewing(true)}>
          Record a review
        </Button>
      )}
      {reviewing && (
        <ReviewForm policyId={policyId} impact={impact} onDone={() => setReviewing(false)} />
      )}
    </li>
  );
}

/**
 * Regulatory updates and changes since the approval that cite a CFR section the policy covers:
 * each a review to record (what was concluded), those not reviewed first.
 */
export function PolicyImpactsCard({ policy, role }: { policy: PolicyDetail; role: Role }) {
  const impacts = usePolicyImpacts(policy.approved ? policy.id : null);
  if (!policy.approved) return null;
  return (
    <Card className="space-y-3 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Regulatory changes since approval</h2>
      <QueryState query={impacts} loading="Looking for updates and changes">
        {(data) =>
          data.items.length === 0 ? (
            <p className="text-sm text-slate-700">
              No regulatory update or change since version {policy.approved!.version} was approved
              cites a section it covers.
            </p>
          ) : (
            <ul className="space-y-2">
              {data.items.map((impact) => (
                <ImpactRow
                  key={`${impact.source.kind}-${impact.source.id}`}
                  policyId={policy.id}
                  impact={impact}
                  canReview={hasRoleAtLeast(role, 'manager')}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
    </Card>
  );
}
