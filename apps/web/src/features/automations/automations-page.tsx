import { useLocation } from 'react-router';
import { ViewTabs } from '@/components/ui/view-tabs';
import { paths } from '@/config/paths';
import { RulesView } from './rules-view.tsx';
import { RunsView } from './runs-view.tsx';
import { WebhooksView } from './webhooks-view.tsx';

const VIEWS = [
  { view: 'rules', label: 'Rules', to: paths.automations },
  { view: 'runs', label: 'Run history', to: paths.automationsRuns },
  { view: 'webhooks', label: 'Webhooks', to: paths.automationsWebhooks },
] as const;

/**
 * `/automations` and its tabs: the rules (those whose runs failed first), every run with its
 * filters in the URL, and the webhook endpoints rules post to.
 */
export function AutomationsPage() {
  const { pathname } = useLocation();
  const current = VIEWS.find((entry) => entry.to === pathname.replace(/\/$/, '')) ?? VIEWS[0];
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Automations</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-700">
          Rules that react to your institution’s events — an update arrives, a deadline nears, a
          risk rises — by opening a change, creating a task or telling the right people. Every run
          is recorded with what it checked and what it did, for you and for an examiner.
        </p>
      </header>
      <ViewTabs label="Automations views" tabs={VIEWS} current={current.view} />
      {current.view === 'rules' && <RulesView />}
      {current.view === 'runs' && <RunsView />}
      {current.view === 'webhooks' && <WebhooksView />}
    </div>
  );
}
