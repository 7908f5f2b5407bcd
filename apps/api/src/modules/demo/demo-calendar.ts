import type { Db } from '@complivue/db/database';
import { calendarCompletions, calendarEvents } from '@complivue/db/schema/calendar';
import { addDays, formatShortDay } from '@complivue/shared/calendar-days';
import { eventDrivenDeadline, eventDrivenDueDate } from '@complivue/shared/regulatory-deadlines';
import { presetRrule } from '@complivue/shared/schemas/calendar';
import { and, eq } from 'drizzle-orm';
import { ensureSeededDeadlines } from '../calendar/calendar-seed.ts';
import { expandOccurrences } from '../calendar/calendar.queries.ts';
import type { InstitutionFacts } from '../library/applicability.ts';

/**
 * "Upcoming Deadlines: 5, Next 30 days" (docs/product.md § Dashboard), counted the way the
 * dashboard counts.
 */
export const DEMO_UPCOMING_DEADLINES = 5;

interface DemoMembers {
  adminId: string;
  /** The BSA Officer. */
  managerId: string;
  /** The HMDA Coordinator. */
  userId: string;
}

/**
 * The demo institution's calendar, rebuilt from scratch relative to `today`: the seeded
 * regulatory deadlines that fit a credit union's profile (not the opt-in quarterly HMDA
 * submissions of large filers), owners assigned, one due date done with its evidence, one
 * overdue, and as many of the institution's own deadlines as make five due in the next 30 days
 * with the seeded ones that fall there.
 */
export async function seedDemoCalendar(
  tx: Db,
  options: { companyId: string; facts: InstitutionFacts; today: string; members: DemoMembers },
): Promise<void> {
  const { companyId, today, members } = options;
  await tx.delete(calendarEvents).where(eq(calendarEvents.companyId, companyId));
  const seeded = await ensureSeededDeadlines(tx, {
    companyId,
    facts: options.facts,
    today,
    existingKeys: new Set(),
  });
  for (const [ownerId, area] of [
    [members.userId, 'hmda'],
    [members.managerId, 'bsa_aml'],
  ] as const) {
    await tx
      .update(calendarEvents)
      .set({ ownerId })
      .where(and(eq(calendarEvents.companyId, companyId), eq(calendarEvents.area, area)));
  }

  const alreadyDue = expandOccurrences(seeded, { from: today, to: addDays(today, 29) }).items
    .length;

  const ctrTrigger = addDays(today, -4);
  const ctr = eventDrivenDeadline('ctr', 'credit_union');
  const own: (typeof calendarEvents.$inferInsert)[] = [
    {
      companyId,
      kind: 'event_driven',
      filing: 'ctr',
      title: 'CTR due (Main Street branch cash deposit)',
      description: `${ctr.triggerLabel}: ${formatShortDay(ctrTrigger)}. Due ${formatShortDay(eventDrivenDueDate('ctr', ctrTrigger))}, ${ctr.days} calendar days later.\n\n${ctr.rule}`,
      area: ctr.area,
      citation: ctr.citation,
      startsOn: eventDrivenDueDate('ctr', ctrTrigger),
      ownerId: members.managerId,
      reminderDays: [3],
      createdBy: members.managerId,
    },
    {
      companyId,
      kind: 'company',
      title: 'Quarterly TRID tolerance review',
      description:
        'Sample Closing Disclosures against their Loan Estimates for zero and 10% tolerance items (12 CFR 1026.19(e)(3)); record cures.',
      area: 'trid',
      startsOn: addDays(today, 6),
      rrule: presetRrule('quarterly', addDays(today, 6)),
      ownerId: members.adminId,
      reminderDays: [3],
      createdBy: members.adminId,
    },
    {
      companyId,
      kind: 'company',
      title: 'Adverse action notice timeliness sample',
      description:
        'Test a sample of denied and withdrawn applications for notices sent within 30 days of a completed application (12 CFR 1002.9(a)(1)(i)).',
      area: 'fair_lending',
      startsOn: addDays(today, 15),
      ownerId: members.adminId,
      reminderDays: [7],
      createdBy: members.adminId,
    },
    {
      companyId,
      kind: 'company',
      title: 'HMDA data scrub before year-end',
      description:
        'Review the loan/application register for edits and missing fields so that the annual submission is ready.',
      area: 'hmda',
      startsOn: addDays(today, 21),
      ownerId: members.userId,
      reminderDays: [7, 1],
      createdBy: members.adminId,
    },
    {
      companyId,
      kind: 'company',
      title: 'Compliance committee report',
      description: 'Present open findings, upcoming deadlines and regulatory changes.',
      area: null,
      startsOn: addDays(today, 26),
      ownerId: members.adminId,
      reminderDays: [7],
      createdBy: members.adminId,
    },
  ];
  const past: (typeof calendarEvents.$inferInsert)[] = [
    {
      companyId,
      kind: 'company',
      title: 'Quarterly BSA/AML report to the board',
      description: 'SAR and CTR volumes, independent test findings and their remediation.',
      area: 'bsa_aml',
      startsOn: addDays(today, -3),
      ownerId: members.managerId,
      reminderDays: [],
      createdBy: members.adminId,
    },
    {
      companyId,
      kind: 'company',
      title: 'Flood zone determination vendor review',
      description: 'Annual review of the flood determination vendor’s accuracy and service levels.',
      area: 'flood',
      startsOn: addDays(today, -10),
      ownerId: members.adminId,
      reminderDays: [],
      createdBy: members.adminId,
    },
  ];
  const inserted = await tx
    .insert(calendarEvents)
    .values([...own.slice(0, Math.max(0, DEMO_UPCOMING_DEADLINES - alreadyDue)), ...past])
    .returning();
  const done = inserted.find((event) => event.title === 'Flood zone determination vendor review')!;
  await tx.insert(calendarCompletions).values({
    eventId: done.id,
    occurrenceDate: done.startsOn,
    companyId,
    doneBy: members.adminId,
    doneByName: 'Alex Morgan',
    evidenceNote: 'Reviewed 25 determinations against FEMA maps: no discrepancies. Memo filed.',
    // Done on its due date (noon in US Eastern), so analytics counts it as met on time.
    doneAt: new Date(`${done.startsOn}T17:00:00Z`),
  });
}
