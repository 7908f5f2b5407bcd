/**
 * Team collaboration: what can be discussed. Each kind of object belongs to a page, and a
 * member may discuss an object only if they may open its page (PAGE_ACCESS) and see the object
 * itself (a SAR deadline only for those who may see it).
 */
export const SUBJECT_TYPES = [
  'change',
  'article',
  'rule',
  'risk',
  'finding',
  'policy',
  'calendar_event',
  'thread',
] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** The page whose access a discussion of this kind of object needs. */
export const SUBJECT_PAGES: Record<SubjectType, string> = {
  change: '/change-management',
  article: '/compliance',
  // A rule's discussion is the discussion of its assessment in the institution.
  rule: '/compliance',
  risk: '/risk-scoring',
  finding: '/risk-scoring',
  policy: '/policy-cross-referencing',
  calendar_event: '/regulatory-calendar',
  thread: '/collaboration',
};

export const SUBJECT_TYPE_LABELS: Record<SubjectType, string> = {
  change: 'Change',
  article: 'Article',
  rule: 'Rule',
  risk: 'Risk',
  finding: 'Finding',
  policy: 'Policy',
  calendar_event: 'Deadline',
  thread: 'Team thread',
};

/**
 * The collaboration module's refusals, here rather than beside its schemas: the error catalogue,
 * which every page loads, imports them without the schemas.
 */
export const COLLABORATION_MESSAGES = {
  subject_not_found: 'This item does not exist or is not visible to you.',
  comment_not_found: 'This comment does not exist or is not visible to you.',
  thread_not_found: 'This thread does not exist or is not visible to you.',
  not_your_comment:
    'Only its author can edit a comment; its author or an administrator can delete it.',
  comment_deleted: 'This comment was deleted.',
  unknown_mention: 'You can only mention active members of your institution.',
  task_not_found: 'This task does not exist or is not visible to you.',
  assignee_not_member:
    'The assignee must be an active member of your institution who can see this item.',
  change_task: 'A change’s tasks are added on the change, where they are steps of its workflow.',
  task_due_date_past: 'Choose a due date of today or later.',
  not_your_task:
    'Only the task’s creator, its assignee, a manager or an administrator can change it.',
  nothing_to_change: 'Change at least one field.',
} as const;
