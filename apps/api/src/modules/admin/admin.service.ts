import { featureAccessMatrix, subscriptions } from '@complivue/db/schema/subscriptions';
import type {
  featureMatrixRowSchema,
  setCompanySubscriptionRequestSchema,
} from '@complivue/shared/schemas/admin';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Caller } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { findCompany } from '../companies/institution.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';
import { findAdminCompanies } from './admin.queries.ts';

type SetCompanySubscriptionRequest = z.infer<typeof setCompanySubscriptionRequestSchema>;
type FeatureMatrixRow = z.infer<typeof featureMatrixRowSchema>;

/*
 * What the platform operator changes by hand: a company's subscription (invoiced customers) and
 * the plan → feature matrix. Both are audited with what they were before.
 */

/**
 * Sets a company's plan, status and period: the company's current subscription is changed in
 * place (so its history of payments stays attached), or one is created if it has none.
 */
export async function setCompanySubscription(
  deps: ServiceDeps,
  options: { caller: Caller; companyId: string; input: SetCompanySubscriptionRequest },
) {
  const { db } = deps;
  const { caller, companyId, input } = options;
  if (!(await findCompany(db, companyId))) {
    throw new AppError('not_found', 'That company was not found.');
  }
  const date = (value: string | null | undefined) => (value ? new Date(value) : null);
  const values = {
    planName: input.planName,
    status: input.status,
    planType: input.planType ?? null,
    currentPeriodStart: date(input.currentPeriodStart),
    currentPeriodEnd: date(input.currentPeriodEnd),
    trialEnd: date(input.trialEnd),
  };
  const current = await findCompanySubscription(db, companyId);
  if (current) {
    await db
      .update(subscriptions)
      .set({ ...values, metadata: { ...current.metadata, set_by: 'super_admin' } })
      .where(eq(subscriptions.id, current.id));
  } else {
    await db
      .insert(subscriptions)
      .values({ ...values, companyId, metadata: { set_by: 'super_admin' } });
  }
  await recordAudit(db, caller, {
    action: 'subscription.set_by_admin',
    actorUserId: caller.actorUserId,
    companyId,
    targetType: 'company',
    targetId: companyId,
    before: current
      ? {
          planName: current.planName,
          status: current.status,
          currentPeriodEnd: current.currentPeriodEnd,
          trialEnd: current.trialEnd,
        }
      : null,
    after: values,
  });
  const { items } = await findAdminCompanies(db, { companyId, page: 1 });
  return items[0]!;
}

/** Which plan grants which feature, by feature then plan. */
export async function findFeatureMatrix(deps: Pick<ServiceDeps, 'db'>) {
  return deps.db
    .select({
      planName: featureAccessMatrix.planName,
      featureName: featureAccessMatrix.featureName,
      hasAccess: featureAccessMatrix.hasAccess,
    })
    .from(featureAccessMatrix)
    .orderBy(asc(featureAccessMatrix.featureName), asc(featureAccessMatrix.planName));
}

/** Grants or withdraws a feature for a plan (an upsert on plan and feature). */
export async function setFeatureAccess(
  deps: ServiceDeps,
  options: { caller: Caller; row: FeatureMatrixRow },
): Promise<FeatureMatrixRow> {
  const { db } = deps;
  const { planName, featureName, hasAccess } = options.row;
  const [before] = await db
    .select()
    .from(featureAccessMatrix)
    .where(
      and(
        eq(featureAccessMatrix.planName, planName),
        eq(featureAccessMatrix.featureName, featureName),
      ),
    );
  await db
    .insert(featureAccessMatrix)
    .values({ planName, featureName, hasAccess })
    .onConflictDoUpdate({
      target: [featureAccessMatrix.planName, featureAccessMatrix.featureName],
      set: { hasAccess, updatedAt: new Date() },
    });
  await recordAudit(db, options.caller, {
    action: 'feature_matrix.changed',
    actorUserId: options.caller.actorUserId,
    targetType: 'feature',
    targetId: `${planName}:${featureName}`,
    before: before ? { hasAccess: before.hasAccess } : null,
    after: { hasAccess },
  });
  return { planName, featureName, hasAccess };
}
