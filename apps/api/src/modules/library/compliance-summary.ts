import { queryRows, type Db } from '@complivue/db/database';
import { libraryArticles, libraryRules } from '@complivue/db/schema/library';
import {
  areaStatus,
  areaStatusLabel,
  complianceScore,
  riskLevel,
  type AssessmentStatus,
} from '@complivue/shared/compliance-score';
import type { Applicability } from '@complivue/shared/library';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import type { ComplianceSummary } from '@complivue/shared/schemas/library';
import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import { appliesTo, type InstitutionFacts } from './applicability.ts';

interface CatalogueRule {
  area: RegulationArea;
  /** The rule's own applicability, else its article's. */
  applicability: Applicability;
}

/**
 * The rules in force and what each applies to, per database. They change only when the content
 * files are (re)loaded, which rewrites `library_content_state`; the key read with every summary
 * says whether the copy kept here is still that content. A summary then reads no more than the
 * institution's own assessments instead of joining every rule to its article each time.
 */
const catalogues = new WeakMap<Db, { key: string; rules: Map<string, CatalogueRule> }>();

async function ruleCatalogue(db: Db, contentKey: string): Promise<Map<string, CatalogueRule>> {
  const kept = catalogues.get(db);
  if (kept?.key === contentKey) return kept.rules;
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
  catalogues.set(db, { key: contentKey, rules });
  return rules;
}

/** What a summary is computed from: one row, readable on its own or inside a larger query. */
export interface AssessmentSnapshot {
  /** Which content is loaded (`library_content_state`); '' before any is. */
  content_key: string;
  /** The institution's assessments as `[ruleId, status]` pairs. */
  assessments: [string, AssessmentStatus][];
}

/** The columns of an `AssessmentSnapshot`, for a `SELECT` of their own or of the dashboard's. */
export function assessmentSnapshotColumns(companyId: string): SQL {
  return sql`coalesce((SELECT content_version || '@' || loaded_at::text FROM library_content_state WHERE id = 1), '') AS content_key,
    coalesce((SELECT json_agg(json_build_array(rule_id, status)) FROM rule_assessments
      WHERE company_id = ${companyId}), '[]'::json) AS assessments`;
}

const NOTHING_ASSESSED: ComplianceSummary = {
  assessed: false,
  score: null,
  riskLevel: null,
  areas: [],
};

/**
 * The institution's compliance score and per-area status from its assessments of the rules
 * that apply to it (formulas in packages/shared/src/compliance-score.ts). Areas appear once at
 * least one of their rules has been assessed.
 */
export async function summarizeCompliance(
  db: Db,
  facts: InstitutionFacts,
  snapshot: AssessmentSnapshot,
): Promise<ComplianceSummary> {
  const catalogue = await ruleCatalogue(db, snapshot.content_key);
  const statusOf = new Map(snapshot.assessments);
  const applicable = [...catalogue]
    .filter(([, rule]) => appliesTo(facts, rule.applicability, rule.area))
    .map(([id, rule]) => ({ area: rule.area, status: statusOf.get(id) ?? 'not_assessed' }));
  const score = complianceScore(applicable.map((row) => row.status));
  const areas = REGULATION_AREAS.flatMap((area) => {
    const statuses = applicable.filter((row) => row.area === area).map((row) => row.status);
    const assessedRules = statuses.filter((status) => status !== 'not_assessed').length;
    if (assessedRules === 0) return [];
    const status = areaStatus(statuses);
    return [
      {
        area,
        status,
        label: areaStatusLabel(area, status),
        score: complianceScore(statuses),
        applicableRules: statuses.length,
        assessedRules,
      },
    ];
  });
  return {
    assessed: score !== null,
    score,
    riskLevel: score === null ? null : riskLevel(score),
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
