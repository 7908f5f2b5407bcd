import type { ComplianceFigures } from '@complivue/shared/schemas/analytics';

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 100);

/** Coverage as a percentage of the applicable rules assessed. */
export const coveragePercent = (figures: ComplianceFigures) =>
  percent(figures.assessed, figures.applicable);

/** "45 of 117 applicable rules assessed (38%)": said wherever the score is. */
export const coverageText = (figures: ComplianceFigures) =>
  `${figures.assessed} of ${figures.applicable} applicable ${figures.applicable === 1 ? 'rule' : 'rules'} assessed (${coveragePercent(figures)}%)`;

/** "82% compliant, on 45 of 117 …" or "No score yet: 0 of 117 …". */
export const scoreWithCoverage = (figures: ComplianceFigures) =>
  figures.score === null
    ? `No score yet: ${coverageText(figures)}`
    : `${figures.score}% compliant, on ${coverageText(figures)}`;
