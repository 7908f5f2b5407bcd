import { describeActivity } from '@complivue/shared/activity-sentences';
import { ACTIVITY_MODULES, type ActivityModule } from '@complivue/shared/schemas/collaboration';
import { useSearchParams } from 'react-router';
import { useCollaborationMembers } from '@/components/discussion/api';
import { HistorySentenceView } from '@/components/history-sentence';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { formatDateTime } from '@/lib/format-day';
import { recordPath } from '@/lib/record-path';
import { useTeamActivity } from './api.ts';

const MODULES = Object.keys(ACTIVITY_MODULES) as ActivityModule[];

/**
 * The institution's work, newest first: comments, decisions, status changes and uploads, each
 * a sentence naming who did what to which record (linked). Filters live in the URL.
 */
export function ActivityView() {
  const [params, setParams] = useSearchParams();
  const module = MODULES.find((entry) => entry === params.get('module'));
  const actor = params.get('actor') ?? undefined;
  const subject = params.get('subject') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const activity = useTeamActivity({ module, actor, subject }, page);
  const members = useCollaborationMembers().data?.members ?? [];
  const names = new Map(members.map((member) => [member.userId, member.name]));

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    next.set('view', 'activity');
    next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div className="grid gap-3 sm:grid-cols-3">
        <FilterSelect
          label="Module"
          allLabel="All modules"
          value={module}
          options={MODULES}
          optionLabel={(entry) => ACTIVITY_MODULES[entry].label}
          onChange={(value) => update({ module: value })}
        />
        <FilterSelect
          label="Member"
          allLabel="Everyone"
          value={actor}
          options={members.map((member) => member.userId)}
          optionLabel={(userId) => names.get(userId) ?? userId}
          unknownLabel="A former member"
          onChange={(value) => update({ actor: value })}
        />
        {subject && (
          <p className="self-end text-sm text-slate-700">
            One record only.{' '}
            <button
              type="button"
              className="text-brand-700 underline"
              onClick={() => update({ subject: undefined })}
            >
              Show all records
            </button>
          </p>
        )}
      </div>
      <QueryState
        query={activity}
        loading="Loading the team's activity"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <p className="text-sm text-slate-700">
            Nothing yet under these filters. Comments, assessments, changes, risks, policies and
            deadlines your team works on appear here as they happen.
          </p>
        }
      >
        {(data) => (
          <>
            <ol className="divide-y divide-slate-200" aria-label="Team activity">
              {data.items.map((entry) => (
                <li
                  key={entry.id}
                  className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:gap-4"
                >
                  <time
                    dateTime={entry.createdAt}
                    className="shrink-0 whitespace-nowrap text-slate-700 sm:w-44"
                  >
                    {formatDateTime(entry.createdAt)}
                  </time>
                  <HistorySentenceView
                    sentence={describeActivity(entry, {
                      memberName: (userId) => names.get(userId),
                      targetPath: recordPath,
                    })}
                  />
                </li>
              ))}
            </ol>
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(next) => {
                const nextParams = new URLSearchParams(params);
                nextParams.set('page', String(next));
                setParams(nextParams);
              }}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}
