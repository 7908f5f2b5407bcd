/*
 * The Drizzle schema registry: drizzle-kit and the query builder need every table in one
 * object. Tables themselves live in ./schema/<domain>.ts.
 */
export * from './schema/auth.ts';
export * from './schema/companies.ts';
export * from './schema/profiles.ts';
export * from './schema/subscriptions.ts';
export * from './schema/activity.ts';
export * from './schema/audit.ts';
export * from './schema/platform.ts';
export * from './schema/site.ts';
export * from './schema/notifications.ts';
export * from './schema/invitations.ts';
export * from './schema/support.ts';
export * from './schema/library.ts';
export * from './schema/feeds.ts';
export * from './schema/calendar.ts';
export * from './schema/changes.ts';
export * from './schema/risks.ts';
export * from './schema/findings.ts';
export * from './schema/risk-assessment.ts';
export * from './schema/policies.ts';
export * from './schema/collaboration.ts';
export * from './schema/analytics.ts';
export * from './schema/automations.ts';
export * from './schema/loan-tests.ts';
export * from './schema/hmda.ts';
