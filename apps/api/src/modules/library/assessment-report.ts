import { PassThrough, type Readable } from 'node:stream';
import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { libraryRules } from '@complivue/db/schema/library';
import {
  ASSESSMENT_STATUS_LABELS,
  coverageOf,
  coverageText,
  isFullyAssessed,
  riskLevelText,
  type Coverage,
} from '@complivue/shared/compliance-score';
import { RULE_FREQUENCY_LABELS } from '@complivue/shared/library';
import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import type { ComplianceSummary } from '@complivue/shared/schemas/library';
import { eq } from 'drizzle-orm';
import { csvStream } from '../../lib/csv.ts';
import { PDF_FONTS, unicodePdfDocument } from '../../lib/pdf-fonts.ts';
import { complianceSummary } from './compliance-summary.ts';
import { rulesWithAssessments, type LibraryReader } from './library.queries.ts';

async function assessedRules(db: Db, reader: LibraryReader, area: RegulationArea | undefined) {
  const rules = await rulesWithAssessments(
    db,
    reader,
    area ? eq(libraryRules.area, area) : undefined,
  );
  return rules
    .filter((rule) => rule.appliesToInstitution)
    .sort((a, b) => a.area.localeCompare(b.area) || a.id.localeCompare(b.id));
}

export const ASSESSMENT_CSV_COLUMNS = [
  'Area',
  'Rule',
  'Title',
  'Citation',
  'Requirement',
  'Frequency',
  'Status',
  'Owner',
  'Next review',
  'Evidence expected',
] as const;

/** The institution's assessment of every rule that applies to it (optionally one area). */
export async function assessmentCsv(
  db: Db,
  reader: LibraryReader,
  area?: RegulationArea,
): Promise<Readable> {
  const rules = await assessedRules(db, reader, area);
  return csvStream(
    ASSESSMENT_CSV_COLUMNS,
    rules.map((rule) => [
      REGULATION_AREA_INFO[rule.area].tag,
      rule.id,
      rule.title,
      rule.citation,
      rule.requirement,
      RULE_FREQUENCY_LABELS[rule.frequency],
      ASSESSMENT_STATUS_LABELS[rule.assessment.status],
      rule.assessment.ownerName ?? '',
      rule.assessment.nextReviewDate ?? '',
      rule.evidence,
    ]),
  );
}

/**
 * The report's opening figures: the score always beside its coverage, counted from the rules the
 * report lists (every rule that applies, of the area if one is chosen), then the institution's
 * risk level with what it rests on, or the area's status; what is not assessed yet is said in
 * words.
 */
function scoreLines(
  summary: ComplianceSummary,
  area: RegulationArea | undefined,
  coverage: Coverage,
): string[] {
  const areaSummary = area && summary.areas.find((entry) => entry.area === area);
  const score = area ? (areaSummary?.score ?? null) : summary.score;
  const lines = [
    score === null
      ? `Score: none yet — ${coverageText(coverage)}.`
      : `Score: ${score}% (compliant ÷ applicable and assessed rules) — ${coverageText(coverage)}.`,
  ];
  if (areaSummary) lines.push(`Status: ${areaSummary.label}.`);
  if (!area && summary.riskLevel) {
    lines.push(`Risk level: ${riskLevelText(summary.riskLevel, coverage)}.`);
  }
  if (!isFullyAssessed(coverage)) {
    const left = coverage.applicable - coverage.assessed;
    lines.push(
      `Not assessed yet: ${left} of the ${coverage.applicable} rules that apply; the score does not count them.`,
    );
  }
  return lines;
}

/**
 * The exam-ready report of one area (or all): the institution, the date, the score and status,
 * then every applicable rule with its citation, status, owner, next review and the evidence an
 * examiner expects. Streamed as it is drawn.
 */
export async function assessmentPdf(
  db: Db,
  reader: LibraryReader,
  options: { area?: RegulationArea; preparedBy: string },
): Promise<Readable> {
  const [company] = reader.companyId
    ? await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, reader.companyId))
    : [];
  const rules = await assessedRules(db, reader, options.area);
  const summary = await complianceSummary(db, reader);

  const doc = unicodePdfDocument({
    size: 'LETTER',
    margin: 54,
    info: {
      Title: `Compliance assessment${options.area ? ` — ${REGULATION_AREA_INFO[options.area].tag}` : ''}`,
      Author: options.preparedBy,
      Creator: 'Complivue',
    },
  });
  const out = new PassThrough();
  doc.pipe(out);

  const scope = options.area ? REGULATION_AREA_INFO[options.area].label : 'All regulation areas';
  doc.font(PDF_FONTS.bold).fontSize(18).text('Compliance assessment report');
  doc
    .moveDown(0.3)
    .font(PDF_FONTS.regular)
    .fontSize(11)
    .text(company?.name ?? '');
  doc.text(scope);
  doc
    .fontSize(9)
    .fillColor('#475569')
    .text(
      `Prepared ${new Date().toISOString().slice(0, 10)} by ${options.preparedBy}. ${
        options.area ? `Regulation: ${REGULATION_AREA_INFO[options.area].citation}.` : ''
      }`,
    );
  doc.moveDown(0.6).fillColor('#0f172a').fontSize(11);
  const coverage = coverageOf(rules.map((rule) => rule.assessment.status));
  for (const line of scoreLines(summary, options.area, coverage)) {
    doc.text(line);
  }
  doc.moveDown();

  for (const rule of rules) {
    if (doc.y > doc.page.height - 160) doc.addPage();
    doc.font(PDF_FONTS.bold).fontSize(10).fillColor('#0f172a');
    doc.text(`${rule.id} — ${rule.title} — ${rule.citation}`);
    doc.font(PDF_FONTS.regular).fontSize(9.5).text(rule.requirement);
    doc
      .fillColor('#334155')
      .text(
        `Status: ${ASSESSMENT_STATUS_LABELS[rule.assessment.status]}   Owner: ${
          rule.assessment.ownerName ?? '—'
        }   Next review: ${rule.assessment.nextReviewDate ?? '—'}   Frequency: ${
          RULE_FREQUENCY_LABELS[rule.frequency]
        }`,
      );
    doc.text(`Evidence expected: ${rule.evidence}`);
    doc.moveDown(0.7);
  }
  doc
    .moveDown()
    .fontSize(8)
    .fillColor('#475569')
    .text(
      'Informational only; not legal advice. Statuses are the institution’s own assessments recorded in Complivue.',
    );
  doc.end();
  return out;
}
