import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import type { Db } from '@complivue/db/database';
import { changeItems, changeTasks } from '@complivue/db/schema/changes';
import { comments, teamTasks } from '@complivue/db/schema/collaboration';
import { riskFindingActions, riskFindings } from '@complivue/db/schema/findings';
import {
  policies,
  policyAcknowledgements,
  policyAttestations,
  policyVersions,
} from '@complivue/db/schema/policies';
import { FINISHED_CHANGE_STATUSES, isPastDue } from '@complivue/shared/change-workflow';
import { quoteTitle } from '@complivue/shared/history-sentences';
import { policyNumberLabel } from '@complivue/shared/policies';
import { findingNumberLabel } from '@complivue/shared/risk-findings';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import {
  commentPlainText,
  type MyWork,
  type SubjectRef,
} from '@complivue/shared/schemas/collaboration';
import { changeLink, findingLink, policyLink } from '@complivue/shared/record-links';
import { and, arrayContains, desc, eq, gte, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { DatedActor } from '../auth/actor.ts';
import {
  canOpenSubjectPage,
  findSubjects,
  subjectKey,
  toSubjectRef,
  type DiscussionViewer,
} from './discussion-subjects.ts';

/** How far back the inbox lists mentions (the count is of the same comments). */
export const MENTION_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

type Viewer = DiscussionViewer & DatedActor;
type WorkTask = MyWork['tasks'][number];

/** Open tasks of open changes assigned to the member. */
async function changeTasksOf(db: Db, viewer: Viewer): Promise<WorkTask[]> {
  if (!canOpenSubjectPage('change', viewer)) return [];
  const rows = await db
    .select({
      id: changeTasks.id,
      title: changeTasks.title,
      dueDate: changeTasks.dueDate,
      changeId: changeItems.id,
      number: changeItems.number,
      changeTitle: changeItems.title,
    })
    .from(changeTasks)
    .innerJoin(changeItems, eq(changeItems.id, changeTasks.changeId))
    .where(
      and(
        eq(changeTasks.companyId, viewer.companyId),
        eq(changeTasks.assigneeId, viewer.actorUserId),
        isNull(changeTasks.doneAt),
        notInArray(changeItems.status, [...FINISHED_CHANGE_STATUSES]),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    kind: 'change_task',
    title: row.title,
    dueDate: row.dueDate,
    overdue: isPastDue(row.dueDate, viewer.today),
    subject: {
      type: 'change',
      id: row.changeId,
      label: `${changeNumberLabel(row.number)} ${quoteTitle(row.changeTitle)}`,
      link: changeLink(row.changeId),
    },
  }));
}

/** Corrective actions the member owns and has not completed. */
async function correctiveActionsOf(db: Db, viewer: Viewer): Promise<WorkTask[]> {
  if (!canOpenSubjectPage('finding', viewer)) return [];
  const rows = await db
    .select({
      id: riskFindingActions.id,
      plan: riskFindingActions.plan,
      dueDate: riskFindingActions.dueDate,
      findingId: riskFindings.id,
      number: riskFindings.number,
      findingTitle: riskFindings.title,
    })
    .from(riskFindingActions)
    .innerJoin(riskFindings, eq(riskFindings.id, riskFindingActions.findingId))
    .where(
      and(
        eq(riskFindingActions.companyId, viewer.companyId),
        eq(riskFindingActions.ownerId, viewer.actorUserId),
        isNull(riskFindingActions.completedAt),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    kind: 'corrective_action',
    title: `Corrective action: ${row.plan}`,
    dueDate: row.dueDate,
    overdue: isPastDue(row.dueDate, viewer.today),
    subject: {
      type: 'finding',
      id: row.findingId,
      label: `${findingNumberLabel(row.number)} ${quoteTitle(row.findingTitle)}`,
      link: findingLink(row.findingId),
    },
  }));
}

const policyRef = (row: { policyId: string; number: number; title: string }): SubjectRef => ({
  type: 'policy',
  id: row.policyId,
  label: `${policyNumberLabel(row.number)} ${quoteTitle(row.title)}`,
  link: policyLink(row.policyId),
});

/** Team tasks assigned to the member and not done, on objects they may still see. */
async function teamTasksOf(db: Db, viewer: Viewer): Promise<WorkTask[]> {
  const rows = await db
    .select({
      id: teamTasks.id,
      title: teamTasks.title,
      dueDate: teamTasks.dueDate,
      subjectType: teamTasks.subjectType,
      subjectId: teamTasks.subjectId,
    })
    .from(teamTasks)
    .where(
      and(
        eq(teamTasks.companyId, viewer.companyId),
        eq(teamTasks.assigneeId, viewer.actorUserId),
        isNull(teamTasks.doneAt),
      ),
    );
  const subjects = await findSubjects(
    db,
    viewer,
    rows.flatMap((row) =>
      row.subjectType && row.subjectId
        ? [{ subjectType: row.subjectType, subjectId: row.subjectId }]
        : [],
    ),
  );
  return rows.flatMap((row) => {
    const found =
      row.subjectType && row.subjectId
        ? subjects.get(subjectKey(row.subjectType, row.subjectId))
        : null;
    if (found === undefined) return [];
    return [
      {
        id: row.id,
        kind: 'task' as const,
        title: row.title,
        dueDate: row.dueDate,
        overdue: isPastDue(row.dueDate, viewer.today),
        subject: found && toSubjectRef(found),
      },
    ];
  });
}

/** Policies in force the member was asked to acknowledge and has not. */
async function acknowledgementsOf(db: Db, viewer: Viewer): Promise<WorkTask[]> {
  if (!canOpenSubjectPage('policy', viewer)) return [];
  const rows = await db
    .select({
      id: policyAttestations.id,
      dueDate: policyAttestations.dueDate,
      version: policyVersions.version,
      policyId: policies.id,
      number: policies.number,
      title: policies.title,
    })
    .from(policyAttestations)
    .innerJoin(policyVersions, eq(policyVersions.id, policyAttestations.versionId))
    .innerJoin(policies, eq(policies.id, policyAttestations.policyId))
    .leftJoin(
      policyAcknowledgements,
      and(
        eq(policyAcknowledgements.attestationId, policyAttestations.id),
        eq(policyAcknowledgements.userId, viewer.actorUserId),
      ),
    )
    .where(
      and(
        eq(policyAttestations.companyId, viewer.companyId),
        eq(policyVersions.status, 'approved'),
        isNull(policyAcknowledgements.userId),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    kind: 'acknowledgement',
    title: `Acknowledge version ${row.version}`,
    dueDate: row.dueDate,
    overdue: isPastDue(row.dueDate, viewer.today),
    subject: policyRef(row),
  }));
}

/** Policy versions in review, for the administrators who approve them. */
async function approvalsOf(db: Db, viewer: Viewer): Promise<MyWork['approvals']> {
  if (!canOpenSubjectPage('policy', viewer) || !hasRoleAtLeast(viewer.role, 'admin')) return [];
  const rows = await db
    .select({
      id: policyVersions.id,
      version: policyVersions.version,
      submittedAt: policyVersions.submittedAt,
      policyId: policies.id,
      number: policies.number,
      title: policies.title,
    })
    .from(policyVersions)
    .innerJoin(policies, eq(policies.id, policyVersions.policyId))
    .where(
      and(eq(policyVersions.companyId, viewer.companyId), eq(policyVersions.status, 'in_review')),
    )
    .orderBy(policyVersions.submittedAt);
  return rows.map((row) => ({
    id: row.id,
    title: `Approve version ${row.version}`,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    subject: policyRef(row),
  }));
}

/**
 * Comments of the last 30 days that mention the member, newest first, on objects they may
 * still see (a comment on a deleted record or a page the plan no longer opens is left out).
 */
async function mentionsOf(db: Db, viewer: Viewer, now: Date): Promise<MyWork['mentions']> {
  const rows = await db
    .select({
      id: comments.id,
      authorName: comments.authorName,
      body: comments.body,
      createdAt: comments.createdAt,
      subjectType: comments.subjectType,
      subjectId: comments.subjectId,
    })
    .from(comments)
    .where(
      and(
        eq(comments.companyId, viewer.companyId),
        arrayContains(comments.mentions, [viewer.actorUserId]),
        isNull(comments.deletedAt),
        ne(sql`coalesce(${comments.authorId}, '')`, viewer.actorUserId),
        gte(comments.createdAt, new Date(now.getTime() - MENTION_WINDOW_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(comments.createdAt))
    .limit(200);
  const subjects = await findSubjects(db, viewer, rows);
  return rows.flatMap((row) => {
    const found = subjects.get(subjectKey(row.subjectType, row.subjectId));
    if (!found) return [];
    const subject = toSubjectRef(found);
    return [
      {
        commentId: row.id,
        authorName: row.authorName,
        excerpt: commentPlainText(row.body).slice(0, 280),
        createdAt: row.createdAt.toISOString(),
        subject,
      },
    ];
  });
}

const byDue = (a: WorkTask, b: WorkTask) =>
  Number(b.overdue) - Number(a.overdue) ||
  (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31') ||
  a.title.localeCompare(b.title);

/**
 * A member's inbox across modules: their open tasks (team tasks, change tasks, corrective
 * actions, policies to acknowledge) overdue first then by due date, the comments that mention them,
 * and the approvals waiting on them. Every count is the length of its list.
 */
export async function findMyWork(db: Db, viewer: Viewer, now: Date): Promise<MyWork> {
  const [teamWork, changeWork, actions, acknowledgements, approvals, mentions] = await Promise.all([
    teamTasksOf(db, viewer),
    changeTasksOf(db, viewer),
    correctiveActionsOf(db, viewer),
    acknowledgementsOf(db, viewer),
    approvalsOf(db, viewer),
    mentionsOf(db, viewer, now),
  ]);
  const tasks = [...teamWork, ...changeWork, ...actions, ...acknowledgements].sort(byDue);
  return {
    counts: {
      tasks: tasks.length,
      overdueTasks: tasks.filter((task) => task.overdue).length,
      mentions: mentions.length,
      approvals: approvals.length,
    },
    tasks,
    mentions,
    approvals,
  };
}
