import { queryRows, type Db } from '@complivue/db/database';
import { libraryArticles, libraryRules } from '@complivue/db/schema/library';
import {
  areaStatus,
  areaStatusLabel,
  complianceScore,
  coverageOf,
  riskLevel,
  type AssessmentStatus,
} from '@complivue/shared/compliance-score';
import type { Applicability } from '@complivue/shared/library';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import type { ComplianceSummary } from '@complivue/shared/schemas/library';
import { eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { appliesTo, type InstitutionFacts } from './applicability.ts';

interface CatalogueRule {
  area: RegulationArea;
  /** The rule's own applicability, else its article's. */
  applicability: Applicability;
}

interface Catalogue {
  key: string;
  rules: Map<string, CatalogueRule>;
  /** Per institution profile (its facts as JSON): the ids of the rules that apply, by area. */
  applicable: Map<string, Map<RegulationArea, string[]>>;
}

/** Profiles whose applicable rules are kept per catalogue, beyond which they are recomputed. */
const PROFILES_KEPT = 1_000;

/**
 * The rules in force and what each applies to, per database. They change only when the content
 * files are (re)loaded, which rewrites `library_content_state`; the key read with every summary
 * says whether the copy kept here is still that content. A summary then reads no more than the
 * institution's own assessments instead of joining every rule to its article each time.
 */
const catalogues = new WeakMap<Db, Catalogue>();

async function ruleCatalogue(db: Db, contentKey: string): Promise<Catalogue> {
  const kept = catalogues.get(db);
  if (kept?.key === contentKey) return kept;
  const rows = await db
    .select({
      id: libraryRules.id,
      area: libraryRules.area,
      ruleApplicability: libraryRules.applicability,
      articleApplicability: libraryArticles.applicability,
    })
    .from(libraryRules)
    .innerJoin(libraryArticles, eq(libraryArticles.id, libraryRules.articleId))
    .where(isNull(libraryRules.retiredAt));
  const rules = new Map(
    rows.map((row) => [
      row.id,
      { area: row.area, applicability: row.ruleApplicability ?? row.articleApplicability },
    ]),
  );
  const catalogue = { key: contentKey, rules, applicable: new Map() };
  catalogues.set(db, catalogue);
  return catalogue;
}

/** The ids of the catalogue's rules that apply to an institution (`appliesTo`), by area. */
function applicableRules(
  catalogue: Catalogue,
  facts: InstitutionFacts,
): Map<RegulationArea, string[]> {
  const profile = JSON.stringify(facts);
  let byArea = catalogue.applicable.get(profile);
  if (!byArea) {
    byArea = new Map();
    for (const [id, rule] of catalogue.rules) {
      if (!appliesTo(facts, rule.applicability, rule.area)) continue;
      const ids = byArea.get(rule.area) ?? [];
      ids.push(id);
      byArea.set(rule.area, ids);
    }
    if (catalogue.applicable.size >= PROFILES_KEPT) catalogue.applicable.clear();
    catalogue.applicable.set(profile, byArea);
  }
  return byArea;
}

/** What a summary is computed from: one row, readable on its own or inside a larger query. */
export interface AssessmentSnapshot {
  /** Which content is loaded (`library_content_state`); '' before any is. */
  content_key: string;
  /** The institution's assessments as `[ruleId, status]` pairs. */
  assessments: [string, AssessmentStatus][];
}

/** The columns of an `AssessmentSnapshot`, for a `SELECT` of their own or of the dashboard's. */
export function assessmentSnapshotColumns(companyId: string | Placeholder): SQL {
  return sql`coalesce((SELECT content_version || '@' || loaded_at::text FROM library_content_state WHERE id = 1), '') AS content_key,
    coalesce((SELECT json_agg(json_build_array(rule_id, status)) FROM rule_assessments
      WHERE company_id = ${companyId}), '[]'::json) AS assessments`;
}

const NOTHING_ASSESSED: ComplianceSummary = {
  assessed: false,
  score: null,
  riskLevel: null,
  coverage: { assessed: 0, applicable: 0 },
  areas: [],
};

/**
 * The institution's compliance score, its coverage and per-area status from its assessments of
 * the rules that apply to it (formulas in packages/shared/src/compliance-score.ts). Areas appear
 * once at least one of their rules has been assessed.
 */
export async function summarizeCompliance(
  db: Db,
  facts: InstitutionFacts,
  snapshot: AssessmentSnapshot,
): Promise<ComplianceSummary> {
  const rulesByArea = applicableRules(await ruleCatalogue(db, snapshot.content_key), facts);
  const statusOf = new Map(snapshot.assessments);
  const statusesByArea = REGULATION_AREAS.map((area) => ({
    area,
    statuses: (rulesByArea.get(area) ?? []).map(
      (id): AssessmentStatus => statusOf.get(id) ?? 'not_assessed',
    ),
  }));
  const all = statusesByArea.flatMap(({ statuses }) => statuses);
  const score = complianceScore(all);
  const areas = statusesByArea.flatMap(({ area, statuses }) => {
    const { assessed, applicable } = coverageOf(statuses);
    if (assessed === 0) return [];
    const status = areaStatus(statuses);
    return [
      {
        area,
        status,
        label: areaStatusLabel(area, status),
        score: complianceScore(statuses),
        applicableRules: applicable,
        assessedRules: assessed,
      },
    ];
  });
  return {
    assessed: score !== null,
    score,
    riskLevel: score === null ? null : riskLevel(score),
    coverage: coverageOf(all),
    areas,
  };
}

/** `complianceSummary` for an institution, in one small read (see `summarizeCompliance`). */
export async function complianceSummary(
  db: Db,
  institution: { companyId: string | null; facts: InstitutionFacts },
): Promise<ComplianceSummary> {
  const { companyId, facts } = institution;
  if (!companyId) return NOTHING_ASSESSED;
  const [snapshot] = await queryRows<AssessmentSnapshot>(
    db,
    sql`SELECT ${assessmentSnapshotColumns(companyId)}`,
  );
  return summarizeCompliance(db, facts, snapshot!);
}

/** The ids of the rules in force that apply to an institution's profile, by area (analytics). */
export async function findApplicableRules(
  db: Db,
  facts: InstitutionFacts,
): Promise<Map<RegulationArea, string[]>> {
  const [state] = await queryRows<{ content_key: string }>(
    db,
    sql`SELECT coalesce((SELECT content_version || '@' || loaded_at::text FROM library_content_state WHERE id = 1), '') AS content_key`,
  );
  return applicableRules(await ruleCatalogue(db, state?.content_key ?? ''), facts);
}
