import type { AnalyticsView } from '@complivue/shared/schemas/analytics';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { userFacingMessage } from '@/lib/api-client';
import { useCreateSavedView, useDeleteSavedView, useSavedViews } from './api.ts';
import type { AnalyticsPeriodChoice } from './use-analytics-period.ts';

const viewPath = (view: AnalyticsView, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return `/analytics${view === 'overview' ? '' : `/${view}`}${search ? `?${search}` : ''}`;
};

/**
 * The institution's saved views (advanced analytics): open one, save the one being read under a
 * name, delete one's own (administrators any).
 */
export function SavedViews({
  view,
  choice,
}: {
  view: AnalyticsView;
  choice: AnalyticsPeriodChoice;
}) {
  const id = useId();
  const navigate = useNavigate();
  const views = useSavedViews(true);
  const create = useCreateSavedView();
  const remove = useDeleteSavedView();
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<string | undefined>();
  const list = views.data?.views ?? [];
  const chosen = list.find((entry) => entry.id === selected);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const query = Object.fromEntries(
        Object.entries(choice).filter((entry): entry is [string, string] => Boolean(entry[1])),
      );
      await create.mutateAsync({ name, view, query });
      toast.success(`“${name}” is saved for your institution.`);
      setName('');
    } catch (caught) {
      toast.error(userFacingMessage(caught, 'The view could not be saved.'));
    }
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      <FilterSelect
        label="Saved views"
        allLabel="Choose a saved view"
        value={selected}
        options={list.map((entry) => entry.id)}
        optionLabel={(viewId) => list.find((entry) => entry.id === viewId)?.name ?? viewId}
        onChange={(viewId) => {
          setSelected(viewId);
          const entry = list.find((candidate) => candidate.id === viewId);
          if (entry) void navigate(viewPath(entry.view, entry.query));
        }}
      />
      {chosen && (
        <Button
          variant="ghost"
          size="sm"
          onClick={async () => {
            try {
              await remove.mutateAsync(chosen.id);
              setSelected(undefined);
              toast.success(`“${chosen.name}” was deleted.`);
            } catch (caught) {
              toast.error(userFacingMessage(caught, 'The view could not be deleted.'));
            }
          }}
        >
          Delete<span className="sr-only"> the saved view {chosen.name}</span>
        </Button>
      )}
      <form onSubmit={save} className="flex items-end gap-2" aria-label="Save this view">
        <div className="flex flex-col gap-1 text-sm font-medium text-slate-900">
          <label htmlFor={`${id}-name`}>Save this view as</label>
          <Input
            id={`${id}-name`}
            value={name}
            required
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={create.isPending || !name.trim()}>
          Save view
        </Button>
      </form>
    </div>
  );
}
