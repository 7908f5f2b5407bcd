import type { Db } from '@complivue/db/database';
import { calendarCompletions, calendarEvents } from '@complivue/db/schema/calendar';
import {
  findRegulatoryDeadlineTemplate,
  nextAnnualDate,
  REGULATORY_DEADLINE_TEMPLATES,
  type RegulatoryDeadlineTemplate,
} from '@complivue/shared/regulatory-deadlines';
import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { appliesTo, type InstitutionFacts } from '../library/applicability.ts';

/**
 * Whether a seeded deadline applies to the institution: the library's rule (`appliesTo`: its
 * type and selected areas; everything while the profile is incomplete), except that a type
 * already chosen is respected even before the areas are (a new credit union is never handed the
 * CRA's public-file deadline).
 */
export function templateApplies(
  facts: InstitutionFacts,
  template: Pick<RegulatoryDeadlineTemplate, 'applicability' | 'area'>,
): boolean {
  if (
    facts.institutionType !== null &&
    !template.applicability.institutionTypes.includes(facts.institutionType)
  ) {
    return false;
  }
  return appliesTo(facts, template.applicability, template.area);
}

/** The row a template becomes in a company's calendar, first due on or after `today`. */
export function templateRow(
  template: RegulatoryDeadlineTemplate,
  companyId: string,
  today: string,
): typeof calendarEvents.$inferInsert {
  return {
    companyId,
    kind: 'regulatory',
    templateKey: template.key,
    title: template.title,
    description: template.description,
    area: template.area,
    citation: template.citation,
    startsOn: nextAnnualDate(today, template.dueMonth, template.dueDay),
    rrule: template.rrule,
    reminderDays: template.reminderDays,
  };
}

/**
 * Whether the profile says a seeded deadline belongs in the calendar, strictly (unlike
 * `templateApplies`, nothing is assumed while the profile is incomplete): the institution's type
 * is known and one the template names; a deadline for HMDA reporters needs HMDA among the
 * selected areas; any other needs its area selected, unless no area is selected yet (then the
 * type alone decides: the BSA/AML program deadlines, for banks and credit unions the NMLS
 * renewals, and for banks the CRA public file).
 */
export function seededDeadlineFits(
  facts: InstitutionFacts,
  template: Pick<RegulatoryDeadlineTemplate, 'applicability' | 'area'>,
): boolean {
  if (facts.institutionType === null) return false;
  if (!template.applicability.institutionTypes.includes(facts.institutionType)) return false;
  if (template.applicability.hmdaReportersOnly) return facts.regulationAreas.includes('hmda');
  return facts.regulationAreas.length === 0 || facts.regulationAreas.includes(template.area);
}

/** The templates that fit the profile and that the company does not hold (nor deleted). */
export function missingTemplates(options: {
  facts: InstitutionFacts;
  existingKeys: ReadonlySet<string>;
  optIn?: readonly string[];
}): RegulatoryDeadlineTemplate[] {
  return REGULATORY_DEADLINE_TEMPLATES.filter(
    (template) =>
      !options.existingKeys.has(template.key) &&
      (!template.optIn || options.optIn?.includes(template.key)) &&
      seededDeadlineFits(options.facts, template),
  );
}

/** The seeded copies that no longer fit the profile and that nobody touched since copied. */
export function untouchedUnfitCopies<Event extends EventRowLike>(
  facts: InstitutionFacts,
  events: readonly Event[],
): Event[] {
  return events.filter((event) => {
    const template = findRegulatoryDeadlineTemplate(event.templateKey);
    return (
      event.kind === 'regulatory' &&
      template !== undefined &&
      event.dismissedAt === null &&
      event.updatedAt.getTime() === event.createdAt.getTime() &&
      !seededDeadlineFits(facts, template)
    );
  });
}

/**
 * Copies into the company's calendar the seeded deadlines that fit its profile
 * (`seededDeadlineFits`), are not opt-in, and that it does not have yet (`existingKeys`: every
 * template key it holds, deleted ones included, so a deadline the company deleted is never
 * brought back). Idempotent and safe to race: the unique index on (company_id, template_key) lets
 * one insert win. Returns the rows this call inserted.
 */
export async function ensureSeededDeadlines(
  db: Db,
  options: {
    companyId: string;
    facts: InstitutionFacts;
    today: string;
    existingKeys: ReadonlySet<string>;
    /** Opt-in templates to add as well (a manager adding an optional set). */
    optIn?: readonly string[];
  },
): Promise<(typeof calendarEvents.$inferSelect)[]> {
  const missing = missingTemplates(options);
  if (missing.length === 0) return [];
  return db
    .insert(calendarEvents)
    .values(missing.map((template) => templateRow(template, options.companyId, options.today)))
    .onConflictDoNothing({
      target: [calendarEvents.companyId, calendarEvents.templateKey],
      where: sql`${calendarEvents.templateKey} IS NOT NULL`,
    })
    .returning();
}

/**
 * After the profile changed: removes the seeded copies that no longer fit it and that nobody
 * touched (never saved since they were copied in — owner, reminders, dates —, not deleted, no
 * completion ever recorded). They hold nothing of the institution's, and they come back by
 * themselves if the profile changes back. Touched copies stay, flagged as not applying.
 * Returns how many were removed.
 */
export async function removeUnfitSeededCopies(
  db: Db,
  options: { companyId: string; facts: InstitutionFacts; events: EventRowLike[] },
): Promise<number> {
  const unfit = untouchedUnfitCopies(options.facts, options.events);
  if (unfit.length === 0) return 0;
  const removed = await db
    .delete(calendarEvents)
    .where(
      and(
        eq(calendarEvents.companyId, options.companyId),
        eq(calendarEvents.kind, 'regulatory'),
        inArray(
          calendarEvents.id,
          unfit.map((event) => event.id),
        ),
        isNull(calendarEvents.dismissedAt),
        sql`${calendarEvents.updatedAt} = ${calendarEvents.createdAt}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(calendarCompletions)
            .where(eq(calendarCompletions.eventId, calendarEvents.id)),
        ),
      ),
    )
    .returning({ id: calendarEvents.id });
  return removed.length;
}

export type EventRowLike = Pick<
  typeof calendarEvents.$inferSelect,
  'id' | 'kind' | 'templateKey' | 'dismissedAt' | 'createdAt' | 'updatedAt'
>;
