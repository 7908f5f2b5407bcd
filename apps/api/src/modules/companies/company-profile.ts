import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { todayIn } from '@complivue/shared/calendar-days';
import {
  type CompanyProfile,
  type UpdateCompanyProfileRequest,
} from '@complivue/shared/schemas/companies';
import type {
  SecuritySettings,
  UpdateSecuritySettings,
} from '@complivue/shared/schemas/company-settings';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { NotificationPreferences } from '@complivue/shared/schemas/profile';
import type { Actor } from '../../lib/actor.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { reconcileSeededDeadlines } from '../calendar/calendar-reconcile.ts';
import { institutionFacts } from './institution.ts';

type CompanyRow = typeof companies.$inferSelect;

export function toCompanyProfile(row: CompanyRow): CompanyProfile {
  return {
    id: row.id,
    name: row.name,
    institutionType: row.institutionType ?? null,
    assetsSize: row.assetsSize ?? null,
    primaryRegulator: row.primaryRegulator ?? null,
    statesOfOperation: row.statesOfOperation ?? [],
    regulationAreas: row.regulationAreas ?? [],
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findCompanyProfile(
  db: Db,
  companyId: string,
): Promise<CompanyProfile | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row ? toCompanyProfile(row) : null;
}

/** The fields whose value differs, as {before, after} for the audit trail. */
function changedFields(before: CompanyProfile, changes: UpdateCompanyProfileRequest) {
  const beforeValues: Record<string, unknown> = {};
  const afterValues: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    const previous = before[field as keyof CompanyProfile];
    if (JSON.stringify(previous) === JSON.stringify(value)) continue;
    beforeValues[field] = previous;
    afterValues[field] = value;
  }
  return { beforeValues, afterValues };
}

/**
 * Applies a partial update and audits what changed, in one transaction: an examiner can see
 * who changed the institution's profile (which scopes its rules) and from what.
 */
export async function updateCompanyProfile(
  deps: ServiceDeps,
  options: { actor: Actor; changes: UpdateCompanyProfileRequest },
): Promise<CompanyProfile | null> {
  const { companyId, actorUserId } = options.actor;
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!current) return null;
    const before = toCompanyProfile(current);
    const { beforeValues, afterValues } = changedFields(before, options.changes);
    if (Object.keys(afterValues).length === 0) return before;
    const [updated] = await tx
      .update(companies)
      .set({ ...options.changes, updatedAt: new Date() })
      .where(eq(companies.id, companyId))
      .returning();
    if ('institutionType' in afterValues || 'regulationAreas' in afterValues) {
      // The seeded regulatory deadlines follow these two facts (decision 0017).
      await reconcileSeededDeadlines(tx, {
        companyId,
        facts: institutionFacts(updated!),
        today: todayIn(null, deps.clock()),
      });
    }
    await recordAudit(tx, options.actor, {
      action: 'company.profile_updated',
      actorUserId,
      companyId: companyId,
      targetType: 'company',
      targetId: companyId,
      before: beforeValues,
      after: afterValues,
    });
    return toCompanyProfile(updated!);
  });
}

export function toSecuritySettings(row: CompanyRow): SecuritySettings {
  return {
    requireTwoFactor: row.requireTwoFactor,
    sessionLifetimeHours: row.sessionLifetimeHours as SecuritySettings['sessionLifetimeHours'],
    allowedEmailDomains: row.allowedEmailDomains,
    auditRetentionYears: row.auditRetentionYears as SecuritySettings['auditRetentionYears'],
  };
}

/** Applies and audits a change of the security settings, in one transaction. */
export async function updateSecuritySettings(
  deps: ServiceDeps,
  options: { actor: Actor; changes: UpdateSecuritySettings },
): Promise<SecuritySettings> {
  const { companyId, actorUserId } = options.actor;
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!current) throw new AppError('no_company');
    const changes = {
      ...options.changes,
      ...(options.changes.allowedEmailDomains && {
        allowedEmailDomains: [...new Set(options.changes.allowedEmailDomains)],
      }),
    };
    const [updated] = await tx
      .update(companies)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(companies.id, companyId))
      .returning();
    await recordAudit(tx, options.actor, {
      action: 'company.settings_updated',
      actorUserId,
      companyId: companyId,
      targetType: 'company',
      targetId: companyId,
      before: toSecuritySettings(current),
      after: toSecuritySettings(updated!),
    });
    return toSecuritySettings(updated!);
  });
}

/** Sets the institution's notification defaults (members who chose none follow them), audited. */
export async function updateNotificationDefaults(
  deps: ServiceDeps,
  options: { actor: Actor; before: NotificationPreferences; defaults: NotificationPreferences },
): Promise<void> {
  const { actor } = options;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(companies)
      .set({ notificationDefaults: options.defaults })
      .where(eq(companies.id, actor.companyId));
    await recordAudit(tx, actor, {
      action: 'company.notification_defaults_updated',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'company',
      targetId: actor.companyId,
      before: options.before,
      after: options.defaults,
    });
  });
}
