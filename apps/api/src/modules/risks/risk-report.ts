import type { Readable } from 'node:stream';
import type { Db } from '@complivue/db/database';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import { CONTROL_EFFECTIVENESS_LABELS, RISK_BAND_LABELS } from '@complivue/shared/risk-scoring';
import {
  PRODUCT_LINE_LABELS,
  RISK_CSV_COLUMNS,
  RISK_STATUS_LABELS,
  riskNumberLabel,
  type RatedScore,
  type RiskFilters,
} from '@complivue/shared/schemas/risks';
import { csvStream } from '../../lib/csv.ts';
import { findRisksForExport, type RiskViewer } from './risks.queries.ts';

/** Likelihood, impact, score and rating; empty cells while not rated, never a made-up 0. */
const ratingCells = (rating: RatedScore | null) =>
  rating
    ? [
        String(rating.likelihood),
        String(rating.impact),
        String(rating.score),
        RISK_BAND_LABELS[rating.band],
      ]
    : ['', '', '', ''];

/**
 * The institution's register under the list's filters, one row per risk in the list's order
 * (highest residual first): ratings as numbers a spreadsheet can sort, whether the residual is
 * the methodology's suggestion or a person's rating with its reason, the acceptance, and each
 * control with the library rules it is tied to ("Title (RULE-1, RULE-2); …").
 */
export async function risksCsv(
  db: Db,
  viewer: RiskViewer,
  filters: RiskFilters,
): Promise<Readable> {
  const register = await findRisksForExport(db, viewer, filters);
  return csvStream(
    RISK_CSV_COLUMNS,
    register.map((risk) => [
      riskNumberLabel(risk.number),
      risk.title,
      REGULATION_AREA_INFO[risk.area].tag,
      PRODUCT_LINE_LABELS[risk.productLine],
      risk.ownerName ?? '',
      RISK_STATUS_LABELS[risk.status],
      ...ratingCells(risk.inherent),
      CONTROL_EFFECTIVENESS_LABELS[risk.controlEffectiveness],
      ...ratingCells(risk.residual),
      risk.residual ? (risk.residual.source === 'set' ? 'Set' : 'Suggested') : '',
      risk.residualReason,
      risk.reviewDate ?? '',
      risk.reviewOverdue ? 'Yes' : 'No',
      risk.acceptedByName ?? '',
      risk.acceptanceExpiresOn ?? '',
      risk.controls
        .map((control) =>
          control.ruleIds.length > 0
            ? `${control.title} (${control.ruleIds.join(', ')})`
            : control.title,
        )
        .join('; '),
    ]),
  );
}
