import { queryRows, type Db } from '@complivue/db/database';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type { AssessmentStatus } from '@complivue/shared/compliance-score';
import type { AnalyticsSnapshotFigures } from '@complivue/shared/schemas/analytics';
import { sql } from 'drizzle-orm';
import type { InstitutionFacts } from '../library/applicability.ts';
import { findApplicableRules } from '../library/compliance-summary.ts';
import { complianceByArea } from './compliance-figures.ts';

/** The institution's day of an instant (US Eastern), or null. */
const dayOf = (at: Date | string | null): string | null =>
  at === null ? null : todayIn(null, typeof at === 'string' ? new Date(at) : at);

interface AssessmentRow {
  rule_id: string;
  status: AssessmentStatus;
  created_at: Date;
  /** The assessment's status changes, oldest first: `[at, from, to]`. */
  moves: [string, AssessmentStatus, AssessmentStatus][];
}

/**
 * A rule's status at the end of `day`: the last status it was moved to by then; before its
 * first move, the status that move started from; an assessment never moved keeps the status it
 * has, from the day it was created.
 */
function statusOn(row: AssessmentRow & { createdDay: string }, day: string): AssessmentStatus {
  const moves = row.moves.map(([at, from, to]) => ({ day: dayOf(at)!, from, to }));
  if (moves.length === 0) return row.createdDay <= day ? row.status : 'not_assessed';
  const done = moves.filter((move) => move.day <= day);
  return done.length > 0 ? done.at(-1)!.to : moves[0]!.from;
}

interface ChangeRow {
  created_at: Date;
  closed_at: Date | null;
  /** When a change was set aside as not applicable, the time of its last update. */
  finished_at: Date | null;
  due_date: string | null;
  tasks: [string | null, string | null][];
}

interface FindingRow {
  created_at: Date;
  closed_at: Date | null;
  /** Corrective actions: `[due date, completed at]`. */
  actions: [string, string | null][];
}

const openOn = (created: string, finished: string | null, day: string) =>
  created <= day && (finished === null || finished > day);

/**
 * The snapshot figures of each day from `from` to `to`, rebuilt from what the records keep of
 * their past: each assessment's history of status moves, each change's creation and closing
 * with its due dates and tasks, each finding's opening and closing with its actions. What the
 * records do not keep is taken as it stands today (the profile and so which rules apply, a due
 * date later moved), which is why these rows are marked as backfilled.
 */
export async function rebuildPastFigures(
  db: Db,
  options: { companyId: string; facts: InstitutionFacts; from: string; to: string },
): Promise<{ day: string; figures: AnalyticsSnapshotFigures }[]> {
  const { companyId } = options;
  if (options.from > options.to) return [];
  const [rules, assessments, changes, findings] = await Promise.all([
    findApplicableRules(db, options.facts),
    queryRows<AssessmentRow>(
      db,
      sql`SELECT a.rule_id, a.status, a.created_at,
        coalesce((SELECT json_agg(json_build_array(h.created_at, h.changes->'status'->>'from', h.changes->'status'->>'to') ORDER BY h.created_at, h.id)
          FROM rule_assessment_history h
          WHERE h.assessment_id = a.id AND h.changes ? 'status'), '[]'::json) AS moves
        FROM rule_assessments a WHERE a.company_id = ${companyId}`,
    ),
    queryRows<ChangeRow>(
      db,
      sql`SELECT c.created_at, c.closed_at,
        CASE WHEN c.status = 'not_applicable' THEN c.updated_at END AS finished_at,
        c.due_date::text AS due_date,
        coalesce((SELECT json_agg(json_build_array(t.due_date, t.done_at)) FROM change_tasks t
          WHERE t.change_id = c.id), '[]'::json) AS tasks
        FROM change_items c WHERE c.company_id = ${companyId}`,
    ),
    queryRows<FindingRow>(
      db,
      sql`SELECT f.created_at, f.closed_at,
        coalesce((SELECT json_agg(json_build_array(a.due_date, a.completed_at)) FROM risk_finding_actions a
          WHERE a.finding_id = f.id), '[]'::json) AS actions
        FROM risk_findings f WHERE f.company_id = ${companyId}`,
    ),
  ]);
  const byRule = new Map(
    assessments.map((row) => [row.rule_id, { ...row, createdDay: dayOf(row.created_at)! }]),
  );
  const changeDays = changes.map((row) => ({
    created: dayOf(row.created_at)!,
    finished: dayOf(row.closed_at ?? row.finished_at),
    due: row.due_date,
    tasks: row.tasks.map(([due, done]) => ({ due, done: dayOf(done) })),
  }));
  const findingDays = findings.map((row) => ({
    created: dayOf(row.created_at)!,
    closed: dayOf(row.closed_at),
    actions: row.actions.map(([due, completed]) => ({ due, completed: dayOf(completed) })),
  }));

  const result: { day: string; figures: AnalyticsSnapshotFigures }[] = [];
  for (let day = options.from; day <= options.to; day = addDays(day, 1)) {
    // "Overdue" on a day is measured against that day, as the lists measure it against today.
    const pending = (due: string | null, done: string | null) =>
      due !== null && due < day && (done === null || done > day);
    const openChanges = changeDays.filter((change) => openOn(change.created, change.finished, day));
    const openFindings = findingDays.filter((finding) =>
      openOn(finding.created, finding.closed, day),
    );
    result.push({
      day,
      figures: {
        compliance: complianceByArea(rules, (ruleId) => {
          const row = byRule.get(ruleId);
          return row ? statusOn(row, day) : 'not_assessed';
        }),
        changes: {
          open: openChanges.length,
          overdue: openChanges.filter(
            (change) =>
              pending(change.due, null) ||
              change.tasks.some((task) => pending(task.due, task.done)),
          ).length,
        },
        findings: {
          open: openFindings.length,
          overdue: openFindings.filter((finding) =>
            finding.actions.some((action) => pending(action.due, action.completed)),
          ).length,
        },
      },
    });
  }
  return result;
}
