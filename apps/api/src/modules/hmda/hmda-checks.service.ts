import type { Readable } from 'node:stream';
import { hmdaCheckEdits, hmdaChecks } from '@complivue/db/schema/hmda';
import {
  HMDA_MESSAGES,
  HMDA_YEARS,
  isVerifiableCategory,
  type HmdaCheck,
  type HmdaCheckStatus,
  type HmdaEditCategory,
  type HmdaPeriod,
} from '@complivue/shared/schemas/hmda';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { DatedActor } from '../auth/actor.ts';
import { createChange } from '../changes/changes.service.ts';
import { parserValidValues } from './edit-descriptions.ts';
import { editsForFiling } from './edits/edits-by-filing.ts';
import type { FilingPeriod } from './edits/edit.ts';
import { checkLarLines, periodOfQuarter, type LarCheckOutcome } from './lar-check.ts';
import { LAR_FIELD_NAMES, TS, TS_FIELD_NAMES } from './lar-fields.ts';
import { linesOfStream } from './lar-lines.ts';
import { storeHmdaUpload, type StoredUpload } from './hmda-upload.ts';
import { getHmdaCheck, getHmdaCheckEdit } from './hmda-checks.queries.ts';

class UnsupportedYear extends Error {}

const SUPPORTED_YEARS = new Set<number>(HMDA_YEARS);

const countOf = (outcome: LarCheckOutcome, category: HmdaEditCategory) =>
  outcome.edits.filter((edit) => edit.category === category).length;

function statusOf(outcome: LarCheckOutcome): HmdaCheckStatus {
  if (outcome.formatErrorCount > 0) return 'format_errors';
  if (outcome.edits.some((edit) => !isVerifiableCategory(edit.category))) return 'must_fix';
  return outcome.edits.length > 0 ? 'to_verify' : 'clean';
}

/** Where an institution's HMDA uploads are kept: one file per check. */
export const hmdaUploadKey = (companyId: string, checkId: string) =>
  `hmda/${companyId}/${checkId}.txt`;

/** Streams an upload into storage for the check `checkId` will be (refusing what is not HMDA text). */
export const receiveHmdaFile = (
  deps: Pick<ServiceDeps, 'storage'>,
  options: { companyId: string; checkId: string; source: Readable },
) =>
  storeHmdaUpload(deps.storage, hmdaUploadKey(options.companyId, options.checkId), options.source);

async function checkStoredFile(
  storage: ServiceDeps['storage'],
  upload: StoredUpload,
  filing: { year?: number; period?: HmdaPeriod },
): Promise<LarCheckOutcome> {
  const stream = await storage.getStream(upload.key);
  if (!stream) throw new Error(`the upload ${upload.key} is not stored`);
  try {
    return await checkLarLines(linesOfStream(stream), {
      validValues: parserValidValues(),
      chooseFiling(ts) {
        const year = filing.year ?? Number(ts.text(TS.calendarYear));
        if (!SUPPORTED_YEARS.has(year)) throw new UnsupportedYear(ts.text(TS.calendarYear));
        const period: FilingPeriod = filing.period ?? periodOfQuarter(ts.text(TS.calendarQuarter));
        return { year, period };
      },
      editsFor: editsForFiling,
    });
  } catch (error) {
    if (error instanceof UnsupportedYear) {
      throw new AppError(
        'validation_failed',
        `This file’s Transmittal Sheet is for ${error.message}. ${HMDA_MESSAGES.year_unsupported}`,
      );
    }
    throw error;
  } finally {
    stream.destroy();
  }
}

/**
 * Checks a stored upload (`receiveHmdaFile`) and keeps its results: the check and its failed
 * edits in one transaction. The filing is the one the caller chose, or the Transmittal Sheet's
 * year and quarter; a year the product has no edits for is refused, and then, as on any
 * failure, the file is removed: nothing is kept of a refused upload.
 */
export async function runHmdaCheck(
  deps: Pick<ServiceDeps, 'db' | 'storage'>,
  options: {
    actor: DatedActor;
    checkId: string;
    fileName: string;
    upload: StoredUpload;
    year?: number;
    period?: HmdaPeriod;
  },
): Promise<HmdaCheck> {
  const { actor, upload, checkId: id } = options;
  try {
    const outcome = await checkStoredFile(deps.storage, upload, options);
    await deps.db.transaction(async (tx) => {
      await tx.insert(hmdaChecks).values({
        id,
        companyId: actor.companyId,
        fileName: options.fileName,
        storageKey: upload.key,
        byteSize: upload.byteSize,
        sha256: upload.sha256,
        year: outcome.year,
        period: outcome.period,
        lei: outcome.lei.slice(0, 100),
        institutionName: outcome.institutionName.slice(0, 300),
        larCount: outcome.larCount,
        status: statusOf(outcome),
        formatErrorCount: outcome.formatErrorCount,
        formatErrors: outcome.formatErrors.map(({ line, ...error }) => ({ row: line, ...error })),
        syntacticalCount: countOf(outcome, 'syntactical'),
        validityCount: countOf(outcome, 'validity'),
        qualityCount: countOf(outcome, 'quality'),
        macroCount: countOf(outcome, 'macro'),
        createdBy: actor.actorUserId,
        createdByName: actor.name,
      });
      if (outcome.edits.length > 0) {
        await tx.insert(hmdaCheckEdits).values(
          outcome.edits.map((edit, position) => {
            const names = edit.record === 'ts' ? TS_FIELD_NAMES : LAR_FIELD_NAMES;
            return {
              checkId: id,
              companyId: actor.companyId,
              editId: edit.id,
              category: edit.category,
              position,
              rowCount: edit.rows.length,
              rows: edit.rows,
              examples: edit.examples.map((example) => ({
                row: example.row,
                uli: example.uli,
                values: example.values.map((value, index) => ({
                  field: names[edit.fields[index]!] ?? '',
                  value,
                })),
              })),
            };
          }),
        );
      }
      await recordAudit(tx, actor, {
        action: 'hmda_check.created',
        actorUserId: actor.actorUserId,
        companyId: actor.companyId,
        targetType: 'hmda_check',
        targetId: id,
        after: { fileName: options.fileName, year: outcome.year, period: outcome.period },
      });
    });
  } catch (error) {
    await deps.storage.delete(upload.key);
    throw error;
  }
  return getHmdaCheck(deps.db, actor.companyId, id);
}

/**
 * Records that a quality or macro edit's data is accurate as reported, with the reason: the
 * platform's verification, made here by a manager or an administrator (the route's access).
 * Verifying again replaces the reason and says who did it last.
 */
export async function verifyHmdaEdit(
  deps: Pick<ServiceDeps, 'db'>,
  options: { actor: DatedActor; checkId: string; editId: string; reason: string },
): Promise<HmdaCheck> {
  const { actor, checkId, editId, reason } = options;
  const edit = await getHmdaCheckEdit(deps.db, actor.companyId, checkId, editId);
  if (!isVerifiableCategory(edit.category)) {
    throw new AppError('validation_failed', HMDA_MESSAGES.not_verifiable);
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(hmdaCheckEdits)
      .set({
        verifiedReason: reason,
        verifiedBy: actor.actorUserId,
        verifiedByName: actor.name,
        verifiedAt: new Date(),
      })
      .where(and(eq(hmdaCheckEdits.id, edit.id), eq(hmdaCheckEdits.companyId, actor.companyId)));
    await recordAudit(tx, actor, {
      action: 'hmda_edit.verified',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'hmda_check',
      targetId: checkId,
      before: { editId, reason: edit.verifiedReason },
      after: { editId, reason },
    });
  });
  return getHmdaCheck(deps.db, actor.companyId, checkId);
}

/**
 * Opens a regulatory change to fix (or document) a failed edit: titled with the edit and the
 * file, its summary the platform's description and the rows. Risk, due date and status stay
 * the member's judgement; the change starts owned by the member who opened it.
 */
export async function createChangeFromHmdaEdit(
  deps: ServiceDeps,
  options: { actor: DatedActor; checkId: string; editId: string },
): Promise<{ changeId: string }> {
  const { actor, checkId, editId } = options;
  const check = await getHmdaCheck(deps.db, actor.companyId, checkId);
  const edit = check.edits.find((candidate) => candidate.id === editId);
  if (!edit) throw new AppError('not_found', HMDA_MESSAGES.edit_not_found);
  const rows =
    edit.rows.length === 0
      ? 'the file as a whole'
      : `${edit.rowCount} row${edit.rowCount === 1 ? '' : 's'} (${edit.rows.slice(0, 20).join(', ')}${edit.rowCount > 20 ? ', …' : ''})`;
  const summary = [
    `HMDA ${edit.category} edit ${edit.id} failed on ${rows} of ${check.fileName} (filing ${check.year ?? ''} ${check.period ?? ''}, checked ${check.createdAt.slice(0, 10)}).`,
    '',
    edit.description,
    '',
    `Fields: ${edit.affectedFields.join('; ')}.`,
    'Regulation C, 12 CFR part 1003; the CFPB’s filing edits.',
  ].join('\n');
  const { id } = await createChange(deps, {
    actor,
    body: {
      title: `HMDA edit ${edit.id}: ${check.fileName}`.slice(0, 200),
      summary: summary.slice(0, 5000),
      areas: ['hmda'],
    },
  });
  return { changeId: id };
}
