import type { Db } from '@complivue/db/database';
import { risks } from '@complivue/db/schema/risks';
import { addDays } from '@complivue/shared/calendar-days';
import type { CompanyRole } from '@complivue/shared/roles';
import type { ScaleLevel } from '@complivue/shared/risk-scoring';
import type { UpdateRiskRequest } from '@complivue/shared/schemas/risks';
import { eq } from 'drizzle-orm';
import {
  adoptRiskTemplates,
  updateRisk,
  type RiskActor,
  type RiskDeps,
} from '../risks/risks.service.ts';

const DAY_MS = 86_400_000;

type DemoRole = Extract<CompanyRole, 'admin' | 'manager' | 'user'>;
export type DemoMember = { userId: string; name: string };

/**
 * The credit union's starter risks, as its members rated them after adopting them. Left out: the
 * Loan Estimate timing risk (the browser journey adopts it, e2e/risks.spec.ts), and the
 * settlement-referral and loss-mitigation risks, which the demo's small mortgage book leaves for
 * a later cycle. No residual rating lands on likelihood 2 or 4 with impact 5: the journey counts
 * the risks of those cells.
 */
const RATINGS: {
  key: string;
  /** Who rated it (a manager or the administrator: members only read). */
  by?: 'admin' | 'manager';
  daysAgo?: number;
  owner?: DemoRole;
  inherent?: [ScaleLevel, ScaleLevel];
  /** The next review, from today: a negative one is the overdue review. */
  reviewInDays?: number;
}[] = [
  {
    key: 'trid-tolerance',
    by: 'admin',
    daysAgo: 54,
    owner: 'admin',
    inherent: [3, 4],
    reviewInDays: 120,
  },
  {
    key: 'trid-cd-timing',
    by: 'admin',
    daysAgo: 54,
    owner: 'admin',
    inherent: [3, 3],
    reviewInDays: 120,
  },
  {
    key: 'atr-documentation',
    by: 'admin',
    daysAgo: 52,
    owner: 'admin',
    inherent: [3, 4],
    reviewInDays: 45,
  },
  {
    key: 'hmda-data-accuracy',
    by: 'admin',
    daysAgo: 50,
    owner: 'user',
    inherent: [4, 3],
    reviewInDays: -5,
  },
  {
    key: 'fair-lending-pricing',
    by: 'admin',
    daysAgo: 50,
    owner: 'admin',
    inherent: [3, 5],
    reviewInDays: 90,
  },
  {
    key: 'adverse-action-notices',
    by: 'admin',
    daysAgo: 50,
    owner: 'admin',
    inherent: [3, 3],
    reviewInDays: 60,
  },
  {
    key: 'bsa-sar',
    by: 'manager',
    daysAgo: 47,
    owner: 'manager',
    inherent: [4, 4],
    reviewInDays: 75,
  },
  {
    key: 'bsa-ctr',
    by: 'manager',
    daysAgo: 47,
    owner: 'manager',
    inherent: [3, 3],
    reviewInDays: 75,
  },
  {
    key: 'ofac-screening',
    by: 'manager',
    daysAgo: 47,
    owner: 'manager',
    inherent: [2, 4],
    reviewInDays: 150,
  },
  // Owned, not rated yet: the BSA Officer is gathering the account-opening exceptions first.
  { key: 'bsa-cip-cdd', by: 'manager', daysAgo: 47, owner: 'manager' },
  {
    key: 'flood-insurance',
    by: 'admin',
    daysAgo: 40,
    owner: 'admin',
    inherent: [2, 3],
    reviewInDays: 170,
  },
  // Adopted only: no owner, not rated.
  { key: 'udaap-complaints' },
];

export const DEMO_RISK_KEYS = RATINGS.map((rating) => rating.key);

const ADOPTED_DAYS_AGO = 56;
const RESIDUAL = {
  key: 'adverse-action-notices',
  daysAgo: 20,
  likelihood: 2,
  impact: 3,
  reason:
    'The weekly adverse action timing report has run since last quarter; the two samples since found no late or incomplete notice. The rules are not assessed in the library yet, so the suggestion gives the controls no credit.',
} as const;
const ACCEPTANCE = { key: 'flood-insurance', daysAgo: 10, expiresInDays: 180 } as const;

/**
 * The demo institution's risk register, replaced on every seeding and built relative to `now`
 * through the risk services, as its members did it: Alex Morgan adopts twelve starter risks eight
 * weeks ago; Alex and Jordan Lee assign owners, rate them and set review dates (one review now
 * overdue); Alex sets one residual rating with a reason and accepts the flood risk until six
 * months from now. Two stay not rated. The rule assessments are seeded first, so the suggested
 * residual ratings follow them (TRID and HMDA controls effective, QM/ATR partially).
 */
export async function seedDemoRisks(
  tx: Db,
  options: {
    companyId: string;
    now: Date;
    /** `YYYY-MM-DD` of `now`. */
    today: string;
    members: Record<DemoRole, DemoMember>;
  },
): Promise<void> {
  const { companyId, now, today, members } = options;
  // As the member acted `daysAgo` days before `now`: dated then, on their day then.
  const as = (role: 'admin' | 'manager', daysAgo: number) => {
    const deps: RiskDeps = {
      db: tx,
      clock: () => new Date(now.getTime() - daysAgo * DAY_MS),
      skipAudit: true,
    };
    const actor: RiskActor = {
      companyId,
      actorUserId: members[role].userId,
      name: members[role].name,
      role,
      today: addDays(today, -daysAgo),
      ip: '127.0.0.1',
      userAgent: 'seed:demo',
    };
    return { deps, actor };
  };

  await tx.delete(risks).where(eq(risks.companyId, companyId));
  const adopter = as('admin', ADOPTED_DAYS_AGO);
  await adoptRiskTemplates(adopter.deps, {
    actor: adopter.actor,
    institutionType: 'credit_union',
    keys: DEMO_RISK_KEYS,
  });
  const adopted = await tx
    .select({ id: risks.id, key: risks.templateKey })
    .from(risks)
    .where(eq(risks.companyId, companyId));
  const idOf = (key: string) => adopted.find((risk) => risk.key === key)!.id;
  const update = (
    role: 'admin' | 'manager',
    daysAgo: number,
    key: string,
    changes: UpdateRiskRequest,
  ) => {
    const { deps, actor } = as(role, daysAgo);
    return updateRisk(deps, { actor, riskId: idOf(key), changes });
  };

  for (const rating of RATINGS) {
    if (!rating.by || rating.daysAgo === undefined) continue;
    await update(rating.by, rating.daysAgo, rating.key, {
      ownerId: rating.owner ? members[rating.owner].userId : null,
      ...(rating.inherent && {
        inherentLikelihood: rating.inherent[0],
        inherentImpact: rating.inherent[1],
      }),
      ...(rating.reviewInDays !== undefined && { reviewDate: addDays(today, rating.reviewInDays) }),
    });
  }
  await update('admin', RESIDUAL.daysAgo, RESIDUAL.key, {
    residualLikelihood: RESIDUAL.likelihood,
    residualImpact: RESIDUAL.impact,
    residualReason: RESIDUAL.reason,
  });
  await update('admin', ACCEPTANCE.daysAgo, ACCEPTANCE.key, {
    status: 'accepted',
    acceptanceExpiresOn: addDays(today, ACCEPTANCE.expiresInDays),
  });
}
