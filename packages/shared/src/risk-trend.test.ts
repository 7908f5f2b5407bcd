import { describe, expect, it } from 'vitest';
import { summarizeResidualRisk } from './risk-trend.ts';

describe('the residual risk summary a daily snapshot keeps', () => {
  it('counts rated risks by band, not-rated ones apart, and leaves closed risks out', () => {
    const summary = summarizeResidualRisk([
      { area: 'trid', status: 'open', residual: { score: 20, band: 'critical' } },
      { area: 'trid', status: 'accepted', residual: { score: 6, band: 'moderate' } },
      { area: 'hmda', status: 'mitigated', residual: { score: 3, band: 'low' } },
      { area: 'hmda', status: 'open', residual: null },
      { area: 'flood', status: 'closed', residual: { score: 25, band: 'critical' } },
    ]);
    expect(summary).toEqual({
      riskCount: 4,
      notRatedCount: 1,
      bands: { low: 1, moderate: 1, high: 0, critical: 1 },
      totalResidualScore: 29,
      averageResidualScore: 9.7,
      byArea: {
        trid: {
          riskCount: 2,
          notRatedCount: 0,
          bands: { low: 0, moderate: 1, high: 0, critical: 1 },
          totalResidualScore: 26,
          averageResidualScore: 13,
        },
        hmda: {
          riskCount: 2,
          notRatedCount: 1,
          bands: { low: 1, moderate: 0, high: 0, critical: 0 },
          totalResidualScore: 3,
          averageResidualScore: 3,
        },
      },
    });
  });

  it('gives no average while nothing is rated, never a made-up 0', () => {
    expect(summarizeResidualRisk([{ area: 'trid', status: 'open', residual: null }])).toMatchObject(
      { riskCount: 1, notRatedCount: 1, totalResidualScore: 0, averageResidualScore: null },
    );
    expect(summarizeResidualRisk([]).averageResidualScore).toBeNull();
  });
});
