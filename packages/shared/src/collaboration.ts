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
