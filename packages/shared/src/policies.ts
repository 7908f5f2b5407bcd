/**
 * Policies and procedures (issue 20): the institution's written policies, each kept as numbered
 * versions that go draft → in review → approved, split into sections that are cross-referenced
 * to the library's rules. One place for the vocabulary and the workflow, used by the API, the
 * page and the reports.
 */

/** Where a version is in its approval. Only an approved version counts as the policy. */
export const POLICY_VERSION_STATUSES = ['draft', 'in_review', 'approved', 'superseded'] as const;
export type PolicyVersionStatus = (typeof POLICY_VERSION_STATUSES)[number];

export const POLICY_VERSION_STATUS_LABELS: Record<PolicyVersionStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  approved: 'Approved',
  superseded: 'Superseded',
};

/**
 * How a section came to be tied to a rule: the section cites the rule's CFR section, its words
 * resemble the rule's requirement, or a person linked it by hand.
 */
export const POLICY_MATCH_METHODS = ['citation', 'text', 'manual'] as const;
export type PolicyMatchMethod = (typeof POLICY_MATCH_METHODS)[number];

/**
 * A person's judgement on a suggested match. A suggestion stays `suggested` until someone
 * confirms or rejects it: only confirmed matches count as coverage (DESIGN.md, screens 5).
 */
export const POLICY_MATCH_DECISIONS = ['suggested', 'confirmed', 'rejected'] as const;
export type PolicyMatchDecision = (typeof POLICY_MATCH_DECISIONS)[number];

export const POLICY_MATCH_DECISION_LABELS: Record<PolicyMatchDecision, string> = {
  suggested: 'Suggested',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
};

/**
 * What became of a section between two versions: matched by heading first, then by position;
 * the same heading and words (whatever the spacing) is unchanged.
 */
export const POLICY_SECTION_CHANGES = ['changed', 'added', 'removed', 'unchanged'] as const;
export type PolicySectionChange = (typeof POLICY_SECTION_CHANGES)[number];

export const POLICY_SECTION_CHANGE_LABELS: Record<PolicySectionChange, string> = {
  changed: 'Changed',
  added: 'Added',
  removed: 'Removed',
  unchanged: 'Unchanged',
};

/** The original file: the same 25 MB as every other upload. */
export const POLICY_FILE_MAX_BYTES = 25 * 1024 * 1024;

/** What a policy may be uploaded as, recognised from its bytes (Markdown and text by name). */
export const POLICY_FILE_TYPES = [
  { extension: 'pdf', contentType: 'application/pdf', label: 'PDF' },
  {
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word (.docx)',
  },
  { extension: 'md', contentType: 'text/markdown', label: 'Markdown' },
  { extension: 'txt', contentType: 'text/plain', label: 'plain text' },
] as const;
export type PolicyFileKind = (typeof POLICY_FILE_TYPES)[number]['extension'];

/** "POL-3": what people quote in a meeting or a workpaper. */
export const policyNumberLabel = (number: number) => `POL-${number}`;

/** A section of a policy's version on `/policy-cross-referencing` (search results link here). */
export const policySectionPath = (policyId: string, version: number, anchor: string) =>
  `/policy-cross-referencing?policy=${policyId}&version=${version}#${anchor}`;

/** What can call for a policy's review: a regulatory update of the feeds, or a change. */
export const POLICY_IMPACT_SOURCES = ['feed_item', 'change'] as const;
export type PolicyImpactSource = (typeof POLICY_IMPACT_SOURCES)[number];
