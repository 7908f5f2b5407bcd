import { PassThrough, type Readable } from 'node:stream';
import { formatShortDay } from '@complivue/shared/calendar-days';
import { POLICY_VERSION_STATUS_LABELS, policyNumberLabel } from '@complivue/shared/policies';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import {
  POLICY_GAP_CSV_COLUMNS,
  type PolicyGapReport,
  type PolicyRef,
} from '@complivue/shared/schemas/policies';
import { csvStream } from '../../lib/csv.ts';
import { PDF_FONTS, unicodePdfDocument } from '../../lib/pdf-fonts.ts';

const policyName = (policy: PolicyRef) => `${policyNumberLabel(policy.number)} ${policy.title}`;
const day = (iso: string) => formatShortDay(iso.slice(0, 10));

/** Every gap of the report as one row: what it is, the rule and the policy it concerns. */
export function policyGapRows(report: PolicyGapReport): string[][] {
  const rows: string[][] = [];
  for (const area of report.areas) {
    for (const rule of area.uncovered) {
      rows.push([
        'Rule not covered by an approved policy',
        REGULATION_AREA_INFO[rule.area].tag,
        rule.id,
        rule.title,
        rule.citation,
        '',
        '',
        '',
        'Applies to the institution; no confirmed section of an approved policy covers it.',
      ]);
    }
  }
  for (const gap of report.retiredRules) {
    rows.push([
      'Covers a rule retired from the library',
      REGULATION_AREA_INFO[gap.rule.area].tag,
      gap.rule.id,
      gap.rule.title,
      gap.rule.citation,
      policyName(gap.policy),
      String(gap.policy.version),
      gap.sectionHeading,
      'The section was confirmed against a rule the library no longer holds.',
    ]);
  }
  for (const gap of report.updatedRules) {
    rows.push([
      'Rule updated since the policy was approved',
      REGULATION_AREA_INFO[gap.rule.area].tag,
      gap.rule.id,
      gap.rule.title,
      gap.rule.citation,
      policyName(gap.policy),
      String(gap.policy.version),
      '',
      `Approved ${day(gap.approvedAt)}; the library's article was updated ${day(gap.articleUpdatedAt)}.`,
    ]);
  }
  for (const gap of report.overdueReviews) {
    rows.push([
      'Review overdue',
      '',
      '',
      '',
      '',
      policyName(gap.policy),
      String(gap.policy.version),
      '',
      `Next review was due ${formatShortDay(gap.nextReviewDate)}.`,
    ]);
  }
  for (const gap of report.notInForce) {
    rows.push([
      'No approved version',
      '',
      '',
      '',
      '',
      policyName(gap.policy),
      String(gap.policy.version),
      '',
      `Latest version: ${POLICY_VERSION_STATUS_LABELS[gap.status]}.`,
    ]);
  }
  return rows;
}

export function policyGapCsv(report: PolicyGapReport): Readable {
  return csvStream(POLICY_GAP_CSV_COLUMNS, policyGapRows(report));
}

/**
 * The gap report as an exam-ready PDF in the embedded font: the institution, the scope and the
 * date, coverage per area with each uncovered rule, then the policies to act on.
 */
export function policyGapPdf(
  report: PolicyGapReport,
  options: { institution: string; preparedBy: string },
): Readable {
  const scope = report.area ? REGULATION_AREA_INFO[report.area].label : 'All regulation areas';
  const doc = unicodePdfDocument({
    size: 'LETTER',
    margin: 54,
    info: {
      Title: `Policy gap report — ${scope}`,
      Author: options.preparedBy,
      Creator: 'Complivue',
    },
  });
  const out = new PassThrough();
  doc.pipe(out);
  const heading = (text: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.8).font(PDF_FONTS.bold).fontSize(13).fillColor('#0f172a').text(text);
    doc.moveDown(0.3).font(PDF_FONTS.regular).fontSize(9.5);
  };
  const line = (text: string) => {
    if (doc.y > doc.page.height - 80) doc.addPage();
    doc.font(PDF_FONTS.regular).fontSize(9.5).fillColor('#0f172a').text(text);
  };

  doc.font(PDF_FONTS.bold).fontSize(18).text('Policy gap report');
  doc.moveDown(0.3).font(PDF_FONTS.regular).fontSize(11).text(options.institution);
  doc.text(scope);
  doc
    .fontSize(9)
    .fillColor('#475569')
    .text(
      `Prepared ${formatShortDay(report.today)} by ${options.preparedBy}. A rule counts as covered when a person confirmed that a section of an approved policy covers it.`,
    );

  heading('Coverage of the rules that apply to the institution');
  if (report.areas.length === 0)
    line('No rule of the library applies under the institution’s profile.');
  for (const area of report.areas) {
    doc
      .font(PDF_FONTS.bold)
      .fontSize(10)
      .fillColor('#0f172a')
      .text(
        `${REGULATION_AREA_INFO[area.area].label}: ${area.coveredRules} of ${area.applicableRules} rules covered`,
      );
    for (const rule of area.uncovered)
      line(`  Not covered: ${rule.id} — ${rule.title} — ${rule.citation}`);
    doc.moveDown(0.4);
  }

  heading('Approved policies covering rules retired from the library');
  if (report.retiredRules.length === 0) line('None.');
  for (const gap of report.retiredRules) {
    line(
      `${policyName(gap.policy)} (version ${gap.policy.version}), “${gap.sectionHeading}”: ${gap.rule.id} — ${gap.rule.citation}`,
    );
  }

  heading('Rules updated in the library since the policy was approved');
  if (report.updatedRules.length === 0) line('None.');
  for (const gap of report.updatedRules) {
    line(
      `${policyName(gap.policy)} (version ${gap.policy.version}, approved ${day(gap.approvedAt)}): ${gap.rule.id} — ${gap.rule.citation}, article updated ${day(gap.articleUpdatedAt)}`,
    );
  }

  heading('Reviews overdue');
  if (report.overdueReviews.length === 0) line('None.');
  for (const gap of report.overdueReviews) {
    line(
      `${policyName(gap.policy)} (version ${gap.policy.version}): review was due ${formatShortDay(gap.nextReviewDate)}`,
    );
  }

  heading('Policies with no approved version');
  if (report.notInForce.length === 0) line('None.');
  for (const gap of report.notInForce) {
    line(
      `${policyName(gap.policy)}: latest version ${gap.policy.version}, ${POLICY_VERSION_STATUS_LABELS[gap.status].toLowerCase()}`,
    );
  }

  doc
    .moveDown()
    .fontSize(8)
    .fillColor('#475569')
    .text(
      'Informational only; not legal advice. Coverage is the institution’s own judgement recorded in Complivue.',
    );
  doc.end();
  return out;
}
