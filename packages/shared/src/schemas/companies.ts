import { z } from 'zod';
import {
  ASSETS_SIZES,
  INSTITUTION_TYPES,
  PRIMARY_REGULATORS,
  US_STATE_CODES,
} from '../institutions.ts';
import { REGULATION_AREAS } from '../regulation-areas.ts';
import { optionalChoice } from './optional-choice.ts';

const companyName = z.string().trim().min(1, 'Institution name is required').max(200);

export const createCompanyRequestSchema = z.object({
  name: companyName,
  institutionType: z.enum(INSTITUTION_TYPES).optional(),
  assetsSize: z.enum(ASSETS_SIZES).optional(),
});

/** The create-institution form: the request, with the selects' "Choose…" sent as nothing. */
export const createCompanyFormSchema = createCompanyRequestSchema.extend({
  institutionType: optionalChoice(INSTITUTION_TYPES),
  assetsSize: optionalChoice(ASSETS_SIZES),
});

/** The institution's profile: later capabilities scope rules, deadlines and feeds by it. */
export const companyProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  institutionType: z.enum(INSTITUTION_TYPES).nullable(),
  assetsSize: z.enum(ASSETS_SIZES).nullable(),
  primaryRegulator: z.enum(PRIMARY_REGULATORS).nullable(),
  statesOfOperation: z.array(z.enum(US_STATE_CODES)),
  regulationAreas: z.array(z.enum(REGULATION_AREAS)),
  updatedAt: z.string(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

const companyProfileFields = z.object({
  name: companyName,
  institutionType: z.enum(INSTITUTION_TYPES, { message: 'Choose an institution type' }),
  assetsSize: z.enum(ASSETS_SIZES, { message: 'Choose an asset size' }),
  primaryRegulator: z.enum(PRIMARY_REGULATORS, { message: 'Choose a primary regulator' }),
  statesOfOperation: z
    .array(z.enum(US_STATE_CODES, { message: 'Unknown state code' }))
    .max(US_STATE_CODES.length),
  regulationAreas: z
    .array(z.enum(REGULATION_AREAS, { message: 'Unknown regulation area' }))
    .max(REGULATION_AREAS.length),
});

/** A partial update: only the fields sent change; lists replace the stored list. */
export const updateCompanyProfileRequestSchema = companyProfileFields
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateCompanyProfileRequest = z.infer<typeof updateCompanyProfileRequestSchema>;

/**
 * The company profile form (Settings and the onboarding wizard): every field the wizard asks
 * for filled in, as `isCompanyProfileComplete` counts it, with at least one regulation area.
 */
export const companyProfileFormSchema = companyProfileFields.extend({
  regulationAreas: companyProfileFields.shape.regulationAreas.min(
    1,
    'Choose at least one regulation area',
  ),
});

/** Whether the fields the wizard asks for are all filled in. */
export function isCompanyProfileComplete(profile: CompanyProfile): boolean {
  return Boolean(
    profile.institutionType &&
    profile.assetsSize &&
    profile.primaryRegulator &&
    profile.regulationAreas.length > 0,
  );
}

export const COMPANY_MESSAGES = {
  already_member: 'You already belong to an institution.',
  no_company: 'You do not belong to an institution yet.',
} as const;
