import { policyImpactReviews } from '@complivue/db/schema/policies';
import {
  POLICY_MESSAGES,
  type reviewImpactRequestSchema,
} from '@complivue/shared/schemas/policies';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { DatedActor } from '../auth/actor.ts';
import { getPolicyVersion } from './policies.queries.ts';
import { recordPolicyActivity } from './policies.service.ts';
import { findImpactForReview } from './policy-impacts.queries.ts';

/**
 * A manager records their review of the version in force against an update or a change that
 * touches it (what they concluded: no change needed, a new version planned…). Reviewing again
 * replaces the note and keeps who and when in the history.
 */
export async function reviewPolicyImpact(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  options: {
    actor: DatedActor;
    policyId: string;
    body: z.output<typeof reviewImpactRequestSchema>;
  },
) {
  const { actor, body } = options;
  const impact = await findImpactForReview(deps.db, actor.companyId, {
    policyId: options.policyId,
    sourceKind: body.sourceKind,
    sourceId: body.sourceId,
  });
  if (!impact) throw new AppError('not_found', POLICY_MESSAGES.impact_not_found);
  await deps.db.transaction(async (tx) => {
    const version = await getPolicyVersion(tx, {
      companyId: actor.companyId,
      policyId: options.policyId,
      version: impact.policy.version,
    });
    const review = {
      note: body.note,
      reviewedBy: actor.actorUserId,
      reviewedByName: actor.name,
      reviewedAt: deps.clock(),
    };
    await tx
      .insert(policyImpactReviews)
      .values({
        companyId: actor.companyId,
        policyId: options.policyId,
        versionId: version.id,
        sourceKind: body.sourceKind,
        sourceId: body.sourceId,
        ...review,
      })
      .onConflictDoUpdate({
        target: [
          policyImpactReviews.versionId,
          policyImpactReviews.sourceKind,
          policyImpactReviews.sourceId,
        ],
        set: review,
      });
    await recordPolicyActivity(tx, deps, actor, options.policyId, {
      event: 'impact_reviewed',
      action: 'policy.impact_reviewed',
      changes: {
        [impact.source.title]: { from: null, to: body.note },
      },
    });
  });
}
