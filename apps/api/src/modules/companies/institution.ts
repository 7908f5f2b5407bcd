import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import type { InstitutionType } from '@complivue/shared/institutions';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { InstitutionFacts } from '../library/applicability.ts';

/*
 * Facts about the caller's institution that several modules need, kept in one place: its id
 * (or a 404 for an account that has none), its row, and the profile facts that decide which
 * rules and deadlines apply to it. Who belongs to it is in members.ts.
 */

type CompanyRow = typeof companies.$inferSelect;

/** The caller's company id, or 404 for an account that has none (a company route's start). */
export function requireCompanyId(companyId: string | null): string {
  if (!companyId) throw new AppError('no_company');
  return companyId;
}

/**
 * Locks the institution's row until the transaction ends: what counts an institution's records
 * against a cap takes it first, so that two additions at once cannot both take the last place.
 */
export async function lockCompany(tx: Db, companyId: string): Promise<void> {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
}

export async function findCompany(db: Db, companyId: string | null): Promise<CompanyRow | null> {
  if (!companyId) return null;
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  return company ?? null;
}

/** The profile facts of the company row every signed-in request has already loaded. */
export function institutionFacts(
  company: {
    institutionType: InstitutionType | null;
    regulationAreas: RegulationArea[] | null;
  } | null,
): InstitutionFacts {
  return {
    institutionType: company?.institutionType ?? null,
    regulationAreas: company?.regulationAreas ?? [],
  };
}
