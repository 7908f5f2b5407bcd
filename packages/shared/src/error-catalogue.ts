import { REPORT_SCHEDULE_MESSAGES, SAVED_VIEW_MESSAGES } from './analytics-messages.ts';
import { ACCESS_MESSAGES } from './access.ts';
import { AUTOMATION_MESSAGES } from './automations.ts';
import { CHANGE_WORKFLOW_MESSAGES } from './change-workflow.ts';
import { ENHANCER_MESSAGES } from './schemas/enhancer.ts';
import { SETUP_MESSAGES } from './schemas/setup.ts';
import { PAYMENT_MESSAGES } from './schemas/payments.ts';
import { SUPPORT_MESSAGES } from './schemas/support.ts';
import { ROLE_CHANGE_MESSAGES } from './schemas/admin.ts';
import { COMPANY_MESSAGES } from './schemas/companies.ts';
import { FEED_SOURCE_MESSAGES } from './schemas/feed-sources.ts';
import { PASSWORD_RESET_MESSAGES, SIGNIN_MESSAGES, SIGNUP_MESSAGES } from './schemas/auth.ts';
import { PROFILE_MESSAGES } from './schemas/profile.ts';
import { CALENDAR_MESSAGES } from './schemas/calendar.ts';
import { CHANGE_MESSAGES } from './schemas/changes.ts';
import { COLLABORATION_MESSAGES } from './collaboration.ts';
import { DELETE_COMPANY_MESSAGES, SECURITY_MESSAGES } from './schemas/company-settings.ts';
import { LIBRARY_MESSAGES } from './schemas/library.ts';
import { POLICY_MESSAGES } from './schemas/policies.ts';
import { FINDING_MESSAGES } from './schemas/risk-findings.ts';
import { RISK_MESSAGES } from './schemas/risks.ts';
import { RISK_ASSESSMENT_MESSAGES } from './schemas/risk-assessment.ts';
import { INVITATION_MESSAGES, TEAM_MESSAGES } from './schemas/team.ts';

/** The statuses an error answer may have. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

export interface ErrorEntry {
  status: ErrorStatus;
  /** What the user reads when the site that refuses has nothing more precise to say. */
  message: string;
}

/**
 * Every error code the API answers, with its HTTP status and default message
 * (`{ error: { code, message, details? } }`, DESIGN.md convention 8). The API's `AppError(code,
 * message?, details?)` takes its status from here, so one code always has one status; a site
 * passes a message only when it says more than the default (a module's own text, a number).
 * The texts are the product's (docs/product.md § Error messages, and the `*_MESSAGES` of each
 * module): they are referenced, never re-typed. The web app reads `message`; it only switches on a code where the
 * spec asks for a client-side text.
 */
export const ERROR_CATALOGUE = {
  // ── The request itself (error handler, security hooks, uploads) ──
  bad_request: { status: 400, message: 'The request could not be understood.' },
  /** `details` lists `{ path, message }` per field, for a JSON body and a multipart form alike. */
  validation_failed: { status: 400, message: 'Some fields are missing or invalid.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'The request body must be JSON.' },
  forbidden_origin: { status: 403, message: 'This request came from another site.' },
  not_found: { status: 404, message: 'Not found.' },
  forbidden: { status: 403, message: 'You do not have access to this.' },
  /** Every rate limit (lib/rate-limits.ts) and the sign-in throttle; `Retry-After` is set. */
  rate_limit: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  internal_error: {
    status: 500,
    message: 'Something went wrong on our side. Please try again later.',
  },
  bad_upload: { status: 400, message: 'The upload could not be read. Please try again.' },
  file_missing: { status: 400, message: 'Choose a file to upload.' },
  too_many_files: { status: 400, message: 'Too many files were attached.' },
  file_too_large: { status: 413, message: 'The file is too large.' },
  file_type: { status: 415, message: 'This type of file is not accepted.' },

  // ── Access (modules/auth/access.ts; the denials of packages/shared/src/access.ts) ──
  unauthorized: { status: 401, message: ACCESS_MESSAGES.unauthorized },
  role_required: { status: 403, message: 'Your role does not allow this.' },
  subscription_required: { status: 403, message: ACCESS_MESSAGES.subscription_required },
  upgrade_required: { status: 403, message: ACCESS_MESSAGES.feature_unavailable },
  trial_expired: { status: 403, message: ACCESS_MESSAGES.trial_expired },
  feature_unavailable: { status: 403, message: ACCESS_MESSAGES.feature_unavailable },
  account_inactive: {
    status: 403,
    message: 'Your account is not active. Contact your administrator.',
  },
  two_factor_required: { status: 403, message: SECURITY_MESSAGES.two_factor_required },

  // ── Accounts: sign-up, sign-in, second factor, passwords, first-run setup ──
  missing_fields: { status: 400, message: SIGNUP_MESSAGES.required },
  invalid_email: { status: 400, message: SIGNUP_MESSAGES.invalid_email },
  company_required: { status: 400, message: SIGNUP_MESSAGES.company_required },
  /** Too short for a new password, or not the current one where it is asked for. */
  invalid_password: { status: 400, message: 'The password is not correct.' },
  weak_password: { status: 400, message: SIGNUP_MESSAGES.weak_password },
  duplicate_email: { status: 409, message: SIGNUP_MESSAGES.duplicate_email },
  database_unavailable: { status: 503, message: SIGNUP_MESSAGES.database_unavailable },
  account_not_created: { status: 500, message: SIGNUP_MESSAGES.account_not_created },
  invalid_credentials: { status: 401, message: SIGNIN_MESSAGES.invalid_credentials },
  /** The second step of signing in: still unauthenticated, hence 401. */
  invalid_code: { status: 401, message: SIGNIN_MESSAGES.invalid_code },
  /** A signed-in member confirming or turning off two-factor: a form error, not a lost session. */
  wrong_code: { status: 400, message: SIGNIN_MESSAGES.invalid_code },
  account_deactivated: { status: 403, message: TEAM_MESSAGES.deactivated },
  password_reset_disabled: { status: 403, message: PASSWORD_RESET_MESSAGES.disabled },
  invalid_token: { status: 400, message: PASSWORD_RESET_MESSAGES.invalid_token },
  setup_closed: { status: 403, message: SETUP_MESSAGES.closed },

  // ── Institutions, members, roles and invitations ──
  no_company: { status: 404, message: COMPANY_MESSAGES.no_company },
  already_member: { status: 409, message: COMPANY_MESSAGES.already_member },
  name_mismatch: { status: 400, message: DELETE_COMPANY_MESSAGES.name_mismatch },
  subscription_active: { status: 409, message: DELETE_COMPANY_MESSAGES.subscription_active },
  seat_limit: {
    status: 409,
    message:
      'All the seats of your plan are in use. Deactivate a member or upgrade your plan to add more.',
  },
  own_account: { status: 403, message: TEAM_MESSAGES.own_account },
  administrator: { status: 403, message: TEAM_MESSAGES.administrator },
  own_role: { status: 403, message: ROLE_CHANGE_MESSAGES.own_role },
  role_not_grantable: { status: 403, message: 'You cannot grant or remove this role.' },
  domain_not_allowed: {
    status: 400,
    message: 'Invitations are limited to the email domains your institution allows.',
  },
  already_invited: { status: 409, message: INVITATION_MESSAGES.already_invited },
  invalid_link: { status: 404, message: INVITATION_MESSAGES.invalid_link },
  wrong_account: { status: 403, message: INVITATION_MESSAGES.wrong_account },
  other_company: { status: 409, message: INVITATION_MESSAGES.other_company },
  account_exists: { status: 409, message: INVITATION_MESSAGES.account_exists },

  // ── Profile ──
  avatar_missing: { status: 400, message: PROFILE_MESSAGES.avatar_type },
  avatar_too_large: { status: 413, message: PROFILE_MESSAGES.avatar_size },
  avatar_type: { status: 415, message: PROFILE_MESSAGES.avatar_type },

  // ── Library, assessments and the article enhancer ──
  owner_not_member: { status: 400, message: LIBRARY_MESSAGES.owner_not_member },
  reason_required: { status: 400, message: LIBRARY_MESSAGES.reason_required },
  slug_taken: { status: 409, message: ENHANCER_MESSAGES.slug_taken },
  has_errors: { status: 400, message: ENHANCER_MESSAGES.has_errors },

  // ── Regulatory changes ──
  not_a_member: { status: 400, message: CHANGE_MESSAGES.assignee_not_member },
  change_finished: { status: 409, message: CHANGE_MESSAGES.finished },
  note_required: { status: 400, message: CHANGE_WORKFLOW_MESSAGES.note_required },
  attachment_remove_role: { status: 403, message: CHANGE_MESSAGES.attachment_remove_role },
  transition_role_required: {
    status: 403,
    message: 'Only a manager or an administrator can make this change.',
  },
  transition_not_allowed: { status: 409, message: 'A change cannot move to that status now.' },
  open_tasks: {
    status: 409,
    message: 'Finish or remove the open tasks before closing this change.',
  },

  // ── Risk assessment ──
  risk_accept_role: { status: 403, message: RISK_MESSAGES.accept_role },
  unknown_rule: { status: 400, message: RISK_MESSAGES.unknown_rule },
  finding_closed: { status: 409, message: FINDING_MESSAGES.finding_closed },
  finding_not_closed: { status: 409, message: FINDING_MESSAGES.not_closed },
  finding_open_actions: { status: 409, message: FINDING_MESSAGES.close_open_actions },
  action_completed: { status: 409, message: FINDING_MESSAGES.action_completed },
  action_complete_role: { status: 403, message: FINDING_MESSAGES.complete_role },
  action_already_completed: { status: 409, message: FINDING_MESSAGES.already_completed },
  action_not_completed: { status: 409, message: FINDING_MESSAGES.not_completed },
  action_already_validated: { status: 409, message: FINDING_MESSAGES.already_validated },
  validate_own_action: { status: 403, message: FINDING_MESSAGES.validate_owner },
  validate_completed_action: { status: 403, message: FINDING_MESSAGES.validate_completer },
  assessment_not_draft: { status: 409, message: RISK_ASSESSMENT_MESSAGES.not_draft_submitted },
  assessment_empty: { status: 409, message: RISK_ASSESSMENT_MESSAGES.empty },
  assessment_not_submitted: { status: 409, message: RISK_ASSESSMENT_MESSAGES.not_submitted },
  assessment_not_reopenable: { status: 409, message: RISK_ASSESSMENT_MESSAGES.not_reopenable },
  assessment_not_approved: { status: 409, message: RISK_ASSESSMENT_MESSAGES.not_approved },

  // ── Collaboration ──
  unknown_mention: { status: 400, message: COLLABORATION_MESSAGES.unknown_mention },
  not_your_comment: { status: 403, message: COLLABORATION_MESSAGES.not_your_comment },
  comment_deleted: { status: 409, message: COLLABORATION_MESSAGES.comment_deleted },
  change_task: { status: 400, message: COLLABORATION_MESSAGES.change_task },
  not_your_task: { status: 403, message: COLLABORATION_MESSAGES.not_your_task },

  // ── Policies ──
  /** The file is of an accepted type but its text cannot be read (the message says why). */
  document_unreadable: { status: 422, message: POLICY_MESSAGES.unreadable },
  policy_status: { status: 409, message: POLICY_MESSAGES.submit_status },
  version_superseded: { status: 409, message: POLICY_MESSAGES.superseded },
  attestation_state: { status: 409, message: POLICY_MESSAGES.attestation_none },

  // ── Regulatory calendar ──
  invalid_rrule: { status: 400, message: 'The repeat rule is not valid.' },
  calendar_full: { status: 409, message: CALENDAR_MESSAGES.calendar_full },
  filing_not_offered: { status: 400, message: CALENDAR_MESSAGES.filing_not_offered },
  trigger_in_future: { status: 400, message: 'The trigger date cannot be after today.' },
  not_dismissed: { status: 409, message: CALENDAR_MESSAGES.not_dismissed },
  not_an_occurrence: { status: 404, message: CALENDAR_MESSAGES.not_an_occurrence },
  already_done: { status: 409, message: CALENDAR_MESSAGES.already_done },
  not_done: { status: 404, message: CALENDAR_MESSAGES.not_done },
  not_applicable: { status: 400, message: CALENDAR_MESSAGES.optional_not_applicable },

  // ── Analytics ──
  recipient_not_member: { status: 400, message: REPORT_SCHEDULE_MESSAGES.recipient_not_member },
  too_many_report_schedules: { status: 409, message: REPORT_SCHEDULE_MESSAGES.too_many },
  saved_view_name_taken: { status: 409, message: SAVED_VIEW_MESSAGES.duplicate },

  // ── Outbound webhooks ──
  too_many_webhook_endpoints: { status: 409, message: AUTOMATION_MESSAGES.too_many_endpoints },
  apor_version_conflict: {
    status: 409,
    message: 'Another APOR table of this kind was loaded at the same moment. Load this one again.',
  },

  // ── Regulatory feeds ──
  duplicate_source: { status: 409, message: 'A source with this address already exists.' },
  too_many_sources: { status: 409, message: FEED_SOURCE_MESSAGES.too_many },
  poll_in_progress: { status: 409, message: FEED_SOURCE_MESSAGES.busy },

  // ── Support ──
  ticket_closed: { status: 409, message: SUPPORT_MESSAGES.closed },

  // ── Payments ──
  payments_not_configured: { status: 503, message: PAYMENT_MESSAGES.not_configured },
  unknown_price: { status: 400, message: PAYMENT_MESSAGES.unknown_price },
  checkout_closed: { status: 409, message: 'This checkout is no longer open.' },
  not_cancellable: {
    status: 409,
    message: 'Only a paid, active subscription can be cancelled.',
  },
  not_changeable: { status: 409, message: 'Choose a plan through the checkout first.' },
  no_customer: {
    status: 409,
    message: 'Your institution has no billing account yet: choose a plan first.',
  },
  invalid_signature: { status: 400, message: 'The Stripe signature does not match.' },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}
