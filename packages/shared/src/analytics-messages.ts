/*
 * Analytics' scheduled reports and saved views: their limits and messages, apart from the
 * schemas so that the error catalogue every page loads does not pull the schemas in.
 */

export const REPORT_SCHEDULE_LIMITS = {
  maxRecipients: 50,
  maxSchedules: 20,
  maxName: 120,
} as const;

export const REPORT_SCHEDULE_MESSAGES = {
  name: `Name the report (at most ${REPORT_SCHEDULE_LIMITS.maxName} characters).`,
  recipients: `Choose between 1 and ${REPORT_SCHEDULE_LIMITS.maxRecipients} members to send it to.`,
  recipient_not_member: 'Each recipient must be an active member of your institution.',
  too_many: `Your institution has ${REPORT_SCHEDULE_LIMITS.maxSchedules} scheduled reports, the most it may keep. Delete one first.`,
  not_found: 'That scheduled report does not exist.',
  not_recipient: 'You do not receive that report.',
} as const;

export const SAVED_VIEW_MESSAGES = {
  name: 'Name the view (at most 80 characters).',
  duplicate: 'A saved view of your institution already has that name.',
  not_found: 'That saved view does not exist.',
} as const;
