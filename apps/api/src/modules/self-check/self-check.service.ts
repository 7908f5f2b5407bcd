import type { Database } from '@complivue/db/database';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import type { SelfCheck, SelfCheckResponse } from '@complivue/shared/schemas/self-check';
import type { Mailer } from '../../lib/email/mailer.ts';
import type { FileStorage } from '../../lib/file-storage.ts';
import type { RealtimeBus } from '../../lib/realtime-bus.ts';
import { byUrgency, runCheck, type CheckDefinition } from './check-runner.ts';
import {
  checkAdministratorCover,
  checkAdministratorTwoFactor,
  checkFeedSources,
  checkInstitutionProfile,
  checkInstitutionsPosture,
  checkSharedFeedSources,
  checkSubscription,
  checkTwoFactorRequired,
} from './institution-checks.ts';
import { checkJobs } from './job-checks.ts';
import {
  checkDatabase,
  checkEmail,
  checkFeatureMatrix,
  checkMigrations,
  checkRealtime,
  checkStorage,
} from './platform-checks.ts';

export interface SelfCheckDependencies {
  database: Database;
  storage: FileStorage;
  realtime: RealtimeBus;
  mailer: Mailer;
  log: { error(object: object, message: string): void };
  clock?: () => Date;
}

export interface SelfCheckActor {
  /** Null for a platform operator outside any institution. */
  companyId: string | null;
  actorUserId: string;
  role: Role;
}

/** Each check's own limit: one hung dependency fails its check, never the page. */
export const CHECK_TIMEOUT_MS = 5_000;
/** How long the realtime round trip may take before it counts as lost (inside the timeout). */
const REALTIME_WAIT_MS = 3_000;

const SUPPORT = { label: 'Tell the platform operator', href: '/support' } as const;
const OPERATOR_CONSOLE = { label: 'Open the Super Admin console', href: '/super-admin' } as const;

/**
 * The checks behind `/qa-test`. An institution's administrator gets the platform checks that
 * reveal no other institution (database, migrations, jobs, email mode, storage, realtime, the
 * feature matrix) and their own institution's configuration; the platform operator also gets
 * the checks across institutions and the underlying error texts.
 */
export function selfCheckDefinitions(
  deps: SelfCheckDependencies,
  actor: SelfCheckActor,
  now: Date,
): CheckDefinition[] {
  const { database } = deps;
  const db = database.db;
  const operator = hasRoleAtLeast(actor.role, 'super_admin');
  // What an administrator can do about the service is tell the operator; the operator's fixes
  // are in the deployment (no page to link) or in the console.
  const serviceFix = operator ? null : SUPPORT;
  const checks: CheckDefinition[] = [
    {
      id: 'database',
      group: 'platform',
      title: 'Database reachable',
      fix: serviceFix,
      run: () => checkDatabase(database),
    },
    {
      id: 'migrations',
      group: 'platform',
      title: 'Database migrations current',
      fix: serviceFix,
      run: () => checkMigrations(database),
    },
    {
      id: 'jobs',
      group: 'platform',
      title: 'Background jobs running',
      fix: serviceFix,
      run: () => checkJobs({ db, now, revealErrors: operator }),
    },
    {
      id: 'email',
      group: 'platform',
      title: 'Email delivery',
      fix: operator ? OPERATOR_CONSOLE : SUPPORT,
      run: () => checkEmail({ mailer: deps.mailer, database, now, revealErrors: operator }),
    },
    {
      id: 'storage',
      group: 'platform',
      title: 'File storage writable and readable',
      fix: serviceFix,
      run: () => checkStorage(deps.storage),
    },
    {
      id: 'realtime',
      group: 'platform',
      title: 'Realtime notifications delivering',
      fix: serviceFix,
      run: () => checkRealtime(deps.realtime, { waitMs: REALTIME_WAIT_MS }),
    },
    {
      id: 'feature-matrix',
      group: 'platform',
      title: 'Plan features in the database match the published plans',
      fix: operator ? OPERATOR_CONSOLE : SUPPORT,
      run: () => checkFeatureMatrix(database),
    },
  ];

  const companyId = actor.companyId;
  if (companyId) {
    checks.push(
      {
        id: 'institution-profile',
        group: 'institution',
        title: "Institution's profile complete",
        fix: { label: "Complete the institution's profile", href: '/settings' },
        run: () => checkInstitutionProfile(db, companyId),
      },
      {
        id: 'admin-two-factor',
        group: 'institution',
        title: 'Administrators use two-factor authentication',
        fix: { label: 'See the administrators', href: '/users/team' },
        run: () => checkAdministratorTwoFactor(db, companyId),
      },
      {
        id: 'two-factor-required',
        group: 'institution',
        title: 'Two-factor authentication required for members',
        fix: { label: 'Open security settings', href: '/settings' },
        run: () => checkTwoFactorRequired(db, companyId),
      },
      {
        id: 'admin-cover',
        group: 'institution',
        title: 'More than one administrator',
        fix: { label: 'Manage team members', href: '/users/team' },
        run: () => checkAdministratorCover(db, companyId),
      },
      {
        id: 'subscription',
        group: 'institution',
        title: 'Subscription in good standing',
        fix: { label: 'Open the subscription', href: '/subscription' },
        run: () => checkSubscription(db, companyId, now),
      },
      {
        id: 'feed-sources',
        group: 'institution',
        title: 'Regulatory feed sources polling',
        fix: { label: 'Review your feed sources', href: '/regulatory-feeds' },
        run: () => checkFeedSources(db, companyId, now),
      },
    );
  }

  if (operator) {
    checks.push(
      {
        id: 'shared-feed-sources',
        group: 'operator',
        title: 'Shared feed sources polling',
        fix: OPERATOR_CONSOLE,
        run: () => checkSharedFeedSources(db, now),
      },
      {
        id: 'institutions-posture',
        group: 'operator',
        title: 'Institutions configured safely',
        fix: OPERATOR_CONSOLE,
        run: () => checkInstitutionsPosture(db),
      },
    );
  }
  return checks;
}

export async function runSelfCheck(
  deps: SelfCheckDependencies,
  options: { actor: SelfCheckActor; timeoutMs?: number },
): Promise<SelfCheckResponse> {
  const now = deps.clock?.() ?? new Date();
  const definitions = selfCheckDefinitions(deps, options.actor, now);
  const revealErrors = hasRoleAtLeast(options.actor.role, 'super_admin');
  const checks: SelfCheck[] = await Promise.all(
    definitions.map((definition) =>
      runCheck(definition, {
        timeoutMs: options.timeoutMs ?? CHECK_TIMEOUT_MS,
        revealErrors,
        onError: (check, error) =>
          deps.log.error({ err: error, check: check.id }, 'self-check: a check could not run'),
      }),
    ),
  );
  checks.sort(byUrgency);
  return {
    checkedAt: now.toISOString(),
    summary: {
      pass: checks.filter((check) => check.status === 'pass').length,
      warn: checks.filter((check) => check.status === 'warn').length,
      fail: checks.filter((check) => check.status === 'fail').length,
    },
    checks,
  };
}
