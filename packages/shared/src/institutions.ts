export const INSTITUTION_TYPES = [
  'credit_union',
  'community_bank',
  'mortgage_company',
  'other',
] as const;
export type InstitutionType = (typeof INSTITUTION_TYPES)[number];

export const ASSETS_SIZES = ['under_100m', '100m_500m', '500m_1b', '1b_5b', 'over_5b'] as const;
export type AssetsSize = (typeof ASSETS_SIZES)[number];

/** A deactivated member cannot sign in; their records stay (exam evidence names them). */
export const PROFILE_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

export const INSTITUTION_TYPE_LABELS: Record<InstitutionType, string> = {
  credit_union: 'Credit union',
  community_bank: 'Community bank',
  mortgage_company: 'Mortgage company',
  other: 'Other',
};

export const ASSETS_SIZE_LABELS: Record<AssetsSize, string> = {
  under_100m: 'Under $100 million',
  '100m_500m': '$100 million – $500 million',
  '500m_1b': '$500 million – $1 billion',
  '1b_5b': '$1 billion – $5 billion',
  over_5b: 'Over $5 billion',
};

/** The prudential regulator that examines the institution (state-licensed lenders: the state). */
export const PRIMARY_REGULATORS = [
  'occ',
  'fdic',
  'federal_reserve',
  'ncua',
  'state',
  'other',
] as const;
export type PrimaryRegulator = (typeof PRIMARY_REGULATORS)[number];

export const PRIMARY_REGULATOR_LABELS: Record<PrimaryRegulator, string> = {
  occ: 'OCC (Office of the Comptroller of the Currency)',
  fdic: 'FDIC',
  federal_reserve: 'Federal Reserve',
  ncua: 'NCUA',
  state: 'State regulator only (state-licensed lender)',
  other: 'Other or not sure',
};

/** States and territories a company may operate in (USPS codes), for scoping state rules. */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
} as const;
export type UsState = keyof typeof US_STATES;
export const US_STATE_CODES = Object.keys(US_STATES) as [UsState, ...UsState[]];
