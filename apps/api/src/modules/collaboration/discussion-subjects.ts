import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import type { Db } from '@complivue/db/database';
import { calendarEvents } from '@complivue/db/schema/calendar';
import { changeItems } from '@complivue/db/schema/changes';
import { teamThreads } from '@complivue/db/schema/collaboration';
import { riskFindings } from '@complivue/db/schema/findings';
import { libraryArticles, libraryRules } from '@complivue/db/schema/library';
import { policies } from '@complivue/db/schema/policies';
import { risks } from '@complivue/db/schema/risks';
import { PAGE_ACCESS, decideAccess, type SubscriptionFacts } from '@complivue/shared/access';
import {
  COLLABORATION_MESSAGES,
  SUBJECT_PAGES,
  type SubjectType,
} from '@complivue/shared/collaboration';
import { quoteTitle } from '@complivue/shared/history-sentences';
import {
  calendarEventLink,
  changeLink,
  findingLink,
  numberedTitle,
  policyLink,
  riskLink,
} from '@complivue/shared/record-links';
import { policyNumberLabel } from '@complivue/shared/policies';
import { findingNumberLabel } from '@complivue/shared/risk-findings';
import { type SubjectRef } from '@complivue/shared/schemas/collaboration';
import { riskNumberLabel } from '@complivue/shared/schemas/risks';
import type { Role } from '@complivue/shared/roles';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { canSeeEvent, isConfidential } from '../calendar/calendar.queries.ts';

/** Who opens a discussion: a member, with the institution's subscription (page access). */
export interface DiscussionViewer extends Actor {
  subscription: SubscriptionFacts | null;
}

/** An object that may be discussed, as the viewer sees it. */
export interface Subject extends SubjectRef {
  /**
   * Whether another member may see it too (a mention must not send someone to an object they
   * cannot open); every member of the institution, except for a SAR deadline.
   */
  visibleTo: (member: { userId: string; role: Role }) => boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const everyMember = () => true;

type Found = Omit<Subject, 'type' | 'id'>;
type Lookup = (db: Db, viewer: DiscussionViewer, ids: string[]) => Promise<Map<string, Found>>;

const byId = <Row extends { id: string }>(rows: Row[], found: (row: Row) => Found) =>
  new Map(rows.map((row) => [row.id, found(row)]));

/** Each kind of object: those of `ids` found within the institution, by id. */
const LOOKUPS: Record<SubjectType, Lookup> = {
  async change(db, viewer, ids) {
    const rows = await db
      .select({ id: changeItems.id, number: changeItems.number, title: changeItems.title })
      .from(changeItems)
      .where(and(eq(changeItems.companyId, viewer.companyId), inArray(changeItems.id, ids)));
    return byId(rows, (row) => ({
      label: numberedTitle(changeNumberLabel(row.number), row.title),
      link: changeLink(row.id),
      visibleTo: everyMember,
    }));
  },
  async article(db, viewer, ids) {
    const rows = await db
      .select({ id: libraryArticles.id, slug: libraryArticles.slug, title: libraryArticles.title })
      .from(libraryArticles)
      .where(and(inArray(libraryArticles.id, ids), visibleArticle(viewer.companyId)));
    return byId(rows, (row) => ({
      label: row.title,
      link: `/compliance/articles/${row.slug}`,
      visibleTo: everyMember,
    }));
  },
  async rule(db, viewer, ids) {
    const rows = await db
      .select({ id: libraryRules.id, title: libraryRules.title })
      .from(libraryRules)
      .innerJoin(libraryArticles, eq(libraryArticles.id, libraryRules.articleId))
      .where(and(inArray(libraryRules.id, ids), visibleArticle(viewer.companyId)));
    return byId(rows, (row) => ({
      label: numberedTitle(row.id, row.title),
      link: `/compliance/rules/${encodeURIComponent(row.id)}`,
      visibleTo: everyMember,
    }));
  },
  async risk(db, viewer, ids) {
    const rows = await db
      .select({ id: risks.id, number: risks.number, title: risks.title })
      .from(risks)
      .where(and(eq(risks.companyId, viewer.companyId), inArray(risks.id, ids)));
    return byId(rows, (row) => ({
      label: numberedTitle(riskNumberLabel(row.number), row.title),
      link: riskLink(row.id),
      visibleTo: everyMember,
    }));
  },
  async finding(db, viewer, ids) {
    const rows = await db
      .select({ id: riskFindings.id, number: riskFindings.number, title: riskFindings.title })
      .from(riskFindings)
      .where(and(eq(riskFindings.companyId, viewer.companyId), inArray(riskFindings.id, ids)));
    return byId(rows, (row) => ({
      label: numberedTitle(findingNumberLabel(row.number), row.title),
      link: findingLink(row.id),
      visibleTo: everyMember,
    }));
  },
  async policy(db, viewer, ids) {
    const rows = await db
      .select({ id: policies.id, number: policies.number, title: policies.title })
      .from(policies)
      .where(and(eq(policies.companyId, viewer.companyId), inArray(policies.id, ids)));
    return byId(rows, (row) => ({
      label: numberedTitle(policyNumberLabel(row.number), row.title),
      link: policyLink(row.id),
      visibleTo: everyMember,
    }));
  },
  async calendar_event(db, viewer, ids) {
    const rows = await db
      .select({
        id: calendarEvents.id,
        title: calendarEvents.title,
        filing: calendarEvents.filing,
        ownerId: calendarEvents.ownerId,
        createdBy: calendarEvents.createdBy,
      })
      .from(calendarEvents)
      .where(
        and(
          eq(calendarEvents.companyId, viewer.companyId),
          inArray(calendarEvents.id, ids),
          isNull(calendarEvents.deletedAt),
        ),
      );
    return byId(
      rows.filter((row) => canSeeEvent(row, viewer)),
      (row) => ({
        // A SAR deadline is named as its reminders name it: what it is about stays confidential.
        label: isConfidential(row) ? 'BSA filing deadline' : row.title,
        link: calendarEventLink(row.id),
        visibleTo: (member) => canSeeEvent(row, { actorUserId: member.userId, role: member.role }),
      }),
    );
  },
  async thread(db, viewer, ids) {
    const rows = await db
      .select({ id: teamThreads.id, title: teamThreads.title })
      .from(teamThreads)
      .where(and(eq(teamThreads.companyId, viewer.companyId), inArray(teamThreads.id, ids)));
    return byId(rows, (row) => ({
      label: quoteTitle(row.title),
      link: `/collaboration?view=threads&thread=${row.id}`,
      visibleTo: everyMember,
    }));
  },
};

function visibleArticle(companyId: string) {
  return or(isNull(libraryArticles.companyId), eq(libraryArticles.companyId, companyId));
}

/** Whether the subscription and role open the page this kind of object lives on. */
export function canOpenSubjectPage(type: SubjectType, viewer: DiscussionViewer): boolean {
  const requirement = PAGE_ACCESS[SUBJECT_PAGES[type]];
  if (!requirement) return false;
  return decideAccess(requirement, { role: viewer.role, subscription: viewer.subscription })
    .allowed;
}

/** Whether `id` can name an object of this kind: a rule by its code, the rest by a UUID. */
const isWellFormedId = (type: SubjectType, id: string) =>
  type === 'rule' ? id.length > 0 && id.length <= 100 : UUID.test(id);

/**
 * The objects among `refs` the viewer may see, as `type:id` → subject; the others (deleted,
 * another institution's, on a page the plan does not open, a confidential deadline) are absent.
 * One query per kind of object.
 */
export async function findSubjects(
  db: Db,
  viewer: DiscussionViewer,
  refs: readonly { subjectType: SubjectType; subjectId: string }[],
): Promise<Map<string, Subject>> {
  const idsByType = new Map<SubjectType, Set<string>>();
  for (const { subjectType, subjectId } of refs) {
    if (!isWellFormedId(subjectType, subjectId) || !canOpenSubjectPage(subjectType, viewer))
      continue;
    const ids = idsByType.get(subjectType) ?? new Set();
    ids.add(subjectId);
    idsByType.set(subjectType, ids);
  }
  const found = new Map<string, Subject>();
  await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      for (const [id, subject] of await LOOKUPS[type](db, viewer, [...ids])) {
        found.set(subjectKey(type, id), { type, id, ...subject });
      }
    }),
  );
  return found;
}

export const subjectKey = (type: string, id: string) => `${type}:${id}`;

/** The subject as an answer names it (without the server's own `visibleTo`). */
export const toSubjectRef = ({ type, id, label, link }: Subject): SubjectRef => ({
  type,
  id,
  label,
  link,
});

/**
 * The object as the viewer may discuss it, or a 404 that does not say whether it exists: an
 * object of another institution, one on a page their plan or role does not open (a change on a
 * Basic plan), and a confidential deadline they may not see all read as "not found".
 */
export async function requireSubject(
  db: Db,
  viewer: DiscussionViewer,
  type: SubjectType,
  id: string,
): Promise<Subject> {
  const found = await findSubjects(db, viewer, [{ subjectType: type, subjectId: id }]);
  const subject = found.get(subjectKey(type, id));
  if (!subject) throw new AppError('not_found', COLLABORATION_MESSAGES.subject_not_found);
  return subject;
}
