import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import {
  companyWatchlists,
  feedItemRelevance,
  feedItems,
  feedItemSources,
} from '@complivue/db/schema/feeds';
import type { InstitutionType, PrimaryRegulator } from '@complivue/shared/institutions';
import {
  REGULATION_AREA_INFO,
  suggestedRegulationAreas,
  type RegulationArea,
} from '@complivue/shared/regulation-areas';
import type { Agency, FeedDocumentType } from '@complivue/shared/regulatory-monitoring';
import { RELEVANCE_RECOMPUTE_DAYS } from '@complivue/shared/schemas/feeds';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { visibleToCompany } from './feed-items-visibility.ts';

/** What scoring needs to know about an item. */
export interface RelevanceItem {
  id: string;
  title: string;
  summary: string;
  documentType: FeedDocumentType;
  areas: RegulationArea[];
  agencies: string[];
}

export interface WatchlistTerms {
  areas: RegulationArea[];
  keywords: string[];
  agencies: string[];
}

/** What scoring needs to know about a company: its profile and its watchlist. */
export interface RelevanceProfile {
  companyId: string;
  institutionType: InstitutionType | null;
  primaryRegulator: PrimaryRegulator | null;
  /** The areas the administrator selected; null or empty: not chosen yet. */
  regulationAreas: RegulationArea[] | null;
  watchlist: WatchlistTerms | null;
}

export interface RelevanceResult {
  score: number;
  reasons: string[];
  watchlistMatch: boolean;
  /** Of the watchlist's areas, those the item is in (high-priority alerts look at these). */
  watchedAreas: RegulationArea[];
}

export const RELEVANCE_POINTS = {
  watchedArea: 40,
  firstKeyword: 20,
  furtherKeyword: 5,
  keywordCap: 30,
  watchedAgency: 15,
  profileArea: 20,
  primaryRegulator: 10,
  bindingDocument: 10,
} as const;

const PRUDENTIAL_AGENCY: Partial<Record<PrimaryRegulator, Agency>> = {
  occ: 'OCC',
  fdic: 'FDIC',
  federal_reserve: 'FRB',
  ncua: 'NCUA',
};

const BANK_REGULATORS: readonly string[] = ['OCC', 'FDIC', 'FRB'];

/** Areas whose rules cannot apply to an institution of this type (the CRA covers insured banks and savings associations only). */
function inapplicableAreas(type: InstitutionType | null): RegulationArea[] {
  return type === 'credit_union' || type === 'mortgage_company' ? ['cra'] : [];
}

const TYPE_NOUN: Record<InstitutionType, string> = {
  credit_union: 'credit unions',
  community_bank: 'banks',
  mortgage_company: 'mortgage companies',
  other: 'your institution',
};

/**
 * The agencies of an item when it was issued for another kind of institution only: an item from
 * the NCUA alone, for a bank; from bank regulators alone (OCC, FDIC, Federal Reserve), for a
 * credit union; from any prudential regulator alone, for a non-bank mortgage company. Items from
 * the CFPB, FinCEN, the FFIEC or OFAC, and joint items with the institution's own regulator,
 * are for everyone.
 */
function issuedForOthers(type: InstitutionType | null, agencies: string[]): string[] | null {
  if (agencies.length === 0 || type === null || type === 'other') return null;
  const prudentialOnly = agencies.every((agency) => [...BANK_REGULATORS, 'NCUA'].includes(agency));
  if (!prudentialOnly) return null;
  if (type === 'community_bank') return agencies.every((a) => a === 'NCUA') ? agencies : null;
  if (type === 'credit_union') return agencies.includes('NCUA') ? null : agencies;
  return agencies;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a keyword occurs as a word (or phrase) in the text, ignoring case: "escrow" matches
 * "Escrow accounts" but not "escrowed"; spaces in a phrase match any run of white space.
 */
export function containsKeyword(text: string, keyword: string): boolean {
  return keywordPattern(keyword)?.test(text) ?? false;
}

/** The pattern containsKeyword uses; null for a blank keyword. */
function keywordPattern(keyword: string): RegExp | null {
  const pattern = keyword.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
  if (!pattern) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'iu');
}

/**
 * The watchlist's keyword patterns, compiled once per profile object: a run scores many items
 * for one company with the same profile, so each keyword is compiled once per company and run,
 * not once per item.
 */
const compiledKeywords = new WeakMap<RelevanceProfile, { keyword: string; pattern: RegExp }[]>();

export function keywordPatternsOf(profile: RelevanceProfile) {
  let compiled = compiledKeywords.get(profile);
  if (!compiled) {
    compiled = (profile.watchlist?.keywords ?? []).flatMap((keyword) => {
      const pattern = keywordPattern(keyword);
      return pattern ? [{ keyword, pattern }] : [];
    });
    compiledKeywords.set(profile, compiled);
  }
  return compiled;
}

/**
 * An item's relevance to a company, 0–100, with the reasons a reader sees. The formula:
 *
 *   points (added, then capped at 100)
 *     +40  watched area     one of the item's areas is on the watchlist
 *     +20  keyword          the first watchlist keyword found as a word in the title or summary,
 *      +5                   each further one (keywords give at most 30)
 *     +15  watched agency   one of the item's agencies is on the watchlist
 *     +20  profile area     one of the item's areas is among the institution's regulation areas
 *                           (until chosen: the areas suggested for its type); an area that cannot
 *                           apply to the type (CRA for credit unions and mortgage companies)
 *                           never counts
 *     +10  your regulator   the item comes from the institution's primary regulator
 *     +10  binding document a final rule or an enforcement action that matched any of the above
 *
 *   then reduced (not below 0, rounded)
 *     ×0.25  every area of the item cannot apply to the institution's type, and none is watched
 *     ×0.5   the item was issued for another kind of institution only (see issuedForOthers) and
 *            none of its agencies is watched
 *
 * The item matches the watchlist (and is alerted) on a watched area, a keyword or a watched
 * agency.
 */
export function scoreRelevance(item: RelevanceItem, profile: RelevanceProfile): RelevanceResult {
  const reasons: string[] = [];
  const watchlist = profile.watchlist ?? { areas: [], keywords: [], agencies: [] };
  const tag = (area: RegulationArea) => REGULATION_AREA_INFO[area].tag;
  let points = 0;

  const watchedAreas = item.areas.filter((area) => watchlist.areas.includes(area));
  for (const area of watchedAreas) reasons.push(`Watched area: ${tag(area)}`);
  if (watchedAreas.length > 0) points += RELEVANCE_POINTS.watchedArea;

  const text = `${item.title}\n${item.summary}`;
  const keywords = keywordPatternsOf(profile)
    .filter(({ pattern }) => pattern.test(text))
    .map(({ keyword }) => keyword);
  for (const keyword of keywords) reasons.push(`Keyword: ${keyword}`);
  if (keywords.length > 0) {
    points += Math.min(
      RELEVANCE_POINTS.keywordCap,
      RELEVANCE_POINTS.firstKeyword + (keywords.length - 1) * RELEVANCE_POINTS.furtherKeyword,
    );
  }

  const watchedAgencies = item.agencies.filter((agency) => watchlist.agencies.includes(agency));
  for (const agency of watchedAgencies) reasons.push(`Agency: ${agency}`);
  if (watchedAgencies.length > 0) points += RELEVANCE_POINTS.watchedAgency;

  const excluded = inapplicableAreas(profile.institutionType);
  const selected = profile.regulationAreas?.length
    ? profile.regulationAreas
    : suggestedRegulationAreas(profile.institutionType);
  const profileAreas = item.areas.filter(
    (area) => selected.includes(area) && !excluded.includes(area),
  );
  for (const area of profileAreas) reasons.push(`Your profile: ${tag(area)}`);
  if (profileAreas.length > 0) points += RELEVANCE_POINTS.profileArea;

  const regulator = profile.primaryRegulator ? PRUDENTIAL_AGENCY[profile.primaryRegulator] : null;
  if (regulator && item.agencies.includes(regulator)) {
    reasons.push(`Your regulator: ${regulator}`);
    points += RELEVANCE_POINTS.primaryRegulator;
  }

  if (
    points > 0 &&
    (item.documentType === 'final_rule' || item.documentType === 'enforcement_action')
  ) {
    points += RELEVANCE_POINTS.bindingDocument;
  }

  let score = Math.min(100, points);
  const type = profile.institutionType;
  if (
    item.areas.length > 0 &&
    watchedAreas.length === 0 &&
    item.areas.every((area) => excluded.includes(area))
  ) {
    score *= 0.25;
    reasons.push(
      `${item.areas.map(tag).join(', ')} does not apply to ${TYPE_NOUN[type ?? 'other']}`,
    );
  }
  const others = issuedForOthers(type, item.agencies);
  if (others && watchedAgencies.length === 0) {
    score *= 0.5;
    reasons.push(`Issued by ${others.join(', ')} for other kinds of institution`);
  }

  const watchlistMatch =
    watchedAreas.length > 0 || keywords.length > 0 || watchedAgencies.length > 0;
  return { score: Math.round(score), reasons, watchlistMatch, watchedAreas };
}

/** The profiles and watchlists of some companies, or of every company. */
export async function findRelevanceProfiles(
  db: Db,
  companyIds: string[] | 'all',
): Promise<RelevanceProfile[]> {
  if (companyIds !== 'all' && companyIds.length === 0) return [];
  const rows = await db
    .select({
      companyId: companies.id,
      institutionType: companies.institutionType,
      primaryRegulator: companies.primaryRegulator,
      regulationAreas: companies.regulationAreas,
      watchAreas: companyWatchlists.areas,
      watchKeywords: companyWatchlists.keywords,
      watchAgencies: companyWatchlists.agencies,
    })
    .from(companies)
    .leftJoin(companyWatchlists, eq(companyWatchlists.companyId, companies.id))
    .where(companyIds === 'all' ? undefined : inArray(companies.id, companyIds));
  return rows.map((row) => ({
    companyId: row.companyId,
    institutionType: row.institutionType ?? null,
    primaryRegulator: row.primaryRegulator ?? null,
    regulationAreas: row.regulationAreas ?? null,
    watchlist: row.watchAreas
      ? {
          areas: row.watchAreas,
          keywords: row.watchKeywords ?? [],
          agencies: row.watchAgencies ?? [],
        }
      : null,
  }));
}

export interface RelevanceRow {
  companyId: string;
  itemId: string;
  score: number;
  reasons: string[];
  watchlistMatch: boolean;
}

const WRITE_BATCH = 500;

/**
 * Stores scores, replacing earlier ones; `alerted_at` is never touched here, so an item already
 * announced is not announced again when its score is recomputed.
 */
export async function writeRelevance(db: Db, rows: RelevanceRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += WRITE_BATCH) {
    await db
      .insert(feedItemRelevance)
      .values(rows.slice(start, start + WRITE_BATCH))
      .onConflictDoUpdate({
        target: [feedItemRelevance.companyId, feedItemRelevance.itemId],
        set: {
          score: sql`excluded.score`,
          reasons: sql`excluded.reasons`,
          watchlistMatch: sql`excluded.watchlist_match`,
        },
      });
  }
}

/** Stores scores only where none exists yet (filling in items older than the company). */
export async function fillMissingRelevance(db: Db, rows: RelevanceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(feedItemRelevance).values(rows).onConflictDoNothing();
}

export const relevanceItemColumns = {
  id: feedItems.id,
  title: feedItems.title,
  summary: feedItems.summary,
  documentType: feedItems.documentType,
  areas: feedItems.areas,
  agencies: feedItems.agencies,
};

/** At most this many items are re-scored when a watchlist changes (the newest). */
export const RELEVANCE_RECOMPUTE_MAX_ITEMS = 2000;

/**
 * Recomputes a company's scores for the items it can see from the last 180 days, the newest
 * RELEVANCE_RECOMPUTE_MAX_ITEMS of them (after its watchlist or profile changed), so the cost of
 * a save is bounded however busy the feeds were. Returns how many items were scored.
 */
export async function recomputeCompanyRelevance(
  db: Db,
  companyId: string,
  now: Date = new Date(),
  maxItems: number = RELEVANCE_RECOMPUTE_MAX_ITEMS,
): Promise<number> {
  const [profile] = await findRelevanceProfiles(db, [companyId]);
  if (!profile) return 0;
  const since = new Date(now.getTime() - RELEVANCE_RECOMPUTE_DAYS * 86_400_000);
  const items = await db
    .select(relevanceItemColumns)
    .from(feedItems)
    .where(and(gte(feedItems.sortAt, since), visibleToCompany(companyId)))
    .orderBy(desc(feedItems.sortAt), desc(feedItems.id))
    .limit(maxItems);
  await writeRelevance(
    db,
    items.map((item) => {
      const { score, reasons, watchlistMatch } = scoreRelevance(item, profile);
      return { companyId, itemId: item.id, score, reasons, watchlistMatch };
    }),
  );
  return items.length;
}

/** Companies that can see an item: null in the list means every company (a shared source). */
export async function findItemAudiences(
  db: Db,
  itemIds: string[],
): Promise<Map<string, (string | null)[]>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectDistinct({ itemId: feedItemSources.itemId, companyId: feedItemSources.companyId })
    .from(feedItemSources)
    .where(inArray(feedItemSources.itemId, itemIds));
  const audiences = new Map<string, (string | null)[]>();
  for (const row of rows) {
    audiences.set(row.itemId, [...(audiences.get(row.itemId) ?? []), row.companyId]);
  }
  return audiences;
}
