/**
 * Which test tries another institution's ids on each API operation with a path parameter
 * (DESIGN.md, convention 6: every module has a test that reaches for another company's data and
 * fails). Each entry names the integration test file and the exact title of a test in which a
 * member of institution B sends institution A's real id to that operation, is refused (usually
 * 404, the answer of an id that does not exist), and A's record is read back unchanged.
 *
 * An operation whose path parameter is not tenant data says why instead (`exempt`).
 *
 * `src/cross-tenant-coverage.int.test.ts` checks this list against the OpenAPI document: a new
 * operation with a path parameter and no entry fails it, so does an entry for an operation that
 * no longer exists, and so does a title that is not a test in the named file (renamed, removed).
 */
export type CrossTenantCoverage = { file: string; test: string } | { exempt: string };

/** Paths from the repository root. */
const FILES = {
  accountSecurity: 'apps/api/src/modules/auth/account-security.int.test.ts',
  profile: 'apps/api/src/modules/profile/profile.int.test.ts',
  payments: 'apps/api/src/modules/payments/payments.int.test.ts',
  roles: 'apps/api/src/modules/roles/roles.int.test.ts',
  team: 'apps/api/src/modules/team/team.int.test.ts',
  invitations: 'apps/api/src/modules/team/invitations.int.test.ts',
  support: 'apps/api/src/modules/support/support.int.test.ts',
  library: 'apps/api/src/modules/library/library.int.test.ts',
  enhancer: 'apps/api/src/modules/library/enhancer.int.test.ts',
  changes: 'apps/api/src/modules/changes/changes.int.test.ts',
  risks: 'apps/api/src/modules/risks/risks.int.test.ts',
  findings: 'apps/api/src/modules/risks/findings.int.test.ts',
  policies: 'apps/api/src/modules/policies/policies.int.test.ts',
  collaboration: 'apps/api/src/modules/collaboration/collaboration.int.test.ts',
  riskAssessment: 'apps/api/src/modules/risks/risk-assessment.int.test.ts',
  feedItems: 'apps/api/src/modules/feeds/feed-items.int.test.ts',
  feedSources: 'apps/api/src/modules/feeds/feed-sources.int.test.ts',
  calendar: 'apps/api/src/modules/calendar/calendar-events.int.test.ts',
  notifications: 'apps/api/src/modules/notifications/notifications.int.test.ts',
  analyticsReports: 'apps/api/src/modules/analytics/analytics-reports.int.test.ts',
  automations: 'apps/api/src/modules/automations/automations.int.test.ts',
  webhooks: 'apps/api/src/modules/automations/webhooks.int.test.ts',
  loanTests: 'apps/api/src/modules/loan-tests/loan-tests.int.test.ts',
  hmdaChecks: 'apps/api/src/modules/hmda/hmda-checks.int.test.ts',
} as const;

const covered = (file: keyof typeof FILES, test: string): CrossTenantCoverage => ({
  file: FILES[file],
  test,
});

const SUPPORT_READS = covered(
  'support',
  'opens a ticket with an attachment, visible to the requester and the admins only',
);
const SUPPORT_WRITES = covered(
  'support',
  'refuses replies and status changes on another institution’s ticket, which stays as it was',
);
const LIBRARY_ARTICLES = covered(
  'library',
  'never bookmarks another institution’s own article nor shows it, and leaves others’ bookmarks alone',
);
const LIBRARY_RULES = covered(
  'library',
  'keeps each institution’s assessment of a shared rule to itself: another institution reads and writes only its own',
);
const LIBRARY_EVIDENCE = covered(
  'library',
  'never lets another institution download or remove its evidence; the evidence stays on the rule',
);
const ENHANCER = covered(
  'enhancer',
  'keeps the institution’s own article from another institution’s administrator: no reading, no new version, no publishing',
);
const CHANGES = covered(
  'changes',
  'keeps changes, tasks, comments and attachments inside the institution',
);
const RISKS = covered('risks', 'keeps risks and their controls inside the institution');
const FINDINGS = covered('findings', 'keeps findings, actions and evidence inside the institution');
const POLICIES = covered(
  'policies',
  'keeps policies, their versions, files and matches inside the institution',
);
const DISCUSSIONS = covered(
  'collaboration',
  'keeps discussions, comments, tasks and their trail inside the institution',
);
const POLICY_COMPARE = covered(
  'policies',
  'compares two versions section by section: added, removed, changed word by word, unchanged',
);
const RISK_ASSESSMENT = covered(
  'riskAssessment',
  'keeps each institution’s versions to itself: another institution’s version numbers name nothing',
);
const FEED_ITEMS = covered('feedItems', 'never shows another company’s own source or its items');
const FEED_SOURCES = covered(
  'feedSources',
  "answers 404 for another institution's source and for shared ones",
);
const CALENDAR_EVENTS = covered('calendar', 'keeps every institution’s events to itself');
const CALENDAR_COMPLETIONS = covered(
  'calendar',
  'keeps another institution’s completions, evidence files and deleted deadlines out of reach',
);
const PAYMENTS = covered('payments', 'keeps each company to its own checkouts and subscriptions');

const OPERATOR_ONLY =
  'the platform operator’s own route (super_admin only; a company admin gets 403, see the access matrix)';

const ANALYTICS_REPORTS = covered(
  'analyticsReports',
  'keeps scheduled reports and saved views inside the institution',
);

const WEBHOOKS = covered(
  'webhooks',
  'keeps endpoints and deliveries inside the institution: another one cannot list, change, test or redeliver them',
);

const AUTOMATIONS = covered('automations', 'keeps rules, runs and dry runs inside the institution');

const LOAN_TESTS = covered(
  'loanTests',
  'keeps saved loan tests inside the institution, and never saves to another one’s change or finding',
);

const HMDA_CHECKS = covered('hmdaChecks', 'keeps each institution’s checks to itself');

export const CROSS_TENANT_COVERAGE: Record<string, CrossTenantCoverage> = {
  'GET /api/hmda/checks/{checkId}': HMDA_CHECKS,
  'PUT /api/hmda/checks/{checkId}/edits/{editId}/verification': HMDA_CHECKS,
  'POST /api/hmda/checks/{checkId}/edits/{editId}/change': HMDA_CHECKS,
  'GET /api/hmda/checks/{checkId}/findings.csv': HMDA_CHECKS,
  'GET /api/hmda/checks/{checkId}/summary.pdf': HMDA_CHECKS,
  'GET /api/hmda/checks/{checkId}/file': HMDA_CHECKS,
  'GET /api/loan-tests/results/{loanTestResultId}': LOAN_TESTS,
  'GET /api/automations/rules/{automationRuleId}': AUTOMATIONS,
  'PUT /api/automations/rules/{automationRuleId}': AUTOMATIONS,
  'POST /api/automations/rules/{automationRuleId}/enabled': AUTOMATIONS,
  'DELETE /api/automations/rules/{automationRuleId}': AUTOMATIONS,
  'GET /api/automations/runs/{runId}': AUTOMATIONS,
  'PATCH /api/automations/webhooks/{endpointId}': WEBHOOKS,
  'DELETE /api/automations/webhooks/{endpointId}': WEBHOOKS,
  'POST /api/automations/webhooks/{endpointId}/rotate-secret': WEBHOOKS,
  'POST /api/automations/webhooks/{endpointId}/test': WEBHOOKS,
  'GET /api/automations/webhooks/{endpointId}/deliveries': WEBHOOKS,
  'POST /api/automations/webhook-deliveries/{deliveryId}/redeliver': WEBHOOKS,

  'DELETE /api/analytics/report-schedules/{scheduleId}': ANALYTICS_REPORTS,
  'POST /api/analytics/report-schedules/{scheduleId}/send': ANALYTICS_REPORTS,
  'POST /api/analytics/report-schedules/{scheduleId}/unsubscribe': ANALYTICS_REPORTS,
  'DELETE /api/analytics/saved-views/{viewId}': ANALYTICS_REPORTS,

  'DELETE /api/auth/sessions/{sessionId}': covered(
    'accountSecurity',
    "lists the user's devices and signs one out, but never another user's",
  ),
  'GET /api/files/avatars/{userId}/{fileName}': covered(
    'profile',
    "shows a member's picture to their institution and nobody else",
  ),

  'GET /api/stripe/subscription-status/{id}': PAYMENTS,
  'POST /api/payments/sandbox/{id}/pay': PAYMENTS,
  'POST /api/payments/sandbox/{id}/cancel': PAYMENTS,

  'PATCH /api/users/{userId}/role': covered(
    'roles',
    'refuses to change the role of another institution’s member, whose role stays',
  ),
  'POST /api/team/members/{userId}/deactivate': covered(
    'team',
    'refuses to deactivate yourself, an administrator, or another institution’s member',
  ),
  'POST /api/team/members/{userId}/reactivate': covered(
    'team',
    'refuses to reactivate another institution’s member, who stays deactivated',
  ),
  'POST /api/team/invitations/{invitationId}/resend': covered(
    'invitations',
    'keeps invitations to each institution’s own administrators',
  ),
  'POST /api/team/invitations/{invitationId}/revoke': covered(
    'invitations',
    'keeps invitations to each institution’s own administrators',
  ),

  'PUT /api/admin/companies/{companyId}/subscription': {
    exempt: `${OPERATOR_ONLY}: setting any institution's plan by hand is what it is for`,
  },
  'PATCH /api/admin/feed-sources/{id}': {
    exempt: `${OPERATOR_ONLY}, scoped to the shared sources: an institution's own source is 404 there`,
  },
  'DELETE /api/admin/feed-sources/{id}': {
    exempt: `${OPERATOR_ONLY}, scoped to the shared sources: an institution's own source is 404 there`,
  },
  'POST /api/admin/feed-sources/{id}/poll': {
    exempt: `${OPERATOR_ONLY}, scoped to the shared sources: an institution's own source is 404 there`,
  },

  'GET /api/support/tickets/{ticketId}': SUPPORT_READS,
  'GET /api/support/attachments/{attachmentId}': SUPPORT_READS,
  'PATCH /api/support/tickets/{ticketId}': SUPPORT_WRITES,
  'POST /api/support/tickets/{ticketId}/messages': SUPPORT_WRITES,

  // Articles and rules of the shared library are public content, but an institution writes
  // articles of its own and its assessments hang off the shared rule ids.
  'GET /api/library/articles/{slug}': LIBRARY_ARTICLES,
  'PUT /api/library/bookmarks/{articleId}': LIBRARY_ARTICLES,
  'DELETE /api/library/bookmarks/{articleId}': LIBRARY_ARTICLES,
  'GET /api/library/rules/{ruleId}': LIBRARY_RULES,
  'PATCH /api/library/rules/{ruleId}/assessment': LIBRARY_RULES,
  'POST /api/library/rules/{ruleId}/evidence/links': LIBRARY_RULES,
  'POST /api/library/rules/{ruleId}/evidence/files': LIBRARY_RULES,
  'GET /api/library/evidence/{evidenceId}': LIBRARY_EVIDENCE,
  'DELETE /api/library/evidence/{evidenceId}': LIBRARY_EVIDENCE,

  'GET /api/enhancer/articles/{articleId}': ENHANCER,
  'POST /api/enhancer/articles/{articleId}/versions': ENHANCER,
  'POST /api/enhancer/articles/{articleId}/versions/{version}/publish': ENHANCER,

  'GET /api/changes/{changeId}': CHANGES,
  'PATCH /api/changes/{changeId}': CHANGES,
  'POST /api/changes/{changeId}/transition': CHANGES,
  'POST /api/changes/{changeId}/tasks': CHANGES,
  'PATCH /api/changes/{changeId}/tasks/{taskId}': CHANGES,
  'DELETE /api/changes/{changeId}/tasks/{taskId}': CHANGES,
  'POST /api/changes/{changeId}/comments': CHANGES,
  'POST /api/changes/{changeId}/attachments': CHANGES,
  'GET /api/changes/{changeId}/attachments/{attachmentId}': CHANGES,
  'DELETE /api/changes/{changeId}/attachments/{attachmentId}': CHANGES,
  'GET /api/changes/{changeId}/report.pdf': CHANGES,
  'GET /api/risks/{riskId}': RISKS,
  'PATCH /api/risks/{riskId}': RISKS,
  'DELETE /api/risks/{riskId}': RISKS,
  'POST /api/risks/{riskId}/controls': RISKS,
  'PUT /api/risks/{riskId}/controls/{controlId}': RISKS,
  'DELETE /api/risks/{riskId}/controls/{controlId}': RISKS,
  'GET /api/risks/findings/{findingId}': FINDINGS,
  'PATCH /api/risks/findings/{findingId}': FINDINGS,
  'DELETE /api/risks/findings/{findingId}': FINDINGS,
  'POST /api/risks/findings/{findingId}/close': FINDINGS,
  'POST /api/risks/findings/{findingId}/reopen': FINDINGS,
  'POST /api/risks/findings/{findingId}/actions': FINDINGS,
  'PATCH /api/risks/findings/{findingId}/actions/{actionId}': FINDINGS,
  'POST /api/risks/findings/{findingId}/actions/{actionId}/completion': FINDINGS,
  'GET /api/risks/findings/{findingId}/actions/{actionId}/evidence': FINDINGS,
  'POST /api/risks/findings/{findingId}/actions/{actionId}/validation': FINDINGS,
  'GET /api/risks/assessment/versions/{version}': RISK_ASSESSMENT,
  'POST /api/risks/assessment/versions/{version}/approve': RISK_ASSESSMENT,
  'POST /api/risks/assessment/versions/{version}/return': RISK_ASSESSMENT,

  'GET /api/discussions/{type}/{id}': DISCUSSIONS,
  'POST /api/discussions/{type}/{id}/comments': DISCUSSIONS,
  'GET /api/discussions/{type}/{id}/stream': DISCUSSIONS,
  'POST /api/discussions/{type}/{id}/attachments': DISCUSSIONS,
  'GET /api/comments/{commentId}/attachment': DISCUSSIONS,
  'PATCH /api/comments/{commentId}': DISCUSSIONS,
  'DELETE /api/comments/{commentId}': DISCUSSIONS,
  'GET /api/comments/{commentId}/revisions': DISCUSSIONS,
  'PATCH /api/tasks/{taskId}': DISCUSSIONS,
  'DELETE /api/tasks/{taskId}': DISCUSSIONS,
  'GET /api/policies/{policyId}': POLICIES,
  'PATCH /api/policies/{policyId}': POLICIES,
  'DELETE /api/policies/{policyId}': POLICIES,
  'POST /api/policies/{policyId}/versions': POLICIES,
  'GET /api/policies/{policyId}/versions/{version}': POLICIES,
  'GET /api/policies/{policyId}/compare': POLICY_COMPARE,
  'GET /api/policies/{policyId}/versions/{version}/file': POLICIES,
  'POST /api/policies/{policyId}/versions/{version}/submit': POLICIES,
  'POST /api/policies/{policyId}/versions/{version}/approve': POLICIES,
  'POST /api/policies/{policyId}/versions/{version}/return': POLICIES,
  'POST /api/policies/{policyId}/versions/{version}/sections/{sectionId}/matches': POLICIES,
  'PUT /api/policies/{policyId}/matches/{matchId}': POLICIES,
  'POST /api/policies/{policyId}/attestation': POLICIES,
  'POST /api/policies/{policyId}/impacts/review': POLICIES,
  'POST /api/policies/{policyId}/attestation/remind': POLICIES,
  'POST /api/policies/{policyId}/versions/{version}/acknowledge': POLICIES,

  'GET /api/feeds/items/{itemId}': FEED_ITEMS,
  'PUT /api/feeds/items/{itemId}/state': FEED_ITEMS,
  'PATCH /api/feeds/sources/{id}': FEED_SOURCES,
  'DELETE /api/feeds/sources/{id}': FEED_SOURCES,

  'GET /api/calendar/events/{eventId}': CALENDAR_EVENTS,
  'PATCH /api/calendar/events/{eventId}': CALENDAR_EVENTS,
  'DELETE /api/calendar/events/{eventId}': CALENDAR_EVENTS,
  'POST /api/calendar/events/{eventId}/occurrences/{date}/completion': CALENDAR_EVENTS,
  'POST /api/calendar/events/{eventId}/restore': CALENDAR_COMPLETIONS,
  'DELETE /api/calendar/events/{eventId}/occurrences/{date}/completion': CALENDAR_COMPLETIONS,
  'GET /api/calendar/events/{eventId}/occurrences/{date}/completions': CALENDAR_COMPLETIONS,
  'GET /api/calendar/events/{eventId}/completions/{completionId}/file': CALENDAR_COMPLETIONS,
  'GET /api/calendar/events/{eventId}/occurrences/{date}/completion/file': CALENDAR_COMPLETIONS,
  'POST /api/calendar/deadlines/optional/{set}': {
    exempt:
      'the parameter names a set in the fixed deadline catalogue (not a record); the deadlines are added to the caller’s own institution',
  },
  'GET /api/calendar/feed/{token}.ics': {
    exempt:
      'public by design: the parameter is a secret subscription token (the credential), which serves only its member’s institution; unknown, rotated and revoked tokens are 404 (calendar-ics-feed.int.test.ts)',
  },

  'POST /api/notifications/{id}/read': covered(
    'notifications',
    'never shows or counts another company’s notifications, nor lets anyone read them',
  ),
};
