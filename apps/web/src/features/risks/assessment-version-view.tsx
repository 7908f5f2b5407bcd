import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import { CONTROL_EFFECTIVENESS_LABELS } from '@complivue/shared/risk-scoring';
import {
  ASSESSMENT_VERSION_STATUS_LABELS,
  type AssessmentVersion,
} from '@complivue/shared/schemas/risk-assessment';
import {
  PRODUCT_LINE_LABELS,
  RISK_STATUS_LABELS,
  riskNumberLabel,
} from '@complivue/shared/schemas/risks';
import { FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format-day';
import { assessmentReportHref } from './api.ts';
import { ScoreBadge } from './risk-badges.tsx';

/**
 * One version of the assessment, read-only: who submitted and decided it, and for an approved
 * one the register exactly as it was approved (the live register may have moved on since).
 */
export function AssessmentVersionView({ version }: { version: AssessmentVersion }) {
  const snapshot = version.snapshot;
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-900">Status</dt>
        <dd>{ASSESSMENT_VERSION_STATUS_LABELS[version.status]}</dd>
        <dt className="font-medium text-slate-900">Submitted</dt>
        <dd>
          {formatDateTime(version.submittedAt)} by {version.submittedByName}
          {version.note && <>: “{version.note}”</>}
        </dd>
        {version.decidedAt && (
          <>
            <dt className="font-medium text-slate-900">
              {version.status === 'approved' ? 'Approved' : 'Returned'}
            </dt>
            <dd>
              {formatDateTime(version.decidedAt)} by {version.decidedByName}
              {version.decisionNote && <>: “{version.decisionNote}”</>}
            </dd>
          </>
        )}
        {version.reopenedAt && (
          <>
            <dt className="font-medium text-slate-900">Re-opened</dt>
            <dd>
              {formatDateTime(version.reopenedAt)} by {version.reopenedByName}
            </dd>
          </>
        )}
      </dl>
      {!snapshot ? (
        <p className="text-slate-700">
          Only an approved version keeps the register as it stood; this one was{' '}
          {version.status === 'returned' ? 'returned' : 'not approved yet'}.
        </p>
      ) : (
        <>
          <Button variant="secondary" asChild>
            <a href={assessmentReportHref(version.version)}>
              <FileText aria-hidden="true" className="size-4" />
              Download version {version.version} (PDF)
            </a>
          </Button>
          <h3 className="text-base font-semibold text-slate-900">
            The register as approved ({snapshot.risks.length}{' '}
            {snapshot.risks.length === 1 ? 'risk' : 'risks'})
          </h3>
          <ol className="space-y-3">
            {snapshot.risks.map((risk) => (
              <li key={risk.id} className="rounded-md border border-slate-200 p-3">
                <p className="font-semibold text-slate-900">
                  {riskNumberLabel(risk.number)} {risk.title}
                </p>
                <p className="text-slate-700">
                  {REGULATION_AREA_INFO[risk.area].tag} · {PRODUCT_LINE_LABELS[risk.productLine]} ·{' '}
                  {RISK_STATUS_LABELS[risk.status]} · Owner: {risk.ownerName ?? 'unassigned'}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-2">
                  Inherent <ScoreBadge score={risk.inherent} /> Controls:{' '}
                  {CONTROL_EFFECTIVENESS_LABELS[risk.controlEffectiveness]} · Residual{' '}
                  <ScoreBadge
                    score={risk.residual}
                    suffix={risk.residual?.source === 'set' ? 'set' : undefined}
                  />
                </p>
                {risk.residualReason && (
                  <p className="text-slate-700">Reason: {risk.residualReason}</p>
                )}
                {risk.controls.length > 0 && (
                  <ul className="mt-1 list-disc pl-5 text-slate-800">
                    {risk.controls.map((control, index) => (
                      <li key={index}>
                        {control.title} — {CONTROL_EFFECTIVENESS_LABELS[control.effectiveness]}
                        {control.rules.length > 0 &&
                          ` (${control.rules.map((rule) => rule.id).join(', ')})`}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
