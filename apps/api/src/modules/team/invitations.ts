import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import { user } from '@complivue/db/schema/auth';
import { companies } from '@complivue/db/schema/companies';
import { invitations } from '@complivue/db/schema/invitations';
import { userProfiles } from '@complivue/db/schema/profiles';
import { ROLE_LABELS, type CompanyRole } from '@complivue/shared/roles';
import {
  INVITATION_LIFETIME_DAYS,
  INVITATION_MESSAGES,
  type Invitation,
} from '@complivue/shared/schemas/team';
import { SECURITY_MESSAGES } from '@complivue/shared/schemas/company-settings';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import { invitationEmail } from '../../lib/email/templates.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { assertSeatAvailable, pendingInvitation } from './team.queries.ts';

const DAY_MS = 86_400_000;

/** Only the hash of a link's token is stored; the token itself exists in the email only. */
export const hashInvitationToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');

function newToken() {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashInvitationToken(token),
    expiresAt: new Date(Date.now() + INVITATION_LIFETIME_DAYS * DAY_MS),
  };
}

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  invitedByName: userProfiles.fullName,
  expiresAt: invitations.expiresAt,
  lastSentAt: invitations.lastSentAt,
};

/** Invitations not yet accepted or revoked (expired ones too, so they can be resent). */
export async function listOpenInvitations(db: Db, companyId: string): Promise<Invitation[]> {
  const rows = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(userProfiles, eq(userProfiles.userId, invitations.invitedBy))
    .where(
      and(
        eq(invitations.companyId, companyId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .orderBy(desc(invitations.createdAt));
  const now = Date.now();
  return rows.map((row) => ({
    ...row,
    expiresAt: row.expiresAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    expired: row.expiresAt.getTime() <= now,
  }));
}

/** Who invites: an administrator of the institution, with the name the email gives. */
export interface Inviter extends Actor {
  name: string;
}

/** A company admin invites users and managers; the platform's super admin any company role. */
function assertGrantable(actor: Inviter, role: CompanyRole) {
  if (role === 'admin' && actor.role !== 'super_admin') {
    throw new AppError('role_not_grantable', INVITATION_MESSAGES.role_not_grantable);
  }
}

async function sendInvitationEmail(
  deps: ServiceDeps,
  options: { email: string; role: CompanyRole; actor: Inviter },
  link: { token: string; expiresAt: Date },
): Promise<boolean> {
  const [company] = await deps.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, options.actor.companyId));
  const url = new URL('/invitations/accept', deps.env.APP_URL);
  url.searchParams.set('token', link.token);
  try {
    await deps.mailer.send(
      invitationEmail({
        to: options.email,
        companyName: company?.name ?? 'your institution',
        invitedByName: options.actor.name,
        roleLabel: ROLE_LABELS[options.role],
        url: url.toString(),
        expiresAt: link.expiresAt,
      }),
    );
    return true;
  } catch (error) {
    // The invitation is kept: the administrator sees it as pending and can resend it.
    deps.log.warn({ err: error }, 'invitation email not sent');
    return false;
  }
}

/**
 * Invites someone by email: refuses a current member, a second pending invitation, an email
 * outside the institution's allowed domains and a full plan (pending invitations hold seats), stores the invitation with its audit entry in one
 * transaction, then emails the link. Returns whether the email went out.
 */
export async function createInvitation(
  deps: ServiceDeps,
  options: { actor: Inviter; email: string; role: CompanyRole },
) {
  const { actor, email, role } = options;
  const { companyId } = actor;
  assertGrantable(actor, role);
  const link = newToken();
  const invitation = await deps.db.transaction(async (tx) => {
    await assertSeatAvailable(tx, companyId);
    const [company] = await tx
      .select({ domains: companies.allowedEmailDomains })
      .from(companies)
      .where(eq(companies.id, companyId));
    const domains = company?.domains ?? [];
    if (domains.length > 0 && !domains.includes(email.split('@')[1] ?? '')) {
      throw new AppError('domain_not_allowed', SECURITY_MESSAGES.domain_not_allowed(domains));
    }
    const [member] = await tx
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(
        and(eq(userProfiles.companyId, companyId), sql`lower(${userProfiles.email}) = ${email}`),
      );
    if (member) throw new AppError('already_member', INVITATION_MESSAGES.already_member);
    // An expired invitation no longer blocks a new one; a live one does (resend it instead).
    await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(invitations.companyId, companyId),
          sql`lower(${invitations.email}) = ${email}`,
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          sql`${invitations.expiresAt} <= now()`,
        ),
      );
    const [created] = await tx
      .insert(invitations)
      .values({
        companyId,
        email,
        role,
        tokenHash: link.tokenHash,
        expiresAt: link.expiresAt,
        invitedBy: actor.actorUserId,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('already_invited');
    await recordAudit(tx, options.actor, {
      action: 'invitation.sent',
      actorUserId: actor.actorUserId,
      companyId,
      targetType: 'invitation',
      targetId: created.id,
      after: { email, role },
    });
    return created;
  });
  const delivered = await sendInvitationEmail(deps, { email, role, actor }, link);
  return { id: invitation.id, delivered };
}

async function getOpenInvitation(db: Db, companyId: string, invitationId: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.companyId, companyId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
  if (!row) throw new AppError('not_found', INVITATION_MESSAGES.not_found);
  return row;
}

/** A new link (the old one stops working) valid for another 7 days, emailed again. */
export async function resendInvitation(
  deps: ServiceDeps,
  options: { actor: Inviter; invitationId: string },
) {
  const { db } = deps;
  const { companyId } = options.actor;
  const current = await getOpenInvitation(db, companyId, options.invitationId);
  const link = newToken();
  await db.transaction(async (tx) => {
    // An expired invitation takes its seat back when it is renewed.
    if (current.expiresAt.getTime() <= Date.now()) await assertSeatAvailable(tx, companyId);
    await tx
      .update(invitations)
      .set({ tokenHash: link.tokenHash, expiresAt: link.expiresAt, lastSentAt: new Date() })
      .where(eq(invitations.id, current.id));
    await recordAudit(tx, options.actor, {
      action: 'invitation.resent',
      actorUserId: options.actor.actorUserId,
      companyId,
      targetType: 'invitation',
      targetId: current.id,
      after: { email: current.email },
    });
  });
  const delivered = await sendInvitationEmail(
    deps,
    { email: current.email, role: current.role, actor: options.actor },
    link,
  );
  return { id: current.id, delivered };
}

export async function revokeInvitation(
  deps: ServiceDeps,
  options: { actor: Inviter; invitationId: string },
) {
  const { db } = deps;
  const { companyId } = options.actor;
  const current = await getOpenInvitation(db, companyId, options.invitationId);
  await db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(eq(invitations.id, current.id));
    await recordAudit(tx, options.actor, {
      action: 'invitation.revoked',
      actorUserId: options.actor.actorUserId,
      companyId,
      targetType: 'invitation',
      targetId: current.id,
      before: { email: current.email, role: current.role },
    });
  });
}

/** The live invitation a token opens, with its company, or a 404 that says no more. */
export async function getInvitationByToken(db: Db, token: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      companyName: companies.name,
      invitedByName: userProfiles.fullName,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .leftJoin(userProfiles, eq(userProfiles.userId, invitations.invitedBy))
    .where(and(eq(invitations.tokenHash, hashInvitationToken(token)), pendingInvitation));
  if (!row) throw new AppError('invalid_link');
  const [account] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${row.invitation.email.toLowerCase()}`);
  return { ...row, accountExists: Boolean(account) };
}

/**
 * Marks the invitation accepted by `userId`, only if it is still pending: of two concurrent
 * acceptances exactly one succeeds. Runs inside the caller's transaction.
 */
export async function claimInvitation(tx: Db, token: string, userId: string) {
  const [claimed] = await tx
    .update(invitations)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(and(eq(invitations.tokenHash, hashInvitationToken(token)), pendingInvitation))
    .returning();
  if (!claimed) throw new AppError('invalid_link');
  return claimed;
}
