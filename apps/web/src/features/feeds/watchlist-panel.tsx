import {
  REGULATION_AREA_INFO,
  REGULATION_AREAS,
  type RegulationArea,
} from '@complivue/shared/regulation-areas';
import { AGENCIES, AGENCY_LABELS, type Agency } from '@complivue/shared/regulatory-monitoring';
import {
  FEEDS_MESSAGES,
  updateWatchlistRequestSchema,
  WATCHLIST_MAX_KEYWORDS,
  type Watchlist,
} from '@complivue/shared/schemas/feeds';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format-day';
import { useSaveWatchlist, useWatchlist } from './api.ts';

function Explanation() {
  return (
    <p className="text-sm text-slate-700">
      A new update that is in a watched area, mentions a keyword as a word in its title or summary,
      or comes from a watched agency alerts every member with access to the feeds. Final rules and
      enforcement actions in watched areas, and updates taking effect within 90 days, are high
      priority. Members choose in their profile whether alerts also come by email, at once or in a
      daily or weekly digest.
    </p>
  );
}

function ReadOnly({ watchlist }: { watchlist: Watchlist }) {
  const list = (label: string, values: string[]) => (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
      {values.length ? (
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {values.map((value) => (
            <li
              key={value}
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-900"
            >
              {value}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-700">None</p>
      )}
    </div>
  );
  return (
    <div className="space-y-4">
      {list(
        'Areas',
        watchlist.areas.map((area) => REGULATION_AREA_INFO[area].tag),
      )}
      {list('Keywords', watchlist.keywords)}
      {list('Agencies', watchlist.agencies)}
      <p className="text-sm text-slate-700">Managers and administrators change the watchlist.</p>
    </div>
  );
}

type WatchlistFields = z.input<typeof updateWatchlistRequestSchema>;

const areaLabel = (area: RegulationArea) => (
  <span>
    <span className="font-semibold">{REGULATION_AREA_INFO[area].tag}</span>{' '}
    <span className="text-slate-700">{REGULATION_AREA_INFO[area].label}</span>
  </span>
);

const agencyLabel = (agency: Agency) => (
  <span>
    <span className="font-semibold">{agency}</span>{' '}
    <span className="text-slate-700">{AGENCY_LABELS[agency]}</span>
  </span>
);

/** The keywords: typed one at a time, each checked with the request's rules as it is added. */
function KeywordsField() {
  const { field, fieldState } = useController<WatchlistFields, 'keywords'>({ name: 'keywords' });
  const { setError, clearErrors } = useFormContext<WatchlistFields>();
  const keywords = field.value;
  const [keyword, setKeyword] = useState('');
  const keywordId = useId();
  const hintId = `${keywordId}-hint`;
  const errorId = `${keywordId}-error`;
  const error = fieldState.error?.message;

  const addKeyword = () => {
    const value = keyword.trim().replace(/\s+/g, ' ');
    if (!value) return;
    const parsed = updateWatchlistRequestSchema.shape.keywords.safeParse([...keywords, value]);
    if (!parsed.success) {
      setError('keywords', {
        message: parsed.error.issues[0]?.message ?? FEEDS_MESSAGES.keyword_length,
      });
      return;
    }
    field.onChange(parsed.data);
    setKeyword('');
    clearErrors('keywords');
  };

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-slate-900">Keywords</legend>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={keywordId} className="sr-only">
          New keyword
        </label>
        <Input
          id={keywordId}
          value={keyword}
          maxLength={80}
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          placeholder="e.g. escrow, adverse action, appraisal"
          onChange={(event) => setKeyword(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addKeyword();
            }
          }}
        />
        <Button type="button" variant="secondary" onClick={addKeyword}>
          Add keyword
        </Button>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        Matched as whole words, ignoring case, in titles and summaries. Up to{' '}
        {WATCHLIST_MAX_KEYWORDS} keywords of 2 to 60 characters.
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {keywords.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Keywords">
          {keywords.map((value) => (
            <li
              key={value}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-sm text-slate-900"
            >
              {value}
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-label={`Remove keyword ${value}`}
                onClick={() => field.onChange(keywords.filter((entry) => entry !== value))}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function Editor({ watchlist }: { watchlist: Watchlist }) {
  const form = useZodForm(updateWatchlistRequestSchema, {
    areas: watchlist.areas,
    keywords: watchlist.keywords,
    agencies: watchlist.agencies,
  });
  const saveWatchlist = useSaveWatchlist();
  return (
    <Form
      form={form}
      failure="The watchlist could not be saved."
      className="space-y-5"
      onSubmit={async (values) => {
        await saveWatchlist.mutateAsync(values);
        toast.success(FEEDS_MESSAGES.watchlist_saved);
      }}
    >
      <CheckboxGroupField<WatchlistFields, RegulationArea>
        name="areas"
        legend="Areas"
        options={REGULATION_AREAS}
        renderLabel={areaLabel}
        listClassName="mt-2 grid gap-2 sm:grid-cols-2"
        itemClassName="flex items-center gap-2 text-sm text-slate-800"
      />
      <KeywordsField />
      <CheckboxGroupField<WatchlistFields, Agency>
        name="agencies"
        legend="Agencies"
        options={AGENCIES}
        renderLabel={agencyLabel}
        listClassName="mt-2 grid gap-2 sm:grid-cols-2"
        itemClassName="flex items-center gap-2 text-sm text-slate-800"
      />
      <SubmitButton pendingLabel="Saving…">Save watchlist</SubmitButton>
    </Form>
  );
}

/** The institution's watchlist: managers and administrators edit it, everyone reads it. */
export function WatchlistPanel() {
  const watchlist = useWatchlist();
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Watchlist</h2>
        <Explanation />
        {watchlist.data?.updatedAt && (
          <p className="mt-1 text-xs text-slate-600">
            Last changed {formatDateTime(watchlist.data.updatedAt)}
            {watchlist.data.updatedByName ? ` by ${watchlist.data.updatedByName}` : ''}.
          </p>
        )}
      </div>
      <QueryState query={watchlist} loading="Loading the watchlist">
        {(data) =>
          data.canEdit ? (
            <Editor key={data.updatedAt ?? 'new'} watchlist={data} />
          ) : (
            <ReadOnly watchlist={data} />
          )
        }
      </QueryState>
    </Card>
  );
}
