import type { Readable } from 'node:stream';
import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { formatShortDay } from '@complivue/shared/calendar-days';
import { ASSESSMENT_STATUS_LABELS } from '@complivue/shared/compliance-score';
import { INSTITUTION_TYPE_LABELS } from '@complivue/shared/institutions';
import { REGULATION_AREA_INFO, REGULATION_AREAS } from '@complivue/shared/regulation-areas';
import {
  FINDING_SEVERITY_LEVELS,
  FINDING_SOURCE_LABELS,
  FINDING_STATUS_LABELS,
  findingNumberLabel,
} from '@complivue/shared/risk-findings';
import {
  CONTROL_EFFECTIVENESS_LABELS,
  IMPACT_LEVELS,
  LIKELIHOOD_LEVELS,
  RISK_BAND_LABELS,
  riskBand,
  type ScaleLevel,
} from '@complivue/shared/risk-scoring';
import type {
  AssessmentFinding,
  AssessmentRisk,
  AssessmentSnapshot,
} from '@complivue/shared/schemas/risk-assessment';
import {
  PRODUCT_LINES,
  PRODUCT_LINE_LABELS,
  RISK_STATUS_LABELS,
  riskNumberLabel,
  type RatedScore,
} from '@complivue/shared/schemas/risks';
import { RISK_ASSESSMENT_MESSAGES } from '@complivue/shared/schemas/risk-assessment';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { PDF_FONTS } from '../../lib/pdf-fonts.ts';
import {
  PDF_INK,
  PDF_MARGIN,
  PDF_MUTED,
  pdfPen,
  reportPdf,
  utcStamp,
  type PdfPen,
} from '../../lib/pdf-pen.ts';
import {
  currentAssessmentSnapshot,
  findAssessmentVersions,
  getAssessmentVersionRow,
  type AssessmentVersionRow,
} from './risk-assessment.queries.ts';
import type { RiskViewer } from './risks.queries.ts';

/** What the report is of: an approved version (frozen), or the register as it stands now. */
export interface AssessmentReport {
  institution: { name: string; type: string | null };
  snapshot: AssessmentSnapshot;
  /** The approved version the report is of; null for the working register. */
  approved: AssessmentVersionRow | null;
  /** For the working register: the latest approved version, if any (the sign-off names it). */
  lastApproved: AssessmentVersionRow | null;
}

/**
 * The data of the exam report: `version` must name an approved version of the institution
 * (404 when it does not exist, 409 when it was not approved); without it, the register now.
 */
export async function findAssessmentReport(
  db: Db,
  viewer: RiskViewer,
  options: { version?: number; now: Date },
): Promise<AssessmentReport> {
  const [company] = await db
    .select({ name: companies.name, type: companies.institutionType })
    .from(companies)
    .where(eq(companies.id, viewer.companyId));
  const institution = {
    name: company?.name ?? '',
    type: company?.type ? INSTITUTION_TYPE_LABELS[company.type] : null,
  };
  if (options.version !== undefined) {
    const row = await getAssessmentVersionRow(db, viewer.companyId, options.version);
    if (row.status !== 'approved' || !row.snapshot) {
      throw new AppError('assessment_not_approved', RISK_ASSESSMENT_MESSAGES.not_approved);
    }
    return { institution, snapshot: row.snapshot, approved: row, lastApproved: null };
  }
  const [snapshot, versions] = await Promise.all([
    currentAssessmentSnapshot(db, viewer, options.now),
    findAssessmentVersions(db, viewer.companyId),
  ]);
  return {
    institution,
    snapshot,
    approved: null,
    lastApproved: versions.find((version) => version.status === 'approved') ?? null,
  };
}

const ratingText = (rating: RatedScore | null) =>
  rating
    ? `likelihood ${rating.likelihood} × impact ${rating.impact} = ${rating.score} (${RISK_BAND_LABELS[rating.band]})`
    : 'Not rated';

function drawScope(doc: PDFKit.PDFDocument, write: PdfPen, report: AssessmentReport) {
  const { risks } = report.snapshot;
  write.heading('Scope');
  write.field('Institution', report.institution.name);
  if (report.institution.type) write.field('Institution type', report.institution.type);
  write.field('Assessment date', formatShortDay(report.snapshot.day));
  write.field(
    'Risks assessed',
    `${risks.length} (${risks.filter((risk) => !risk.inherent).length} not rated yet)`,
  );
  const byArea = REGULATION_AREAS.map(
    (area) => [area, risks.filter((risk) => risk.area === area).length] as const,
  ).filter(([, count]) => count > 0);
  write.field(
    'By regulation area',
    byArea
      .map(
        ([area, count]) =>
          `${REGULATION_AREA_INFO[area].label} (${REGULATION_AREA_INFO[area].tag}): ${count}`,
      )
      .join('; '),
  );
  const byProduct = PRODUCT_LINES.map(
    (product) => [product, risks.filter((risk) => risk.productLine === product).length] as const,
  ).filter(([, count]) => count > 0);
  write.field(
    'By product or line of business',
    byProduct.map(([product, count]) => `${PRODUCT_LINE_LABELS[product]}: ${count}`).join('; '),
  );
  doc.moveDown(0.2);
}

function drawMethodology(doc: PDFKit.PDFDocument, write: PdfPen, report: AssessmentReport) {
  write.heading('Methodology');
  for (const line of report.snapshot.methodology) write.line(`• ${line}`);
  doc.moveDown(0.3);
  for (const [name, levels] of [
    ['Likelihood', LIKELIHOOD_LEVELS],
    ['Impact', IMPACT_LEVELS],
  ] as const) {
    doc.font(PDF_FONTS.bold).fontSize(9.5).fillColor(PDF_INK).text(`${name} scale`, PDF_MARGIN);
    for (const level of levels) {
      write.line(`${level.level} ${level.name}: ${level.meaning}`, { indent: 12 });
    }
  }
}

/** The 5 × 5 grid as a table of counts: likelihood rows (5 at the top), impact columns. */
function drawHeatMap(
  doc: PDFKit.PDFDocument,
  risks: readonly AssessmentRisk[],
  view: 'inherent' | 'residual',
) {
  const counts = new Map<string, number>();
  for (const risk of risks) {
    const rating = risk[view];
    if (!rating) continue;
    const key = `${rating.likelihood}-${rating.impact}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const label = 96;
  const cell = 64;
  const row = 20;
  if (doc.y > doc.page.height - (row * 7 + 60)) doc.addPage();
  doc
    .font(PDF_FONTS.bold)
    .fontSize(10)
    .fillColor(PDF_INK)
    .text(
      `${view === 'inherent' ? 'Inherent' : 'Residual'} risk: number of risks by likelihood and impact`,
      PDF_MARGIN,
    );
  doc.moveDown(0.3);
  let y = doc.y;
  doc.font(PDF_FONTS.bold).fontSize(8).fillColor(PDF_MUTED);
  doc.text('Likelihood \\ Impact', PDF_MARGIN, y + 5, { width: label, lineBreak: false });
  IMPACT_LEVELS.forEach((impact, index) => {
    doc.text(`${impact.level} ${impact.name}`, PDF_MARGIN + label + index * cell, y + 5, {
      width: cell,
      align: 'center',
      lineBreak: false,
    });
  });
  y += row;
  const fills = { low: '#ecfdf5', moderate: '#fffbeb', high: '#ffedd5', critical: '#fee2e2' };
  for (const likelihood of [...LIKELIHOOD_LEVELS].reverse()) {
    doc.font(PDF_FONTS.bold).fontSize(8).fillColor(PDF_MUTED);
    doc.text(`${likelihood.level} ${likelihood.name}`, PDF_MARGIN, y + 6, {
      width: label,
      lineBreak: false,
    });
    IMPACT_LEVELS.forEach((impact, index) => {
      const x = PDF_MARGIN + label + index * cell;
      const band = riskBand({
        likelihood: likelihood.level as ScaleLevel,
        impact: impact.level as ScaleLevel,
      });
      doc.rect(x, y, cell, row).fillAndStroke(fills[band], '#94a3b8');
      const count = counts.get(`${likelihood.level}-${impact.level}`) ?? 0;
      doc
        .font(count > 0 ? PDF_FONTS.bold : PDF_FONTS.regular)
        .fontSize(9)
        .fillColor(PDF_INK)
        .text(`${count} · ${RISK_BAND_LABELS[band]}`, x, y + 6, {
          width: cell,
          align: 'center',
          lineBreak: false,
        });
    });
    y += row;
  }
  const notRated = risks.filter((risk) => !risk[view]).length;
  doc.font(PDF_FONTS.regular).fontSize(8.5).fillColor(PDF_MUTED);
  doc.text(
    notRated > 0 ? `${notRated} not rated, not in the table.` : 'Every risk is rated.',
    PDF_MARGIN,
    y + 4,
  );
  doc.moveDown(0.6);
}

function drawRisks(doc: PDFKit.PDFDocument, write: PdfPen, risks: readonly AssessmentRisk[]) {
  write.heading(`Risks, their controls and the evidence they rest on (${risks.length})`);
  if (risks.length === 0) write.line('No risk in the register.', { color: PDF_MUTED });
  for (const risk of risks) {
    if (doc.y > doc.page.height - 150) doc.addPage();
    doc
      .moveDown(0.4)
      .font(PDF_FONTS.bold)
      .fontSize(10.5)
      .fillColor(PDF_INK)
      .text(`${riskNumberLabel(risk.number)} — ${risk.title}`, PDF_MARGIN);
    write.field(
      'Area and product',
      `${REGULATION_AREA_INFO[risk.area].label} (${REGULATION_AREA_INFO[risk.area].citation}); ${PRODUCT_LINE_LABELS[risk.productLine]}`,
    );
    write.field(
      'Status',
      `${RISK_STATUS_LABELS[risk.status]}${
        risk.status === 'accepted' && risk.acceptedByName
          ? ` by ${risk.acceptedByName}${risk.acceptanceExpiresOn ? ` until ${formatShortDay(risk.acceptanceExpiresOn)}` : ''}`
          : ''
      }`,
    );
    write.field('Owner', risk.ownerName ?? 'Unassigned');
    if (risk.description) write.field('Description', risk.description);
    write.field('Inherent risk', ratingText(risk.inherent));
    write.field('Controls overall', CONTROL_EFFECTIVENESS_LABELS[risk.controlEffectiveness]);
    write.field(
      'Residual risk',
      risk.residual
        ? `${ratingText(risk.residual)}, ${risk.residual.source === 'set' ? `set by a person: ${risk.residualReason || '—'}` : 'as the methodology suggests'}`
        : 'Not rated',
    );
    if (risk.reviewDate) write.field('Next review', formatShortDay(risk.reviewDate));
    if (risk.controls.length === 0) write.line('No control recorded.', { color: PDF_MUTED });
    for (const control of risk.controls) {
      doc
        .font(PDF_FONTS.bold)
        .fontSize(9.5)
        .fillColor(PDF_INK)
        .text(
          `Control: ${control.title} — ${CONTROL_EFFECTIVENESS_LABELS[control.effectiveness]}`,
          PDF_MARGIN + 12,
        );
      if (control.description) write.line(control.description, { indent: 12 });
      if (control.effectivenessOverride) {
        write.line(
          `Set by a person instead of ${CONTROL_EFFECTIVENESS_LABELS[control.derivedEffectiveness]} (from the rules): ${control.overrideReason}`,
          { indent: 12 },
        );
      }
      if (control.rules.length === 0) {
        write.line('Tied to no library rule.', { indent: 24, color: PDF_MUTED });
      }
      for (const rule of control.rules) {
        write.line(
          `${rule.id} ${rule.title} (${rule.citation}): ${ASSESSMENT_STATUS_LABELS[rule.status]}`,
          { indent: 24 },
        );
      }
    }
  }
}

/**
 * Findings and their status, as frozen with the version (or as they stand, for the working
 * register): each with its source, severity, area, root cause and corrective actions, and who
 * completed and validated each. A version approved before findings were frozen says so.
 */
function drawFindings(
  doc: PDFKit.PDFDocument,
  write: PdfPen,
  findings: readonly AssessmentFinding[] | undefined,
) {
  if (!findings) {
    write.heading('Findings and their status');
    write.line('This version was approved before findings were recorded with the assessment.', {
      color: PDF_MUTED,
    });
    return;
  }
  write.heading(`Findings and their status (${findings.length})`);
  if (findings.length === 0) write.line('No finding recorded.', { color: PDF_MUTED });
  for (const finding of findings) {
    if (doc.y > doc.page.height - 150) doc.addPage();
    doc
      .moveDown(0.4)
      .font(PDF_FONTS.bold)
      .fontSize(10.5)
      .fillColor(PDF_INK)
      .text(`${findingNumberLabel(finding.number)} — ${finding.title}`, PDF_MARGIN);
    write.field(
      'Source, severity and area',
      `${FINDING_SOURCE_LABELS[finding.source]}; ${FINDING_SEVERITY_LEVELS[finding.severity].label}; ${REGULATION_AREA_INFO[finding.area].tag}`,
    );
    write.field(
      'Status',
      `${FINDING_STATUS_LABELS[finding.status]}, recorded ${utcStamp(finding.createdAt)}`,
    );
    if (finding.riskNumber !== null) write.field('Risk', riskNumberLabel(finding.riskNumber));
    if (finding.ruleId) write.field('Library rule', finding.ruleId);
    if (finding.rootCause) write.field('Root cause', finding.rootCause);
    if (finding.actions.length === 0) {
      write.line('No corrective action recorded.', { indent: 12, color: PDF_MUTED });
    }
    for (const action of finding.actions) {
      const progress = [
        `owner ${action.ownerName ?? 'unassigned'}`,
        `due ${formatShortDay(action.dueDate)}`,
        action.completedAt
          ? `completed ${utcStamp(action.completedAt)} by ${action.completedByName ?? 'a former member'}`
          : action.overdue
            ? 'overdue'
            : 'not completed',
        action.validatedAt
          ? `validated ${utcStamp(action.validatedAt)} by ${action.validatedByName ?? 'a former member'}`
          : null,
      ].filter(Boolean);
      write.line(`Corrective action: ${action.plan} (${progress.join('; ')})`, { indent: 12 });
      if (action.evidence) write.line(`Evidence: ${action.evidence}`, { indent: 24 });
    }
  }
}

function drawSignOff(doc: PDFKit.PDFDocument, write: PdfPen, report: AssessmentReport) {
  write.heading('Sign-off');
  const { approved, lastApproved } = report;
  if (approved) {
    write.field('Version', String(approved.version));
    write.field('Submitted', `${utcStamp(approved.submittedAt)} by ${approved.submittedByName}`);
    if (approved.note) write.field('Submission note', approved.note);
    write.field('Approved', `${utcStamp(approved.decidedAt!)} by ${approved.decidedByName ?? ''}`);
    if (approved.decisionNote) write.field('Approval note', approved.decisionNote);
    return;
  }
  write.field('Approval', 'Not yet approved');
  write.line(
    `This report shows the working register as of ${utcStamp(report.snapshot.takenAt)}.${
      lastApproved
        ? ` The latest approved version is version ${lastApproved.version}, approved ${utcStamp(lastApproved.decidedAt!)} by ${lastApproved.decidedByName ?? ''}.`
        : ' No version has been approved yet.'
    }`,
  );
}

function drawAssessmentReport(doc: PDFKit.PDFDocument, report: AssessmentReport) {
  const write = pdfPen(doc);
  drawScope(doc, write, report);
  drawMethodology(doc, write, report);
  write.heading('Heat map');
  drawHeatMap(doc, report.snapshot.risks, 'inherent');
  drawHeatMap(doc, report.snapshot.risks, 'residual');
  drawRisks(doc, write, report.snapshot.risks);
  drawFindings(doc, write, report.snapshot.findings);
  drawSignOff(doc, write, report);
}

/**
 * The exam-ready "Compliance risk assessment" (PDF): scope, methodology with the formula (the
 * one text of packages/shared/src/risk-scoring.ts), the heat maps as tables of counts, each risk
 * with its ratings, controls, effectiveness and the rules they rest on, the findings with their
 * corrective actions, and the sign-off. In the
 * change report's embedded font. Streamed as drawn.
 */
export function assessmentReportPdf(
  report: AssessmentReport,
  options: { preparedBy: string; now: Date },
): Readable {
  return reportPdf({
    title: 'Compliance risk assessment',
    subtitle: report.approved
      ? `${report.institution.name} — version ${report.approved.version}, approved`
      : `${report.institution.name} — working register, not yet approved`,
    footer: `Compliance risk assessment · ${report.institution.name}`,
    preparedBy: options.preparedBy,
    now: options.now,
    draw: (doc) => drawAssessmentReport(doc, report),
  });
}
