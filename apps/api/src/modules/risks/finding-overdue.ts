import { riskFindingActions, riskFindings } from '@complivue/db/schema/findings';
import { userProfiles } from '@complivue/db/schema/profiles';
import { dayIn, isPastDue } from '@complivue/shared/change-workflow';
import { findingNumberLabel } from '@complivue/shared/risk-findings';
import { findingLink } from '@complivue/shared/record-links';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { findAdministratorIds } from '../companies/members.ts';
import { notify, type NotifyDependencies } from '../notifications/notify.ts';

/**
 * Tells the owner of each corrective action past its due date, and the institution's
 * administrators, once per action. The due date has passed once that day has ended in the
 * owner's time zone (their profile's, else US Eastern), only while the action is not completed
 * and its finding not closed. Each action is claimed with a conditional UPDATE
 * (`overdue_notified_at IS NULL`) before anyone is told, so two instances running the job at
 * once never send it twice; if nobody could be told (the notice failed, or no one is left to
 * tell) the claim is released for the next run. A new due date clears the claim
 * (findings.service.ts). The same model as the overdue changes (changes/change-overdue.ts).
 */
export async function notifyOverdueFindingActions(
  deps: NotifyDependencies,
  now: Date = new Date(),
): Promise<{ actions: number }> {
  const { db } = deps;
  // Nothing is past due anywhere on Earth unless it is due before the latest day (UTC+14).
  const bound = dayIn(now, 'Pacific/Kiritimati');
  const candidates = await db
    .select({
      id: riskFindingActions.id,
      dueDate: riskFindingActions.dueDate,
      timeZone: userProfiles.timezone,
    })
    .from(riskFindingActions)
    .innerJoin(riskFindings, eq(riskFindings.id, riskFindingActions.findingId))
    .leftJoin(
      userProfiles,
      and(
        eq(userProfiles.userId, riskFindingActions.ownerId),
        eq(userProfiles.companyId, riskFindingActions.companyId),
        eq(userProfiles.status, 'active'),
      ),
    )
    .where(
      and(
        isNull(riskFindingActions.completedAt),
        isNull(riskFindingActions.overdueNotifiedAt),
        isNull(riskFindings.closedAt),
        lt(riskFindingActions.dueDate, bound),
      ),
    );
  const dueIds = candidates
    .filter((row) => isPastDue(row.dueDate, dayIn(now, row.timeZone)))
    .map((row) => row.id);
  if (dueIds.length === 0) return { actions: 0 };
  const claimed = await db
    .update(riskFindingActions)
    .set({ overdueNotifiedAt: now })
    .where(
      and(
        inArray(riskFindingActions.id, dueIds),
        isNull(riskFindingActions.overdueNotifiedAt),
        isNull(riskFindingActions.completedAt),
      ),
    )
    .returning({ id: riskFindingActions.id });
  if (claimed.length === 0) return { actions: 0 };
  const actions = await db
    .select({
      id: riskFindingActions.id,
      companyId: riskFindingActions.companyId,
      ownerId: riskFindingActions.ownerId,
      plan: riskFindingActions.plan,
      dueDate: riskFindingActions.dueDate,
      findingId: riskFindings.id,
      number: riskFindings.number,
      title: riskFindings.title,
    })
    .from(riskFindingActions)
    .innerJoin(riskFindings, eq(riskFindings.id, riskFindingActions.findingId))
    .where(
      inArray(
        riskFindingActions.id,
        claimed.map((row) => row.id),
      ),
    );

  const adminsOf = new Map<string, Promise<string[]>>();
  let told = 0;
  for (const action of actions) {
    let admins = adminsOf.get(action.companyId);
    if (!admins) {
      admins = findAdministratorIds(db, action.companyId);
      adminsOf.set(action.companyId, admins);
    }
    // notify() leaves out anyone who is not an active member of the institution.
    const userIds = [...new Set([...(action.ownerId ? [action.ownerId] : []), ...(await admins)])];
    let sent = false;
    try {
      const ids = await notify(deps, {
        companyId: action.companyId,
        userIds,
        type: 'finding.action_overdue',
        category: 'deadlines',
        priority: 'high',
        title: `Overdue corrective action on ${findingNumberLabel(action.number)}: ${action.title}`,
        body: `“${action.plan.slice(0, 200)}” was due ${action.dueDate} and is not completed yet.`,
        link: findingLink(action.findingId),
      });
      sent = ids.length > 0;
    } catch (error) {
      // One failed notice must not stop the others; its claim is released for the next run.
      deps.log.error({ err: error, actionId: action.id }, 'overdue action notification failed');
    }
    if (sent) told += 1;
    else {
      await db
        .update(riskFindingActions)
        .set({ overdueNotifiedAt: null })
        .where(
          and(eq(riskFindingActions.id, action.id), eq(riskFindingActions.overdueNotifiedAt, now)),
        );
    }
  }
  return { actions: told };
}
