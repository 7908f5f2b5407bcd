import type { Db } from '@complivue/db/database';
import { libraryArticles, libraryRules, ruleAssessments } from '@complivue/db/schema/library';
import { userProfiles } from '@complivue/db/schema/profiles';
import { riskControls, riskHistory, risks } from '@complivue/db/schema/risks';
import type { AssessmentStatus } from '@complivue/shared/compliance-score';
import {
  controlEffectiveness,
  overallEffectiveness,
  riskBand,
  riskScoreValue,
  suggestedResidual,
  type ControlEffectiveness,
  type RiskScore,
  type ScaleLevel,
} from '@complivue/shared/risk-scoring';
import {
  RISK_MESSAGES,
  type Control,
  type RatedScore,
  type RiskDetail,
  type RiskFilters,
  type RiskSummary,
} from '@complivue/shared/schemas/risks';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { memberName } from '../companies/members.ts';

/** Who reads the register: a member of one institution, on their own day. */
export interface RiskViewer extends Pick<Actor, 'companyId' | 'actorUserId' | 'role'> {
  /** YYYY-MM-DD in the viewer's time zone: what an overdue review is measured against. */
  today: string;
}

export type RiskRow = typeof risks.$inferSelect;
type ControlRow = typeof riskControls.$inferSelect;

/** One risk of the company (locked for update when asked), or 404. */
export async function getRisk(
  db: Db,
  companyId: string,
  riskId: string,
  options: { forUpdate?: boolean } = {},
): Promise<RiskRow> {
  const query = db
    .select()
    .from(risks)
    .where(and(eq(risks.id, riskId), eq(risks.companyId, companyId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', RISK_MESSAGES.not_found);
  return row;
}

/** One control of one of the company's risks, or 404. */
export async function getControl(
  db: Db,
  options: { companyId: string; riskId: string; controlId: string },
): Promise<ControlRow> {
  const [row] = await db
    .select()
    .from(riskControls)
    .where(
      and(
        eq(riskControls.id, options.controlId),
        eq(riskControls.riskId, options.riskId),
        eq(riskControls.companyId, options.companyId),
      ),
    );
  if (!row) throw new AppError('not_found', RISK_MESSAGES.control_not_found);
  return row;
}

const rated = (likelihood: number | null, impact: number | null): RiskScore | null =>
  likelihood !== null && impact !== null
    ? { likelihood: likelihood as ScaleLevel, impact: impact as ScaleLevel }
    : null;

const toRatedScore = (score: RiskScore): RatedScore => ({
  ...score,
  score: riskScoreValue(score),
  band: riskBand(score),
});

/** The company's status of each rule asked for; a rule nobody assessed is not assessed. */
async function ruleStatuses(
  db: Db,
  companyId: string,
  ruleIds: readonly string[],
): Promise<Map<string, AssessmentStatus>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await db
    .select({ ruleId: ruleAssessments.ruleId, status: ruleAssessments.status })
    .from(ruleAssessments)
    .where(
      and(eq(ruleAssessments.companyId, companyId), inArray(ruleAssessments.ruleId, [...ruleIds])),
    );
  return new Map(rows.map((row) => [row.ruleId, row.status]));
}

function effectivenessOf(control: ControlRow, statuses: Map<string, AssessmentStatus>) {
  const derived = controlEffectiveness(
    control.ruleIds.map((ruleId) => statuses.get(ruleId) ?? 'not_assessed'),
  );
  return { derived, effective: control.effectivenessOverride ?? derived };
}

/**
 * A risk as the list and the heat map show it: its inherent rating, its residual one (a
 * person's, or the methodology's suggestion from its controls), and the controls together.
 */
function toSummary(
  row: RiskRow & { ownerName: string | null },
  controls: ControlEffectiveness[],
  today: string,
): RiskSummary & { suggested: RiskScore | null } {
  const inherent = rated(row.inherentLikelihood, row.inherentImpact);
  const overall = overallEffectiveness(controls);
  const suggested = inherent ? suggestedResidual(inherent, overall) : null;
  const setResidual = rated(row.residualLikelihood, row.residualImpact);
  const residual = inherent ? (setResidual ?? suggested) : null;
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    area: row.area,
    productLine: row.productLine,
    status: row.status,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    inherent: inherent && toRatedScore(inherent),
    residual: residual && { ...toRatedScore(residual), source: setResidual ? 'set' : 'suggested' },
    controlEffectiveness: overall,
    controlCount: controls.length,
    reviewDate: row.reviewDate,
    reviewOverdue: row.status !== 'closed' && row.reviewDate !== null && row.reviewDate < today,
    updatedAt: row.updatedAt.toISOString(),
    suggested,
  };
}

function filterCondition(viewer: RiskViewer, filters: RiskFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(risks.companyId, viewer.companyId)];
  if (filters.area) conditions.push(eq(risks.area, filters.area));
  if (filters.product) conditions.push(eq(risks.productLine, filters.product));
  if (filters.status) conditions.push(eq(risks.status, filters.status));
  if (filters.owner === 'none') conditions.push(isNull(risks.ownerId));
  else if (filters.owner === 'me') conditions.push(eq(risks.ownerId, viewer.actorUserId));
  else if (filters.owner) conditions.push(eq(risks.ownerId, filters.owner));
  if (filters.notRated) conditions.push(isNull(risks.inherentLikelihood));
  return and(...conditions)!;
}

const ownerName = sql<string | null>`${memberName}`;

/**
 * The register under the filters, highest residual risk first (then not rated, by number): three
 * reads (the risks, their controls, the company's status of the rules those controls are tied
 * to), the ratings computed by the one methodology in packages/shared.
 */
async function registerUnder(db: Db, viewer: RiskViewer, filters: RiskFilters) {
  const rows = await db
    .select({ risk: risks, ownerName })
    .from(risks)
    .leftJoin(userProfiles, eq(userProfiles.userId, risks.ownerId))
    .where(filterCondition(viewer, filters))
    .orderBy(asc(risks.number));
  if (rows.length === 0) return [];
  const controls = await db
    .select()
    .from(riskControls)
    .where(
      and(
        eq(riskControls.companyId, viewer.companyId),
        inArray(
          riskControls.riskId,
          rows.map((row) => row.risk.id),
        ),
      ),
    )
    .orderBy(asc(riskControls.createdAt), asc(riskControls.id));
  const statuses = await ruleStatuses(db, viewer.companyId, [
    ...new Set(controls.flatMap((control) => control.ruleIds)),
  ]);
  const byRisk = new Map<string, (ControlRow & { effectiveness: ControlEffectiveness })[]>();
  for (const control of controls) {
    const list = byRisk.get(control.riskId) ?? [];
    list.push({ ...control, effectiveness: effectivenessOf(control, statuses).effective });
    byRisk.set(control.riskId, list);
  }
  return rows
    .map((row) => {
      const riskControlRows = byRisk.get(row.risk.id) ?? [];
      const { suggested: _suggested, ...summary } = toSummary(
        { ...row.risk, ownerName: row.ownerName },
        riskControlRows.map((control) => control.effectiveness),
        viewer.today,
      );
      return { risk: row.risk, summary, controls: riskControlRows };
    })
    .sort(
      (a, b) =>
        (b.summary.residual?.score ?? 0) - (a.summary.residual?.score ?? 0) ||
        a.summary.number - b.summary.number,
    );
}

export async function findRisks(
  db: Db,
  viewer: RiskViewer,
  filters: RiskFilters,
): Promise<RiskSummary[]> {
  return (await registerUnder(db, viewer, filters)).map((entry) => entry.summary);
}

/** A risk as the CSV export writes it: the list's row with what the detail adds. */
export interface RiskExportRow extends RiskSummary {
  residualReason: string;
  acceptedByName: string | null;
  acceptanceExpiresOn: string | null;
  controls: { title: string; ruleIds: string[]; effectiveness: ControlEffectiveness }[];
}

/** The register under the list's filters and in its order, for the export. */
export async function findRisksForExport(
  db: Db,
  viewer: RiskViewer,
  filters: RiskFilters,
): Promise<RiskExportRow[]> {
  return (await registerUnder(db, viewer, filters)).map(({ risk, summary, controls }) => ({
    ...summary,
    residualReason: risk.residualReason,
    acceptedByName: risk.acceptedByName,
    acceptanceExpiresOn: risk.acceptanceExpiresOn,
    controls: controls.map(({ title, ruleIds, effectiveness }) => ({
      title,
      ruleIds,
      effectiveness,
    })),
  }));
}

/** A risk with its controls (their rules and statuses), the suggestion and its history. */
export async function getRiskDetail(
  db: Db,
  viewer: RiskViewer,
  riskId: string,
): Promise<RiskDetail> {
  const [row] = await db
    .select({ risk: risks, ownerName })
    .from(risks)
    .leftJoin(userProfiles, eq(userProfiles.userId, risks.ownerId))
    .where(and(eq(risks.id, riskId), eq(risks.companyId, viewer.companyId)));
  if (!row) throw new AppError('not_found', RISK_MESSAGES.not_found);
  const [controls, history] = await Promise.all([
    db
      .select()
      .from(riskControls)
      .where(and(eq(riskControls.riskId, riskId), eq(riskControls.companyId, viewer.companyId)))
      .orderBy(asc(riskControls.createdAt)),
    db
      .select()
      .from(riskHistory)
      .where(eq(riskHistory.riskId, riskId))
      .orderBy(desc(riskHistory.createdAt), desc(riskHistory.id))
      .limit(200),
  ]);
  const ruleIds = [...new Set(controls.flatMap((control) => control.ruleIds))];
  const [statuses, rules] = await Promise.all([
    ruleStatuses(db, viewer.companyId, ruleIds),
    ruleIds.length === 0
      ? []
      : db
          .select({
            id: libraryRules.id,
            title: libraryRules.title,
            citation: libraryRules.citation,
            requirement: libraryRules.requirement,
            articleSlug: libraryArticles.slug,
          })
          .from(libraryRules)
          .innerJoin(libraryArticles, eq(libraryArticles.id, libraryRules.articleId))
          .where(and(inArray(libraryRules.id, ruleIds), rulesVisibleTo(viewer.companyId))),
  ]);
  const ruleById = new Map(rules.map((rule) => [rule.id, rule]));
  const detailedControls: Control[] = controls.map((control) => {
    const { derived, effective } = effectivenessOf(control, statuses);
    return {
      id: control.id,
      title: control.title,
      description: control.description,
      rules: control.ruleIds.flatMap((ruleId) => {
        const rule = ruleById.get(ruleId);
        return rule ? [{ ...rule, status: statuses.get(ruleId) ?? 'not_assessed' }] : [];
      }),
      derivedEffectiveness: derived,
      effectivenessOverride: control.effectivenessOverride,
      overrideReason: control.overrideReason,
      effectiveness: effective,
    };
  });
  const { suggested, ...summary } = toSummary(
    { ...row.risk, ownerName: row.ownerName },
    detailedControls.map((control) => control.effectiveness),
    viewer.today,
  );
  return {
    ...summary,
    description: row.risk.description,
    residualReason: row.risk.residualReason,
    suggestedResidual: suggested,
    acceptedByName: row.risk.acceptedByName,
    acceptedAt: row.risk.acceptedAt?.toISOString() ?? null,
    acceptanceExpiresOn: row.risk.acceptanceExpiresOn,
    templateKey: row.risk.templateKey,
    controls: detailedControls,
    history: history.map((entry) => ({
      id: String(entry.id),
      at: entry.createdAt.toISOString(),
      byName: entry.changedByName,
      event: entry.event,
      changes: entry.changes,
    })),
  };
}

/** The suggested residual risk of a risk as it stands (for the reason check on a new rating). */
export async function currentSuggestion(
  db: Db,
  risk: RiskRow,
  inherent: RiskScore,
): Promise<RiskScore> {
  const controls = await db.select().from(riskControls).where(eq(riskControls.riskId, risk.id));
  const statuses = await ruleStatuses(db, risk.companyId, [
    ...new Set(controls.flatMap((control) => control.ruleIds)),
  ]);
  return suggestedResidual(
    inherent,
    overallEffectiveness(controls.map((control) => effectivenessOf(control, statuses).effective)),
  );
}

/** Rules of the shared library, and of the company's own articles: never another company's. */
const rulesVisibleTo = (companyId: string) =>
  sql`(${libraryArticles.companyId} IS NULL OR ${libraryArticles.companyId} = ${companyId})`;

/** The ids among `ruleIds` that are not rules of the library the company sees. */
export async function findUnknownRules(
  db: Db,
  companyId: string,
  ruleIds: readonly string[],
): Promise<string[]> {
  if (ruleIds.length === 0) return [];
  const known = await db
    .select({ id: libraryRules.id })
    .from(libraryRules)
    .innerJoin(libraryArticles, eq(libraryArticles.id, libraryRules.articleId))
    .where(and(inArray(libraryRules.id, [...ruleIds]), rulesVisibleTo(companyId)));
  const found = new Set(known.map((rule) => rule.id));
  return ruleIds.filter((ruleId) => !found.has(ruleId));
}

/** The starter risks the company adopted already, by their template keys. */
export async function findAdoptedTemplateKeys(db: Db, companyId: string): Promise<Set<string>> {
  const rows = await db
    .select({ key: risks.templateKey })
    .from(risks)
    .where(and(eq(risks.companyId, companyId), sql`${risks.templateKey} IS NOT NULL`));
  return new Set(rows.map((row) => row.key!));
}
