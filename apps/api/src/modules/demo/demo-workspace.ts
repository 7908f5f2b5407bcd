import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import { auditLog } from '@complivue/db/schema/audit';
import { account, user } from '@complivue/db/schema/auth';
import { companies } from '@complivue/db/schema/companies';
import { suggestedRegulationAreas } from '@complivue/shared/regulation-areas';
import { DEFAULT_SESSION_LIFETIME_HOURS } from '@complivue/shared/schemas/company-settings';
import { notifications } from '@complivue/db/schema/notifications';
import { userProfiles } from '@complivue/db/schema/profiles';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import type { NotificationPriority } from '@complivue/shared/schemas/notifications';
import type { CompanyRole } from '@complivue/shared/roles';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Auth } from '../auth/auth.ts';
import { teamActivitySince } from '../dashboard/dashboard-figures.ts';
import { workActionsOnly } from '../team/activity-queries.ts';
import { snapshotAnalytics } from '../analytics/analytics-snapshots.ts';
import { seedDemoAssessments } from './demo-assessments.ts';
import { seedDemoFeed } from './demo-feed.ts';
import { seedDemoCalendar } from './demo-calendar.ts';
import { seedDemoCollaboration } from './demo-collaboration.ts';
import type { FileStorage } from '../../lib/file-storage.ts';
import { seedDemoFindings } from './demo-findings.ts';
import { seedDemoPolicies } from './demo-policies.ts';
import { seedDemoRisks } from './demo-risks.ts';
import { snapshotRiskRegister } from '../risks/risk-snapshots.ts';
import { dateToDay, todayIn } from '@complivue/shared/calendar-days';
import { SIGN_IN_ACTION } from '@complivue/shared/audit-actions';

export const DEMO_COMPANY_NAME = 'Demo Community Credit Union';
const DAY_MS = 86_400_000;

const MEMBERS: { role: CompanyRole; email: string; fullName: string; jobTitle: string }[] = [
  {
    role: 'admin',
    email: 'admin@demo-cu.example',
    fullName: 'Alex Morgan',
    jobTitle: 'Chief Compliance Officer',
  },
  {
    role: 'manager',
    email: 'manager@demo-cu.example',
    fullName: 'Jordan Lee',
    jobTitle: 'BSA Officer',
  },
  {
    role: 'user',
    email: 'user@demo-cu.example',
    fullName: 'Sam Rivera',
    jobTitle: 'HMDA Coordinator',
  },
];

/**
 * What each member finds waiting: three unread alerts, two of them high priority (the demo's
 * dashboard in docs/product.md § Dashboard). The rules they cite are real; the work items are the
 * demo institution's own.
 */
const ALERTS: {
  priority: NotificationPriority;
  title: string;
  body: string;
  link: string | null;
}[] = [
  {
    priority: 'high',
    title: 'HMDA data for 2026 is due by March 1, 2027',
    body: 'The annual loan/application register is submitted by March 1 following the calendar year (12 CFR 1003.5(a)(1)). Schedule the final edit checks.',
    link: null,
  },
  {
    priority: 'high',
    title: 'Three applications near the 30-day adverse action deadline',
    body: 'Notify applicants of action taken within 30 days of a completed application (12 CFR 1002.9(a)(1)(i)).',
    link: null,
  },
  {
    priority: 'normal',
    title: 'Quarterly TRID tolerance review assigned to you',
    body: 'Sample Closing Disclosures against their Loan Estimates for zero and 10% tolerance items (12 CFR 1026.19(e)(3)).',
    link: null,
  },
];

/** "Actions this week" in the demo: 12 (docs/product.md § Dashboard). */
const DEMO_TEAM_ACTIONS = 12;

/**
 * The sign-ins that the demo's work implies: each member signs in ten minutes before their first
 * entry of a day. A member's last sign-in is read from these entries (Team Members and User
 * Activity alike), so a member who worked this week was not "never" signed in.
 */
function signInsBefore(work: { actorUserId: string; companyId: string; createdAt: Date }[]) {
  const firstOfDay = new Map<string, (typeof work)[number]>();
  for (const entry of work) {
    const key = `${entry.actorUserId} ${dateToDay(entry.createdAt)}`;
    const first = firstOfDay.get(key);
    if (!first || entry.createdAt < first.createdAt) firstOfDay.set(key, entry);
  }
  return [...firstOfDay.values()].map((entry) => ({
    actorUserId: entry.actorUserId,
    companyId: entry.companyId,
    action: SIGN_IN_ACTION,
    after: { method: 'password' },
    createdAt: new Date(entry.createdAt.getTime() - 10 * 60_000),
  }));
}

export interface DemoCredentials {
  role: CompanyRole;
  email: string;
  password: string;
}

/**
 * Creates, or brings back to its starting picture, the demo workspace: the institution, one
 * member per company role with a freshly generated password (printed once by the CLI), an
 * active Professional subscription, each member's alerts, the regulatory calendar (five
 * deadlines in the next 30 days), the risk register and a week of team activity (work, and the
 * sign-ins before it). Safe to
 * run again: nothing is duplicated, passwords are replaced, missing pieces are added.
 */
export async function seedDemoWorkspace(
  { db, auth, storage }: { db: Db; auth: Auth; storage: FileStorage },
  now: Date = new Date(),
): Promise<{ companyId: string; credentials: DemoCredentials[] }> {
  const context = await auth.$context;
  const credentials = MEMBERS.map((member) => ({
    ...member,
    password: randomBytes(12).toString('base64url'),
  }));
  const hashes = await Promise.all(
    credentials.map((member) => context.password.hash(member.password)),
  );

  const companyId = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, DEMO_COMPANY_NAME));
    // A complete institution profile: the demo shows a workspace that has been set up.
    const profile: Partial<typeof companies.$inferInsert> = {
      institutionType: 'credit_union',
      assetsSize: '500m_1b',
      primaryRegulator: 'ncua',
      statesOfOperation: ['OH'],
      regulationAreas: suggestedRegulationAreas('credit_union'),
      requireTwoFactor: false,
      sessionLifetimeHours: DEFAULT_SESSION_LIFETIME_HOURS,
      allowedEmailDomains: [],
    };
    const company = existing
      ? (
          await tx
            .update(companies)
            .set(profile)
            .where(eq(companies.id, existing.id))
            .returning({ id: companies.id })
        )[0]!
      : (
          await tx
            .insert(companies)
            .values({ name: DEMO_COMPANY_NAME, ...profile })
            .returning({ id: companies.id })
        )[0]!;

    const userIds: string[] = [];
    for (const [index, member] of credentials.entries()) {
      const passwordHash = hashes[index]!;
      const [found] = await tx
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, member.email));
      const userId = found?.id ?? randomUUID();
      if (found) {
        await tx
          .update(account)
          .set({ password: passwordHash })
          .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
        await tx
          .update(userProfiles)
          .set({
            companyId: company.id,
            role: member.role,
            status: 'active',
            onboardingCompletedAt: new Date(),
          })
          .where(eq(userProfiles.userId, userId));
      } else {
        await tx
          .insert(user)
          .values({ id: userId, email: member.email, name: member.fullName, emailVerified: true });
        await tx.insert(account).values({
          id: randomUUID(),
          accountId: userId,
          providerId: 'credential',
          userId,
          password: passwordHash,
        });
        await tx.insert(userProfiles).values({
          userId,
          email: member.email,
          fullName: member.fullName,
          jobTitle: member.jobTitle,
          role: member.role,
          status: 'active',
          companyId: company.id,
          onboardingCompletedAt: new Date(),
        });
      }
      userIds.push(userId);
    }
    const adminId = userIds[0]!;
    if (!existing)
      await tx.update(companies).set({ createdBy: adminId }).where(eq(companies.id, company.id));

    const [subscription] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.companyId, company.id));
    if (!subscription) {
      await tx.insert(subscriptions).values({
        companyId: company.id,
        userId: adminId,
        planName: 'professional',
        planType: 'annual',
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + 365 * DAY_MS),
        metadata: { demo: true },
      });
    }

    for (const userId of userIds) {
      const [{ value: existingAlerts } = { value: 0 }] = await tx
        .select({ value: count() })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      if (existingAlerts > 0) continue;
      await tx.insert(notifications).values(
        ALERTS.map((alert, index) => ({
          companyId: company.id,
          userId,
          type: 'demo.alert',
          ...alert,
          createdAt: new Date(now.getTime() - (index + 1) * 3_600_000),
        })),
      );
    }

    const assessed = await seedDemoAssessments(tx, {
      companyId: company.id,
      ownerId: adminId,
      facts: { institutionType: 'credit_union', regulationAreas: profile.regulationAreas ?? [] },
      today: now,
    });

    // Upcoming Deadlines: 5 in the next 30 days (docs/product.md § Dashboard), relative to today.
    await seedDemoCalendar(tx, {
      companyId: company.id,
      facts: { institutionType: 'credit_union', regulationAreas: profile.regulationAreas ?? [] },
      today: todayIn(null, now),
      members: { adminId, managerId: userIds[1]!, userId: userIds[2]! },
    });

    // Recent Regulatory Updates: three real CFPB documents tagged TRID, QM and HMDA.
    await seedDemoFeed(tx, { companyId: company.id, adminId, now });

    // The risk register, after the assessments its controls' effectiveness follows. It writes
    // no audit row, so the week's team actions below stay the demo's 12.
    const [admin, manager, member] = credentials;
    const demoMembers = {
      admin: { userId: adminId, name: admin!.fullName },
      manager: { userId: userIds[1]!, name: manager!.fullName },
      user: { userId: userIds[2]!, name: member!.fullName },
    };
    await seedDemoRisks(tx, {
      companyId: company.id,
      now,
      today: todayIn(null, now),
      members: demoMembers,
    });
    // Findings and their corrective actions (one overdue, one validated), linked to the risks.
    await seedDemoFindings(tx, {
      companyId: company.id,
      now,
      today: todayIn(null, now),
      members: demoMembers,
    });
    // Three policies: one in force, one awaiting approval, one whose review is overdue.
    await seedDemoPolicies(tx, {
      companyId: company.id,
      now,
      today: todayIn(null, now),
      members: demoMembers,
      storage,
    });
    // The team's discussions: an exam-preparation thread, a question and a task on a rule.
    await seedDemoCollaboration(tx, {
      companyId: company.id,
      now,
      today: todayIn(null, now),
      members: demoMembers,
    });
    // Today's snapshot of that register, as the daily job writes it: the trend starts there.
    // Past days are never made up; the job adds one a day from here.
    await snapshotRiskRegister(tx, { companyId: company.id, now });
    // And analytics' snapshot of today, as its daily job writes it (past days only from the
    // records' own histories, marked as rebuilt).
    await snapshotAnalytics(tx, { companyId: company.id, now });

    // Team Activity counts work, so the demo's week holds work: the members recording some of
    // the assessments above, spread over the last six days (docs/product.md § Dashboard).
    const weekStart = new Date(`${teamActivitySince(now)}T00:00:00Z`);
    const [{ value: recentWork } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, company.id),
          gte(auditLog.createdAt, weekStart),
          ...workActionsOnly(),
        ),
      );
    const missing = Math.max(0, DEMO_TEAM_ACTIONS - recentWork);
    if (missing > 0) {
      const work = assessed.slice(0, missing).map(({ ruleId, status }, index) => ({
        actorUserId: userIds[index % userIds.length]!,
        companyId: company.id,
        action: 'library.assessment_updated',
        targetType: 'rule',
        targetId: ruleId,
        before: { status: 'not_assessed' },
        after: { status },
        createdAt: new Date(now.getTime() - ((index % 6) + 1) * DAY_MS + index * 60_000),
      }));
      await tx.insert(auditLog).values([...signInsBefore(work), ...work]);
    }
    return company.id;
  });

  return {
    companyId,
    credentials: credentials.map(({ role, email, password }) => ({ role, email, password })),
  };
}
