import type { Db } from '@complivue/db/database';
import { libraryArticles, libraryRules, ruleAssessments } from '@complivue/db/schema/library';
import { complianceScore, type AssessmentStatus } from '@complivue/shared/compliance-score';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { appliesTo, type InstitutionFacts } from '../library/applicability.ts';

/**
 * The demo's dashboard (docs/product.md § Dashboard): 87% 'Medium', TRID Compliant, QM Rules Review
 * Needed, HMDA Compliant.
 */
export const DEMO_SCORE = 87;
const COMPLIANT_AREAS: RegulationArea[] = ['trid', 'hmda'];
const REVIEW_AREA: RegulationArea = 'qm_atr';

/**
 * The demo's rule assessments, replaced on every seeding: every applicable TRID and HMDA rule
 * compliant, and as many QM/ATR rules compliant (the rest needing review) as brings the score,
 * computed by the same formula as the dashboard, to 87%.
 */
export async function seedDemoAssessments(
  tx: Db,
  options: { companyId: string; ownerId: string; facts: InstitutionFacts; today: Date },
): Promise<{ ruleId: string; status: AssessmentStatus }[]> {
  const rules = await tx
    .select({
      id: libraryRules.id,
      area: libraryRules.area,
      applicability: libraryRules.applicability,
      articleApplicability: libraryArticles.applicability,
    })
    .from(libraryRules)
    .innerJoin(libraryArticles, eq(libraryArticles.id, libraryRules.articleId))
    .where(
      and(
        inArray(libraryRules.area, [...COMPLIANT_AREAS, REVIEW_AREA]),
        isNull(libraryRules.retiredAt),
      ),
    )
    .orderBy(asc(libraryRules.id));
  const applicable = rules.filter((rule) =>
    appliesTo(options.facts, rule.applicability ?? rule.articleApplicability, rule.area),
  );
  const compliant = applicable.filter((rule) => COMPLIANT_AREAS.includes(rule.area));
  const review = applicable.filter((rule) => rule.area === REVIEW_AREA);

  const statusesWith = (compliantInReview: number): AssessmentStatus[] => [
    ...compliant.map((): AssessmentStatus => 'compliant'),
    ...review.map((_, index): AssessmentStatus =>
      index < compliantInReview ? 'compliant' : 'needs_review',
    ),
  ];
  let compliantInReview = 0;
  for (let candidate = review.length - 1; candidate >= 0; candidate -= 1) {
    if (complianceScore(statusesWith(candidate)) === DEMO_SCORE) {
      compliantInReview = candidate;
      break;
    }
  }
  const statuses = statusesWith(compliantInReview);
  const nextReview = new Date(options.today.getTime() + 90 * 86_400_000).toISOString().slice(0, 10);

  const seeded = [...compliant, ...review];
  await tx.delete(ruleAssessments).where(eq(ruleAssessments.companyId, options.companyId));
  await tx.insert(ruleAssessments).values(
    seeded.map((rule, index) => ({
      companyId: options.companyId,
      ruleId: rule.id,
      status: statuses[index]!,
      ownerId: options.ownerId,
      notes:
        statuses[index] === 'compliant'
          ? 'Demo: tested in the last quarterly file review.'
          : 'Demo: policy update pending after the last file review.',
      nextReviewDate: nextReview,
      updatedBy: options.ownerId,
    })),
  );
  return seeded.map((rule, index) => ({ ruleId: rule.id, status: statuses[index]! }));
}
