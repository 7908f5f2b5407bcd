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
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}
