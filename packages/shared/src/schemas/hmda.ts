import { z } from 'zod';

/** HMDA LAR checks (`/api/hmda`): the CFPB platform's filing edits on an uploaded file. */

export const HMDA_YEARS = [2024, 2025, 2026] as const;
export const HMDA_PERIODS = ['annual', 'Q1', 'Q2', 'Q3'] as const;
export type HmdaPeriod = (typeof HMDA_PERIODS)[number];
export const HMDA_EDIT_CATEGORIES = ['syntactical', 'validity', 'quality', 'macro'] as const;
export type HmdaEditCategory = (typeof HMDA_EDIT_CATEGORIES)[number];
export const HMDA_CHECK_STATUSES = ['format_errors', 'must_fix', 'to_verify', 'clean'] as const;
export type HmdaCheckStatus = (typeof HMDA_CHECK_STATUSES)[number];

/** Syntactical and validity edits must be fixed; quality and macro edits may be verified. */
export const isVerifiableCategory = (category: HmdaEditCategory) =>
  category === 'quality' || category === 'macro';

export const HMDA_CATEGORY_LABELS: Record<HmdaEditCategory, string> = {
  syntactical: 'Syntactical',
  validity: 'Validity',
  quality: 'Quality',
  macro: 'Macro',
};

export const HMDA_PERIOD_LABELS: Record<HmdaPeriod, string> = {
  annual: 'Annual',
  Q1: 'First quarter',
  Q2: 'Second quarter',
  Q3: 'Third quarter',
};

/** 600 MB holds a LAR of about a million rows; the file streams, so memory does not grow with it. */
export const HMDA_FILE_MAX_BYTES = 600 * 1024 * 1024;

export const HMDA_MESSAGES = {
  file_missing: 'Attach the HMDA file: the pipe-delimited text file you would submit to the CFPB.',
  file_too_large: 'A HMDA file checked here must be 600 MB or smaller (about a million rows).',
  file_type:
    'This is not a HMDA file. Upload the pipe-delimited text file (.txt) with the Transmittal Sheet as its first row.',
  not_hmda:
    'This is not a HMDA file: its first row is not a Transmittal Sheet of 15 pipe-separated values. Upload the pipe-delimited file you would submit to the CFPB.',
  year_unsupported:
    'The check runs the CFPB’s edits for the filing years 2024, 2025 and 2026. Choose one of those years or upload a file for one of them.',
  period_unsupported: 'Choose the filing period: annual, Q1, Q2 or Q3.',
  not_found: 'This HMDA check does not exist or is not visible to you.',
  edit_not_found: 'This edit did not fail in this check.',
  not_verifiable:
    'Syntactical and validity edits cannot be verified: fix the rows and upload the file again.',
  reason_required: 'Say why the data is accurate as reported (at least 10 characters).',
} as const;

export const hmdaFilingQuerySchema = z.object({
  year: z.coerce
    .number(HMDA_MESSAGES.year_unsupported)
    .int(HMDA_MESSAGES.year_unsupported)
    .refine(
      (year) => (HMDA_YEARS as readonly number[]).includes(year),
      HMDA_MESSAGES.year_unsupported,
    )
    .optional(),
  period: z.enum(HMDA_PERIODS, HMDA_MESSAGES.period_unsupported).optional(),
});

const formatErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  value: z.string(),
  validValues: z.string(),
  message: z.string(),
});
export type HmdaFormatError = z.output<typeof formatErrorSchema>;

const verificationSchema = z.object({
  reason: z.string(),
  verifiedByName: z.string(),
  verifiedAt: z.string(),
});

export const hmdaEditResultSchema = z.object({
  id: z.string(),
  category: z.enum(HMDA_EDIT_CATEGORIES),
  description: z.string(),
  /** The fields the platform names for the edit. */
  affectedFields: z.array(z.string()),
  rowCount: z.number().int(),
  /** 1-based rows of the file (the Transmittal Sheet is row 1); empty for a macro edit. */
  rows: z.array(z.number().int()),
  /** The first rows with the values of the fields the edit reads. */
  examples: z.array(
    z.object({
      row: z.number().int(),
      uli: z.string(),
      values: z.array(z.object({ field: z.string(), value: z.string() })),
    }),
  ),
  verification: verificationSchema.nullable(),
});
export type HmdaEditResult = z.output<typeof hmdaEditResultSchema>;

const categoryCountsSchema = z.object({
  syntactical: z.number().int(),
  validity: z.number().int(),
  quality: z.number().int(),
  macro: z.number().int(),
});

export const hmdaCheckSummarySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  byteSize: z.number().int(),
  year: z.number().int().nullable(),
  period: z.enum(HMDA_PERIODS).nullable(),
  lei: z.string(),
  institutionName: z.string(),
  larCount: z.number().int(),
  status: z.enum(HMDA_CHECK_STATUSES),
  formatErrorCount: z.number().int(),
  /** Failed edits per category. */
  editCounts: categoryCountsSchema,
  /** Quality and macro edits not yet verified. */
  unverifiedCount: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type HmdaCheckSummary = z.output<typeof hmdaCheckSummarySchema>;

export const hmdaCheckSchema = hmdaCheckSummarySchema.extend({
  formatErrors: z.array(formatErrorSchema),
  edits: z.array(hmdaEditResultSchema),
  /** Edits of the filing the product cannot run, with why. */
  notChecked: z.array(z.object({ id: z.string(), reason: z.string() })),
  /** Against the institution's previous check of the same filing year and period. */
  progress: z
    .object({
      previousId: z.string(),
      previousCreatedAt: z.string(),
      fixed: z.array(z.string()),
      added: z.array(z.string()),
      stillFailing: z.array(z.string()),
    })
    .nullable(),
});
export type HmdaCheck = z.output<typeof hmdaCheckSchema>;

export const hmdaCheckListSchema = z.object({ items: z.array(hmdaCheckSummarySchema) });

export const hmdaVerifyRequestSchema = z.object({
  reason: z
    .string(HMDA_MESSAGES.reason_required)
    .trim()
    .min(10, HMDA_MESSAGES.reason_required)
    .max(2000, 'Keep the reason under 2,000 characters.'),
});
