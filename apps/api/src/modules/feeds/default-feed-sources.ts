import type { Db } from '@complivue/db/database';
import { feedSources } from '@complivue/db/schema/feeds';
import type { Agency, FeedFormat } from '@complivue/shared/regulatory-monitoring';
import { isNull } from 'drizzle-orm';

/**
 * The platform's default feed sources, added at start when missing. Only addresses known to be
 * real are listed; a super admin adds or corrects others in the console (Feed sources tab),
 * where a wrong address shows as failing with the server's answer.
 *
 * Rules, proposed rules and notices of every agency come from the Federal Register documents
 * API, one source per agency: that is where they are legally published, with structured CFR
 * references. The agencies' own news feeds add press releases, enforcement actions and
 * guidance that the Federal Register does not carry.
 *
 * Not listed, for want of a verified address: NCUA and FFIEC news feeds (their publications in
 * the Federal Register are covered below) and FinCEN news (FinCEN publishes no RSS feed; its
 * rules and notices come through the Federal Register). An operator adding them should check
 * the address on the agency's site first.
 */

export interface DefaultFeedSource {
  name: string;
  url: string;
  format: FeedFormat;
  agency: Agency;
}

/** The fields the Federal Register sources ask for (the parser reads exactly these). */
const FEDERAL_REGISTER_FIELDS = [
  'abstract',
  'action',
  'agencies',
  'cfr_references',
  'citation',
  'comments_close_on',
  'document_number',
  'effective_on',
  'html_url',
  'pdf_url',
  'publication_date',
  'title',
  'type',
];

/** The documents API query for one agency's newest 50 documents. */
export function federalRegisterAgencyUrl(slug: string): string {
  const fields = FEDERAL_REGISTER_FIELDS.map((field) => `fields[]=${field}`).join('&');
  return `https://www.federalregister.gov/api/v1/documents.json?conditions[agencies][]=${slug}&order=newest&per_page=50&${fields}`;
}

const federalRegister = (agency: Agency, name: string, slug: string): DefaultFeedSource => ({
  name: `Federal Register: ${name}`,
  url: federalRegisterAgencyUrl(slug),
  format: 'federal_register',
  agency,
});

export const DEFAULT_FEED_SOURCES: DefaultFeedSource[] = [
  {
    name: 'CFPB newsroom',
    url: 'https://www.consumerfinance.gov/about-us/newsroom/feed/',
    format: 'rss',
    agency: 'CFPB',
  },
  federalRegister(
    'CFPB',
    'Consumer Financial Protection Bureau',
    'consumer-financial-protection-bureau',
  ),
  federalRegister('OCC', 'Comptroller of the Currency', 'comptroller-of-the-currency'),
  federalRegister(
    'FDIC',
    'Federal Deposit Insurance Corporation',
    'federal-deposit-insurance-corporation',
  ),
  federalRegister(
    'NCUA',
    'National Credit Union Administration',
    'national-credit-union-administration',
  ),
  federalRegister('FRB', 'Federal Reserve System', 'federal-reserve-system'),
  federalRegister(
    'FinCEN',
    'Financial Crimes Enforcement Network',
    'financial-crimes-enforcement-network',
  ),
  // The FFIEC's own slug in the Federal Register; an operator should confirm it answers.
  federalRegister(
    'FFIEC',
    'Federal Financial Institutions Examination Council',
    'federal-financial-institutions-examination-council',
  ),
  {
    name: 'OCC news releases',
    url: 'https://www.occ.gov/rss/occ_news.xml',
    format: 'rss',
    agency: 'OCC',
  },
  {
    // The FDIC publishes its press releases through GovDelivery.
    name: 'FDIC press releases',
    url: 'https://public.govdelivery.com/topics/USFDIC_26/feed.rss',
    format: 'rss',
    agency: 'FDIC',
  },
  {
    name: 'Federal Reserve: banking and consumer regulatory policy',
    url: 'https://www.federalreserve.gov/feeds/press_bcreg.xml',
    format: 'rss',
    agency: 'FRB',
  },
  {
    name: 'Federal Reserve: enforcement actions',
    url: 'https://www.federalreserve.gov/feeds/press_enforcement.xml',
    format: 'rss',
    agency: 'FRB',
  },
];

/**
 * Adds the default sources whose address has never been a shared source. A source a super admin
 * edited keeps its edits, and one they removed stays removed (its row remains, marked deleted),
 * so running this at every start is safe; two instances starting together insert once (the
 * unique index on shared addresses, ON CONFLICT DO NOTHING).
 */
export async function seedDefaultFeedSources(db: Db): Promise<number> {
  const known = await db
    .select({ url: feedSources.url })
    .from(feedSources)
    .where(isNull(feedSources.companyId));
  const present = new Set(known.map((row) => row.url));
  const missing = DEFAULT_FEED_SOURCES.filter((source) => !present.has(source.url));
  if (missing.length === 0) return 0;
  const inserted = await db
    .insert(feedSources)
    .values(missing.map((source) => ({ ...source, companyId: null })))
    .onConflictDoNothing()
    .returning({ id: feedSources.id });
  return inserted.length;
}
