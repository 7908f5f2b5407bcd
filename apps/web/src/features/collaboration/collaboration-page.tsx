import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import { ViewTabs } from '@/components/ui/view-tabs';
import { ActivityView } from './activity-view.tsx';
import { useOnline } from './api.ts';
import { MyWorkView } from './my-work-view.tsx';
import { ThreadsView } from './threads-view.tsx';

const VIEWS = [
  { view: 'work', label: 'My work', to: '?' },
  { view: 'activity', label: 'Activity', to: '?view=activity' },
  { view: 'threads', label: 'Threads', to: '?view=threads' },
] as const;
type View = (typeof VIEWS)[number]['view'];

/** Members with the app open now, on any instance (asked again every 30 seconds). */
function OnlineNow() {
  const online = useOnline();
  return (
    <Card className="space-y-2 p-4">
      <h2 className="text-base font-semibold text-slate-900">Online now</h2>
      <QueryState query={online} loading="Loading who is online">
        {(data) =>
          data.online.length === 0 ? (
            <p className="text-sm text-slate-700">Nobody else has the app open.</p>
          ) : (
            <ul className="space-y-1 text-sm" aria-label="Members online now">
              {data.online.map((member) => (
                <li key={member.userId} className="flex items-center gap-2">
                  <span aria-hidden="true" className="size-2 rounded-full bg-emerald-600" />
                  {member.name}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Card>
  );
}

/**
 * `/collaboration`: what waits on the member first (My work), then the institution's activity
 * and the team's threads; discussions of single records live on those records' pages.
 */
export function CollaborationPage() {
  const [params] = useSearchParams();
  const view: View = VIEWS.find((entry) => entry.view === params.get('view'))?.view ?? 'work';
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Team Collaboration</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-700">
          Your tasks, mentions and approvals from every module; what the team has done; and threads
          for what is not about a single record. Each record’s own discussion sits on its page.
        </p>
      </header>
      <ViewTabs label="Collaboration views" tabs={VIEWS} current={view} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="min-w-0">
          {view === 'work' && <MyWorkView />}
          {view === 'activity' && <ActivityView />}
          {view === 'threads' && <ThreadsView />}
        </div>
        <aside>
          <OnlineNow />
        </aside>
      </div>
    </div>
  );
}
