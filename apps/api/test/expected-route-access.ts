import {
  PUBLIC,
  SIGNED_IN,
  SUBSCRIBED,
  requireAll,
  requireFeature,
  requirePlan,
  requireRole,
  type AccessRequirement,
} from '@complivue/shared/access';

/*
 * Who may call each API route, written by hand from the product's rules — NOT derived from the
 * routes' declarations or from PAGE_ACCESS. access-matrix.int.test.ts compares every route's
 * declared requirement with its row here and then calls the route as every role in every
 * subscription state, so a route declared with less access than its row fails the test.
 *
 * A new route needs a row (the test fails until it has one), and a removed route's row must go.
 *
 * How to review a row — read it against, in this order:
 *  1. docs/product.md § Route requirements: the page the route serves and that page's
 *     requirement (each section below names it). An API route needs at least what its page needs
 *     (/compliance: a subscription; /regulatory-feeds and /regulatory-calendar: plan basic;
 *     /change-management: plan professional; /users, /article-enhancer, /qa-test: role admin;
 *     /super-admin: super_admin; /dashboard: sign-in). A route serving two pages needs what the
 *     more open page needs.
 *  2. Roles rank user < manager < admin < super_admin; a role requirement lets every higher
 *     rank through. Only super_admin bypasses subscription and plan checks
 *     (docs/product.md § Access).
 *  3. The deviations docs/product.md and docs/decisions record: paying, reading one's
 *     subscription and notifications need only a session, so a blocked company can always pay
 *     (decision 0006).
 *  4. A row that is more open than its page, or stricter, says why in a comment.
 * Never change a row only to make the test pass: a difference is either a declaration bug (fix
 * the route) or a product decision (record it here, and in docs/decisions when a newcomer
 * would question it).
 *
 * `probe` is what a caller who IS allowed gets for the matrix's probe request — no body, no query,
 * and path parameters that pass the route's schema but name nothing that exists (the test's
 * PROBE_PARAMS): a 2xx when it is left out, otherwise the one 4xx answer the route gives to that
 * request, with its error code. A 5xx, a 401/403 or any other answer fails the test.
 */

/**
 * The 4xx answers an allowed empty probe may get: never 401/403 (the caller is allowed) nor 5xx.
 */
type ProbeStatus = 400 | 404 | 409 | 415 | 422;
/** `<status> <error code>` of the allowed probe when it is not a 2xx. */
export type ProbeAnswer = `${ProbeStatus} ${string}`;

export interface ExpectedRoute {
  access: AccessRequirement;
  probe?: ProbeAnswer;
}

// The answers an empty probe gets most often.
/** The body (or query) the route requires is missing. */
const NO_BODY: ProbeAnswer = '400 validation_failed';
/** The probe's id names nothing in the caller's institution. */
const NOT_FOUND: ProbeAnswer = '404 not_found';
/** A file route was sent no multipart body. */
const NOT_MULTIPART: ProbeAnswer = '415 unsupported_media_type';

// The requirements, in the product's words.
const ADMIN = requireRole('admin');
const MANAGER = requireRole('manager');
const PLATFORM_OPERATOR = requireRole('super_admin');
const BASIC_PLAN = requirePlan('basic');
const PROFESSIONAL_PLAN = requirePlan('professional');
const ADVANCED_ANALYTICS = requireAll(PROFESSIONAL_PLAN, requireFeature('advanced_analytics'));
const ADVANCED_ANALYTICS_ADMIN = requireAll(ADVANCED_ANALYTICS, ADMIN);
const AUTOMATIONS_HUB = requireAll(ADMIN, SUBSCRIBED);
const ENTERPRISE_PLAN = requirePlan('enterprise');
/** Outbound webhooks: /automations (an administrator, subscribed), custom integrations. */
const WEBHOOKS = requireAll(ADMIN, SUBSCRIBED, requireFeature('custom_integrations'));
/** /loan-tests: the compliance library's plans (basic and up), any member. */
const LOAN_TESTS = requireFeature('compliance_library');
/** /hmda-checks: the compliance library's plans too; verifying an edit is a manager's. */
const HMDA_CHECKS = requireFeature('compliance_library');

export const EXPECTED_ROUTE_ACCESS: Record<string, ExpectedRoute> = {
  // ── Platform and website (public: the website's pages, docs/product.md § Routes, and what
  //    they call) ──
  'GET /api/health': { access: PUBLIC },
  // The API reference is public documentation (it describes routes, never data).
  'GET /api/openapi.json': { access: PUBLIC },
  // The website's consent scripts (analytics, pixel) are chosen before anyone signs in.
  'GET /api/site-config': { access: PUBLIC },
  // /pricing and /checkout read the plan catalogue.
  'GET /api/plans': { access: PUBLIC },
  'POST /api/contact': { access: PUBLIC, probe: NO_BODY },
  // The cookie banner saves for guests too; only a signed-in member's choice is read back.
  'PUT /api/cookie-consent': { access: PUBLIC, probe: NO_BODY },
  'GET /api/cookie-consent': { access: SIGNED_IN },
  // The assistant answers guests (platform questions, docs/product.md § Chat assistant); a member's
  // library answers are gated inside by the plan's ai_assistant feature. The stored conversation is
  // one's own.
  'POST /api/chat/messages': { access: PUBLIC, probe: NO_BODY },
  'GET /api/chat/messages': { access: SIGNED_IN },
  'DELETE /api/chat/messages': { access: SIGNED_IN },
  // Stripe signs its events; the route exists only when Stripe is configured.
  'POST /api/stripe/webhook': { access: PUBLIC, probe: '400 invalid_signature' },
  // Calendar apps cannot sign in: the secret token in the URL is the credential.
  'GET /api/calendar/feed/:token.ics': { access: PUBLIC, probe: NOT_FOUND },

  // ── Signing in and first-run setup (/login, /signup, /forgot-password, /reset-password,
  //    /database-setup and the invitation link are public pages) ──
  'POST /api/auth/sign-up': { access: PUBLIC, probe: NO_BODY },
  'POST /api/auth/sign-in': { access: PUBLIC, probe: NO_BODY },
  'POST /api/auth/two-factor/verify': { access: PUBLIC, probe: NO_BODY },
  'GET /api/auth/session': { access: PUBLIC },
  'POST /api/auth/sign-out': { access: PUBLIC },
  'POST /api/auth/password/forgot': { access: PUBLIC, probe: NO_BODY },
  'GET /api/auth/password/reset-token': { access: PUBLIC, probe: NO_BODY },
  'POST /api/auth/password/reset': { access: PUBLIC, probe: NO_BODY },
  // Open only while no user exists; the handler closes it after that.
  'GET /api/setup': { access: PUBLIC },
  'POST /api/setup': { access: PUBLIC, probe: NO_BODY },
  'POST /api/invitations/preview': { access: PUBLIC, probe: NO_BODY },
  'POST /api/invitations/accept': { access: PUBLIC, probe: NO_BODY },

  // ── A member's own account: sign-in security. More open than /profile (subscription guard)
  //    on purpose: changing one's password, second factor or devices must never wait for the
  //    institution's payment, and decision 0009 keeps these open to a member who must enrol. ──
  'POST /api/auth/password/change': { access: SIGNED_IN, probe: NO_BODY },
  'GET /api/auth/sessions': { access: SIGNED_IN },
  'DELETE /api/auth/sessions/:sessionId': { access: SIGNED_IN, probe: NOT_FOUND },
  'POST /api/auth/two-factor/enable': { access: SIGNED_IN, probe: NO_BODY },
  'POST /api/auth/two-factor/confirm': { access: SIGNED_IN, probe: NO_BODY },
  'POST /api/auth/two-factor/disable': { access: SIGNED_IN, probe: NO_BODY },

  // ── A member's own profile. More open than /profile on purpose: the dashboard's onboarding
  //    wizard (sign-in only) saves the profile and its completion, every page's header shows
  //    the picture, and one's own personal data is corrected or removed whatever the
  //    institution's subscription (decision 0009 also keeps /api/profile* open). ──
  'PATCH /api/profile': { access: SIGNED_IN, probe: NO_BODY },
  'POST /api/profile/onboarding-complete': { access: SIGNED_IN },
  'PUT /api/profile/avatar': { access: SIGNED_IN, probe: NOT_MULTIPART },
  'DELETE /api/profile/avatar': { access: SIGNED_IN },
  'GET /api/files/avatars/:userId/:fileName': { access: SIGNED_IN, probe: NOT_FOUND },

  // ── The institution (/settings: subscription guard; its administration is the admins') ──
  // For an account without an institution: it has no subscription yet (creating one starts
  // the trial).
  'POST /api/companies': { access: SIGNED_IN, probe: NO_BODY },
  // Every member reads the institution's profile: the dashboard, onboarding and the library's
  // "applies to my institution" use it.
  'GET /api/company': { access: SIGNED_IN },
  // The dashboard's onboarding wizard (sign-in only) has the administrator fill it in, as
  // /settings does: the more open page's requirement, with the admin role.
  'PATCH /api/company': { access: ADMIN, probe: NO_BODY },
  // Used only by /settings: its subscription guard and the admin role.
  'GET /api/company/settings': { access: requireAll(ADMIN, SUBSCRIBED) },
  'PATCH /api/company/settings': { access: requireAll(ADMIN, SUBSCRIBED), probe: NO_BODY },
  'GET /api/company/notification-defaults': { access: requireAll(ADMIN, SUBSCRIBED) },
  'PUT /api/company/notification-defaults': {
    access: requireAll(ADMIN, SUBSCRIBED),
    probe: NO_BODY,
  },
  // Leaving needs no subscription, on purpose: an institution whose trial or plan has ended
  // can still take its records and delete itself (like paying, decision 0006). The admins'.
  'GET /api/company/export': { access: ADMIN },
  'DELETE /api/company': { access: ADMIN, probe: NO_BODY },

  // ── Subscription and payments (/subscription, /checkout, /success: sign-in only, decision
  //    0006: a blocked company can always pay) ──
  'GET /api/subscription': { access: SIGNED_IN },
  'GET /api/stripe/subscription-status/:id': { access: SIGNED_IN, probe: NOT_FOUND },
  // Stricter than the pages on purpose: the subscription is the company's
  // (docs/product.md § Subscription status), so buying and changing it is its administrators';
  // still no subscription needed to pay.
  'POST /api/stripe/create-checkout-session': { access: ADMIN, probe: NO_BODY },
  'POST /api/payments/sandbox/:id/pay': { access: ADMIN, probe: NOT_FOUND },
  'POST /api/payments/sandbox/:id/cancel': { access: ADMIN, probe: NOT_FOUND },
  'POST /api/stripe/cancel-subscription': { access: ADMIN, probe: NO_BODY },
  'POST /api/stripe/update-subscription': { access: ADMIN, probe: NO_BODY },
  'POST /api/stripe/create-portal-session': { access: ADMIN, probe: NO_BODY },

  // ── Team: /users, /users/team, /users/roles, /users/activity (role admin) ──
  'PATCH /api/users/:userId/role': { access: ADMIN, probe: NO_BODY },
  'GET /api/team/members': { access: ADMIN },
  'POST /api/team/members/:userId/deactivate': { access: ADMIN, probe: NOT_FOUND },
  'POST /api/team/members/:userId/reactivate': { access: ADMIN, probe: NOT_FOUND },
  'GET /api/team/directory': { access: ADMIN },
  'GET /api/team/roles': { access: ADMIN },
  'GET /api/team/activity': { access: ADMIN },
  'GET /api/team/activity.csv': { access: ADMIN },
  'GET /api/team/invitations': { access: ADMIN },
  'POST /api/team/invitations': { access: ADMIN, probe: NO_BODY },
  'POST /api/team/invitations/:invitationId/resend': { access: ADMIN, probe: NOT_FOUND },
  'POST /api/team/invitations/:invitationId/revoke': { access: ADMIN, probe: NOT_FOUND },
  // An existing account without an institution joins by its invitation: no subscription yet.
  'POST /api/invitations/accept-signed-in': { access: SIGNED_IN, probe: NO_BODY },

  // ── The platform operator's console: /super-admin (super_admin) ──
  'GET /api/admin/companies': { access: PLATFORM_OPERATOR },
  'GET /api/admin/users': { access: PLATFORM_OPERATOR },
  'PUT /api/admin/companies/:companyId/subscription': {
    access: PLATFORM_OPERATOR,
    probe: NO_BODY,
  },
  'GET /api/admin/feature-matrix': { access: PLATFORM_OPERATOR },
  'PUT /api/admin/feature-matrix': { access: PLATFORM_OPERATOR, probe: NO_BODY },
  'GET /api/admin/email-outbox': { access: PLATFORM_OPERATOR },
  'GET /api/admin/audit-log': { access: PLATFORM_OPERATOR },
  'GET /api/admin/feed-sources': { access: PLATFORM_OPERATOR },
  'POST /api/admin/feed-sources': { access: PLATFORM_OPERATOR, probe: NO_BODY },
  'PATCH /api/admin/feed-sources/:id': { access: PLATFORM_OPERATOR, probe: NO_BODY },
  'DELETE /api/admin/feed-sources/:id': { access: PLATFORM_OPERATOR, probe: NOT_FOUND },
  'POST /api/admin/feed-sources/:id/poll': { access: PLATFORM_OPERATOR, probe: NOT_FOUND },
  // First-run setup's demo workspace: the operator's.
  'POST /api/setup/demo-workspace': { access: PLATFORM_OPERATOR },

  // ── Help & Support: /support, open to every member whatever the subscription (an expired
  //    institution must still be able to ask for help; docs/product.md § Deliberate deviations) ──
  'GET /api/support/overview': { access: SIGNED_IN },
  'GET /api/support/tickets': { access: SIGNED_IN },
  'POST /api/support/tickets': { access: SIGNED_IN, probe: NOT_MULTIPART },
  'GET /api/support/tickets/:ticketId': { access: SIGNED_IN, probe: NOT_FOUND },
  'POST /api/support/tickets/:ticketId/messages': { access: SIGNED_IN, probe: NOT_MULTIPART },
  'PATCH /api/support/tickets/:ticketId': { access: SIGNED_IN, probe: NO_BODY },
  'GET /api/support/attachments/:attachmentId': { access: SIGNED_IN, probe: NOT_FOUND },

  // ── Compliance library: /compliance (subscription guard) ──
  'GET /api/library': { access: SUBSCRIBED },
  'GET /api/library/articles/:slug': { access: SUBSCRIBED, probe: NOT_FOUND },
  'GET /api/library/rules/:ruleId': { access: SUBSCRIBED, probe: NOT_FOUND },
  'GET /api/library/compliance-summary': { access: SUBSCRIBED },
  'PUT /api/library/bookmarks/:articleId': { access: SUBSCRIBED, probe: NOT_FOUND },
  // Removing a bookmark that is not there is done: 2xx.
  'DELETE /api/library/bookmarks/:articleId': { access: SUBSCRIBED },
  'GET /api/library/evidence/:evidenceId': { access: SUBSCRIBED, probe: NOT_FOUND },
  // Stricter than the page on purpose: assessing (a compliance judgement) and the examiner's
  // exports of it are managers' and administrators' work; every member reads the results
  // (docs/architecture.md, "Compliance library").
  'PATCH /api/library/rules/:ruleId/assessment': {
    access: requireAll(SUBSCRIBED, MANAGER),
    probe: NO_BODY,
  },
  'POST /api/library/rules/:ruleId/evidence/links': {
    access: requireAll(SUBSCRIBED, MANAGER),
    probe: NO_BODY,
  },
  'POST /api/library/rules/:ruleId/evidence/files': {
    access: requireAll(SUBSCRIBED, MANAGER),
    probe: NOT_MULTIPART,
  },
  'DELETE /api/library/evidence/:evidenceId': {
    access: requireAll(SUBSCRIBED, MANAGER),
    probe: NOT_FOUND,
  },
  'GET /api/library/assessments.csv': { access: requireAll(SUBSCRIBED, MANAGER) },
  'GET /api/library/assessments.pdf': { access: requireAll(SUBSCRIBED, MANAGER) },

  // ── Search: the header box and /search find library articles and rules (and, for plans
  //    that open /regulatory-feeds, regulatory updates): the library's subscription guard. ──
  'GET /api/search': { access: SUBSCRIBED, probe: NO_BODY },
  'GET /api/search/records': { access: SIGNED_IN, probe: NO_BODY },

  // ── Article enhancer: /article-enhancer (role admin) ──
  'GET /api/enhancer/articles': { access: ADMIN },
  'POST /api/enhancer/articles': { access: ADMIN, probe: NO_BODY },
  'GET /api/enhancer/articles/:articleId': { access: ADMIN, probe: NOT_FOUND },
  'POST /api/enhancer/articles/:articleId/versions': { access: ADMIN, probe: NO_BODY },
  'POST /api/enhancer/articles/:articleId/versions/:version/publish': {
    access: ADMIN,
    probe: NOT_FOUND,
  },
  'POST /api/enhancer/preview': { access: ADMIN, probe: NO_BODY },

  // ── Change management: /change-management (plan professional) ──
  'GET /api/changes': { access: PROFESSIONAL_PLAN },
  'GET /api/changes/board': { access: PROFESSIONAL_PLAN },
  'GET /api/changes/members': { access: PROFESSIONAL_PLAN },
  'GET /api/changes/export.csv': { access: PROFESSIONAL_PLAN },
  'GET /api/changes/draft': { access: PROFESSIONAL_PLAN, probe: NO_BODY },
  'POST /api/changes': { access: PROFESSIONAL_PLAN, probe: NO_BODY },
  'GET /api/changes/:changeId': { access: PROFESSIONAL_PLAN, probe: NOT_FOUND },
  'PATCH /api/changes/:changeId': { access: PROFESSIONAL_PLAN, probe: NO_BODY },
  'POST /api/changes/:changeId/transition': { access: PROFESSIONAL_PLAN, probe: NO_BODY },
  'POST /api/changes/:changeId/tasks': { access: PROFESSIONAL_PLAN, probe: NO_BODY },
  'PATCH /api/changes/:changeId/tasks/:taskId': { access: PROFESSIONAL_PLAN, probe: NO_BODY },
  'DELETE /api/changes/:changeId/tasks/:taskId': { access: PROFESSIONAL_PLAN, probe: NOT_FOUND },
  'POST /api/changes/:changeId/comments': { access: PROFESSIONAL_PLAN, probe: NO_BODY },
  // The change is looked up before the (up to 25 MB) body is read.
  'POST /api/changes/:changeId/attachments': { access: PROFESSIONAL_PLAN, probe: NOT_FOUND },
  'GET /api/changes/:changeId/attachments/:attachmentId': {
    access: PROFESSIONAL_PLAN,
    probe: NOT_FOUND,
  },
  'DELETE /api/changes/:changeId/attachments/:attachmentId': {
    access: PROFESSIONAL_PLAN,
    probe: NOT_FOUND,
  },
  'GET /api/changes/:changeId/report.pdf': { access: PROFESSIONAL_PLAN, probe: NOT_FOUND },

  // ── Analytics: /analytics (plan professional); custom ranges need advanced analytics ──
  'GET /api/analytics/overview': { access: PROFESSIONAL_PLAN },
  'GET /api/analytics/compliance': { access: PROFESSIONAL_PLAN },
  'GET /api/analytics/changes': { access: PROFESSIONAL_PLAN },
  'GET /api/analytics/deadlines': { access: PROFESSIONAL_PLAN },
  'GET /api/analytics/team': { access: PROFESSIONAL_PLAN },
  'GET /api/analytics/board-report.pdf': { access: PROFESSIONAL_PLAN },
  'GET /api/analytics/members': { access: PROFESSIONAL_PLAN },
  // Saved views and scheduled reports: advanced analytics (enterprise); administrators schedule.
  'GET /api/analytics/report-schedules': { access: ADVANCED_ANALYTICS },
  'POST /api/analytics/report-schedules': { access: ADVANCED_ANALYTICS_ADMIN, probe: NO_BODY },
  'DELETE /api/analytics/report-schedules/:scheduleId': {
    access: ADVANCED_ANALYTICS_ADMIN,
    probe: NOT_FOUND,
  },
  'POST /api/analytics/report-schedules/:scheduleId/send': {
    access: ADVANCED_ANALYTICS_ADMIN,
    probe: NOT_FOUND,
  },
  'POST /api/analytics/report-schedules/:scheduleId/unsubscribe': {
    access: ADVANCED_ANALYTICS,
    probe: NOT_FOUND,
  },
  'GET /api/analytics/saved-views': { access: ADVANCED_ANALYTICS },
  'POST /api/analytics/saved-views': { access: ADVANCED_ANALYTICS, probe: NO_BODY },
  'DELETE /api/analytics/saved-views/:viewId': { access: ADVANCED_ANALYTICS, probe: NOT_FOUND },
  // ── Automations: /automations (role admin and a subscription, both readings of the spec) and
  //    the automation dashboard /automation (plan enterprise) ──
  'GET /api/automations/rules': { access: AUTOMATIONS_HUB },
  'POST /api/automations/rules': { access: AUTOMATIONS_HUB, probe: NO_BODY },
  'GET /api/automations/rules/:automationRuleId': { access: AUTOMATIONS_HUB, probe: NOT_FOUND },
  'PUT /api/automations/rules/:automationRuleId': { access: AUTOMATIONS_HUB, probe: NO_BODY },
  'POST /api/automations/rules/:automationRuleId/enabled': {
    access: AUTOMATIONS_HUB,
    probe: NO_BODY,
  },
  'DELETE /api/automations/rules/:automationRuleId': { access: AUTOMATIONS_HUB, probe: NOT_FOUND },
  'POST /api/automations/dry-run': { access: AUTOMATIONS_HUB, probe: NO_BODY },
  'GET /api/automations/runs': { access: AUTOMATIONS_HUB },
  'GET /api/automations/runs/:runId': { access: AUTOMATIONS_HUB, probe: NOT_FOUND },
  'GET /api/automations/members': { access: AUTOMATIONS_HUB },
  'GET /api/automation/dashboard': { access: ENTERPRISE_PLAN },

  // ── Loan tests: /loan-tests (the compliance library's plans). Saving also needs change
  //    management or risk scoring for the record saved to, checked by the service (403). The
  //    APOR tables are loaded by the platform operator. ──
  'POST /api/loan-tests/run': { access: LOAN_TESTS, probe: NO_BODY },
  'POST /api/loan-tests/rate-spread.csv': { access: LOAN_TESTS, probe: NOT_MULTIPART },
  'GET /api/loan-tests/apor-tables': { access: LOAN_TESTS },
  'GET /api/loan-tests/records': { access: LOAN_TESTS },
  'GET /api/loan-tests/results': { access: LOAN_TESTS },
  'POST /api/loan-tests/results': { access: LOAN_TESTS, probe: NO_BODY },
  'GET /api/loan-tests/results/:loanTestResultId': { access: LOAN_TESTS, probe: NOT_FOUND },
  'GET /api/admin/apor-tables': { access: PLATFORM_OPERATOR },
  'POST /api/admin/apor-tables': { access: PLATFORM_OPERATOR, probe: NOT_MULTIPART },

  // ── HMDA checks: /hmda-checks (the compliance library's plans). Verifying a quality or macro
  //    edit is a manager's or an administrator's; opening a change needs change management. ──
  'POST /api/hmda/checks': { access: HMDA_CHECKS, probe: NOT_MULTIPART },
  'GET /api/hmda/checks': { access: HMDA_CHECKS },
  'GET /api/hmda/checks/:checkId': { access: HMDA_CHECKS, probe: NOT_FOUND },
  'PUT /api/hmda/checks/:checkId/edits/:editId/verification': {
    access: requireAll(HMDA_CHECKS, MANAGER),
    probe: NO_BODY,
  },
  'POST /api/hmda/checks/:checkId/edits/:editId/change': {
    access: requireAll(HMDA_CHECKS, requireFeature('change_management')),
    probe: NOT_FOUND,
  },
  'GET /api/hmda/checks/:checkId/findings.csv': { access: HMDA_CHECKS, probe: NOT_FOUND },
  'GET /api/hmda/checks/:checkId/summary.pdf': { access: HMDA_CHECKS, probe: NOT_FOUND },
  'GET /api/hmda/checks/:checkId/file': { access: HMDA_CHECKS, probe: NOT_FOUND },

  // ── Outbound webhooks: part of /automations (role admin and a subscription), and custom
  //    integrations, an enterprise feature a trial does not include ──
  'GET /api/automations/webhooks': { access: WEBHOOKS },
  'POST /api/automations/webhooks': { access: WEBHOOKS, probe: NO_BODY },
  'PATCH /api/automations/webhooks/:endpointId': { access: WEBHOOKS, probe: NO_BODY },
  'DELETE /api/automations/webhooks/:endpointId': { access: WEBHOOKS, probe: NOT_FOUND },
  'POST /api/automations/webhooks/:endpointId/rotate-secret': {
    access: WEBHOOKS,
    probe: NOT_FOUND,
  },
  'POST /api/automations/webhooks/:endpointId/test': { access: WEBHOOKS, probe: NOT_FOUND },
  'GET /api/automations/webhooks/:endpointId/deliveries': { access: WEBHOOKS, probe: NOT_FOUND },
  'POST /api/automations/webhook-deliveries/:deliveryId/redeliver': {
    access: WEBHOOKS,
    probe: NOT_FOUND,
  },

  // ── Risk scoring: /risk-scoring (plan professional); managers edit, administrators delete ──
  'GET /api/risks': { access: PROFESSIONAL_PLAN },
  'GET /api/risks/export.csv': { access: PROFESSIONAL_PLAN },
  'GET /api/risks/members': { access: PROFESSIONAL_PLAN },
  'GET /api/risks/signals': { access: PROFESSIONAL_PLAN },
  'GET /api/risks/trend': { access: PROFESSIONAL_PLAN },
  // The assessment's approval: managers submit it; administrators approve, return, re-open.
  'GET /api/risks/assessment': { access: PROFESSIONAL_PLAN },
  'GET /api/risks/assessment.pdf': { access: PROFESSIONAL_PLAN },
  'POST /api/risks/assessment/submit': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },
  'POST /api/risks/assessment/reopen': {
    access: requireAll(PROFESSIONAL_PLAN, ADMIN),
    probe: '409 assessment_not_reopenable',
  },
  'GET /api/risks/assessment/versions/:version': { access: PROFESSIONAL_PLAN, probe: NOT_FOUND },
  'POST /api/risks/assessment/versions/:version/approve': {
    access: requireAll(PROFESSIONAL_PLAN, ADMIN),
    probe: NO_BODY,
  },
  'POST /api/risks/assessment/versions/:version/return': {
    access: requireAll(PROFESSIONAL_PLAN, ADMIN),
    probe: NO_BODY,
  },
  'GET /api/risks/templates': { access: PROFESSIONAL_PLAN },
  'POST /api/risks/templates/adopt': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },
  'POST /api/risks': { access: requireAll(PROFESSIONAL_PLAN, MANAGER), probe: NO_BODY },
  'GET /api/risks/:riskId': { access: PROFESSIONAL_PLAN, probe: NOT_FOUND },
  'PATCH /api/risks/:riskId': { access: requireAll(PROFESSIONAL_PLAN, MANAGER), probe: NO_BODY },
  'DELETE /api/risks/:riskId': { access: requireAll(PROFESSIONAL_PLAN, ADMIN), probe: NOT_FOUND },
  'POST /api/risks/:riskId/controls': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },
  'PUT /api/risks/:riskId/controls/:controlId': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },
  'DELETE /api/risks/:riskId/controls/:controlId': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NOT_FOUND,
  },
  // Findings and corrective actions (part of /risk-scoring): members read, and complete the
  // actions they own (checked in the service), managers record, edit and validate, administrators
  // delete.
  'GET /api/risks/findings': { access: PROFESSIONAL_PLAN },
  'GET /api/risks/findings/export.csv': { access: PROFESSIONAL_PLAN },
  'POST /api/risks/findings': { access: requireAll(PROFESSIONAL_PLAN, MANAGER), probe: NO_BODY },
  'GET /api/risks/findings/:findingId': { access: PROFESSIONAL_PLAN, probe: NOT_FOUND },
  'PATCH /api/risks/findings/:findingId': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },
  'DELETE /api/risks/findings/:findingId': {
    access: requireAll(PROFESSIONAL_PLAN, ADMIN),
    probe: NOT_FOUND,
  },
  'POST /api/risks/findings/:findingId/close': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },
  'POST /api/risks/findings/:findingId/reopen': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },
  'POST /api/risks/findings/:findingId/actions': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },
  'PATCH /api/risks/findings/:findingId/actions/:actionId': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },
  // Any member may call it: the service lets the action's owner, a manager or an administrator
  // complete it. The action is looked up before the (up to 25 MB) body is read.
  'POST /api/risks/findings/:findingId/actions/:actionId/completion': {
    access: PROFESSIONAL_PLAN,
    probe: NOT_FOUND,
  },
  'GET /api/risks/findings/:findingId/actions/:actionId/evidence': {
    access: PROFESSIONAL_PLAN,
    probe: NOT_FOUND,
  },
  'POST /api/risks/findings/:findingId/actions/:actionId/validation': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },

  // ── Collaboration: /collaboration and every object's discussion (a subscription) ──
  // The object's own page decides further who may see it (a change needs the professional
  // plan): a member who may not gets the 404 of an object that does not exist.
  'GET /api/collaboration/members': { access: SUBSCRIBED },
  'GET /api/collaboration/threads': { access: SUBSCRIBED },
  'POST /api/collaboration/threads': { access: SUBSCRIBED, probe: NO_BODY },
  'GET /api/collaboration/activity': { access: SUBSCRIBED },
  'GET /api/collaboration/my-work': { access: SUBSCRIBED },
  'GET /api/collaboration/online': { access: SUBSCRIBED },
  'GET /api/discussions/:type/:id': { access: SUBSCRIBED, probe: NOT_FOUND },
  'POST /api/discussions/:type/:id/comments': { access: SUBSCRIBED, probe: NO_BODY },
  'GET /api/discussions/:type/:id/stream': { access: SUBSCRIBED, probe: NOT_FOUND },
  // The object is looked up before the (up to 25 MB) body is read.
  'POST /api/discussions/:type/:id/attachments': { access: SUBSCRIBED, probe: NOT_FOUND },
  'GET /api/comments/:commentId/attachment': { access: SUBSCRIBED, probe: NOT_FOUND },
  'PATCH /api/comments/:commentId': { access: SUBSCRIBED, probe: NO_BODY },
  'DELETE /api/comments/:commentId': { access: SUBSCRIBED, probe: NOT_FOUND },
  // The text of edited and deleted comments: the administrators' trail, like User Activity.
  'GET /api/tasks': { access: SUBSCRIBED },
  'POST /api/tasks': { access: SUBSCRIBED, probe: NO_BODY },
  'PATCH /api/tasks/:taskId': { access: SUBSCRIBED, probe: NO_BODY },
  'DELETE /api/tasks/:taskId': { access: SUBSCRIBED, probe: NOT_FOUND },
  'GET /api/comments/:commentId/revisions': {
    access: requireAll(ADMIN, SUBSCRIBED),
    probe: NOT_FOUND,
  },

  // ── Policies: /policy-cross-referencing (plan professional) ──
  // Members read; managers upload, edit, submit and decide matches; administrators approve,
  // return and delete.
  'GET /api/policies': { access: PROFESSIONAL_PLAN },
  'GET /api/policies/members': { access: PROFESSIONAL_PLAN },
  'GET /api/policies/gaps': { access: PROFESSIONAL_PLAN },
  'GET /api/policies/impacts': { access: PROFESSIONAL_PLAN },
  'POST /api/policies/:policyId/impacts/review': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },
  'GET /api/policies/gaps.csv': { access: PROFESSIONAL_PLAN },
  'GET /api/policies/gaps.pdf': { access: PROFESSIONAL_PLAN },
  'POST /api/policies': { access: requireAll(PROFESSIONAL_PLAN, MANAGER), probe: NO_BODY },
  'GET /api/policies/:policyId': { access: PROFESSIONAL_PLAN, probe: NOT_FOUND },
  'PATCH /api/policies/:policyId': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },
  'DELETE /api/policies/:policyId': {
    access: requireAll(PROFESSIONAL_PLAN, ADMIN),
    probe: NOT_FOUND,
  },
  // The policy is looked up before the (up to 25 MB) body is read.
  'POST /api/policies/:policyId/versions': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NOT_FOUND,
  },
  'GET /api/policies/:policyId/versions/:version': { access: PROFESSIONAL_PLAN, probe: NOT_FOUND },
  // The versions to compare are required in the query: the empty probe names none.
  'GET /api/policies/:policyId/compare': { access: PROFESSIONAL_PLAN, probe: NO_BODY },
  'GET /api/policies/:policyId/versions/:version/file': {
    access: PROFESSIONAL_PLAN,
    probe: NOT_FOUND,
  },
  'POST /api/policies/:policyId/versions/:version/submit': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NOT_FOUND,
  },
  'POST /api/policies/:policyId/versions/:version/approve': {
    access: requireAll(PROFESSIONAL_PLAN, ADMIN),
    probe: NO_BODY,
  },
  'POST /api/policies/:policyId/versions/:version/return': {
    access: requireAll(PROFESSIONAL_PLAN, ADMIN),
    probe: NO_BODY,
  },
  'POST /api/policies/:policyId/versions/:version/sections/:sectionId/matches': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },
  'POST /api/policies/:policyId/attestation': {
    access: requireAll(PROFESSIONAL_PLAN, ADMIN),
    probe: NO_BODY,
  },
  'POST /api/policies/:policyId/attestation/remind': {
    access: requireAll(PROFESSIONAL_PLAN, ADMIN),
    probe: NOT_FOUND,
  },
  // Every member acknowledges for themselves.
  'POST /api/policies/:policyId/versions/:version/acknowledge': {
    access: PROFESSIONAL_PLAN,
    probe: NOT_FOUND,
  },
  'PUT /api/policies/:policyId/matches/:matchId': {
    access: requireAll(PROFESSIONAL_PLAN, MANAGER),
    probe: NO_BODY,
  },

  // ── Regulatory feeds: /regulatory-feeds (plan basic) ──
  'GET /api/feeds/items': { access: BASIC_PLAN },
  'POST /api/feeds/items/mark-all-read': { access: BASIC_PLAN },
  'GET /api/feeds/items/:itemId': { access: BASIC_PLAN, probe: NOT_FOUND },
  'PUT /api/feeds/items/:itemId/state': { access: BASIC_PLAN, probe: NO_BODY },
  'GET /api/feeds/watchlist': { access: BASIC_PLAN },
  // The institution's watchlist drives everyone's alerts: managers and administrators set it.
  'PUT /api/feeds/watchlist': { access: requireAll(BASIC_PLAN, MANAGER), probe: NO_BODY },
  'GET /api/feeds/sources': { access: BASIC_PLAN },
  // The institution's own sources are its administrators' to add, change and remove.
  'POST /api/feeds/sources': { access: requireAll(BASIC_PLAN, ADMIN), probe: NO_BODY },
  'PATCH /api/feeds/sources/:id': { access: requireAll(BASIC_PLAN, ADMIN), probe: NO_BODY },
  'DELETE /api/feeds/sources/:id': { access: requireAll(BASIC_PLAN, ADMIN), probe: NOT_FOUND },

  // ── Regulatory calendar: /regulatory-calendar (plan basic). Who may change or
  //    complete one event (its owner, its creator, managers) is decided per event inside. ──
  'GET /api/calendar/occurrences': { access: BASIC_PLAN, probe: NO_BODY },
  'GET /api/calendar/events': { access: BASIC_PLAN },
  'GET /api/calendar/events/:eventId': { access: BASIC_PLAN, probe: NOT_FOUND },
  'POST /api/calendar/events': { access: BASIC_PLAN, probe: NO_BODY },
  'PATCH /api/calendar/events/:eventId': { access: BASIC_PLAN, probe: NO_BODY },
  'DELETE /api/calendar/events/:eventId': { access: BASIC_PLAN, probe: NOT_FOUND },
  'POST /api/calendar/events/:eventId/restore': { access: BASIC_PLAN, probe: NOT_FOUND },
  // Adding a set of the institution's regulatory deadlines is managers' and administrators'
  // work, whoever asks (no per-event owner here). The probe's set (quarterly HMDA, for large
  // filers) does not apply to the matrix's institutions, whose size is not given.
  'POST /api/calendar/deadlines/optional/:set': {
    access: requireAll(BASIC_PLAN, MANAGER),
    probe: '400 not_applicable',
  },
  'POST /api/calendar/deadlines/event-driven': { access: BASIC_PLAN, probe: NO_BODY },
  'POST /api/calendar/events/:eventId/occurrences/:date/completion': {
    access: BASIC_PLAN,
    probe: NOT_FOUND,
  },
  'DELETE /api/calendar/events/:eventId/occurrences/:date/completion': {
    access: BASIC_PLAN,
    probe: NOT_FOUND,
  },
  'GET /api/calendar/events/:eventId/occurrences/:date/completions': {
    access: BASIC_PLAN,
    probe: NOT_FOUND,
  },
  'GET /api/calendar/events/:eventId/completions/:completionId/file': {
    access: BASIC_PLAN,
    probe: NOT_FOUND,
  },
  'GET /api/calendar/events/:eventId/occurrences/:date/completion/file': {
    access: BASIC_PLAN,
    probe: NOT_FOUND,
  },
  'GET /api/calendar/owners': { access: BASIC_PLAN },
  'GET /api/calendar/export.ics': { access: BASIC_PLAN },
  'GET /api/calendar/subscription': { access: BASIC_PLAN },
  'POST /api/calendar/subscription': { access: BASIC_PLAN },
  'DELETE /api/calendar/subscription': { access: BASIC_PLAN },

  // ── Notifications: sign-in only (decision 0006) ──
  'GET /api/notifications': { access: SIGNED_IN },
  'POST /api/notifications/:id/read': { access: SIGNED_IN, probe: NOT_FOUND },
  'POST /api/notifications/read-all': { access: SIGNED_IN },
  // An event stream never ends: the test sends an invalid Last-Event-ID so that an allowed
  // call ends at once with this answer (validation runs after the access check).
  'GET /api/notifications/stream': { access: SIGNED_IN, probe: NO_BODY },

  // ── Dashboard: /dashboard (sign-in only) ──
  'GET /api/dashboard': { access: SIGNED_IN },

  // ── Self-check: /qa-test (role admin) ──
  'GET /api/self-check': { access: ADMIN },
};
