import { isSubscriptionUsable } from '@complivue/shared/access';
import { riskLevelText } from '@complivue/shared/compliance-score';
import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { AGENCY_LABELS, type Agency } from '@complivue/shared/regulatory-monitoring';
import type { Dashboard } from '@complivue/shared/schemas/dashboard';
import { ArrowRight, BellRing, CalendarClock, Gauge, Users } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { CoverageSentence } from '@/components/compliance-coverage';
import { AREA_TONES, StatusToken } from '@/components/status-token';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isBuilt, paths, type PathName } from '@/config/paths';
import { formatDay } from '@/lib/format-day';
import { usePageAccess } from '@/lib/use-page-access';
import { displayName, isNewAccount, useSession } from '@/lib/session';
import { useSubscription } from '@/lib/subscription';
import { useDashboard } from './api.ts';
import { NeedsAction } from './needs-action.tsx';

/**
 * A figure of the dashboard. With `to`, the number opens the records it counts (DESIGN.md,
 * "Screens for people who answer to examiners": every number is a link).
 */
function FigureCard({
  title,
  value,
  caption,
  icon,
  to,
}: {
  title: string;
  value: string | number;
  caption: ReactNode;
  icon: ReactNode;
  to?: string;
}) {
  return (
    <Card className="p-5 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-sm font-medium text-slate-700">{title}</h2>
        <span aria-hidden="true" className="text-brand-700">
          {icon}
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold text-slate-900">
        {to ? (
          <Link
            to={to}
            aria-label={`${title}: ${value}, open the list`}
            className="rounded underline decoration-slate-300 underline-offset-4 hover:decoration-brand-700"
          >
            {value}
          </Link>
        ) : (
          value
        )}
      </p>
      <p className="mt-1 text-sm text-slate-700">{caption}</p>
    </Card>
  );
}

function Figures({ figures, session }: { figures: Dashboard; session: SessionResponse }) {
  const activity = usePageAccess(paths.usersActivity, session);
  const calendar = usePageAccess(paths.regulatoryCalendar, session);
  const library = usePageAccess(paths.compliance, session);
  // The calendar's list of the same 30 days the count covers.
  const deadlinesList = `${paths.regulatoryCalendar}?view=list&days=30`;
  const { compliance } = figures;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <FigureCard
        title="Compliance score"
        icon={<Gauge className="size-5" />}
        value={compliance.assessed ? `${compliance.score}%` : '—'}
        to={library.allowed ? paths.compliance : undefined}
        caption={
          // The score never reads better than the evidence: what it rests on, beside it.
          <>
            <span className="block">
              <CoverageSentence coverage={compliance.coverage} linked={library.allowed} />
            </span>
            {compliance.riskLevel && (
              <span className="block">
                Risk level: {riskLevelText(compliance.riskLevel, compliance.coverage)}
              </span>
            )}
          </>
        }
      />
      <FigureCard
        title="Active Alerts"
        icon={<BellRing className="size-5" />}
        value={figures.alerts.active}
        to={`${paths.notifications}?unread=true&priority=active`}
        caption={
          <Link
            to={`${paths.notifications}?unread=true&priority=high`}
            className="font-medium text-brand-700 underline"
          >
            {figures.alerts.highPriority} high priority
          </Link>
        }
      />
      <FigureCard
        title="Upcoming Deadlines"
        icon={<CalendarClock className="size-5" />}
        value={figures.deadlines.next30Days}
        to={figures.deadlines.tracked && calendar.allowed ? deadlinesList : undefined}
        caption={
          !figures.deadlines.tracked ? (
            'Next 30 days · no calendar yet'
          ) : calendar.allowed ? (
            <Link to={deadlinesList} className="font-medium text-brand-700 underline">
              Next 30 days
            </Link>
          ) : (
            'Next 30 days'
          )
        }
      />
      <FigureCard
        title="Team Activity"
        icon={<Users className="size-5" />}
        value={figures.teamActivity.actionsThisWeek}
        to={
          activity.allowed
            ? `${paths.usersActivity}?kind=work&from=${figures.teamActivity.since}`
            : undefined
        }
        caption="Actions this week (work, not sign-ins)"
      />
    </div>
  );
}

function Attention({ figures, session }: { figures: Dashboard; session: SessionResponse }) {
  const calendar = usePageAccess(paths.regulatoryCalendar, session);
  const changes = usePageAccess(paths.changeManagement, session);
  const findings = usePageAccess(paths.riskScoring, session);
  const policies = usePageAccess(paths.policyCrossReferencing, session);
  return (
    <NeedsAction
      attention={figures.attention}
      today={figures.today}
      calendarAllowed={calendar.allowed}
      changesAllowed={changes.allowed}
      findingsAllowed={findings.allowed}
      policiesAllowed={policies.allowed}
    />
  );
}

/** Each area's status, in the one status token, opening the library's rules of that area. */
function ComplianceOverview({
  areas,
  session,
}: {
  areas: Dashboard['compliance']['areas'];
  session: SessionResponse;
}) {
  const library = usePageAccess(paths.compliance, session);
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Compliance Status Overview</h2>
      {areas.length ? (
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {areas.map((area) => (
            <li key={area.area} className="rounded-md border border-slate-200 px-4 py-3">
              <span className="flex flex-wrap items-center justify-between gap-2">
                {library.allowed ? (
                  <Link
                    to={`${paths.compliance}?area=${area.area}`}
                    className="font-medium text-brand-700 underline"
                  >
                    {area.label}
                  </Link>
                ) : (
                  <span className="font-medium text-slate-900">{area.label}</span>
                )}
                <StatusToken tone={AREA_TONES[area.status]} />
              </span>
              <span className="mt-1 block text-sm text-slate-700">
                {area.score === null ? 'Not scored yet' : `${area.score}%`} · {area.assessedRules}{' '}
                of {area.applicableRules} rules assessed
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          Nothing is assessed yet. Each regulation area shows its status here once its rules are
          assessed.
        </p>
      )}
    </Card>
  );
}

interface QuickAction {
  to: PathName;
  label: string;
  description: string;
  badge?: string;
}

/** `onboarding`: the setup progress the app layer places on the dashboard for this member. */
/**
 * "System Active" while the institution's subscription (or running trial) opens the product;
 * once it does not, say so and where to renew, instead of a green light on closed pages.
 */
function SystemStatus({ session, now }: { session: SessionResponse; now: Date }) {
  const isOperator = session.profile.role === 'super_admin';
  const subscription = useSubscription(!isOperator);
  if (!isOperator && subscription.isPending) return null;
  if (isOperator || isSubscriptionUsable(subscription.data ?? null, now)) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-800">
        <span aria-hidden="true" className="size-2.5 rounded-full bg-emerald-600" />
        System Active
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
      <span aria-hidden="true" className="size-2.5 rounded-full bg-amber-500" />
      Subscription inactive:{' '}
      <Link to={paths.subscription} className="underline">
        renew to reopen your work
      </Link>
    </p>
  );
}

export function DashboardPage({ onboarding }: { onboarding?: ReactNode }) {
  const { data: session } = useSession();
  const dashboard = useDashboard();
  if (!session) return null;
  const now = new Date();
  const quickActions: QuickAction[] = [
    {
      to: 'compliance',
      label: 'Browse Compliance Library',
      description: 'Rules and articles with their CFR citations.',
    },
    {
      to: 'collaboration',
      label: 'Team Collaboration',
      description: 'Your tasks and mentions, the team’s activity and threads.',
    },
    {
      to: 'profile',
      label: 'Complete Profile Setup',
      description: 'Your name, title, notifications and two-factor authentication.',
      badge: isNewAccount(session.user.createdAt, now) ? 'Start Here' : undefined,
    },
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">
            {isNewAccount(session.user.createdAt, now) ? 'Welcome' : 'Welcome back'},{' '}
            {displayName(session)}
          </h1>
          <p className="mt-1 text-sm text-slate-700">
            {session.company && (
              <span className="font-medium text-slate-900">{session.company.name} · </span>
            )}
            {now.toLocaleDateString('en-US', {
              weekday: 'long',
              year: 'numeric',
              month: 'long',
              day: 'numeric',
            })}
          </p>
        </div>
        <SystemStatus session={session} now={now} />
      </div>

      {dashboard.isPending && <Spinner label="Loading your figures" />}
      {dashboard.isError && (
        <Alert variant="destructive">
          Your figures could not be loaded: {dashboard.error.message}
        </Alert>
      )}
      {dashboard.data && <Attention figures={dashboard.data} session={session} />}

      {onboarding}

      {dashboard.data && <Figures figures={dashboard.data} session={session} />}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Recent Regulatory Updates</h2>
          {dashboard.data?.recentUpdates.length ? (
            <ul className="mt-4 space-y-3">
              {dashboard.data.recentUpdates.map((update) => (
                <li key={update.id} className="flex items-start gap-3">
                  <span className="rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                    {update.area}
                  </span>
                  <div className="min-w-0">
                    {isBuilt('regulatoryFeeds') ? (
                      <Link
                        to={`${paths.regulatoryFeeds}?item=${update.id}`}
                        className="text-sm text-slate-900 hover:text-brand-700 hover:underline"
                      >
                        {update.title}
                      </Link>
                    ) : (
                      <span className="text-sm text-slate-900">{update.title}</span>
                    )}
                    <p className="mt-0.5 text-xs text-slate-600">
                      <time dateTime={update.publishedAt}>
                        {formatDay(update.publishedAt.slice(0, 10))}
                      </time>
                      {update.agencies.map((agency) => (
                        <Fragment key={agency}>
                          {' · '}
                          <abbr title={AGENCY_LABELS[agency as Agency]} className="no-underline">
                            {agency}
                          </abbr>
                        </Fragment>
                      ))}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-700">
              No regulatory updates have been recorded for your institution.
            </p>
          )}
        </Card>
        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Quick Actions</h2>
          <ul className="mt-4 space-y-2">
            {quickActions
              .filter((action) => isBuilt(action.to))
              .map((action) => (
                <li key={action.label}>
                  <Link
                    to={paths[action.to]}
                    className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-4 py-3 hover:border-brand-600"
                  >
                    <span>
                      <span className="flex items-center gap-2 font-medium text-slate-900">
                        {action.label}
                        {action.badge && (
                          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                            {action.badge}
                          </span>
                        )}
                      </span>
                      <span className="block text-sm text-slate-700">{action.description}</span>
                    </span>
                    <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                  </Link>
                </li>
              ))}
          </ul>
        </Card>
      </div>

      <ComplianceOverview areas={dashboard.data?.compliance.areas ?? []} session={session} />
    </div>
  );
}
