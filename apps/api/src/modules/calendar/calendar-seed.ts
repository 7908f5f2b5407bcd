import type { Db } from '@complivue/db/database';
import { calendarEvents } from '@complivue/db/schema/calendar';
import {
  nextAnnualDate,
  REGULATORY_DEADLINE_TEMPLATES,
  type RegulatoryDeadlineTemplate,
} from '@complivue/shared/regulatory-deadlines';
import { sql } from 'drizzle-orm';
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
 * Copies into the company's calendar the seeded deadlines that apply to it and that it does not
 * have yet (`existingKeys`: every template key it holds, deleted ones included, so a deadline
 * the company deleted is never brought back). Idempotent and safe to race: the unique index on
 * (company_id, template_key) lets one insert win. Returns the rows this call inserted.
 */
export async function ensureSeededDeadlines(
  db: Db,
  options: {
    companyId: string;
    facts: InstitutionFacts;
    today: string;
    existingKeys: ReadonlySet<string>;
  },
): Promise<(typeof calendarEvents.$inferSelect)[]> {
  const missing = REGULATORY_DEADLINE_TEMPLATES.filter(
    (template) =>
      !options.existingKeys.has(template.key) && templateApplies(options.facts, template),
  );
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
