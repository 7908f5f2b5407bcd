import { describe, expect, it } from 'vitest';
import {
  assessmentStateOf,
  returnAssessmentRequestSchema,
  submitAssessmentRequestSchema,
} from './risk-assessment.ts';

describe('where the risk assessment stands', () => {
  it('is a draft with no version, after a return and once an approved version is re-opened', () => {
    expect(assessmentStateOf(undefined)).toBe('draft');
    expect(assessmentStateOf({ status: 'returned', reopenedAt: null })).toBe('draft');
    expect(assessmentStateOf({ status: 'approved', reopenedAt: new Date() })).toBe('draft');
  });

  it('awaits approval once submitted, and stays approved until re-opened', () => {
    expect(assessmentStateOf({ status: 'submitted', reopenedAt: null })).toBe('submitted');
    expect(assessmentStateOf({ status: 'approved', reopenedAt: null })).toBe('approved');
  });

  it('needs a note to submit and to return, not only spaces', () => {
    expect(submitAssessmentRequestSchema.safeParse({ note: '   ' }).success).toBe(false);
    expect(returnAssessmentRequestSchema.safeParse({ note: '' }).success).toBe(false);
    expect(submitAssessmentRequestSchema.parse({ note: ' Annual cycle ' })).toEqual({
      note: 'Annual cycle',
    });
  });
});
