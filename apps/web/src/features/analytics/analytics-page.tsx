import { FileText } from 'lucide-react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { ViewTabs } from '@/components/ui/view-tabs';
import { paths } from '@/config/paths';
import { boardReportHref } from './api.ts';
import { ChangesView } from './changes-view.tsx';
import { ComplianceView } from './compliance-view.tsx';
import { DeadlinesView } from './deadlines-view.tsx';
import { OverviewView } from './overview-view.tsx';
import { PeriodControls } from './period-controls.tsx';
import { ReportsView } from './reports-view.tsx';
import { SavedViews } from './saved-views.tsx';
import { TeamView } from './team-view.tsx';
import { useAnalyticsPeriod } from './use-analytics-period.ts';

const VIEWS = [
  { view: 'overview', label: 'Overview', path: paths.analytics },
  { view: 'compliance', label: 'Compliance', path: paths.analyticsCompliance },
  { view: 'changes', label: 'Changes', path: paths.analyticsChanges },
  { view: 'deadlines', label: 'Deadlines', path: paths.analyticsDeadlines },
  { view: 'team', label: 'Team', path: paths.analyticsTeam },
  { view: 'reports', label: 'Scheduled reports', path: paths.analyticsReports },
] as const;

/**
 * `/analytics` and its drill-downs: the institution's figures of a quarter (or, with advanced
 * analytics, a custom range and one area), each number a link to its records, and the board
 * report of the same figures.
 */
export function AnalyticsPage() {
  const { pathname } = useLocation();
  const { choice, search, advanced, choose } = useAnalyticsPeriod();
  // Scheduled reports and saved views are advanced analytics (the enterprise plan).
  const views = VIEWS.filter((entry) => advanced || entry.view !== 'reports');
  const current = views.find((entry) => entry.path === pathname) ?? VIEWS[0];
  const query = search ? `?${search}` : '';
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Analytics</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-700">
            Your institution’s figures for the board and the compliance committee, from its own
            records: every number opens the records it counts, and the score always comes with how
            much of the library it rests on.
          </p>
        </div>
        <Button variant="secondary" asChild>
          <a href={boardReportHref(search)}>
            <FileText aria-hidden="true" className="size-4" />
            Board report (PDF)
          </a>
        </Button>
      </header>
      {current.view !== 'reports' && (
        <div className="space-y-3">
          <PeriodControls choice={choice} advanced={advanced} choose={choose} />
          {advanced && <SavedViews view={current.view} choice={choice} />}
          {choice.owner && (
            <p className="text-sm text-slate-700">
              The owner filter reads changes and deadlines by their owner and the team’s work by
              member; the compliance figures are the institution’s.
            </p>
          )}
        </div>
      )}
      <ViewTabs
        label="Analytics views"
        tabs={views.map((entry) => ({
          view: entry.view,
          label: entry.label,
          to: `${entry.path}${query}`,
        }))}
        current={current.view}
      />
      {current.view === 'overview' && <OverviewView search={search} area={choice.area} />}
      {current.view === 'compliance' && <ComplianceView search={search} advanced={advanced} />}
      {current.view === 'changes' && <ChangesView search={search} area={choice.area} />}
      {current.view === 'deadlines' && <DeadlinesView search={search} area={choice.area} />}
      {current.view === 'team' && <TeamView search={search} />}
      {current.view === 'reports' && <ReportsView />}
    </div>
  );
}
