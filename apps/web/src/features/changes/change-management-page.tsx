import {
  CHANGE_STATUS_LABELS,
  CHANGE_STATUSES,
  NOT_RATED,
  RISK_RATING_LABELS,
  RISK_RATINGS,
  changeNumberLabel,
} from '@complivue/shared/regulatory-monitoring';
import { type ChangeDraft, type ChangeMembers } from '@complivue/shared/schemas/changes';
import { Download, Plus, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { FilterChips, formatDayRange } from '@/components/filter-chips';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { AreaFilterSelect, FilterSelect, OwnerFilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import {
  exportHref,
  useChangeBoard,
  useChangeDraft,
  useChangeList,
  useChangeMembers,
  useCreateChange,
} from './api.ts';
import { ChangeBoardView } from './change-board.tsx';
import { ChangeDetailPanel } from './change-detail.tsx';
import {
  ChangeFieldsForm,
  EMPTY_CHANGE_FIELDS,
  type ChangeFieldsValues,
} from './change-fields-form.tsx';
import { ChangeListView } from './change-list.tsx';
import {
  useChangePageState,
  type ChangeFilterState,
  type ChangeView,
} from './use-change-filters.ts';

/**
 * The "New change" form, by hand or as a feed item's draft: the item fills in what it says
 * (title, areas, effective date, summary), and the member confirms it and makes the judgements
 * (risk, due date) themselves; nothing is rated or due until someone says so.
 */
function NewChangeDialog({
  open,
  onOpenChange,
  members,
  ownerId,
  draft,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  members: ChangeMembers['members'];
  ownerId: string;
  draft: ChangeDraft | null;
  onCreated: (changeId: string) => void;
}) {
  const createChange = useCreateChange();
  async function create(fields: ChangeFieldsValues) {
    const detail = await createChange.mutateAsync(
      draft ? { feedItemId: draft.feedItemId, ...fields } : fields,
    );
    toast.success(`${changeNumberLabel(detail.number)} created.`);
    onCreated(detail.id);
  }
  const initial = draft
    ? {
        ...EMPTY_CHANGE_FIELDS,
        ownerId,
        title: draft.title,
        areas: draft.areas,
        effectiveDate: draft.effectiveDate ?? '',
        summary: draft.summary,
      }
    : { ...EMPTY_CHANGE_FIELDS, ownerId };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-40 flex w-full max-w-2xl flex-col bg-white shadow-xl">
          <div className="flex items-start gap-3 border-b border-slate-200 p-4 sm:px-6">
            <div className="flex-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                {draft ? 'Start a change from a feed item' : 'New change'}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-slate-700">
                {draft ? (
                  <>
                    Filled in from{' '}
                    <a
                      href={draft.link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-medium text-brand-700 underline"
                    >
                      the publication
                    </a>
                    . Check it, then rate the risk and set a due date yourself: the change stays
                    “Not rated” until someone rates it.
                  </>
                ) : (
                  'A regulatory change your institution must implement. To start one from a publication, use “Start a change” on the regulatory feed.'
                )}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close the form">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto p-4 sm:px-6">
            <ChangeFieldsForm
              key={draft?.feedItemId ?? 'by-hand'}
              initial={initial}
              members={members}
              submitLabel="Create change"
              pendingLabel="Creating…"
              failure="The change could not be created."
              onSubmit={create}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * `?from-feed=<item>`: the item's draft, or the change already open for it (opened instead,
 * so one publication never becomes two changes).
 */
function useFeedItemDraft(
  feedItemId: string | null,
  openExisting: (changeId: string) => void,
): { draft: ChangeDraft | null; failed: boolean } {
  const query = useChangeDraft(feedItemId);
  const existing = query.data?.existingChangeId ?? null;
  const latest = useRef(openExisting);
  useEffect(() => {
    latest.current = openExisting;
  });
  useEffect(() => {
    if (!existing) return;
    toast.info('A change from this publication is already open.');
    latest.current(existing);
  }, [existing]);
  if (query.isError) return { draft: null, failed: true };
  return { draft: query.data && !existing ? query.data : null, failed: false };
}

function Filters({
  filters,
  view,
  members,
  onChange,
}: {
  filters: ChangeFilterState;
  view: ChangeView;
  members: ChangeMembers['members'];
  onChange: (next: Partial<ChangeFilterState>) => void;
}) {
  const id = useId();
  const [q, setQ] = useState(filters.q);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  // Typing settles before the URL (and the query) follows.
  useEffect(() => {
    if (q.trim() === filters.q) return;
    const timer = setTimeout(() => latest.current({ q: q.trim() }), 300);
    return () => clearTimeout(timer);
  }, [q, filters.q]);
  const field = 'flex flex-col gap-1 text-sm font-medium text-slate-900';
  return (
    <form
      role="search"
      aria-label="Filter changes"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: q.trim() });
      }}
      className="grid grid-cols-2 gap-3 lg:grid-cols-6"
    >
      <div className={cn(field, 'col-span-2')}>
        <label htmlFor={`${id}-q`}>Search</label>
        <Input
          id={`${id}-q`}
          type="search"
          placeholder="Title, summary or CHG-12"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
      </div>
      {view === 'list' && (
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={filters.status}
          options={CHANGE_STATUSES}
          optionLabel={(status) => CHANGE_STATUS_LABELS[status]}
          onChange={(status) => onChange({ status })}
        />
      )}
      <AreaFilterSelect value={filters.area} onChange={(area) => onChange({ area })} />
      <OwnerFilterSelect
        value={filters.owner}
        members={members}
        onChange={(owner) => onChange({ owner })}
      />
      <FilterSelect
        label="Risk"
        allLabel="Any risk"
        value={filters.risk}
        options={[...RISK_RATINGS, 'not_rated'] as const}
        optionLabel={(risk) => (risk === 'not_rated' ? NOT_RATED : RISK_RATING_LABELS[risk])}
        onChange={(risk) => onChange({ risk })}
      />
      <label className="col-span-2 flex items-center gap-2 self-end pb-2 text-sm font-medium text-slate-900 lg:col-span-1">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={filters.overdue}
          onChange={(event) => onChange({ overdue: event.target.checked })}
        />
        Overdue only
      </label>
    </form>
  );
}

/**
 * The opened/closed ranges a link applied (analytics: "the changes closed this quarter"): the
 * form has no control for them, so each shows as a chip that removes it.
 */
function dateChips(
  filters: ChangeFilterState,
  onChange: (next: Partial<ChangeFilterState>) => void,
) {
  const ranges = [
    [
      'Opened',
      filters.openedFrom,
      filters.openedTo,
      { openedFrom: undefined, openedTo: undefined },
    ],
    [
      'Closed',
      filters.closedFrom,
      filters.closedTo,
      { closedFrom: undefined, closedTo: undefined },
    ],
  ] as const;
  return ranges
    .filter(([, from, to]) => from || to)
    .map(([word, from, to, cleared]) => ({
      label: `${word} ${formatDayRange(from, to)}`,
      onRemove: () => onChange(cleared),
    }));
}

/** `/change-management`: the board and the list of regulatory changes, and one change's detail. */
export function ChangeManagementPage() {
  const [state, update] = useChangePageState();
  const { data: session } = useSession();
  const members = useChangeMembers();
  const [creating, setCreating] = useState(false);
  const board = useChangeBoard(state.filters, state.view === 'board');
  const list = useChangeList(state.filters, state.page, state.view === 'list');
  const role = session?.profile.role ?? 'user';
  const memberList = members.data?.members ?? [];

  const setFilters = (next: Partial<ChangeFilterState>) =>
    update({ filters: { ...state.filters, ...next }, page: 1 });
  const open = (changeId: string) => update({ changeId, fromFeedItem: null });
  const feedDraft = useFeedItemDraft(state.fromFeedItem, open);
  useEffect(() => {
    if (feedDraft.failed) toast.error('That feed item could not be opened as a change.');
  }, [feedDraft.failed]);

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Change Management</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-700">
            Every regulatory change from identification to closure: impact, tasks, evidence and a
            complete history for examiners. A manager or an administrator approves each change in
            review.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" asChild>
            <a href={exportHref(state.filters)}>
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </a>
          </Button>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New change
          </Button>
        </div>
      </header>

      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="View">
        {(['board', 'list'] as const).map((view) => (
          <Button
            key={view}
            variant={state.view === view ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={state.view === view}
            onClick={() =>
              update({ view, page: 1, filters: { ...state.filters, status: undefined } })
            }
          >
            {view === 'board' ? 'Board' : 'List'}
          </Button>
        ))}
      </div>

      <Filters
        key={state.view}
        filters={state.filters}
        view={state.view}
        members={memberList}
        onChange={setFilters}
      />
      <FilterChips label="Date filters" chips={dateChips(state.filters, setFilters)} />

      {state.view === 'board' ? (
        <QueryState query={board} loading="Loading changes">
          {(data) => <ChangeBoardView board={data} role={role} onOpen={open} />}
        </QueryState>
      ) : (
        <QueryState
          query={list}
          loading="Loading changes"
          isEmpty={(data) => data.items.length === 0}
          empty={<p className="text-sm text-slate-700">No changes match these filters.</p>}
        >
          {(data) => (
            <ChangeListView
              list={data}
              role={role}
              onOpen={open}
              onPage={(page) => update({ page })}
            />
          )}
        </QueryState>
      )}

      <NewChangeDialog
        open={creating || feedDraft.draft !== null}
        onOpenChange={(next) => {
          setCreating(next);
          if (!next && state.fromFeedItem) update({ fromFeedItem: null });
        }}
        members={memberList}
        ownerId={session?.user.id ?? ''}
        draft={feedDraft.draft}
        onCreated={(changeId) => {
          setCreating(false);
          open(changeId);
        }}
      />
      {state.changeId && session && (
        <ChangeDetailPanel
          key={state.changeId}
          changeId={state.changeId}
          role={role}
          userId={session.user.id}
          members={memberList}
          onClose={() => update({ changeId: null })}
        />
      )}
    </div>
  );
}
