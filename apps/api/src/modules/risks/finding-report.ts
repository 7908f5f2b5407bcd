import type { Readable } from 'node:stream';
import type { Db } from '@complivue/db/database';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import {
  FINDING_SEVERITY_LEVELS,
  FINDING_SOURCE_LABELS,
  FINDING_STATUS_LABELS,
  findingNumberLabel,
} from '@complivue/shared/risk-findings';
import { FINDING_CSV_COLUMNS, type FindingFilters } from '@complivue/shared/schemas/risk-findings';
import { riskNumberLabel } from '@complivue/shared/schemas/risks';
import { csvStream } from '../../lib/csv.ts';
import { findFindingsForExport } from './findings.queries.ts';
import type { RiskViewer } from './risks.queries.ts';

const day = (at: string | null) => (at ? at.slice(0, 10) : '');

/**
 * The institution's findings under the list's filters and in its order, one row per corrective
 * action (a finding without one gets one row with the action's cells empty): what an examiner
 * asks for when following up a finding to its correction.
 */
export async function findingsCsv(
  db: Db,
  viewer: RiskViewer,
  filters: FindingFilters,
): Promise<Readable> {
  const findings = await findFindingsForExport(db, viewer, filters);
  return csvStream(
    FINDING_CSV_COLUMNS,
    findings.flatMap((finding) => {
      const cells = [
        findingNumberLabel(finding.number),
        finding.title,
        FINDING_SOURCE_LABELS[finding.source],
        FINDING_SEVERITY_LEVELS[finding.severity].label,
        REGULATION_AREA_INFO[finding.area].tag,
        FINDING_STATUS_LABELS[finding.status],
        day(finding.createdAt),
        finding.ruleId ?? '',
        finding.riskNumber === null ? '' : riskNumberLabel(finding.riskNumber),
        finding.rootCause,
      ];
      if (finding.actions.length === 0) return [[...cells, '', '', '', '', '', '', '', '', '']];
      return finding.actions.map((action) => [
        ...cells,
        action.plan,
        action.ownerName ?? '',
        action.dueDate,
        action.overdue ? 'Yes' : 'No',
        day(action.completedAt),
        action.completedByName ?? '',
        [action.evidence, action.evidenceFile?.fileName].filter(Boolean).join(' · '),
        day(action.validatedAt),
        action.validatedByName ?? '',
      ]);
    }),
  );
}
