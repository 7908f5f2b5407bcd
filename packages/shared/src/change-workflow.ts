import { DEFAULT_CALENDAR_TIME_ZONE, todayIn } from './calendar-days.ts';
import { CHANGE_STATUS_LABELS, type ChangeStatus } from './regulatory-monitoring.ts';
import { hasRoleAtLeast, type Role } from './roles.ts';

/**
 * The change-management workflow, decided in one place: the API refuses what this refuses and
 * the web app disables (and explains) the same buttons.
 *
 *   identified → assessing → implementing → review → closed
 *
 * - Any member moves a change one stage forward, up to review, and one stage back (a reviewer
 *   sends it back from review to implementing).
 * - Approving (review → closed) is a manager's or an administrator's decision, and only once
 *   every task of the change is done.
 * - Marking a change not applicable, from any open status, is also a manager's or an
 *   administrator's decision, with the reason recorded.
 * - A closed or not-applicable change is reopened to assessing by a manager or an administrator.
 */

/** The forward path; not_applicable sits beside it. */
export const CHANGE_PIPELINE = [
  'identified',
  'assessing',
  'implementing',
  'review',
  'closed',
] as const satisfies readonly ChangeStatus[];

export const OPEN_CHANGE_STATUSES = [
  'identified',
  'assessing',
  'implementing',
  'review',
] as const satisfies readonly ChangeStatus[];

export const FINISHED_CHANGE_STATUSES = [
  'closed',
  'not_applicable',
] as const satisfies readonly ChangeStatus[];

export function isOpenChangeStatus(status: ChangeStatus): boolean {
  return (OPEN_CHANGE_STATUSES as readonly ChangeStatus[]).includes(status);
}

/** What kind of move a transition is (what the history and the buttons call it). */
export type ChangeTransitionKind =
  'advance' | 'send_back' | 'approve' | 'not_applicable' | 'reopen';

export interface ChangeTransition {
  from: ChangeStatus;
  to: ChangeStatus;
  kind: ChangeTransitionKind;
  /** The lowest role that may make it. */
  role: Role;
  /** A reason must be given (not applicable). */
  needsNote: boolean;
}

/** Every transition the workflow has; anything else is refused with 409. */
export const CHANGE_TRANSITIONS: readonly ChangeTransition[] = (() => {
  const list: ChangeTransition[] = [];
  const forward = ['identified', 'assessing', 'implementing', 'review'] as const;
  for (let index = 0; index < forward.length - 1; index += 1) {
    const from = forward[index]!;
    const to = forward[index + 1]!;
    list.push({ from, to, kind: 'advance', role: 'user', needsNote: false });
    list.push({ from: to, to: from, kind: 'send_back', role: 'user', needsNote: false });
  }
  list.push({ from: 'review', to: 'closed', kind: 'approve', role: 'manager', needsNote: false });
  for (const from of OPEN_CHANGE_STATUSES) {
    list.push({
      from,
      to: 'not_applicable',
      kind: 'not_applicable',
      role: 'manager',
      needsNote: true,
    });
  }
  for (const from of FINISHED_CHANGE_STATUSES) {
    list.push({ from, to: 'assessing', kind: 'reopen', role: 'manager', needsNote: false });
  }
  return list;
})();

export const CHANGE_WORKFLOW_MESSAGES = {
  same_status: (status: ChangeStatus) => `This change is already ${label(status)}.`,
  not_allowed: (from: ChangeStatus, to: ChangeStatus) => {
    const next = CHANGE_TRANSITIONS.filter((transition) => transition.from === from).map(
      (transition) => label(transition.to),
    );
    return `A change cannot move from ${label(from)} to ${label(to)}. From ${label(from)} it can move to ${joinOr(next)}.`;
  },
  approve_role: 'Only a manager or an administrator can approve a change in review and close it.',
  not_applicable_role: 'Only a manager or an administrator can mark a change not applicable.',
  reopen_role: 'Only a manager or an administrator can reopen a finished change.',
  open_tasks: (count: number) =>
    `Finish or remove the ${count === 1 ? 'open task' : `${count} open tasks`} before closing this change.`,
  note_required: 'Give the reason this change does not apply to your institution.',
} as const;

function label(status: ChangeStatus): string {
  return `“${CHANGE_STATUS_LABELS[status]}”`;
}

function joinOr(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

export type ChangeTransitionDecision =
  | { allowed: true; transition: ChangeTransition }
  | {
      allowed: false;
      /** Error codes: the role may not (403), not from this status or tasks still open (409). */
      code: 'transition_role_required' | 'transition_not_allowed' | 'open_tasks';
      message: string;
      transition?: ChangeTransition;
    };

export interface ChangeTransitionRequest {
  from: ChangeStatus;
  to: ChangeStatus;
  role: Role;
  /** Tasks of the change not yet done (closing needs none). */
  openTasks?: number;
}

/**
 * Whether `role` may move a change from `from` to `to`. A move the workflow does not have is a
 * 409 whoever asks; a move it has but the role may not make is a 403.
 */
export function decideChangeTransition(request: ChangeTransitionRequest): ChangeTransitionDecision {
  const { from, to, role } = request;
  if (from === to) {
    return {
      allowed: false,
      code: 'transition_not_allowed',
      message: CHANGE_WORKFLOW_MESSAGES.same_status(from),
    };
  }
  const transition = CHANGE_TRANSITIONS.find((item) => item.from === from && item.to === to);
  if (!transition) {
    return {
      allowed: false,
      code: 'transition_not_allowed',
      message: CHANGE_WORKFLOW_MESSAGES.not_allowed(from, to),
    };
  }
  if (!hasRoleAtLeast(role, transition.role)) {
    const message =
      transition.kind === 'approve'
        ? CHANGE_WORKFLOW_MESSAGES.approve_role
        : transition.kind === 'not_applicable'
          ? CHANGE_WORKFLOW_MESSAGES.not_applicable_role
          : CHANGE_WORKFLOW_MESSAGES.reopen_role;
    return { allowed: false, code: 'transition_role_required', message, transition };
  }
  if (transition.kind === 'approve' && (request.openTasks ?? 0) > 0) {
    return {
      allowed: false,
      code: 'open_tasks',
      message: CHANGE_WORKFLOW_MESSAGES.open_tasks(request.openTasks ?? 0),
      transition,
    };
  }
  return { allowed: true, transition };
}

/** The moves to offer from `from`, each with whether this role may make it now and why not. */
export function changeTransitionsFrom(
  from: ChangeStatus,
  role: Role,
  openTasks = 0,
): {
  to: ChangeStatus;
  kind: ChangeTransitionKind;
  needsNote: boolean;
  decision: ChangeTransitionDecision;
}[] {
  return CHANGE_TRANSITIONS.filter((transition) => transition.from === from).map((transition) => ({
    to: transition.to,
    kind: transition.kind,
    needsNote: transition.needsNote,
    decision: decideChangeTransition({ from, to: transition.to, role, openTasks }),
  }));
}

/** Button texts for each kind of move. */
export function changeTransitionLabel(transition: {
  to: ChangeStatus;
  kind: ChangeTransitionKind;
}) {
  switch (transition.kind) {
    case 'advance':
      return `Move to ${CHANGE_STATUS_LABELS[transition.to]}`;
    case 'send_back':
      return `Send back to ${CHANGE_STATUS_LABELS[transition.to]}`;
    case 'approve':
      return 'Approve and close';
    case 'not_applicable':
      return 'Mark not applicable';
    case 'reopen':
      return 'Reopen';
  }
}

/**
 * A day (YYYY-MM-DD) as a calendar shows it in `timeZone` at `now`. Due dates are days: a
 * change due on the 10th is overdue once the 10th has ended where its owner works. The one
 * implementation is the calendar's `todayIn`; this keeps the order the change code reads in.
 */
export const dayIn = (now: Date, timeZone: string | null | undefined): string =>
  todayIn(timeZone, now);

/** Where a member without a time zone in their profile is taken to work: the calendar's. */
export const DEFAULT_CHANGE_TIME_ZONE = DEFAULT_CALENDAR_TIME_ZONE;

/** Overdue: a due date before today, on a change still open (or a task not done). */
export function isPastDue(dueDate: string | null, today: string): boolean {
  return dueDate !== null && dueDate < today;
}
