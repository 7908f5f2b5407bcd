import { z } from 'zod';
import { daysBetween, daysInMonth, isIsoDay } from '../calendar-days.ts';
import { INSTITUTION_TYPES, type InstitutionType } from '../institutions.ts';
import { REGULATION_AREAS } from '../regulation-areas.ts';
import {
  eventDrivenDeadline,
  EVENT_DRIVEN_DEADLINE_TYPES,
  OPTIONAL_DEADLINE_SET_KEYS,
} from '../regulatory-deadlines.ts';
import { CALENDAR_EVENT_KINDS } from '../regulatory-monitoring.ts';

/** Bounds that keep every calendar query small, whatever the rules say. */
export const CALENDAR_LIMITS = {
  /** The widest range one occurrences query may ask for. */
  maxRangeDays: 400,
  /** Occurrences one query returns at most (the answer says when it stopped). */
  maxOccurrences: 5000,
  /** Dates an event may start on. */
  firstDay: '2000-01-01',
  lastDay: '2099-12-31',
  maxReminderDays: 365,
  maxRemindersPerEvent: 5,
  maxRruleLength: 300,
  evidenceMaxBytes: 25 * 1024 * 1024,
  /** Events one institution may hold (deleted ones with evidence not counted). */
  maxEventsPerCompany: 2000,
} as const;

export const CALENDAR_MESSAGES = {
  not_found: 'This calendar event does not exist or is not visible to you.',
  not_an_occurrence: 'That date is not one of this event’s due dates.',
  not_allowed:
    'Only a manager, an administrator, or the person who owns (or created) this event can change it.',
  regulatory_manager_only:
    'Only a manager or an administrator can change or delete a seeded regulatory deadline.',
  owner_not_member: 'The owner must be an active member of your institution.',
  range_order: 'The end of the range must not be before its start.',
  range_too_wide: 'Ask for at most 400 days at a time.',
  day_out_of_range: 'Choose a date between 2000 and 2099.',
  invalid_day: 'Enter a real date as YYYY-MM-DD.',
  reminder_days: 'A reminder is 0 to 365 days before the due date.',
  too_many_reminders: 'Set at most 5 reminders for one event.',
  evidence_too_large: 'Evidence files must be 25 MB or smaller.',
  evidence_type:
    'Attach evidence as PDF, PNG, JPEG, GIF, WebP, Word (.docx), Excel (.xlsx), CSV or text files.',
  evidence_one_file: 'Attach one file at a time.',
  evidence_not_multipart: 'Send the completion as multipart/form-data or JSON.',
  already_done: 'This due date is already marked done.',
  not_done: 'This due date is not marked done.',
  calendar_full:
    'Your institution’s calendar holds 2,000 events, the most it can: delete events you no longer need before adding more.',
  filing_not_offered: 'That filing is not one your institution type makes.',
  optional_not_applicable:
    'Your institution’s profile does not say these deadlines could apply (HMDA must be among its regulation areas).',
  subscription_missing: 'You have no calendar subscription.',
  not_dismissed: 'This deadline is not deleted.',
} as const;

const calendarDay = z
  .string()
  .refine(isIsoDay, CALENDAR_MESSAGES.invalid_day)
  .refine(
    (day) => day >= CALENDAR_LIMITS.firstDay && day <= CALENDAR_LIMITS.lastDay,
    CALENDAR_MESSAGES.day_out_of_range,
  );

/** `GET /api/calendar/occurrences?from=&to=`: both days included, at most 400 days. */
export const occurrencesQuerySchema = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((range) => range.to >= range.from, {
    message: CALENDAR_MESSAGES.range_order,
    path: ['to'],
  })
  .refine((range) => daysBetween(range.from, range.to) < CALENDAR_LIMITS.maxRangeDays, {
    message: CALENDAR_MESSAGES.range_too_wide,
    path: ['to'],
  });
export type OccurrencesQuery = z.infer<typeof occurrencesQuerySchema>;

const reminderDays = z
  .array(
    z
      .number(CALENDAR_MESSAGES.reminder_days)
      .int(CALENDAR_MESSAGES.reminder_days)
      .min(0, CALENDAR_MESSAGES.reminder_days)
      .max(CALENDAR_LIMITS.maxReminderDays, CALENDAR_MESSAGES.reminder_days),
  )
  .max(CALENDAR_LIMITS.maxRemindersPerEvent, CALENDAR_MESSAGES.too_many_reminders)
  // Stored once each, largest first: the order the reminders go out in.
  .transform((days) => [...new Set(days)].sort((a, b) => b - a));

/** An RRULE as typed; the server checks it (the `rrule` package) and may normalize it. */
const rruleText = z
  .string()
  .trim()
  .max(CALENDAR_LIMITS.maxRruleLength, 'Keep the recurrence rule under 300 characters.')
  .transform((text) => (text === '' ? null : text))
  .nullable();

const title = z
  .string()
  .trim()
  .min(3, 'Enter a title of at least 3 characters.')
  .max(200, 'Keep the title under 200 characters.');
const description = z.string().trim().max(5000, 'Keep the description under 5,000 characters.');
const ownerId = z.string().min(1).max(64).nullable();

export const createCalendarEventSchema = z.object({
  title,
  description: description.default(''),
  area: z.enum(REGULATION_AREAS).nullable().default(null),
  startsOn: calendarDay,
  rrule: rruleText.default(null),
  ownerId: ownerId.default(null),
  reminderDays: reminderDays.default([]),
});
export type CreateCalendarEventRequest = z.input<typeof createCalendarEventSchema>;

export const updateCalendarEventSchema = z
  .object({
    title,
    description,
    area: z.enum(REGULATION_AREAS).nullable(),
    startsOn: calendarDay,
    rrule: rruleText,
    ownerId,
    reminderDays,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateCalendarEventRequest = z.input<typeof updateCalendarEventSchema>;

export const eventDrivenDeadlineRequestSchema = z.object({
  type: z.enum(EVENT_DRIVEN_DEADLINE_TYPES, 'Choose the filing.'),
  triggerDate: calendarDay,
  title: title.optional(),
  /** Internal reference (case number, transaction id): never customer data in a title. */
  reference: z.string().trim().max(200).default(''),
  ownerId: ownerId.default(null),
  reminderDays: reminderDays.default([]),
});
export type EventDrivenDeadlineRequest = z.input<typeof eventDrivenDeadlineRequestSchema>;

/** A completion's evidence (JSON body, or the text fields of a multipart form). */
export const completionFieldsSchema = z.object({
  evidenceNote: z.string().trim().max(5000, 'Keep the note under 5,000 characters.').default(''),
  evidenceUrl: z
    .union([
      z.literal('').transform(() => null),
      z
        .url({ protocol: /^https?$/, message: 'Enter a web address starting with https://' })
        .max(2000),
    ])
    .nullable()
    .default(null),
});
export type CompletionFields = z.input<typeof completionFieldsSchema>;

export const calendarEventParamsSchema = z.object({ eventId: z.uuid() });
/** A due date of an event: the date is bounded like every other (2000–2099). */
export const occurrenceParamsSchema = z.object({ eventId: z.uuid(), date: calendarDay });
export const completionParamsSchema = z.object({ eventId: z.uuid(), completionId: z.uuid() });
export const optionalDeadlineParamsSchema = z.object({ set: z.enum(OPTIONAL_DEADLINE_SET_KEYS) });

export const calendarCompletionSchema = z.object({
  id: z.uuid(),
  doneAt: z.iso.datetime({ offset: true }),
  doneByName: z.string(),
  evidenceNote: z.string(),
  evidenceUrl: z.string().nullable(),
  file: z
    .object({ fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() })
    .nullable(),
  /** "Undo done": the completion is kept, with its evidence, marked undone. */
  undoneAt: z.iso.datetime({ offset: true }).nullable(),
  undoneByName: z.string().nullable(),
});
export type CalendarCompletion = z.infer<typeof calendarCompletionSchema>;

export const calendarEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  /** The seeded regulatory deadline this is the company's copy of. */
  templateKey: z.string().nullable(),
  /** Event-driven deadlines: which filing. */
  filing: z.enum(EVENT_DRIVEN_DEADLINE_TYPES).nullable(),
  /** A SAR deadline: seen only by its owner, its creator, managers and administrators. */
  confidential: z.boolean(),
  title: z.string(),
  description: z.string(),
  area: z.enum(REGULATION_AREAS).nullable(),
  citation: z.string().nullable(),
  startsOn: z.string(),
  rrule: z.string().nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  reminderDays: z.array(z.number().int()),
  createdAt: z.iso.datetime({ offset: true }),
  /** A seeded deadline the company deleted (restorable). */
  dismissed: z.boolean(),
  /** Seeded deadlines: whether the institution's profile says it applies, and to whom. */
  appliesToInstitution: z.boolean(),
  applicabilityNote: z.string().nullable(),
  /** Whether the caller may change or delete it. */
  canEdit: z.boolean(),
  /** Whether the caller may mark its due dates done (or undo that). */
  canComplete: z.boolean(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarOccurrenceSchema = z.object({
  eventId: z.uuid(),
  date: z.string(),
  completion: calendarCompletionSchema.nullable(),
  /** Due before today and not done. */
  overdue: z.boolean(),
});
export type CalendarOccurrence = z.infer<typeof calendarOccurrenceSchema>;

export const occurrencesResponseSchema = z.object({
  /** Today in the caller's time zone (profile), which overdue is measured against. */
  today: z.string(),
  from: z.string(),
  to: z.string(),
  occurrences: z.array(calendarOccurrenceSchema),
  /** The events the occurrences belong to. */
  events: z.array(calendarEventSchema),
  /** True when the range held more occurrences than one answer carries. */
  truncated: z.boolean(),
});
export type OccurrencesResponse = z.infer<typeof occurrencesResponseSchema>;

export const optionalDeadlineSetSchema = z.object({
  key: z.enum(OPTIONAL_DEADLINE_SET_KEYS),
  action: z.string(),
  description: z.string(),
  /** Managers and administrators add a set. */
  canAdd: z.boolean(),
});

export const calendarEventListSchema = z.object({
  events: z.array(calendarEventSchema),
  /** While the profile is incomplete, only the deadlines it already determines are seeded. */
  profileComplete: z.boolean(),
  institutionType: z.enum(INSTITUTION_TYPES).nullable(),
  /** The event-driven filings the institution's type makes (CTR for banks, Form 8300 otherwise). */
  filings: z.array(z.enum(EVENT_DRIVEN_DEADLINE_TYPES)),
  /** Seeded deadline sets the institution may add and does not have in full. */
  optionalDeadlines: z.array(optionalDeadlineSetSchema),
});
export type CalendarEventList = z.infer<typeof calendarEventListSchema>;

/** Every completion of one due date, the undone ones included, newest first. */
export const completionHistorySchema = z.object({
  completions: z.array(calendarCompletionSchema),
});

export const calendarOwnersSchema = z.object({
  members: z.array(z.object({ userId: z.string(), name: z.string() })),
});

export const calendarSubscriptionStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }).nullable(),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CalendarSubscriptionStatus = z.infer<typeof calendarSubscriptionStatusSchema>;

/** Shown once, when the token is created or rotated: only its hash is kept. */
export const calendarSubscriptionCreatedSchema = z.object({
  url: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** The recurrence choices the form offers; anything else is written as an RRULE. */
export const RECURRENCE_PRESETS = ['none', 'monthly', 'quarterly', 'yearly'] as const;
export type RecurrencePreset = (typeof RECURRENCE_PRESETS)[number];

export const RECURRENCE_PRESET_LABELS: Record<RecurrencePreset, string> = {
  none: 'Does not repeat',
  monthly: 'Every month',
  quarterly: 'Every 3 months',
  yearly: 'Every year',
};

/**
 * The RRULE of a preset for an event starting on `startsOn`. A start on the last day of its
 * month repeats on the last day of each month (BYMONTHDAY=-1: April 30, February 28 or 29), which
 * is how a month-end deadline is meant and what every calendar app understands; a start on the
 * 29th or 30th that is not a month's end falls back to the last day of shorter months (RFC 5545
 * would otherwise skip them).
 */
export function presetRrule(preset: RecurrencePreset, startsOn: string): string | null {
  if (preset === 'none') return null;
  const year = Number(startsOn.slice(0, 4));
  const month = Number(startsOn.slice(5, 7));
  const day = Number(startsOn.slice(8, 10));
  const monthEnd = day === daysInMonth(year, month);
  const byDay = (): string => {
    if (day <= 28) return `BYMONTHDAY=${day}`;
    if (monthEnd) return 'BYMONTHDAY=-1';
    const days = Array.from({ length: day - 27 }, (_, index) => 28 + index);
    return `BYMONTHDAY=${days.join(',')};BYSETPOS=-1`;
  };
  if (preset === 'monthly') return `FREQ=MONTHLY;${byDay()}`;
  if (preset === 'quarterly') return `FREQ=MONTHLY;INTERVAL=3;${byDay()}`;
  // February 29th: the last day of February in the years without one.
  if (month === 2 && day === 29) return 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1';
  return `FREQ=YEARLY;BYMONTH=${month};BYMONTHDAY=${day}`;
}

/** Which preset an RRULE is for this start date, or null when it is a custom rule. */
export function presetOf(rrule: string | null, startsOn: string): RecurrencePreset | null {
  if (!rrule) return 'none';
  return (
    RECURRENCE_PRESETS.find((preset) => presetRrule(preset, startsOn) === rrule.toUpperCase()) ??
    null
  );
}

/** The server's refusal of a transaction or detection date after today. */
export const triggerInFutureMessage = (triggerLabel: string) =>
  `The ${triggerLabel.toLowerCase()} cannot be after today.`;

/** Reminders as a form takes them, "30, 7, 1": the days, with the request's rules and words. */
export const reminderDaysTextSchema = z
  .string()
  .transform((text, context) => {
    const items = text.split(/[\s,]+/).filter(Boolean);
    if (items.some((item) => !/^\d+$/.test(item))) {
      context.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.reminder_days });
      return z.NEVER;
    }
    return [...new Set(items.map(Number))];
  })
  .pipe(reminderDays);

const emptyAsNull = <Schema extends z.ZodType<string>>(schema: Schema) =>
  z.union([z.literal(''), schema]).transform((value) => value || null);

/**
 * The event form: the request's fields as typed (an empty area or owner is none, reminders as
 * text), and the recurrence as a preset or a custom RRULE, turned into the request's `rrule`.
 */
export const calendarEventFormSchema = z
  .object({
    title,
    description,
    area: emptyAsNull(z.enum(REGULATION_AREAS)),
    startsOn: calendarDay,
    repeats: z.enum([...RECURRENCE_PRESETS, 'custom']),
    customRule: z
      .string()
      .trim()
      .max(CALENDAR_LIMITS.maxRruleLength, 'Keep the recurrence rule under 300 characters.'),
    ownerId: emptyAsNull(ownerId.unwrap()),
    reminderDays: reminderDaysTextSchema,
  })
  .transform(({ repeats, customRule, ...fields }) => ({
    ...fields,
    rrule: repeats === 'custom' ? customRule || null : presetRrule(repeats, fields.startsOn),
  }));
export type CalendarEventForm = z.input<typeof calendarEventFormSchema>;

/**
 * The CTR/SAR deadline form: the request's fields as typed, the date refused after `today` with
 * the server's words for the filing chosen.
 */
export const eventDrivenDeadlineFormSchema = (
  today: string,
  institutionType: InstitutionType | null,
) =>
  z
    .object({
      type: z.enum(EVENT_DRIVEN_DEADLINE_TYPES, 'Choose the filing.'),
      triggerDate: calendarDay,
      reference: z.string().trim().max(200),
      ownerId: emptyAsNull(ownerId.unwrap()),
      reminderDays: reminderDaysTextSchema,
    })
    .superRefine((fields, context) => {
      if (fields.triggerDate > today) {
        context.addIssue({
          code: 'custom',
          path: ['triggerDate'],
          message: triggerInFutureMessage(
            eventDrivenDeadline(fields.type, institutionType).triggerLabel,
          ),
        });
      }
    });
export type EventDrivenDeadlineForm = z.input<ReturnType<typeof eventDrivenDeadlineFormSchema>>;
