import { user } from '@complivue/db/schema/auth';
import { companies } from '@complivue/db/schema/companies';
import { userProfiles } from '@complivue/db/schema/profiles';
import { supportTicketAttachments, supportTickets } from '@complivue/db/schema/support';
import { calendarCompletions } from '@complivue/db/schema/calendar';
import { riskFindingActions } from '@complivue/db/schema/findings';
import { changeAttachments } from '@complivue/db/schema/changes';
import { assessmentEvidence, ruleAssessments } from '@complivue/db/schema/library';
import { eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { avatarKey } from '../profile/profile.service.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';

/**
 * Deletes an institution for good, in one transaction: its members' accounts (which ends every
 * session at once), its profile, subscription, invitations, notifications, tickets, assessments, calendar and
 * changes. The audit
 * trail is kept — it has no foreign keys by design — and is purged by the retention job when its
 * retention has run out, as record-keeping requires. Stored files go after the commit.
 */
export async function deleteCompany(
  deps: ServiceDeps,
  options: { actor: Actor; confirmName: string },
): Promise<void> {
  const { db } = deps;
  const { companyId, actorUserId } = options.actor;
  const filesToRemove = await db.transaction(async (tx) => {
    const [company] = await tx
      .select()
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!company) throw new AppError('no_company');
    if (options.confirmName.trim() !== company.name.trim()) {
      throw new AppError('name_mismatch');
    }
    const subscription = await findCompanySubscription(tx, company.id);
    if (
      subscription?.provider &&
      subscription.status === 'active' &&
      !subscription.cancelAtPeriodEnd
    ) {
      throw new AppError('subscription_active');
    }

    const members = await tx
      .select({ userId: userProfiles.userId, image: user.image })
      .from(userProfiles)
      .innerJoin(user, eq(user.id, userProfiles.userId))
      .where(eq(userProfiles.companyId, company.id));
    const attachments = await tx
      .select({ key: supportTicketAttachments.storageKey })
      .from(supportTicketAttachments)
      .innerJoin(supportTickets, eq(supportTickets.id, supportTicketAttachments.ticketId))
      .where(eq(supportTickets.companyId, company.id));
    const calendarEvidence = await tx
      .select({ key: calendarCompletions.storageKey })
      .from(calendarCompletions)
      .where(eq(calendarCompletions.companyId, company.id));
    const changeFiles = await tx
      .select({ key: changeAttachments.storageKey })
      .from(changeAttachments)
      .where(eq(changeAttachments.companyId, company.id));
    const assessmentFiles = await tx
      .select({ key: assessmentEvidence.storageKey })
      .from(assessmentEvidence)
      .innerJoin(ruleAssessments, eq(ruleAssessments.id, assessmentEvidence.assessmentId))
      .where(eq(ruleAssessments.companyId, company.id));

    const findingEvidence = await tx
      .select({ key: riskFindingActions.evidenceStorageKey })
      .from(riskFindingActions)
      .where(eq(riskFindingActions.companyId, company.id));

    await recordAudit(tx, options.actor, {
      action: 'company.deleted',
      actorUserId,
      companyId: company.id,
      targetType: 'company',
      targetId: company.id,
      before: { name: company.name, members: members.length },
    });
    // Deleting the accounts deletes their profiles, sessions, credentials and two-factor secrets.
    if (members.length > 0) {
      await tx.delete(user).where(
        inArray(
          user.id,
          members.map((member) => member.userId),
        ),
      );
    }
    await tx.delete(companies).where(eq(companies.id, company.id));
    return [
      ...members.map((member) => avatarKey(member.image)),
      ...attachments.map((attachment) => attachment.key),
      ...calendarEvidence.map((evidence) => evidence.key),
      ...changeFiles.map((file) => file.key),
      ...assessmentFiles.map((file) => file.key),
      ...findingEvidence.map((file) => file.key),
    ].filter((key): key is string => key !== null);
  });

  await Promise.all(
    filesToRemove.map((key) =>
      deps.storage.delete(key).catch((error: unknown) => {
        deps.log.warn({ err: error, key }, 'could not remove a file of a deleted institution');
      }),
    ),
  );
}
