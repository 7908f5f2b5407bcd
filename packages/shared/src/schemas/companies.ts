import { z } from 'zod';
import { ASSETS_SIZES, INSTITUTION_TYPES } from '../institutions.ts';

export const createCompanyRequestSchema = z.object({
  name: z.string().trim().min(1, 'Institution name is required').max(200),
  institutionType: z.enum(INSTITUTION_TYPES).optional(),
  assetsSize: z.enum(ASSETS_SIZES).optional(),
});

export const COMPANY_MESSAGES = {
  already_member: 'You already belong to an institution.',
} as const;
