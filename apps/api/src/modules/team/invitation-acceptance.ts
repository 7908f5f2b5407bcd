import type { Db } from '@complivue/db/database';
import { userProfiles } from '@complivue/db/schema/profiles';
import { validatePassword } from '@complivue/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import type { Caller, RequestOrigin } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Auth } from '../auth/auth.ts';
import { createAccount } from '../auth/create-account.ts';
import { findCompany } from '../companies/institution.ts';
import { claimInvitation, getInvitationByToken } from './invitations.ts';

/*
 * Accepting an invitation: with a new account, or with the account the invitation was sent to.
 * Either way the invitation is claimed in the same transaction that gives the seat, so of two
 * concurrent acceptances exactly one succeeds.
 */

/**
 * Creates the invited person's account in the institution with the invited role and claims the
 * invitation, audited. The caller signs the new account in.
 */
export async function acceptWithNewAccount(
  deps: { db: Db; auth: Auth },
  options: { origin: RequestOrigin; token: string; fullName: string; password: string },
) {
  const { db } = deps;
  const { token, fullName, password } = options;
  const found = await getInvitationByToken(db, token);
  const { email, companyId, role } = found.invitation;
  if (found.accountExists) throw new AppError('account_exists');
  const failure = validatePassword(password, email);
  if (failure) throw new AppError(failure.code, failure.message);
  const { userId } = await createAccount(
    db,
    deps.auth,
    { email, password, fullName, role, company: { existingId: companyId } },
    {
      afterInsert: async (tx, created) => {
        await claimInvitation(tx, token, created.userId);
      },
    },
  );
  await recordAudit(db, options.origin, {
    action: 'invitation.accepted',
    actorUserId: userId,
    companyId,
    targetType: 'invitation',
    targetId: found.invitation.id,
    after: { email, role },
  });
  return { userId, email };
}

/**
 * The signed-in account the invitation was sent to joins the institution with the invited
 * role (an account of another institution is refused). Returns its new profile and company.
 */
export async function acceptAsSignedIn(
  deps: { db: Db },
  options: { caller: Caller; email: string; token: string },
) {
  const { db } = deps;
  const { caller, token } = options;
  const { invitation } = await getInvitationByToken(db, token);
  if (invitation.email.toLowerCase() !== options.email.toLowerCase()) {
    throw new AppError('wrong_account');
  }
  if (caller.companyId && caller.companyId !== invitation.companyId) {
    throw new AppError('other_company');
  }
  const profile = await db.transaction(async (tx) => {
    await claimInvitation(tx, token, caller.actorUserId);
    const [updated] = await tx
      .update(userProfiles)
      .set({ companyId: invitation.companyId, role: invitation.role, status: 'active' })
      .where(eq(userProfiles.userId, caller.actorUserId))
      .returning();
    await recordAudit(tx, caller, {
      action: 'invitation.accepted',
      actorUserId: caller.actorUserId,
      companyId: invitation.companyId,
      targetType: 'invitation',
      targetId: invitation.id,
      after: { email: invitation.email, role: invitation.role },
    });
    return updated!;
  });
  return { profile, company: await findCompany(db, invitation.companyId) };
}
