import type { RegulationArea } from '@complivue/shared/regulation-areas';
import {
  CHANGE_STATUS_LABELS,
  changeNumberLabel,
  type ChangeStatus,
  type RiskRating,
} from '@complivue/shared/regulatory-monitoring';
import {
  RISK_BAND_LABELS,
  riskBand,
  type RiskBand,
  type RiskScore,
} from '@complivue/shared/risk-scoring';
import { riskNumberLabel } from '@complivue/shared/schemas/risks';
import type { Db } from '@complivue/db/database';
import { riskLink } from '@complivue/shared/record-links';
import type { Actor } from '../../lib/actor.ts';
import { recordAutomationEvent, type AutomationEventInput } from './automation-events.ts';

/*
 * The events other modules record where things happen, each built here so that its fields are
 * the ones the catalogue (shared automations.ts) offers conditions on.
 */

const BAND_ORDER: readonly RiskBand[] = ['low', 'moderate', 'high', 'critical'];

/** A change was created (status identified) or moved to a status. */
export function changeStatusEvent(
  companyId: string,
  change: {
    id: string;
    number: number;
    title: string;
    status: ChangeStatus;
    areas: RegulationArea[];
    riskRating: RiskRating | null;
    ownerId: string | null;
  },
  /** What makes this entry into the status one event (the moment it happened). */
  at: Date,
): AutomationEventInput {
  return {
    companyId,
    trigger: 'change_status_entered',
    dedupeKey: `change_status:${change.id}:${change.status}:${at.toISOString()}`,
    subjectType: 'change',
    subjectId: change.id,
    summary: `${changeNumberLabel(change.number)}: ${change.title} — ${CHANGE_STATUS_LABELS[change.status]}`,
    link: `/change-management?change=${change.id}`,
    fields: {
      status: change.status,
      areas: change.areas,
      riskRating: change.riskRating,
      owner: change.ownerId,
      title: change.title,
    },
    occurredAt: at,
  };
}

/** A rule of the library was rated non-compliant. */
export function assessmentNonCompliantEvent(
  companyId: string,
  assessment: {
    id: string;
    ruleId: string;
    ruleTitle: string;
    area: RegulationArea;
    ownerId: string | null;
  },
  at: Date,
): AutomationEventInput {
  return {
    companyId,
    trigger: 'assessment_non_compliant',
    dedupeKey: `assessment_non_compliant:${assessment.id}:${at.toISOString()}`,
    subjectType: 'assessment',
    subjectId: assessment.ruleId,
    summary: `${assessment.ruleId} ${assessment.ruleTitle} rated non-compliant`,
    link: `/compliance/rules/${assessment.ruleId}`,
    fields: {
      area: assessment.area,
      ruleId: assessment.ruleId,
      owner: assessment.ownerId,
      title: assessment.ruleTitle,
    },
    occurredAt: at,
  };
}

const bandOf = (likelihood: number | null, impact: number | null): RiskBand | null =>
  likelihood && impact ? riskBand({ likelihood, impact } as RiskScore) : null;

/**
 * A risk's residual level rose to a higher band (or was rated for the first time); null when
 * it did not rise.
 */
export function riskLevelRaisedEvent(
  companyId: string,
  before: { residualLikelihood: number | null; residualImpact: number | null } | null,
  risk: {
    id: string;
    number: number;
    title: string;
    area: RegulationArea;
    ownerId: string | null;
    residualLikelihood: number | null;
    residualImpact: number | null;
  },
  at: Date,
): AutomationEventInput | null {
  const from = before ? bandOf(before.residualLikelihood, before.residualImpact) : null;
  const to = bandOf(risk.residualLikelihood, risk.residualImpact);
  if (!to) return null;
  if (from && BAND_ORDER.indexOf(to) <= BAND_ORDER.indexOf(from)) return null;
  return {
    companyId,
    trigger: 'risk_level_raised',
    dedupeKey: `risk_level:${risk.id}:${to}:${at.toISOString()}`,
    subjectType: 'risk',
    subjectId: risk.id,
    summary: `${riskNumberLabel(risk.number)} ${risk.title}: residual ${from ? `${RISK_BAND_LABELS[from]} → ` : ''}${RISK_BAND_LABELS[to]}`,
    link: riskLink(risk.id),
    fields: {
      area: risk.area,
      level: to,
      previousLevel: from,
      owner: risk.ownerId,
      title: risk.title,
    },
    occurredAt: at,
  };
}

/** Records an event built above (nothing when it is null), in the caller's transaction. */
export async function recordEventOf(
  tx: Db,
  actor: Pick<Actor, 'cause'>,
  event: AutomationEventInput | null,
): Promise<void> {
  if (event) await recordAutomationEvent(tx, event, actor.cause);
}
