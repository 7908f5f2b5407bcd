import type { Db } from '@complivue/db/database';
import { calendarEvents } from '@complivue/db/schema/calendar';
import { companies } from '@complivue/db/schema/companies';
import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import { institutionFacts } from '../companies/institution.ts';
import type { InstitutionFacts } from '../library/applicability.ts';
import {
  ensureSeededDeadlines,
  missingTemplates,
  removeUnfitSeededCopies,
  untouchedUnfitCopies,
  type EventRowLike,
} from './calendar-seed.ts';

/*
 * The seeded regulatory deadlines follow the institution's profile. They are reconciled when
 * the profile changes and once per start, never when the calendar is read (decision 0017).
 */

/**
 * The seeded copies (rows with a template key) of one company, or of all; `live` leaves out the
 * ones deleted with their evidence, which are never removed but still hold their key.
 */
async function seededCopies(db: Db, companyId?: string) {
  const where: SQL[] = [isNotNull(calendarEvents.templateKey)];
  if (companyId) where.push(eq(calendarEvents.companyId, companyId));
  const rows = await db
    .select({
      companyId: calendarEvents.companyId,
      id: calendarEvents.id,
      kind: calendarEvents.kind,
      templateKey: calendarEvents.templateKey,
      dismissedAt: calendarEvents.dismissedAt,
      createdAt: calendarEvents.createdAt,
      updatedAt: calendarEvents.updatedAt,
      deletedAt: calendarEvents.deletedAt,
    })
    .from(calendarEvents)
    .where(and(...where));
  return { all: rows, live: rows.filter((row) => row.deletedAt === null) };
}

const keysOf = (copies: readonly EventRowLike[]) =>
  new Set(copies.flatMap((copy) => (copy.templateKey ? [copy.templateKey] : [])));

/**
 * Brings one company's seeded deadlines in line with its profile: untouched copies that no
 * longer fit are removed, the ones that fit and are missing are copied in, first due on or
 * after `today`. Idempotent, and safe to run twice at once (the unique index on the template
 * key lets one insert win; the removal re-checks "untouched" in its WHERE). Runs inside the
 * caller's transaction when there is one. Returns whether anything changed.
 */
export async function reconcileSeededDeadlines(
  db: Db,
  options: { companyId: string; facts: InstitutionFacts; today: string },
): Promise<boolean> {
  const copies = await seededCopies(db, options.companyId);
  const removed = await removeUnfitSeededCopies(db, { ...options, events: copies.live });
  const inserted = await ensureSeededDeadlines(db, {
    ...options,
    existingKeys: keysOf(copies.all),
  });
  return removed > 0 || inserted.length > 0;
}

/**
 * The start-up pass: every institution whose seeded deadlines do not match its profile is
 * reconciled. It brings in institutions created before seeding moved off the read path, and a
 * template added by a new release. Two reads for the whole platform when nothing is to do.
 * Returns how many institutions changed.
 */
export async function reconcileAllSeededDeadlines(db: Db, today: string): Promise<number> {
  const [institutions, copies] = await Promise.all([
    db
      .select({
        id: companies.id,
        institutionType: companies.institutionType,
        regulationAreas: companies.regulationAreas,
      })
      .from(companies),
    seededCopies(db),
  ]);
  const copiesOf = new Map<string, typeof copies.all>();
  for (const copy of copies.all) {
    const list = copiesOf.get(copy.companyId);
    if (list) list.push(copy);
    else copiesOf.set(copy.companyId, [copy]);
  }
  let changed = 0;
  for (const institution of institutions) {
    const facts = institutionFacts(institution);
    const own = copiesOf.get(institution.id) ?? [];
    const live = own.filter((copy) => copy.deletedAt === null);
    const stale =
      untouchedUnfitCopies(facts, live).length > 0 ||
      missingTemplates({ facts, existingKeys: keysOf(own) }).length > 0;
    if (!stale) continue;
    if (await reconcileSeededDeadlines(db, { companyId: institution.id, facts, today })) {
      changed += 1;
    }
  }
  return changed;
}
