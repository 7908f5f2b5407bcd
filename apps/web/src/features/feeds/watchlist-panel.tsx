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
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { saveWatchlist, useWatchlist } from './api.ts';

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

function Editor({ watchlist }: { watchlist: Watchlist }) {
  const queryClient = useQueryClient();
  const [areas, setAreas] = useState<RegulationArea[]>(watchlist.areas);
  const [agencies, setAgencies] = useState<Agency[]>(watchlist.agencies);
  const [keywords, setKeywords] = useState<string[]>(watchlist.keywords);
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const keywordId = useId();
  const keywordHint = `${keywordId}-hint`;

  const toggle = <Value extends string>(list: Value[], value: Value) =>
    list.includes(value) ? list.filter((entry) => entry !== value) : [...list, value];

  const addKeyword = () => {
    const value = keyword.trim().replace(/\s+/g, ' ');
    if (!value) return;
    const parsed = updateWatchlistRequestSchema.shape.keywords.safeParse([...keywords, value]);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? FEEDS_MESSAGES.keyword_length);
      return;
    }
    setKeywords(parsed.data);
    setKeyword('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateWatchlistRequestSchema.safeParse({ areas, keywords, agencies });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the watchlist.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await saveWatchlist(queryClient, parsed.data);
      toast.success(FEEDS_MESSAGES.watchlist_saved);
    } catch (caught) {
      setError(userFacingMessage(caught, 'The watchlist could not be saved.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Areas</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {REGULATION_AREAS.map((area) => (
            <label key={area} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-700"
                checked={areas.includes(area)}
                onChange={() => setAreas(toggle(areas, area))}
              />
              <span>
                <span className="font-semibold">{REGULATION_AREA_INFO[area].tag}</span>{' '}
                <span className="text-slate-700">{REGULATION_AREA_INFO[area].label}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Keywords</legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <label htmlFor={keywordId} className="sr-only">
            New keyword
          </label>
          <Input
            id={keywordId}
            value={keyword}
            maxLength={80}
            aria-describedby={keywordHint}
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
        <p id={keywordHint} className="mt-1 text-xs text-slate-600">
          Matched as whole words, ignoring case, in titles and summaries. Up to{' '}
          {WATCHLIST_MAX_KEYWORDS} keywords of 2 to 60 characters.
        </p>
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
                  onClick={() => setKeywords(keywords.filter((entry) => entry !== value))}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Agencies</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {AGENCIES.map((agency) => (
            <label key={agency} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-700"
                checked={agencies.includes(agency)}
                onChange={() => setAgencies(toggle(agencies, agency))}
              />
              <span>
                <span className="font-semibold">{agency}</span>{' '}
                <span className="text-slate-700">{AGENCY_LABELS[agency]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {error && <Alert variant="destructive">{error}</Alert>}
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save watchlist'}
      </Button>
    </form>
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
      {watchlist.isPending ? (
        <Spinner label="Loading the watchlist" />
      ) : watchlist.isError ? (
        <Alert variant="destructive">{watchlist.error.message}</Alert>
      ) : watchlist.data.canEdit ? (
        <Editor key={watchlist.data.updatedAt ?? 'new'} watchlist={watchlist.data} />
      ) : (
        <ReadOnly watchlist={watchlist.data} />
      )}
    </Card>
  );
}
