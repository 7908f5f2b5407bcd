import type { Db } from '@complivue/db/database';
import {
  policyAcknowledgements,
  policyAttestations,
  policyHistory,
  policyVersions,
} from '@complivue/db/schema/policies';
import { policyNumberLabel } from '@complivue/shared/policies';
import {
  POLICY_MESSAGES,
  type requestAttestationRequestSchema,
} from '@complivue/shared/schemas/policies';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { auditValues, recordAudit } from '../../lib/audit.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { DatedActor } from '../auth/actor.ts';
import { findActiveMembers } from '../companies/members.ts';
import {
  findAttestation,
  getPolicy,
  getPolicyVersion,
  type PolicyRow,
} from './policies.queries.ts';

export type AttestationDeps = Pick<ServiceDeps, 'db' | 'clock' | 'notify'>;

const refuse = (path: string, message: string) =>
  AppError.validationFailed([{ path: `/${path}`, message }], message);

const policyLink = (policy: PolicyRow, version: number) =>
  `/policy-cross-referencing?policy=${policy.id}&version=${version}`;

/** The approved version of a policy (locked), or 409: only a version in force is attested. */
async function requireApprovedVersion(tx: Db, policyId: string) {
  const [row] = await tx
    .select()
    .from(policyVersions)
    .where(and(eq(policyVersions.policyId, policyId), eq(policyVersions.status, 'approved')))
    .for('update');
  if (!row) throw new AppError('attestation_state', POLICY_MESSAGES.attestation_needs_approval);
  return row;
}

async function recordAttestationActivity(
  tx: Db,
  deps: Pick<ServiceDeps, 'clock'>,
  actor: DatedActor,
  policyId: string,
  activity: {
    event: string;
    action: string;
    changes: Record<string, { from: unknown; to: unknown }>;
  },
) {
  await tx.insert(policyHistory).values({
    policyId,
    changedBy: actor.actorUserId,
    changedByName: actor.name,
    event: activity.event,
    changes: activity.changes,
    createdAt: deps.clock(),
  });
  await recordAudit(tx, actor, {
    action: activity.action,
    actorUserId: actor.actorUserId,
    companyId: actor.companyId,
    targetType: 'policy',
    targetId: policyId,
    after: auditValues(activity.changes).after,
  });
}

/** Tells members, after the write committed, that they are asked to acknowledge a version. */
export async function askToAcknowledge(
  deps: Pick<ServiceDeps, 'notify'>,
  options: {
    policy: PolicyRow;
    version: number;
    companyId: string;
    userIds: string[];
    reminder: boolean;
  },
) {
  const { policy, version } = options;
  await deps.notify({
    companyId: options.companyId,
    userIds: options.userIds,
    type: options.reminder ? 'policy.acknowledgement_reminder' : 'policy.acknowledgement_requested',
    category: 'tasks',
    priority: 'normal',
    title: `${options.reminder ? 'Reminder: acknowledge' : 'Acknowledge'} ${policyNumberLabel(policy.number)} ${policy.title}`,
    body: `Read version ${version} of the policy and acknowledge it.`,
    link: policyLink(policy, version),
  });
}

/**
 * An administrator asks every active member to acknowledge the version in force. One request
 * per version; a second is refused (remind instead). The due date is the administrator's, or none.
 */
export async function requestAttestation(
  deps: AttestationDeps,
  options: {
    actor: DatedActor;
    policyId: string;
    body: z.output<typeof requestAttestationRequestSchema>;
  },
) {
  const { actor, body } = options;
  if (body.dueDate !== null && body.dueDate < actor.today) {
    throw refuse('dueDate', POLICY_MESSAGES.due_date_past);
  }
  const { policy, version } = await deps.db.transaction(async (tx) => {
    const policy = await getPolicy(tx, actor.companyId, options.policyId, { forUpdate: true });
    const approved = await requireApprovedVersion(tx, policy.id);
    if (await findAttestation(tx, approved.id)) {
      throw new AppError('attestation_state', POLICY_MESSAGES.attestation_exists);
    }
    await tx.insert(policyAttestations).values({
      companyId: actor.companyId,
      policyId: policy.id,
      versionId: approved.id,
      requestedBy: actor.actorUserId,
      requestedByName: actor.name,
      requestedAt: deps.clock(),
      dueDate: body.dueDate,
      note: body.note,
    });
    await recordAttestationActivity(tx, deps, actor, policy.id, {
      event: 'attestation_requested',
      action: 'policy.attestation_requested',
      changes: {
        version: { from: null, to: approved.version },
        ...(body.dueDate ? { dueDate: { from: null, to: body.dueDate } } : {}),
        ...(body.note ? { note: { from: null, to: body.note } } : {}),
      },
    });
    return { policy, version: approved.version };
  });
  const members = await findActiveMembers(deps.db, actor.companyId);
  await askToAcknowledge(deps, {
    policy,
    version,
    companyId: actor.companyId,
    userIds: members.map((member) => member.userId),
    reminder: false,
  });
}

/** An administrator reminds the members who have not acknowledged; answers how many. */
export async function remindAttestation(
  deps: AttestationDeps,
  options: { actor: DatedActor; policyId: string },
): Promise<{ reminded: number }> {
  const { actor } = options;
  const { policy, version, pending } = await deps.db.transaction(async (tx) => {
    const policy = await getPolicy(tx, actor.companyId, options.policyId, { forUpdate: true });
    const approved = await requireApprovedVersion(tx, policy.id);
    const attestation = await findAttestation(tx, approved.id, { forUpdate: true });
    if (!attestation) throw new AppError('attestation_state', POLICY_MESSAGES.attestation_none);
    const done = await tx
      .select({ userId: policyAcknowledgements.userId })
      .from(policyAcknowledgements)
      .where(eq(policyAcknowledgements.attestationId, attestation.id));
    const acknowledged = new Set(done.map((row) => row.userId));
    const pending = (await findActiveMembers(tx, actor.companyId))
      .map((member) => member.userId)
      .filter((userId) => !acknowledged.has(userId));
    await tx
      .update(policyAttestations)
      .set({ lastRemindedAt: deps.clock() })
      .where(eq(policyAttestations.id, attestation.id));
    await recordAttestationActivity(tx, deps, actor, policy.id, {
      event: 'attestation_reminded',
      action: 'policy.attestation_reminded',
      changes: { reminded: { from: null, to: pending.length } },
    });
    return { policy, version: approved.version, pending };
  });
  await askToAcknowledge(deps, {
    policy,
    version,
    companyId: actor.companyId,
    userIds: pending,
    reminder: true,
  });
  return { reminded: pending.length };
}

/**
 * A member acknowledges the exact version they are asked about: another version (an older one,
 * a draft) is refused. Acknowledging twice keeps the first time.
 */
export async function acknowledgePolicyVersion(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  options: { actor: DatedActor; policyId: string; version: number },
) {
  const { actor } = options;
  await deps.db.transaction(async (tx) => {
    const version = await getPolicyVersion(tx, { companyId: actor.companyId, ...options });
    const attestation =
      version.status === 'approved' ? await findAttestation(tx, version.id) : null;
    if (!attestation) {
      throw new AppError('attestation_state', POLICY_MESSAGES.acknowledge_version);
    }
    const inserted = await tx
      .insert(policyAcknowledgements)
      .values({
        attestationId: attestation.id,
        companyId: actor.companyId,
        userId: actor.actorUserId,
        acknowledgedAt: deps.clock(),
      })
      .onConflictDoNothing()
      .returning({ userId: policyAcknowledgements.userId });
    if (inserted.length === 0) return;
    await recordAttestationActivity(tx, deps, actor, options.policyId, {
      event: 'acknowledged',
      action: 'policy.acknowledged',
      changes: { version: { from: null, to: version.version } },
    });
  });
}

/**
 * When a new version is approved, the members who were asked to acknowledge the one before are
 * asked again, about the new one (inside the approval's transaction; notify afterwards).
 */
export async function carryAttestationForward(
  tx: Db,
  deps: Pick<ServiceDeps, 'clock'>,
  options: { actor: DatedActor; policyId: string; previousVersionIds: string[]; versionId: string },
): Promise<boolean> {
  for (const previous of options.previousVersionIds) {
    const earlier = await findAttestation(tx, previous);
    if (!earlier) continue;
    await tx.insert(policyAttestations).values({
      companyId: options.actor.companyId,
      policyId: options.policyId,
      versionId: options.versionId,
      requestedBy: options.actor.actorUserId,
      requestedByName: options.actor.name,
      requestedAt: deps.clock(),
      note: earlier.note,
    });
    return true;
  }
  return false;
}
