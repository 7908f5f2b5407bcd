import { PassThrough, type Readable } from 'node:stream';
import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import {
  CHANGE_STATUS_LABELS,
  riskRatingLabel,
  changeNumberLabel,
} from '@complivue/shared/regulatory-monitoring';
import {
  CHANGE_CSV_COLUMNS,
  CHANGE_IMPACT_FIELDS,
  CHANGE_IMPACT_LABELS,
} from '@complivue/shared/schemas/changes';
import { commentPlainText } from '@complivue/shared/schemas/collaboration';
import { describeChangeHistory } from '@complivue/shared/change-history-sentences';
import { sentenceText } from '@complivue/shared/history-sentences';
import { eq } from 'drizzle-orm';
import { csvStream } from '../../lib/csv.ts';
import { PDF_FONTS, unicodePdfDocument } from '../../lib/pdf-fonts.ts';
import {
  changeDetail,
  changesForExport,
  type ChangeFilterInput,
  type ChangeViewer,
} from './changes.queries.ts';

const tags = (areas: readonly string[]) =>
  areas
    .map((area) => REGULATION_AREA_INFO[area as keyof typeof REGULATION_AREA_INFO].tag)
    .join(', ');

const utc = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');

/** The institution's changes under the list's filters, one row each, in number order. */
export async function changesCsv(
  db: Db,
  viewer: ChangeViewer,
  filters: ChangeFilterInput,
): Promise<Readable> {
  const changes = await changesForExport(db, viewer, filters);
  return csvStream(
    CHANGE_CSV_COLUMNS,
    changes.map((change) => [
      changeNumberLabel(change.number),
      change.title,
      CHANGE_STATUS_LABELS[change.status],
      riskRatingLabel(change.riskRating),
      tags(change.areas),
      change.source === 'feed' ? 'Feed item' : 'Manual',
      change.effectiveDate ?? '',
      change.dueDate ?? '',
      change.overdue ? 'Yes' : 'No',
      change.ownerName ?? '',
      String(change.openTasks),
      String(change.totalTasks),
      change.impact.policies,
      change.impact.products,
      change.impact.processes,
      change.impact.systems,
      change.summary,
      utc(change.createdAt),
      utc(change.closedAt),
    ]),
  );
}

/**
 * The printable record of one change for examiners: its fields, impact assessment, tasks,
 * files, comments and complete history (who, what from → to, when). Streamed as drawn.
 */
export async function changeReportPdf(
  db: Db,
  viewer: ChangeViewer,
  options: { changeId: string; preparedBy: string; now?: Date },
): Promise<Readable> {
  const change = await changeDetail(db, viewer, options.changeId);
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, viewer.companyId));
  const now = options.now ?? new Date();

  const doc = unicodePdfDocument({
    size: 'LETTER',
    margin: 54,
    bufferPages: true,
    info: {
      Title: `${changeNumberLabel(change.number)} — ${change.title}`,
      Author: options.preparedBy,
      Creator: 'Complivue',
    },
  });
  const out = new PassThrough();
  doc.pipe(out);

  const ink = '#0f172a';
  const muted = '#475569';
  const heading = (text: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.8).font(PDF_FONTS.bold).fontSize(12).fillColor(ink).text(text);
    doc.moveDown(0.3).font(PDF_FONTS.regular).fontSize(9.5);
  };
  const field = (name: string, value: string) => {
    doc
      .font(PDF_FONTS.bold)
      .fontSize(9.5)
      .fillColor(ink)
      .text(`${name}: `, { continued: true })
      .font(PDF_FONTS.regular)
      .text(value || '—');
  };

  doc.font(PDF_FONTS.bold).fontSize(18).fillColor(ink).text('Regulatory change record');
  doc
    .moveDown(0.2)
    .font(PDF_FONTS.bold)
    .fontSize(13)
    .text(`${changeNumberLabel(change.number)} — ${change.title}`);
  doc
    .moveDown(0.2)
    .font(PDF_FONTS.regular)
    .fontSize(9)
    .fillColor(muted)
    .text(`${company?.name ?? ''}. Prepared ${utc(now.toISOString())} by ${options.preparedBy}.`);

  heading('Details');
  field('Status', CHANGE_STATUS_LABELS[change.status]);
  if (change.notApplicableReason) field('Why not applicable', change.notApplicableReason);
  field('Risk rating', riskRatingLabel(change.riskRating));
  field(
    'Regulation areas',
    change.areas
      .map((area) => `${REGULATION_AREA_INFO[area].tag} (${REGULATION_AREA_INFO[area].citation})`)
      .join('; '),
  );
  field('Source', change.source === 'feed' ? 'Regulatory feed item' : 'Entered by hand');
  if (change.feedItem) field('Publication', `${change.feedItem.title} — ${change.feedItem.link}`);
  field('Effective date', change.effectiveDate ?? '');
  field('Due date', `${change.dueDate ?? ''}${change.overdue ? ' (overdue)' : ''}`);
  field('Owner', change.ownerName ?? '');
  field(
    'Created',
    `${utc(change.createdAt)}${change.createdByName ? ` by ${change.createdByName}` : ''}`,
  );
  if (change.closedAt) field('Finished', utc(change.closedAt));

  heading('Summary');
  doc.fillColor(ink).text(change.summary || '—');

  heading('Impact assessment');
  field('Risk rating', riskRatingLabel(change.riskRating));
  for (const key of CHANGE_IMPACT_FIELDS) field(CHANGE_IMPACT_LABELS[key], change.impact[key]);

  heading(`Tasks (${change.tasks.length})`);
  if (change.tasks.length === 0) doc.fillColor(muted).text('No tasks.');
  for (const task of change.tasks) {
    doc
      .fillColor(ink)
      .text(
        `${task.doneAt ? '[done]' : '[open]'} ${task.title} — assignee: ${task.assigneeName ?? '—'}; due: ${task.dueDate ?? '—'}${
          task.doneAt
            ? `; done ${utc(task.doneAt)}${task.doneByName ? ` by ${task.doneByName}` : ''}`
            : ''
        }${task.overdue ? ' (overdue)' : ''}`,
      );
  }

  heading(`Attachments (${change.attachments.length})`);
  if (change.attachments.length === 0) doc.fillColor(muted).text('No files.');
  for (const file of change.attachments) {
    doc
      .fillColor(ink)
      .text(
        `${file.fileName} (${Math.max(1, Math.round(file.sizeBytes / 1024))} KB) — added ${utc(file.createdAt)} by ${file.uploadedByName ?? 'a former member'}`,
      );
  }

  heading(`Comments (${change.comments.length})`);
  if (change.comments.length === 0) doc.fillColor(muted).text('No comments.');
  for (const comment of change.comments) {
    doc
      .font(PDF_FONTS.bold)
      .fillColor(ink)
      .text(`${comment.authorName}, ${utc(comment.createdAt)}`);
    doc.font(PDF_FONTS.regular).text(commentPlainText(comment.body)).moveDown(0.3);
  }

  heading('History');
  // Oldest first: the order an examiner reads a record in.
  for (const entry of [...change.history].reverse()) {
    if (doc.y > doc.page.height - 100) doc.addPage();
    const sentence = describeChangeHistory(entry, { feedItem: change.feedItem });
    doc.font(PDF_FONTS.bold).fillColor(ink).text(utc(entry.createdAt));
    doc
      .font(PDF_FONTS.regular)
      .fillColor('#334155')
      .text(sentenceText(sentence, { withAddresses: true }), { indent: 12 });
    for (const quote of sentence.quotes) {
      doc.text(`${quote.label}: ${quote.text}`, { indent: 24 });
    }
    doc.moveDown(0.3);
  }

  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font(PDF_FONTS.regular)
      .fontSize(8)
      .fillColor(muted)
      .text(
        `${changeNumberLabel(change.number)} · page ${index + 1} of ${range.count}`,
        54,
        doc.page.height - 40,
        { lineBreak: false },
      );
  }
  doc.end();
  return out;
}
