import { FEATURE_NAMES, PLAN_FEATURES } from '@complivue/shared/features';
import { PLAN_NAMES } from '@complivue/shared/plans';
import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { featureAccessMatrix } from './schema/subscriptions.ts';

/** Every (plan, feature) pair with its grant, from the one matrix in packages/shared. */
export function featureMatrixRows() {
  return PLAN_NAMES.flatMap((planName) =>
    FEATURE_NAMES.map((featureName) => ({
      planName,
      featureName,
      hasAccess: PLAN_FEATURES[planName].includes(featureName),
    })),
  );
}

/** Reference data the product needs on every database; an upsert, so running it again is safe. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(featureAccessMatrix)
    .values(featureMatrixRows())
    .onConflictDoUpdate({
      target: [featureAccessMatrix.planName, featureAccessMatrix.featureName],
      set: { hasAccess: sql`excluded.has_access`, updatedAt: sql`now()` },
      setWhere: sql`${featureAccessMatrix.hasAccess} IS DISTINCT FROM excluded.has_access`,
    });
}
