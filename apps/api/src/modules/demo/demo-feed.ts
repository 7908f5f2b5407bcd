import type { Db } from '@complivue/db/database';
import {
  companyWatchlists,
  feedItems,
  feedItemSources,
  feedSources,
} from '@complivue/db/schema/feeds';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import type { FeedDocumentType } from '@complivue/shared/regulatory-monitoring';
import { and, eq, inArray } from 'drizzle-orm';
import { dedupeKey, linkKey } from '../feeds/feed-ingest.ts';

/**
 * The demo institution's regulatory updates: three real CFPB documents from the Federal Register,
 * described from their own summaries, one each for TRID, QM and HMDA (the demo's dashboard in
 * docs/product.md § Dashboard). They come from a source of the demo institution's own that is
 * switched off (this machine may have no internet), so no other institution sees them. Their keys
 * are in the institution's own scope, as the ingestion pipeline writes a company source's items
 * (feed-ingest.ts), so a shared source that later carries a document stores its own copy.
 */
const DEMO_SOURCE = {
  name: 'Federal Register: CFPB mortgage rules (demo selection)',
  url: 'https://www.federalregister.gov/api/v1/documents.json?conditions[agencies][]=consumer-financial-protection-bureau&conditions[type][]=RULE',
};

interface DemoDocument {
  /** The Federal Register document number, where it was checked (else the item's guid is its link). */
  documentNumber?: string;
  /** The Federal Register citation, where it was checked. */
  citation?: string;
  title: string;
  summary: string;
  link: string;
  publicationDate: string;
  /** The date the document takes effect, where it was checked. */
  effectiveDate?: string;
  documentType: FeedDocumentType;
  areas: RegulationArea[];
  citations: string[];
}

const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    documentNumber: '2025-22773',
    citation: '90 FR 57890',
    title:
      'Truth in Lending (Regulation Z) Annual Threshold Adjustments (Credit Cards, HOEPA, and Qualified Mortgages)',
    summary:
      'Final rule; official interpretation. The CFPB revises the dollar amounts in Regulation Z that it must adjust each year, including those for HOEPA high-cost mortgages and for qualified mortgages, based on the annual percentage change of the Consumer Price Index as of June 1, 2025.',
    link: 'https://www.federalregister.gov/documents/2025/12/15/2025-22773/truth-in-lending-regulation-z-annual-threshold-adjustments-credit-cards-hoepa-and-qualified-mortgages',
    publicationDate: '2025-12-15',
    effectiveDate: '2026-01-01',
    documentType: 'final_rule',
    areas: ['qm_atr', 'tila'],
    citations: ['12 CFR part 1026'],
  },
  {
    title: 'Home Mortgage Disclosure (Regulation C) Adjustment to Asset-Size Exemption Threshold',
    summary:
      'Final rule. The CFPB revises the official commentary to Regulation C to adjust the asset-size exemption threshold for banks, savings associations and credit unions by the change in the average of the CPI-W for the 12 months ending in November 2025, to $59 million from $58 million: an institution with assets of $59 million or less on December 31, 2025 is exempt from collecting HMDA data in 2026.',
    // The CFPB's page of the rule, which lists each year's adjustment: the 2026 notice's document
    // number could not be checked from here, so the item does not name one.
    link: 'https://www.consumerfinance.gov/rules-policy/final-rules/home-mortgage-disclosure-regulation-c-adjustment-asset-size-exemption-threshold/',
    publicationDate: '2026-01-07',
    documentType: 'final_rule',
    areas: ['hmda'],
    citations: ['12 CFR part 1003'],
  },
  {
    documentNumber: '2018-09243',
    citation: '83 FR 19159',
    title: 'Federal Mortgage Disclosure Requirements Under the Truth in Lending Act (Regulation Z)',
    summary:
      'Final rule; official interpretation. The CFPB amends the TILA-RESPA integrated disclosure requirements of Regulation Z: a creditor may compare charges paid by or imposed on the consumer to amounts disclosed on a Closing Disclosure, instead of a Loan Estimate, to determine whether an estimated closing cost was disclosed in good faith, regardless of when the Closing Disclosure is provided relative to consummation.',
    link: 'https://www.federalregister.gov/documents/2018/05/02/2018-09243/federal-mortgage-disclosure-requirements-under-the-truth-in-lending-act-regulation-z',
    publicationDate: '2018-05-02',
    effectiveDate: '2018-06-01',
    documentType: 'final_rule',
    areas: ['trid'],
    citations: ['12 CFR part 1026'],
  },
];

/**
 * Documents an earlier demo selection showed and this one replaced, removed from a demo seeded
 * before: the 2025 HMDA threshold (December 2024), stale beside the 2026 one.
 */
const RETIRED_DEMO_DOCUMENTS = [
  {
    documentNumber: '2024-30652',
    link: 'https://www.federalregister.gov/documents/2024/12/27/2024-30652/home-mortgage-disclosure-regulation-c-adjustment-to-asset-size-exemption-threshold',
  },
];

/** What the demo institution watches: its three focus areas, two keywords, the CFPB. */
const DEMO_WATCHLIST = {
  areas: ['trid', 'qm_atr', 'hmda'] as RegulationArea[],
  keywords: ['Closing Disclosure', 'asset-size'],
  agencies: ['CFPB'],
};

/**
 * Adds what is missing (idempotent): the source, the three documents, the watchlist; removes
 * the documents of an earlier selection.
 */
export async function seedDemoFeed(
  tx: Db,
  options: { companyId: string; adminId: string; now: Date },
): Promise<string[]> {
  const { companyId } = options;
  const [existing] = await tx
    .select({ id: feedSources.id })
    .from(feedSources)
    .where(and(eq(feedSources.companyId, companyId), eq(feedSources.url, DEMO_SOURCE.url)));
  const sourceId =
    existing?.id ??
    (
      await tx
        .insert(feedSources)
        .values({
          companyId,
          name: DEMO_SOURCE.name,
          url: DEMO_SOURCE.url,
          format: 'federal_register',
          agency: 'CFPB',
          enabled: false,
          createdBy: options.adminId,
        })
        .returning({ id: feedSources.id })
    )[0]!.id;

  const rows = DEMO_DOCUMENTS.map((document) => {
    const guid = document.documentNumber
      ? `federalregister:${document.documentNumber}`
      : document.link;
    // The Federal Register publishes by date; noon UTC keeps that date in every US time zone.
    const publishedAt = new Date(`${document.publicationDate}T12:00:00Z`);
    return {
      dedupeKey: dedupeKey({ guid, link: document.link }, companyId),
      linkKey: linkKey(document.link, companyId),
      guid,
      link: document.link,
      title: document.title,
      summary: document.summary,
      publishedAt,
      firstSeenAt: options.now,
      sortAt: publishedAt,
      documentType: document.documentType,
      areas: document.areas,
      citations: document.citations,
      agencies: ['CFPB'],
      effectiveDate: document.effectiveDate ?? null,
      extra: {
        ...(document.documentNumber ? { documentNumber: document.documentNumber } : {}),
        federalRegisterType: 'Rule',
        ...(document.citation ? { federalRegisterCitation: document.citation } : {}),
        agencyNames: 'Consumer Financial Protection Bureau',
      },
    };
  });
  await tx.delete(feedItems).where(
    inArray(
      feedItems.dedupeKey,
      RETIRED_DEMO_DOCUMENTS.map((document) =>
        dedupeKey(
          { guid: `federalregister:${document.documentNumber}`, link: document.link },
          companyId,
        ),
      ),
    ),
  );
  await tx.insert(feedItems).values(rows).onConflictDoNothing({ target: feedItems.dedupeKey });
  const items = await tx
    .select({ id: feedItems.id })
    .from(feedItems)
    .where(
      inArray(
        feedItems.dedupeKey,
        rows.map((row) => row.dedupeKey),
      ),
    );
  await tx
    .insert(feedItemSources)
    .values(
      items.map((item) => ({ itemId: item.id, sourceId, companyId, firstSeenAt: options.now })),
    )
    .onConflictDoNothing();

  await tx
    .insert(companyWatchlists)
    .values({ companyId, ...DEMO_WATCHLIST, updatedBy: options.adminId })
    .onConflictDoNothing();
  return items.map((item) => item.id);
}
