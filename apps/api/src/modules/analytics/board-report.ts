import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { formatShortDay } from '@complivue/shared/calendar-days';
import { coverageText } from '@complivue/shared/compliance-score';
import { DEADLINE_OUTCOME_LABELS } from '@complivue/shared/deadline-outcomes';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import { FINDING_SEVERITY_LEVELS, findingNumberLabel } from '@complivue/shared/risk-findings';
import { RISK_BAND_LABELS } from '@complivue/shared/risk-scoring';
import type {
  AnalyticsChanges,
  AnalyticsDeadlines,
  AnalyticsOverview,
  AnalyticsQuery,
  ComplianceFigures,
  PeriodDueDateEntry,
} from '@complivue/shared/schemas/analytics';
import type { FindingSummary } from '@complivue/shared/schemas/risk-findings';
import { riskNumberLabel, type RiskSummary } from '@complivue/shared/schemas/risks';
import { eq } from 'drizzle-orm';
import { PDF_MUTED, reportPdf, type PdfPen } from '../../lib/pdf-pen.ts';
import { findFindings } from '../risks/findings.queries.ts';
import { findRisks } from '../risks/risks.queries.ts';
import {
  getAnalyticsChanges,
  getAnalyticsDeadlines,
  getAnalyticsOverview,
  type AnalyticsViewer,
} from './analytics.service.ts';

/** How many open risks and findings the summary names. */
const TOP = 5;

export interface BoardReport {
  institution: string;
  overview: AnalyticsOverview;
  changes: AnalyticsChanges;
  deadlines: AnalyticsDeadlines;
  /** Today's register and findings: the open ones with the highest residual risk / severity. */
  topRisks: RiskSummary[];
  topFindings: FindingSummary[];
}

/** What the board report of a period is written from: the same reads as the analytics pages. */
export async function findBoardReport(
  db: Db,
  viewer: AnalyticsViewer,
  query: AnalyticsQuery,
): Promise<BoardReport> {
  const reader = { ...viewer, today: viewer.today };
  const [[company], overview, changes, deadlines, risks, findings] = await Promise.all([
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, viewer.companyId)),
    getAnalyticsOverview(db, viewer, query),
    getAnalyticsChanges(db, viewer, query),
    getAnalyticsDeadlines(db, viewer, query),
    findRisks(db, reader, { notRated: false }),
    findFindings(db, reader, { overdue: false }),
  ]);
  return {
    institution: company?.name ?? '',
    overview,
    changes,
    deadlines,
    topRisks: risks
      .filter((risk) => risk.status !== 'closed' && risk.residual !== null)
      .slice(0, TOP),
    topFindings: findings.filter((finding) => finding.status !== 'closed').slice(0, TOP),
  };
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** "82% on 45 of 117 applicable rules assessed (38%)": never the score without its coverage. */
export function scoreWithCoverage(figures: ComplianceFigures): string {
  const coverage = coverageText(figures);
  return figures.score === null
    ? `no score yet: ${coverage}`
    : `${figures.score}% compliant, on ${coverage}`;
}

/** The executive summary's sentences, each from a figure of the report (also a report email's body). */
export function summaryLines(report: BoardReport): string[] {
  const { overview } = report;
  const lines: string[] = [];
  const { compliance, changes, deadlines, feeds, team } = overview;
  if (compliance.current && compliance.currentAsOf) {
    const before =
      compliance.previous && compliance.previousAsOf
        ? ` At the close of ${overview.previous.label} (${formatShortDay(compliance.previousAsOf)}): ${scoreWithCoverage(compliance.previous)}.`
        : ` No figures were recorded for the close of ${overview.previous.label}.`;
    lines.push(
      `Compliance score as of ${formatShortDay(compliance.currentAsOf)}: ${scoreWithCoverage(compliance.current)}.${before}`,
    );
  }
  const cycle =
    changes.medianCycleDays.current === null
      ? ''
      : ` (median ${plural(Math.round(changes.medianCycleDays.current), 'day')} from identified to closed)`;
  const open =
    changes.open === null
      ? ''
      : ` ${plural(changes.open, 'change')} open at the close, ${changes.overdue} overdue.`;
  lines.push(
    `Regulatory changes: ${changes.closed.current} implemented and closed${cycle}, ${changes.opened.current} identified (previous period: ${changes.closed.previous} closed, ${changes.opened.previous} identified).${open}`,
  );
  const due = deadlines.current;
  const total = due.on_time + due.late + due.missed + due.open;
  lines.push(
    `Deadlines: ${plural(total, 'due date')} in the period — ${due.on_time} met on time, ${due.late} done late, ${due.missed} missed, ${due.open} not yet due. ${plural(deadlines.upcoming, 'due date')} in the next 90 days.`,
  );
  lines.push(
    `Regulatory updates: ${plural(feeds.relevant.current, 'relevant update')} published, ${feeds.triaged.current} triaged (opened by a member or taken into change management).`,
  );
  if (overview.risks) {
    const { bands } = overview.risks;
    lines.push(
      `Risk register: ${bands.critical} critical, ${bands.high} high, ${bands.moderate} moderate, ${bands.low} low residual risks, ${bands.notRated} not rated${
        overview.risks.openFindings === null
          ? ''
          : `; ${plural(overview.risks.openFindings, 'open finding')}, ${overview.risks.overdueFindings} with a corrective action overdue`
      }.`,
    );
  }
  lines.push(
    `Team: ${plural(team.actions.current, 'recorded compliance action')} (previous period: ${team.actions.previous}).`,
  );
  return lines;
}

const dueDateLine = (dueDate: PeriodDueDateEntry) => {
  const owner = dueDate.ownerName ? `owner ${dueDate.ownerName}` : 'no owner';
  const done = dueDate.doneOn
    ? `, marked done ${formatShortDay(dueDate.doneOn)}${dueDate.doneByName ? ` by ${dueDate.doneByName}` : ''}${dueDate.evidenceNote ? ` — “${dueDate.evidenceNote}”` : ''}`
    : ', never marked done';
  return `${formatShortDay(dueDate.date)} · ${dueDate.title} (${owner})${done}`;
};

function drawBoardReport(write: PdfPen, report: BoardReport) {
  const { overview, changes, deadlines } = report;
  write.heading('Executive summary');
  for (const line of summaryLines(report)) write.line(`• ${line}`);

  write.heading('Deadlines missed or done late');
  const troubled = deadlines.dueDates.filter(
    (dueDate) => dueDate.outcome === 'missed' || dueDate.outcome === 'late',
  );
  if (troubled.length === 0) write.line('None in the period.');
  for (const dueDate of troubled) {
    write.line(`${DEADLINE_OUTCOME_LABELS[dueDate.outcome]}: ${dueDateLine(dueDate)}`);
  }

  write.heading('Upcoming deadlines (next 90 days)');
  if (deadlines.upcoming.length === 0) write.line('None.');
  for (const dueDate of deadlines.upcoming) write.line(dueDateLine(dueDate));

  write.heading('Top open risks (register today)');
  if (report.topRisks.length === 0) write.line('No rated open risk.');
  for (const risk of report.topRisks) {
    write.line(
      `${riskNumberLabel(risk.number)} ${risk.title} — ${REGULATION_AREA_INFO[risk.area].tag}, residual ${risk.residual!.score} (${RISK_BAND_LABELS[risk.residual!.band]})${risk.ownerName ? `, owner ${risk.ownerName}` : ''}`,
    );
  }

  write.heading('Top open findings (today)');
  if (report.topFindings.length === 0) write.line('No open finding.');
  for (const finding of report.topFindings) {
    write.line(
      `${findingNumberLabel(finding.number)} ${finding.title} — ${FINDING_SEVERITY_LEVELS[finding.severity].label}${finding.overdueActions > 0 ? `, ${plural(finding.overdueActions, 'corrective action')} overdue` : ''}${finding.nextDueDate ? `, next action due ${formatShortDay(finding.nextDueDate)}` : ''}`,
    );
  }

  write.heading('Regulatory changes implemented (closed in the period)');
  const closed = changes.changes.filter((change) => change.cycleDays !== null);
  if (closed.length === 0) write.line('None.');
  for (const change of closed) {
    write.line(
      `${changeNumberLabel(change.number)} ${change.title} — identified ${formatShortDay(change.openedOn)}, closed ${formatShortDay(change.closedOn!)} (${plural(change.cycleDays!, 'day')})`,
    );
  }

  write.heading('Where each figure comes from');
  for (const source of [
    `Score and coverage: the Compliance Library's rule assessments of the rules that apply to the institution's profile — compliant ÷ (assessed and applicable) — read live for today and from the daily snapshot for a past day${overview.trend.some((point) => point.backfilled) ? '; days before snapshots were kept are rebuilt from each assessment’s history (marked backfilled)' : ''}.`,
    'Changes: Change Management, by the day each change was created and closed (US Eastern); the list above is every change closed in the period.',
    'Deadlines: the Regulatory Calendar’s due dates in the period that apply to the profile; on time means marked done on or before the due date, with its evidence.',
    'Regulatory updates: Regulatory Feeds items rated relevant to the institution, by the UTC day of publication, as the feed’s date filter reads it.',
    'Team: the audit trail’s compliance actions (sign-ins and set-up left out), by UTC day, as User Activity lists them.',
  ]) {
    write.line(source, { color: PDF_MUTED });
  }
}

/** The board report (PDF) of a period: the summary, the lists behind it, and the sources. */
export function boardReportPdf(
  report: BoardReport,
  options: { preparedBy: string; now: Date },
): Readable {
  const { period } = report.overview;
  return reportPdf({
    title: `Compliance report to the board — ${period.label}`,
    subtitle: `${report.institution} — ${formatShortDay(period.from)} to ${formatShortDay(period.to)}`,
    footer: `Board report ${period.label} · ${report.institution}`,
    preparedBy: options.preparedBy,
    now: options.now,
    draw: (_doc, write) => drawBoardReport(write, report),
  });
}

/** The board report as bytes, for an email attachment. */
export const boardReportBuffer = (
  report: BoardReport,
  options: { preparedBy: string; now: Date },
): Promise<Buffer> => buffer(boardReportPdf(report, options));
