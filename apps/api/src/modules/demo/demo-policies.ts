import { readFile } from 'node:fs/promises';
import type { Db } from '@complivue/db/database';
import { searchDocuments } from '@complivue/db/schema/library';
import {
  policies,
  policySectionMatches,
  policySections,
  policyVersions,
} from '@complivue/db/schema/policies';
import { addDays } from '@complivue/shared/calendar-days';
import { and, eq } from 'drizzle-orm';
import type { FileStorage } from '../../lib/file-storage.ts';
import type { DatedActor } from '../auth/actor.ts';
import {
  approvePolicyVersion,
  createPolicy,
  decidePolicyMatch,
  SEARCH_KIND_POLICY_SECTION,
  submitPolicyVersion,
  type PolicyDeps,
} from '../policies/policies.service.ts';
import type { DemoMember } from './demo-risks.ts';

const DAY_MS = 86_400_000;

type DemoRole = 'admin' | 'manager' | 'user';

interface DemoPolicy {
  file: string;
  title: string;
  owner: DemoRole;
  addedDaysAgo: number;
  /** The suggestions by citation are confirmed by the manager this many days ago. */
  citationsConfirmedDaysAgo: number;
  submittedDaysAgo?: number;
  approved?: { daysAgo: number; nextReviewInDays: number };
}

/**
 * Three short policies written for the demo (demo-policies/*.md, each citing the rules it
 * follows): a TRID disclosure procedure approved and in force, a HMDA data integrity procedure
 * awaiting approval with word-matched suggestions still to decide, and a BSA/AML program excerpt
 * approved a year ago whose review is overdue.
 */
const DEMO_POLICIES: DemoPolicy[] = [
  {
    file: 'trid-disclosure-procedure.md',
    title: 'TRID Disclosure Procedure',
    owner: 'manager',
    addedDaysAgo: 40,
    citationsConfirmedDaysAgo: 38,
    submittedDaysAgo: 37,
    approved: { daysAgo: 35, nextReviewInDays: 365 },
  },
  {
    file: 'hmda-data-integrity-procedure.md',
    title: 'HMDA Data Integrity Procedure',
    owner: 'user',
    addedDaysAgo: 20,
    citationsConfirmedDaysAgo: 5,
    submittedDaysAgo: 3,
  },
  {
    file: 'bsa-aml-program-excerpt.md',
    title: 'BSA/AML Program (excerpt)',
    owner: 'admin',
    addedDaysAgo: 410,
    citationsConfirmedDaysAgo: 405,
    submittedDaysAgo: 402,
    approved: { daysAgo: 400, nextReviewInDays: 365 },
  },
];

const POLICY_FILES = new URL('./demo-policies/', import.meta.url);

/**
 * The demo institution's policies, replaced on every seeding through the policy services as its
 * members did the work, relative to `now`.
 */
export async function seedDemoPolicies(
  tx: Db,
  options: {
    companyId: string;
    now: Date;
    today: string;
    members: Record<DemoRole, DemoMember>;
    storage: FileStorage;
  },
): Promise<void> {
  const { companyId, now, today, members, storage } = options;
  const as = (role: DemoRole, daysAgo: number) => {
    const deps: PolicyDeps = {
      db: tx,
      storage,
      clock: () => new Date(now.getTime() - daysAgo * DAY_MS),
      skipAudit: true,
    };
    const actor: DatedActor = {
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

  const earlier = await tx
    .select({ storageKey: policyVersions.storageKey })
    .from(policyVersions)
    .where(eq(policyVersions.companyId, companyId));
  await tx.delete(policies).where(eq(policies.companyId, companyId));
  // Their search entries go with them (deletePolicy's way, for every policy at once).
  await tx
    .delete(searchDocuments)
    .where(
      and(
        eq(searchDocuments.companyId, companyId),
        eq(searchDocuments.kind, SEARCH_KIND_POLICY_SECTION),
      ),
    );
  for (const { storageKey } of earlier) await storage.delete(storageKey).catch(() => undefined);

  for (const entry of DEMO_POLICIES) {
    const text = await readFile(new URL(entry.file, POLICY_FILES), 'utf8');
    const manager = as('manager', entry.addedDaysAgo);
    const { policyId } = await createPolicy(manager.deps, {
      actor: manager.actor,
      title: entry.title,
      ownerId: members[entry.owner].userId,
      note: 'Current procedure',
      source: { text },
    });
    const citationMatches = await tx
      .select({ id: policySectionMatches.id })
      .from(policySectionMatches)
      .innerJoin(policySections, eq(policySections.id, policySectionMatches.sectionId))
      .innerJoin(policyVersions, eq(policyVersions.id, policySections.versionId))
      .where(
        and(eq(policyVersions.policyId, policyId), eq(policySectionMatches.method, 'citation')),
      );
    const reviewer = as('manager', entry.citationsConfirmedDaysAgo);
    for (const match of citationMatches) {
      await decidePolicyMatch(reviewer.deps, {
        actor: reviewer.actor,
        policyId,
        matchId: match.id,
        decision: 'confirmed',
      });
    }
    if (entry.submittedDaysAgo !== undefined) {
      const submitter = as('manager', entry.submittedDaysAgo);
      await submitPolicyVersion(submitter.deps, { actor: submitter.actor, policyId, version: 1 });
    }
    if (entry.approved) {
      const approver = as('admin', entry.approved.daysAgo);
      await approvePolicyVersion(approver.deps, {
        actor: approver.actor,
        policyId,
        version: 1,
        body: {
          nextReviewDate: addDays(approver.actor.today, entry.approved.nextReviewInDays),
          note: '',
        },
      });
    }
  }
}
