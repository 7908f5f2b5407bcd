import { queryRows, type Db } from '@complivue/db/database';
import { user } from '@complivue/db/schema/auth';
import { companies } from '@complivue/db/schema/companies';
import { feedSources } from '@complivue/db/schema/feeds';
import { userProfiles } from '@complivue/db/schema/profiles';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  deriveSubscriptionState,
  findCompanySubscription,
} from '../subscriptions/company-subscription.ts';
import { formatAge, plural, type CheckOutcome } from './check-runner.ts';

/*
 * The caller's institution: every query here filters by its company_id (DESIGN.md convention 6),
 * except the platform's shared feed sources, which every institution already sees.
 */

const memberName = (row: { fullName: string | null; email: string }) =>
  row.fullName ? `${row.fullName} (${row.email})` : row.email;

export async function checkInstitutionProfile(db: Db, companyId: string): Promise<CheckOutcome> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return { status: 'fail', reason: 'Your institution could not be found.' };
  const missing = [
    !company.institutionType && 'institution type',
    !company.regulationAreas?.length && 'regulation areas',
    !company.primaryRegulator && 'primary regulator',
    !company.statesOfOperation?.length && 'states of operation',
    !company.assetsSize && 'asset size',
  ].filter((field): field is string => Boolean(field));
  if (missing.length === 0) {
    return { status: 'pass', reason: "The institution's profile is complete." };
  }
  // Type and areas decide which rules, deadlines and feed items apply (library/applicability.ts).
  const scoping = !company.institutionType || !company.regulationAreas?.length;
  return {
    status: 'warn',
    reason: scoping
      ? "The institution's profile is not complete: until its type and regulation areas are set, every rule and deadline is shown as applying, and none is left out on a guess."
      : "The institution's profile is missing details an examiner would expect on record.",
    details: [`Missing: ${missing.join(', ')}.`],
  };
}

interface AdminRow {
  fullName: string | null;
  email: string;
  twoFactorEnabled: boolean;
}

async function findActiveAdministrators(db: Db, companyId: string): Promise<AdminRow[]> {
  return db
    .select({
      fullName: userProfiles.fullName,
      email: userProfiles.email,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(userProfiles)
    .innerJoin(user, eq(user.id, userProfiles.userId))
    .where(
      and(
        eq(userProfiles.companyId, companyId),
        eq(userProfiles.role, 'admin'),
        eq(userProfiles.status, 'active'),
      ),
    )
    .orderBy(asc(userProfiles.email));
}

export async function checkAdministratorTwoFactor(
  db: Db,
  companyId: string,
): Promise<CheckOutcome> {
  const admins = await findActiveAdministrators(db, companyId);
  const without = admins.filter((admin) => !admin.twoFactorEnabled);
  if (admins.length > 0 && without.length === 0) {
    return {
      status: 'pass',
      reason: `Every administrator (${admins.length}) signs in with two-factor authentication.`,
    };
  }
  const noneProtected = without.length === admins.length;
  return {
    status: 'warn',
    reason: noneProtected
      ? 'No administrator uses two-factor authentication: one stolen password gives full control of the institution’s members and records.'
      : `${plural(without.length, 'administrator')} of ${admins.length} sign${without.length === 1 ? 's' : ''} in without two-factor authentication.`,
    details: without.map((admin) => `Without two-factor: ${memberName(admin)}`),
    fix: { label: 'Turn on two-factor in your profile', href: '/profile' },
  };
}

export async function checkTwoFactorRequired(db: Db, companyId: string): Promise<CheckOutcome> {
  const [company] = await db
    .select({ requireTwoFactor: companies.requireTwoFactor })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (company?.requireTwoFactor) {
    return { status: 'pass', reason: 'Every member must use two-factor authentication.' };
  }
  return {
    status: 'warn',
    reason:
      'Members may sign in with a password alone. Examiners expect multi-factor authentication for systems holding compliance records (FFIEC authentication guidance).',
  };
}

export async function checkAdministratorCover(db: Db, companyId: string): Promise<CheckOutcome> {
  const admins = await findActiveAdministrators(db, companyId);
  if (admins.length >= 2) {
    return { status: 'pass', reason: `${admins.length} active administrators can manage members.` };
  }
  return {
    status: 'warn',
    reason:
      admins.length === 1
        ? 'Only one active administrator: if they leave or lose access, nobody in the institution can manage members or settings.'
        : 'The institution has no active administrator.',
  };
}

export async function checkSubscription(
  db: Db,
  companyId: string,
  now: Date,
): Promise<CheckOutcome> {
  const row = await findCompanySubscription(db, companyId);
  if (!row) {
    return {
      status: 'fail',
      reason: 'The institution has no subscription: members cannot open the plan’s pages.',
    };
  }
  const { daysLeft, isExpired } = deriveSubscriptionState(row, now);
  const plan = row.planName;
  if (isExpired) {
    return {
      status: 'fail',
      reason: `The ${plan} ${row.status === 'trialing' || plan === 'trial' ? 'trial' : 'subscription'} has ended: members are locked out of the plan’s pages.`,
    };
  }
  if (row.status === 'active') {
    if (row.cancelAtPeriodEnd && daysLeft !== null && daysLeft <= 14) {
      return {
        status: 'warn',
        reason: `The ${plan} plan is cancelled and ends in ${plural(daysLeft, 'day')}.`,
      };
    }
    return { status: 'pass', reason: `The ${plan} plan is active.` };
  }
  if (row.status === 'trialing') {
    return {
      status: daysLeft !== null && daysLeft <= 7 ? 'warn' : 'pass',
      reason: `The trial is running${daysLeft === null ? '' : ` with ${plural(daysLeft, 'day')} left`}.`,
    };
  }
  return {
    status: row.status === 'pending_payment' ? 'warn' : 'fail',
    reason:
      row.status === 'pending_payment'
        ? `The ${plan} plan waits for its payment.`
        : `The subscription is ${row.status.replace('_', ' ')}: members are locked out of the plan’s pages.`,
  };
}

export async function checkFeedSources(
  db: Db,
  companyId: string,
  now: Date,
): Promise<CheckOutcome> {
  const rows = await db
    .select({
      name: feedSources.name,
      companyId: feedSources.companyId,
      status: feedSources.status,
      consecutiveFailures: feedSources.consecutiveFailures,
      lastError: feedSources.lastError,
      lastSuccessAt: feedSources.lastSuccessAt,
    })
    .from(feedSources)
    .where(
      and(
        or(eq(feedSources.companyId, companyId), isNull(feedSources.companyId)),
        eq(feedSources.enabled, true),
        isNull(feedSources.deletedAt),
      ),
    )
    .orderBy(asc(feedSources.name));
  const failing = rows.filter((row) => row.status === 'failing');
  const own = failing.filter((row) => row.companyId !== null);
  const shared = failing.filter((row) => row.companyId === null);
  if (failing.length === 0) {
    return {
      status: 'pass',
      reason: `All ${plural(rows.length, 'feed source')} your institution follows are polled without errors.`,
    };
  }
  const describe = (row: (typeof rows)[number]) =>
    [
      `${row.companyId ? 'Your source' : 'Shared source'} “${row.name}”: ${plural(row.consecutiveFailures, 'failure')} in a row`,
      row.lastSuccessAt ? `last success ${formatAge(row.lastSuccessAt, now)}` : 'never succeeded',
      row.lastError ?? '',
    ]
      .filter(Boolean)
      .join(' · ');
  return {
    status: 'warn',
    reason: [
      own.length
        ? `${own.length} of your own feed sources ${own.length === 1 ? 'is' : 'are'} failing`
        : '',
      shared.length
        ? `${plural(shared.length, 'shared feed source')} ${shared.length === 1 ? 'is' : 'are'} failing (the platform operator looks after those)`
        : '',
    ]
      .filter(Boolean)
      .join('; ')
      .concat('. Regulatory updates from them are not arriving.'),
    details: failing.map(describe),
    fix: own.length
      ? { label: 'Review your feed sources', href: '/regulatory-feeds' }
      : { label: 'Tell the platform operator', href: '/support' },
  };
}

/** Across every institution: for the platform operator (super_admin) only. */
export async function checkInstitutionsPosture(db: Db): Promise<CheckOutcome> {
  const [row] = await queryRows<{
    institutions: number | string;
    no_admin: number | string;
    no_admin_two_factor: number | string;
    incomplete_profile: number | string;
  }>(
    db,
    sql`SELECT count(*) AS institutions,
               count(*) FILTER (WHERE admins.active = 0) AS no_admin,
               count(*) FILTER (WHERE admins.active > 0 AND admins.with_two_factor = 0) AS no_admin_two_factor,
               count(*) FILTER (WHERE c.institution_type IS NULL
                                   OR coalesce(cardinality(c.regulation_areas), 0) = 0) AS incomplete_profile
          FROM companies c
          CROSS JOIN LATERAL (
            SELECT count(*) AS active,
                   count(*) FILTER (WHERE u.two_factor_enabled) AS with_two_factor
              FROM user_profiles p
              JOIN "user" u ON u.id = p.user_id
             WHERE p.company_id = c.id AND p.role = 'admin' AND p.status = 'active'
          ) admins`,
  );
  const count = (value: number | string | undefined) => Number(value ?? 0);
  const institutions = count(row?.institutions);
  const noAdmin = count(row?.no_admin);
  const noTwoFactor = count(row?.no_admin_two_factor);
  const incomplete = count(row?.incomplete_profile);
  const details = [
    `${plural(noAdmin, 'institution')} without an active administrator`,
    `${plural(noTwoFactor, 'institution')} where no administrator uses two-factor authentication`,
    `${plural(incomplete, 'institution')} without a complete profile (type and regulation areas)`,
  ];
  return {
    status: noAdmin + noTwoFactor + incomplete > 0 ? 'warn' : 'pass',
    reason:
      noAdmin + noTwoFactor + incomplete > 0
        ? `Some of the ${plural(institutions, 'institution')} on the platform have configuration gaps.`
        : `All ${plural(institutions, 'institution')} have an administrator with two-factor and a complete profile.`,
    details,
  };
}

export async function checkSharedFeedSources(db: Db, now: Date): Promise<CheckOutcome> {
  const rows = await db
    .select({
      name: feedSources.name,
      consecutiveFailures: feedSources.consecutiveFailures,
      lastError: feedSources.lastError,
      lastSuccessAt: feedSources.lastSuccessAt,
      status: feedSources.status,
    })
    .from(feedSources)
    .where(
      and(
        isNull(feedSources.companyId),
        eq(feedSources.enabled, true),
        isNull(feedSources.deletedAt),
      ),
    )
    .orderBy(asc(feedSources.name));
  const failing = rows.filter((row) => row.status === 'failing');
  if (failing.length === 0) {
    return {
      status: 'pass',
      reason: `All ${plural(rows.length, 'shared feed source')} are polled without errors.`,
    };
  }
  return {
    status: 'warn',
    reason: `${plural(failing.length, 'shared feed source')} of ${rows.length} failing: every institution misses their updates.`,
    details: failing.map((row) =>
      [
        `“${row.name}”: ${plural(row.consecutiveFailures, 'failure')} in a row`,
        row.lastSuccessAt ? `last success ${formatAge(row.lastSuccessAt, now)}` : 'never succeeded',
        row.lastError ?? '',
      ]
        .filter(Boolean)
        .join(' · '),
    ),
  };
}
