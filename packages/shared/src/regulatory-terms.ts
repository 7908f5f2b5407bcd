import type { RegulationArea } from './regulation-areas.ts';

/**
 * The abbreviations compliance staff write and the words the regulations and the library spell
 * out, in both directions: a question about a "CTR" finds the library's "currency transaction
 * report", and one about "currency transaction reports" finds "CTR". The assistant's topic
 * filter lets every one of them through (schemas/chat.ts), and its retrieval searches for both
 * forms (apps/api/src/modules/chat/library-answer.ts).
 */
export interface RegulatoryTerm {
  /** Lower-case, as typed: "ctr", "le", "reg b". */
  abbreviation: string;
  /** The phrases it stands for, lower-case, as the library writes them. */
  phrases: readonly string[];
  /** The area of the library it belongs to, when it names one. */
  area?: RegulationArea;
  /**
   * Whether it names the whole area ("TRID", "HMDA") rather than one duty in it ("SAR", "LE"):
   * every document of the area is about it, whether a sentence repeats the name or not.
   */
  namesArea?: true;
}

export const REGULATORY_TERMS: readonly RegulatoryTerm[] = [
  { abbreviation: 'ctr', phrases: ['currency transaction report'], area: 'bsa_aml' },
  { abbreviation: 'sar', phrases: ['suspicious activity report'], area: 'bsa_aml' },
  { abbreviation: 'cip', phrases: ['customer identification program'], area: 'bsa_aml' },
  { abbreviation: 'cdd', phrases: ['customer due diligence'], area: 'bsa_aml' },
  { abbreviation: 'edd', phrases: ['enhanced due diligence'], area: 'bsa_aml' },
  { abbreviation: 'kyc', phrases: ['customer due diligence', 'customer identification'] },
  { abbreviation: 'doep', phrases: ['designation of exempt person'], area: 'bsa_aml' },
  { abbreviation: 'ofac', phrases: ['office of foreign assets control'], area: 'bsa_aml' },
  { abbreviation: 'sdn', phrases: ['specially designated nationals'], area: 'bsa_aml' },
  { abbreviation: 'fincen', phrases: ['financial crimes enforcement network'], area: 'bsa_aml' },
  { abbreviation: 'bsa', phrases: ['bank secrecy act'], area: 'bsa_aml', namesArea: true },
  {
    abbreviation: 'aml',
    phrases: ['anti-money laundering', 'money laundering'],
    area: 'bsa_aml',
    namesArea: true,
  },
  {
    abbreviation: 'lar',
    phrases: ['loan/application register', 'loan application register'],
    area: 'hmda',
  },
  {
    abbreviation: 'hmda',
    phrases: ['home mortgage disclosure act', 'regulation c'],
    area: 'hmda',
    namesArea: true,
  },
  { abbreviation: 'uli', phrases: ['universal loan identifier'], area: 'hmda' },
  { abbreviation: 'lei', phrases: ['legal entity identifier'] },
  { abbreviation: 'le', phrases: ['loan estimate'], area: 'trid' },
  { abbreviation: 'cd', phrases: ['closing disclosure'], area: 'trid' },
  {
    abbreviation: 'trid',
    phrases: ['tila-respa integrated disclosure'],
    area: 'trid',
    namesArea: true,
  },
  { abbreviation: 'coc', phrases: ['changed circumstance'], area: 'trid' },
  { abbreviation: 'hpml', phrases: ['higher-priced mortgage loan'], area: 'tila' },
  { abbreviation: 'hoepa', phrases: ['high-cost mortgage'], area: 'tila' },
  { abbreviation: 'apr', phrases: ['annual percentage rate'], area: 'tila' },
  {
    abbreviation: 'tila',
    phrases: ['truth in lending', 'regulation z'],
    area: 'tila',
    namesArea: true,
  },
  { abbreviation: 'apor', phrases: ['average prime offer rate'] },
  { abbreviation: 'atr', phrases: ['ability to repay', 'ability-to-repay'], area: 'qm_atr' },
  { abbreviation: 'qm', phrases: ['qualified mortgage'], area: 'qm_atr' },
  { abbreviation: 'dti', phrases: ['debt-to-income'], area: 'qm_atr' },
  {
    abbreviation: 'respa',
    phrases: ['real estate settlement procedures act', 'regulation x'],
    area: 'respa',
    namesArea: true,
  },
  {
    abbreviation: 'ecoa',
    phrases: ['equal credit opportunity act', 'regulation b'],
    area: 'fair_lending',
    namesArea: true,
  },
  { abbreviation: 'cra', phrases: ['community reinvestment act'], area: 'cra', namesArea: true },
  {
    abbreviation: 'fcra',
    phrases: ['fair credit reporting act', 'regulation v'],
    area: 'fcra',
    namesArea: true,
  },
  {
    abbreviation: 'udaap',
    phrases: ['unfair, deceptive, or abusive', 'unfair or deceptive'],
    area: 'udaap',
    namesArea: true,
  },
  { abbreviation: 'udap', phrases: ['unfair or deceptive'], area: 'udaap', namesArea: true },
  { abbreviation: 'mlo', phrases: ['mortgage loan originator'], area: 'safe_act' },
  { abbreviation: 'nmls', phrases: ['nationwide mortgage licensing system'], area: 'safe_act' },
  { abbreviation: 'sfha', phrases: ['special flood hazard area'], area: 'flood' },
  { abbreviation: 'sfhdf', phrases: ['standard flood hazard determination form'], area: 'flood' },
  { abbreviation: 'nfip', phrases: ['national flood insurance program'], area: 'flood' },
  { abbreviation: 'heloc', phrases: ['home equity line of credit'] },
  { abbreviation: 'uspap', phrases: ['uniform standards of professional appraisal practice'] },
  { abbreviation: 'amc', phrases: ['appraisal management company'] },
  { abbreviation: 'pmi', phrases: ['private mortgage insurance'] },
  {
    abbreviation: 'glba',
    phrases: ['gramm-leach-bliley act', 'regulation p'],
    area: 'privacy',
    namesArea: true,
  },
  { abbreviation: 'npi', phrases: ['nonpublic personal information'], area: 'privacy' },
  {
    abbreviation: 'scra',
    phrases: ['servicemembers civil relief act'],
    area: 'servicemembers',
    namesArea: true,
  },
  {
    abbreviation: 'mla',
    phrases: ['military lending act'],
    area: 'servicemembers',
    namesArea: true,
  },
];

/** Plain words a question uses for what the library calls by another word. */
export const WORD_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  keep: ['kept', 'retain', 'retained', 'retention', 'maintain'],
  kept: ['keep', 'retain', 'retained', 'retention', 'maintain'],
  retain: ['keep', 'kept', 'retention'],
  retention: ['retain', 'keep', 'kept'],
  store: ['retain', 'keep', 'kept'],
  due: ['file', 'submit', 'deliver', 'provide'],
  send: ['deliver', 'provide', 'mail'],
  give: ['deliver', 'provide', 'furnish'],
  issue: ['provide', 'deliver'],
  get: ['receive'],
  file: ['submit'],
  filed: ['submit'],
  submit: ['file'],
  fees: ['charges'],
  fee: ['charge'],
  charge: ['impose', 'collect'],
  cure: ['refund'],
  fix: ['correct', 'cure'],
  mistake: ['error'],
  treated: ['considered', 'deemed', 'presumed'],
  deemed: ['considered', 'treated', 'presumed'],
  cancel: ['terminate', 'cancellation'],
  bought: ['acquired', 'acquisition', 'purchased'],
  buy: ['acquire', 'purchase'],
  sold: ['sale', 'transfer', 'transferred'],
  sell: ['sale', 'transfer'],
  tell: ['notify', 'notice', 'inform'],
  pressure: ['coercion', 'influence', 'intimidation'],
  violates: ['failure', 'misconduct', 'noncompliance'],
  apply: ['applies', 'subject', 'covered'],
  start: ['begin', 'restart'],
  restart: ['new'],
  wait: ['waiting'],
  ask: ['request'],
  answer: ['respond', 'response'],
  customer: ['consumer'],
  owns: ['owner'],
  cash: ['currency'],
  money: ['funds'],
  denied: ['adverse', 'deny', 'decline'],
  home: ['dwelling'],
  residence: ['dwelling'],
  house: ['dwelling'],
  firm: ['company', 'institution'],
};

const BY_ABBREVIATION = new Map(REGULATORY_TERMS.map((term) => [term.abbreviation, term]));

/** The term an abbreviation typed in a question stands for ("ctrs" → CTR). */
export function termOfAbbreviation(word: string): RegulatoryTerm | undefined {
  return BY_ABBREVIATION.get(word) ?? BY_ABBREVIATION.get(word.replace(/s$/, ''));
}

/** Every abbreviation and phrase of the table, for the topic filter. */
export function regulatoryKeywords(): string[] {
  return [...new Set(REGULATORY_TERMS.flatMap((term) => [term.abbreviation, ...term.phrases]))];
}
