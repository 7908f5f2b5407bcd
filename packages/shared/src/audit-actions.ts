/**
 * The audit trail's actions in words, for User Activity and its CSV. An action missing here is
 * shown by its code; every module that records a new action adds it.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.sign_up': 'Created an account',
  'support.ticket_opened': 'Opened a support ticket',
  'support.ticket_replied': 'Replied on a support ticket',
  'support.ticket_closed': 'Closed a support ticket',
  'support.ticket_reopened': 'Reopened a support ticket',
  'company.notification_defaults_updated': 'Changed the notification defaults',
  'company.deleted': 'Deleted the institution',
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.sign_in_refused': 'Sign-in refused (account deactivated)',
  'auth.sign_out': 'Signed out',
  'auth.two_factor_failed': 'Failed two-factor code',
  'auth.two_factor_enabled': 'Turned on two-factor authentication',
  'auth.two_factor_disabled': 'Turned off two-factor authentication',
  'auth.password_changed': 'Changed password',
  'auth.password_reset_requested': 'Requested a password reset',
  'auth.password_reset': 'Reset password',
  'auth.session_revoked': 'Signed out a device',
  'role.changed': 'Changed a role',
  'member.deactivated': 'Deactivated a member',
  'member.reactivated': 'Reactivated a member',
  'invitation.sent': 'Invited a member',
  'invitation.resent': 'Resent an invitation',
  'invitation.revoked': 'Revoked an invitation',
  'invitation.accepted': 'Accepted an invitation',
  'company.created': 'Created the institution',
  'company.profile_updated': "Changed the institution's profile",
  'company.settings_updated': 'Changed the security settings',
  'company.exported': "Exported the institution's data",
  'library.assessment_updated': 'Updated a rule assessment',
  'library.evidence_added': 'Added evidence to a rule',
  'library.evidence_removed': 'Removed evidence from a rule',
  'library.assessments_exported': 'Exported the rule assessments',
  'library.article_saved': 'Saved a library article version',
  'library.article_published': 'Published a library article',
  'billing.plan_activated': 'Activated a plan',
  'billing.plan_changed': 'Changed the plan',
  'billing.cancel_at_period_end': 'Cancelled the plan at period end',
  'billing.payment_failed': 'Payment failed',
  'subscription.set_by_admin': 'Plan set by the platform operator',
  'activity.exported': 'Exported the activity log',
  'setup.first_administrator_created': 'Set up the platform',
  'setup.demo_workspace_seeded': 'Created the demo workspace',
  'feature_matrix.changed': 'Changed the plan feature matrix',
  'calendar.event_created': 'Added a calendar event',
  'calendar.event_updated': 'Changed a calendar event',
  'calendar.event_deleted': 'Deleted a calendar event',
  'calendar.event_restored': 'Restored a regulatory deadline',
  'calendar.optional_deadlines_added': 'Added optional regulatory deadlines',
  'calendar.occurrence_completed': 'Marked a deadline done',
  'calendar.occurrence_reopened': 'Reopened a deadline marked done',
  'calendar.exported': 'Exported the regulatory calendar (.ics)',
  'calendar.subscription_created': 'Created a calendar subscription URL',
  'calendar.subscription_revoked': 'Revoked a calendar subscription URL',
  'change.created': 'Created a regulatory change',
  'change.updated': 'Edited a regulatory change',
  'change.status_changed': 'Moved a regulatory change',
  'change.task_added': 'Added a task to a regulatory change',
  'change.task_updated': 'Updated a task of a regulatory change',
  'change.task_removed': 'Removed a task from a regulatory change',
  'change.comment_added': 'Commented on a regulatory change',
  'change.attachment_added': 'Attached a file to a regulatory change',
  'change.attachment_removed': 'Removed a file from a regulatory change',
  'change.exported': 'Exported regulatory changes',
  'risk.created': 'Added a risk',
  'risk.updated': 'Edited a risk',
  'risk.deleted': 'Deleted a risk',
  'risk.control_added': 'Added a control to a risk',
  'risk.control_updated': 'Changed a control of a risk',
  'risk.control_removed': 'Removed a control from a risk',
  'risk.exported': 'Exported the risk register',
  'risk_assessment.submitted': 'Submitted the risk assessment for approval',
  'risk_assessment.approved': 'Approved the risk assessment',
  'risk_assessment.returned': 'Returned the risk assessment',
  'risk_assessment.reopened': 'Re-opened the risk assessment',
  'feeds.watchlist_updated': 'Changed the regulatory watchlist',
  'feeds.source_created': 'Added a feed source',
  'feeds.source_updated': 'Changed a feed source',
  'feeds.source_deleted': 'Removed a feed source',
};

/** A completed sign-in: the entry a member's last sign-in is read from (Team Members). */
export const SIGN_IN_ACTION = 'auth.sign_in';

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/**
 * Actions that are not compliance work: signing in and out (and failing to), and setting up
 * the platform. "Team activity" counts work (an assessment, a change, a deadline marked done),
 * not visits.
 */
export const NOT_WORK_ACTION_PREFIXES = ['auth.', 'setup.'] as const;

export function isWorkAction(action: string): boolean {
  return !NOT_WORK_ACTION_PREFIXES.some((prefix) => action.startsWith(prefix));
}
