export const INSTITUTION_TYPES = [
  'credit_union',
  'community_bank',
  'mortgage_company',
  'other',
] as const;
export type InstitutionType = (typeof INSTITUTION_TYPES)[number];

export const ASSETS_SIZES = ['under_100m', '100m_500m', '500m_1b', '1b_5b', 'over_5b'] as const;
export type AssetsSize = (typeof ASSETS_SIZES)[number];

export const PROFILE_STATUSES = ['active', 'invited', 'suspended'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];
