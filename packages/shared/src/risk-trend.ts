import type { RegulationArea } from './regulation-areas.ts';
import type { RiskBand } from './risk-scoring.ts';

/*
 * The figures a daily snapshot of the risk register keeps (risk_snapshots), so that the trend of
 * residual risk shows what the register said on each day rather than a reconstruction. Closed
 * risks no longer apply and are left out; a risk not rated yet is counted as such, never as 0.
 */

export const TREND_BANDS = ['low', 'moderate', 'high', 'critical'] as const satisfies RiskBand[];

export interface ResidualFigures {
  /** Risks in the register that are not closed. */
  riskCount: number;
  /** Of those, the ones with no inherent rating (so no residual rating either). */
  notRatedCount: number;
  /** Rated risks by the band of their residual rating (a person's, or the suggestion). */
  bands: Record<RiskBand, number>;
  /** The sum of the rated risks' residual scores (likelihood × impact). */
  totalResidualScore: number;
  /** totalResidualScore over the rated risks, to one decimal; null while none is rated. */
  averageResidualScore: number | null;
}

export interface ResidualSummary extends ResidualFigures {
  /** The same figures for each regulation area that has a risk. */
  byArea: Partial<Record<RegulationArea, ResidualFigures>>;
}

/** What the summary needs of a risk: as the register lists it. */
export interface TrendRisk {
  area: RegulationArea;
  status: string;
  residual: { score: number; band: RiskBand } | null;
}

const emptyFigures = (): ResidualFigures => ({
  riskCount: 0,
  notRatedCount: 0,
  bands: { low: 0, moderate: 0, high: 0, critical: 0 },
  totalResidualScore: 0,
  averageResidualScore: null,
});

function add(figures: ResidualFigures, risk: TrendRisk) {
  figures.riskCount += 1;
  if (!risk.residual) {
    figures.notRatedCount += 1;
    return;
  }
  figures.bands[risk.residual.band] += 1;
  figures.totalResidualScore += risk.residual.score;
}

function finish(figures: ResidualFigures) {
  const rated = figures.riskCount - figures.notRatedCount;
  figures.averageResidualScore =
    rated === 0 ? null : Math.round((figures.totalResidualScore / rated) * 10) / 10;
}

/** The register's residual risk in figures, overall and by area (closed risks left out). */
export function summarizeResidualRisk(risks: readonly TrendRisk[]): ResidualSummary {
  const summary: ResidualSummary = { ...emptyFigures(), byArea: {} };
  for (const risk of risks) {
    if (risk.status === 'closed') continue;
    add(summary, risk);
    const area = (summary.byArea[risk.area] ??= emptyFigures());
    add(area, risk);
  }
  finish(summary);
  for (const area of Object.values(summary.byArea)) finish(area);
  return summary;
}
