/**
 * Findings and corrective actions (issue 19): what an examiner, an auditor, the institution
 * itself or a complaint found wrong, and what the institution does to correct it. One place for
 * the vocabulary and the workflow, used by the API, the page and the export.
 */

/** Where a finding came from. */
export const FINDING_SOURCES = ['exam', 'internal_audit', 'self_identified', 'complaint'] as const;
export type FindingSource = (typeof FINDING_SOURCES)[number];

export const FINDING_SOURCE_LABELS: Record<FindingSource, string> = {
  exam: 'Regulatory exam',
  internal_audit: 'Internal audit',
  self_identified: 'Self-identified',
  complaint: 'Complaint',
};

/** How serious a finding is, with the meaning a person rates it by (never set by default). */
export const FINDING_SEVERITIES = ['low', 'moderate', 'high', 'critical'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

export const FINDING_SEVERITY_LEVELS: Record<FindingSeverity, { label: string; meaning: string }> =
  {
    low: {
      label: 'Low',
      meaning:
        'An isolated or technical exception with no harm to consumers; corrected in the normal course of business.',
    },
    moderate: {
      label: 'Moderate',
      meaning:
        'A weakness in a process or control that could lead to violations if it is not corrected; little or no harm to consumers so far.',
    },
    high: {
      label: 'High',
      meaning:
        'A violation, or a control failure, that harmed or could harm consumers or that examiners would cite; corrected promptly, with management attention.',
    },
    critical: {
      label: 'Critical',
      meaning:
        'A pattern, repeat or systemic violation with significant consumer harm (restitution, reimbursement) or a likely enforcement action; immediate correction, reported to the board.',
    },
  };

/**
 * A finding's status follows from what people did, in this order (nothing moves it by itself):
 * - open: recorded, no corrective action planned yet;
 * - action_in_progress: at least one corrective action is not completed;
 * - ready_for_validation: every action is completed with evidence, one or more not validated;
 * - validated: every action was validated by a manager or an administrator other than its owner;
 * - closed: a manager or an administrator closed it with a note (after validation, or with no
 *   action at all when it needs none); reopening returns it to the status its actions give.
 */
export const FINDING_STATUSES = [
  'open',
  'action_in_progress',
  'ready_for_validation',
  'validated',
  'closed',
] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

export const FINDING_STATUS_LABELS: Record<FindingStatus, string> = {
  open: 'Open',
  action_in_progress: 'Action in progress',
  ready_for_validation: 'Ready for validation',
  validated: 'Validated',
  closed: 'Closed',
};

/** What the status of a finding needs to know of each of its actions. */
export interface ActionProgress {
  completedAt: unknown;
  validatedAt: unknown;
}

export function findingStatus(
  finding: { closedAt: unknown },
  actions: readonly ActionProgress[],
): FindingStatus {
  if (finding.closedAt) return 'closed';
  if (actions.length === 0) return 'open';
  if (actions.some((action) => !action.completedAt)) return 'action_in_progress';
  if (actions.some((action) => !action.validatedAt)) return 'ready_for_validation';
  return 'validated';
}

/** A finding may be closed when nothing is left to correct: no action, or every one validated. */
export const canCloseFinding = (actions: readonly ActionProgress[]) =>
  actions.every((action) => action.validatedAt);

/** An action is overdue once its due date has passed (the viewer's day) and it is not completed. */
export const isActionOverdue = (
  action: { dueDate: string; completedAt: unknown },
  today: string,
): boolean => !action.completedAt && action.dueDate < today;

/**
 * Who may validate a completed action: a manager or an administrator (the route checks the
 * role) who neither owns it nor completed it, so the check is independent of the work.
 */
export function validationRefusal(
  action: { ownerId: string | null; completedBy: string | null; completedAt: unknown },
  validatorId: string,
): 'not_completed' | 'owner' | 'completer' | null {
  if (!action.completedAt) return 'not_completed';
  if (action.ownerId === validatorId) return 'owner';
  if (action.completedBy === validatorId) return 'completer';
  return null;
}

/** Per company, what people quote ("FND-4"). */
export const findingNumberLabel = (number: number) => `FND-${number}`;
