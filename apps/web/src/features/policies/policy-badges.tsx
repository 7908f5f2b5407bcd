import {
  POLICY_MATCH_DECISION_LABELS,
  POLICY_VERSION_STATUS_LABELS,
  type PolicyMatchDecision,
  type PolicyVersionStatus,
} from '@complivue/shared/policies';
import { StatusToken, type StatusTone } from '@/components/status-token';

/**
 * A version's status in the one set of status tokens: a draft is not yet assessed, a version in
 * review needs review, the approved one is in force, a superseded one no longer applies.
 */
const VERSION_TONES: Record<PolicyVersionStatus, StatusTone> = {
  draft: 'not_assessed',
  in_review: 'needs_review',
  approved: 'compliant',
  superseded: 'not_applicable',
};

export function VersionStatusToken({ status }: { status: PolicyVersionStatus }) {
  return (
    <StatusToken tone={VERSION_TONES[status]}>{POLICY_VERSION_STATUS_LABELS[status]}</StatusToken>
  );
}

/** A suggestion awaits a person's decision; a confirmed match counts as coverage. */
const DECISION_TONES: Record<PolicyMatchDecision, StatusTone> = {
  suggested: 'needs_review',
  confirmed: 'compliant',
  rejected: 'not_applicable',
};

export function MatchDecisionToken({ decision }: { decision: PolicyMatchDecision }) {
  return (
    <StatusToken tone={DECISION_TONES[decision]}>
      {POLICY_MATCH_DECISION_LABELS[decision]}
    </StatusToken>
  );
}
