import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import { daysBetween, formatShortDay } from '@complivue/shared/calendar-days';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import { policyNumberLabel } from '@complivue/shared/policies';
import { FINDING_SEVERITY_LEVELS, findingNumberLabel } from '@complivue/shared/risk-findings';
import type { Dashboard } from '@complivue/shared/schemas/dashboard';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Citations } from '@/components/citation';
import { Card } from '@/components/ui/card';
import { StatusToken } from '@/components/status-token';

type Attention = Dashboard['attention'];

/**
 * The lists each count opens: the same filters the count was made with (calendar list's
 * overdue dates alone; the change list's "Overdue only"), so the list's length is the number.
 */
export const ATTENTION_LISTS = {
  overdueDeadlines: '/regulatory-calendar?view=list&due=overdue',
  overdueChanges: '/change-management?view=list&overdue=true',
  overdueFindings: '/risk-scoring?view=findings&overdue=true',
  policiesToReview: '/policy-cross-referencing',
} as const;

const lateBy = (due: string, today: string) => {
  const days = daysBetween(due, today);
  return `Overdue by ${days} day${days === 1 ? '' : 's'}`;
};

function AttentionList({
  id,
  title,
  count,
  shown,
  listTo,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: number;
  /** How many of them are listed here. */
  shown: number;
  /** The list the count stands for; null when the member's plan does not include it. */
  listTo: string | null;
  empty: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h3 id={id} className="flex items-baseline gap-2 text-sm font-semibold text-slate-900">
        {title}
        <span
          className={count > 0 ? 'text-2xl font-bold text-red-800' : 'text-2xl font-bold'}
          data-testid={`${id}-count`}
        >
          {listTo ? (
            <Link
              to={listTo}
              aria-label={`${title}: ${count}, open the list`}
              className="rounded underline decoration-slate-300 underline-offset-4 hover:decoration-brand-700"
            >
              {count}
            </Link>
          ) : (
            count
          )}
        </span>
      </h3>
      {count === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{empty}</p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
            {children}
          </ul>
          {listTo && count > shown && (
            <p className="mt-2 text-sm">
              <Link to={listTo} className="font-medium text-brand-700 underline">
                See all {count}
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}

function AttentionRow({
  to,
  title,
  details,
  citation,
  status,
}: {
  to: string | null;
  title: string;
  details: string;
  /** The regulations it answers to (`; ` between several), linked to their text after the details. */
  citation?: string | null;
  status: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-1 border-l-4 border-l-red-700 p-3 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
      <span className="min-w-0">
        {to ? (
          <Link to={to} className="font-medium text-brand-700 underline">
            {title}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{title}</span>
        )}
        <span className="block text-xs text-slate-700">
          {details}
          {citation && (
            <>
              {' · '}
              <Citations citations={citation} />
            </>
          )}
        </span>
      </span>
      <span className="shrink-0 self-start sm:self-auto">{status}</span>
    </li>
  );
}

const ownerText = (ownerName: string | null) => (ownerName ? `Owner: ${ownerName}` : 'No owner');

/**
 * What needs action, first on the dashboard (DESIGN.md, "Screens for people who answer to
 * examiners"): the overdue due dates of the calendar, the overdue changes and the findings with
 * an overdue corrective action, each counted in full, the most overdue listed with its owner and due date, and each count a link to its list.
 */
export function NeedsAction({
  attention,
  today,
  calendarAllowed,
  changesAllowed,
  findingsAllowed,
  policiesAllowed,
}: {
  attention: Attention;
  /** The member's today, `YYYY-MM-DD`: how late each item is. */
  today: string;
  calendarAllowed: boolean;
  changesAllowed: boolean;
  findingsAllowed: boolean;
  policiesAllowed: boolean;
}) {
  const {
    overdueDeadlines: deadlines,
    overdueChanges: changes,
    overdueFindings: findings,
    policiesToReview: policies,
  } = attention;
  const calendarList = calendarAllowed ? ATTENTION_LISTS.overdueDeadlines : null;
  const changeList = changesAllowed ? ATTENTION_LISTS.overdueChanges : null;
  const findingList = findingsAllowed ? ATTENTION_LISTS.overdueFindings : null;
  const policyList = policiesAllowed ? ATTENTION_LISTS.policiesToReview : null;
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Needs action</h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-2 xl:grid-cols-3">
        <AttentionList
          id="overdue-deadlines"
          title="Overdue deadlines"
          count={deadlines.count}
          shown={deadlines.items.length}
          listTo={calendarList}
          empty="No calendar due date of the last 12 months is overdue."
        >
          {deadlines.items.map((item) => (
            <AttentionRow
              key={`${item.eventId}/${item.date}`}
              to={calendarList && `${calendarList}&event=${item.eventId}&date=${item.date}`}
              title={item.title}
              details={[
                `Due ${formatShortDay(item.date)}`,
                ownerText(item.ownerName),
                item.area ? REGULATION_AREA_INFO[item.area].tag : null,
              ]
                .filter(Boolean)
                .join(' · ')}
              citation={item.citation}
              status={<StatusToken tone="overdue">{lateBy(item.date, today)}</StatusToken>}
            />
          ))}
        </AttentionList>
        <AttentionList
          id="overdue-changes"
          title="Overdue changes"
          count={changes.count}
          shown={changes.items.length}
          listTo={changeList}
          empty="No open change is past its due date or has an overdue task."
        >
          {changes.items.map((change) => (
            <AttentionRow
              key={change.id}
              to={changeList && `${changeList}&change=${change.id}`}
              title={`${changeNumberLabel(change.number)} ${change.title}`}
              details={[
                change.dueDate ? `Due ${formatShortDay(change.dueDate)}` : 'No due date',
                ownerText(change.ownerName),
                change.overdueTasks > 0
                  ? `${change.overdueTasks} overdue ${change.overdueTasks === 1 ? 'task' : 'tasks'}`
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
              status={
                <StatusToken tone="overdue">
                  {change.pastDue && change.dueDate
                    ? lateBy(change.dueDate, today)
                    : 'Task overdue'}
                </StatusToken>
              }
            />
          ))}
        </AttentionList>
        <AttentionList
          id="overdue-findings"
          title="Overdue corrective actions"
          count={findings.count}
          shown={findings.items.length}
          listTo={findingList}
          empty="No finding has a corrective action past its due date."
        >
          {findings.items.map((finding) => (
            <AttentionRow
              key={finding.id}
              to={findingList && `${findingList}&finding=${finding.id}`}
              title={`${findingNumberLabel(finding.number)} ${finding.title}`}
              details={[
                `Due ${formatShortDay(finding.dueDate)}`,
                ownerText(finding.ownerName),
                `${FINDING_SEVERITY_LEVELS[finding.severity].label} severity`,
                finding.overdueActions > 1 ? `${finding.overdueActions} overdue actions` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
              status={<StatusToken tone="overdue">{lateBy(finding.dueDate, today)}</StatusToken>}
            />
          ))}
        </AttentionList>
        <AttentionList
          id="policies-to-review"
          title="Policies to review after a regulatory change"
          count={policies.count}
          shown={policies.items.length}
          listTo={policyList}
          empty="No update or change since a policy's approval cites a section it covers."
        >
          {policies.items.map((item) => (
            <AttentionRow
              key={`${item.policyId}/${item.sourceTitle}`}
              to={policyList && `${policyList}?policy=${item.policyId}`}
              title={`${policyNumberLabel(item.number)} ${item.title}`}
              details={`${item.sourceTitle} · ${formatShortDay(item.sourceDate.slice(0, 10))}`}
              status={<StatusToken tone="needs_review">Review</StatusToken>}
            />
          ))}
        </AttentionList>
      </div>
    </Card>
  );
}
