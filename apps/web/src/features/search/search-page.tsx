import {
  REGULATION_AREA_INFO,
  REGULATION_AREAS,
  type RegulationArea,
} from '@complivue/shared/regulation-areas';
import {
  RECORD_KIND_LABELS,
  SEARCH_KIND_ITEM_LABELS,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  type SearchKind,
  type SearchResponse,
} from '@complivue/shared/schemas/search';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useRecordSearch, useSearch, type SearchParams } from './api.ts';
import { Snippet } from './snippet.tsx';

function readParams(params: URLSearchParams): SearchParams {
  const type = params.get('type');
  const area = params.get('area');
  return {
    q: params.get('q') ?? '',
    type: SEARCH_KINDS.includes(type as SearchKind) ? (type as SearchKind) : undefined,
    area: REGULATION_AREAS.includes(area as RegulationArea) ? (area as RegulationArea) : undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

function FacetList<Value extends string>({
  title,
  facets,
  selected,
  label,
  onSelect,
}: {
  title: string;
  facets: { value: Value; count: number }[];
  selected: Value | undefined;
  label: (value: Value) => string;
  onSelect: (value: Value | undefined) => void;
}) {
  if (facets.length === 0) return null;
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="mt-2 space-y-1 text-sm">
        {facets.map((facet) => {
          const active = facet.value === selected;
          return (
            <li key={facet.value}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onSelect(active ? undefined : facet.value)}
                className={cn(
                  'flex w-full justify-between rounded px-2 py-1 text-left hover:bg-slate-100',
                  active && 'bg-brand-50 font-semibold text-brand-900',
                )}
              >
                <span>{label(facet.value)}</span>
                <span className="text-slate-600">{facet.count}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function SearchResults({
  data,
  params,
  go,
}: {
  data: SearchResponse;
  params: SearchParams;
  go: (next: Partial<SearchParams>) => void;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
      <aside aria-label="Filter results" className="space-y-5">
        <FacetList
          title="Type"
          facets={data.facets.kind}
          selected={params.type}
          label={(value) => SEARCH_KIND_LABELS[value]}
          onSelect={(type) => go({ type })}
        />
        <FacetList
          title="Regulation area"
          facets={data.facets.area}
          selected={params.area}
          label={(value) => REGULATION_AREA_INFO[value].tag}
          onSelect={(area) => go({ area })}
        />
      </aside>
      <div>
        <p role="status" className="text-sm text-slate-700">
          {data.total === 1 ? '1 result' : `${data.total} results`} for “{params.q}”
        </p>
        <ol className="mt-3 space-y-3">
          {data.items.map((item) => (
            <li key={`${item.kind}-${item.refId}`}>
              <Card className="p-4">
                <p className="text-xs font-medium text-slate-600">
                  {SEARCH_KIND_ITEM_LABELS[item.kind]}
                  {item.area ? ` · ${REGULATION_AREA_INFO[item.area].tag}` : ''}
                </p>
                <Link
                  to={item.path}
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  {item.title}
                </Link>
                <p className="mt-1 text-sm text-slate-800">
                  <Snippet pieces={item.snippet} />
                </p>
              </Card>
            </li>
          ))}
        </ol>
        {data.total > data.pageSize && (
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(page) => go({ page })}
          />
        )}
      </div>
    </div>
  );
}

/**
 * The institution's own records that match (changes, deadlines, risks, …), five of each kind at
 * most, above the library's results; nothing when none match.
 */
function RecordResults({ q }: { q: string }) {
  const records = useRecordSearch(q);
  const groups = records.data?.groups ?? [];
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="record-results" className="space-y-3">
      <h2 id="record-results" className="text-lg font-semibold text-slate-900">
        Your institution’s records
      </h2>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {groups.map((group) => (
          <Card key={group.kind} className="p-4">
            <h3 className="text-sm font-semibold text-slate-700">
              {RECORD_KIND_LABELS[group.kind]}
            </h3>
            <ul className="mt-2 space-y-2">
              {group.items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={item.path}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {item.label}
                  </Link>
                  {item.detail && <p className="text-xs text-slate-600">{item.detail}</p>}
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </section>
  );
}

/** `/search`: results from the library (and later capabilities) with facets by type and area. */
export function SearchPage() {
  const [urlParams, setUrlParams] = useSearchParams();
  const params = readParams(urlParams);
  const [draft, setDraft] = useState(params.q);
  const results = useSearch(params);

  const go = (next: Partial<SearchParams>) => {
    const merged = { ...params, page: 1, ...next };
    const search = new URLSearchParams({ q: merged.q });
    if (merged.type) search.set('type', merged.type);
    if (merged.area) search.set('area', merged.area);
    if (merged.page > 1) search.set('page', String(merged.page));
    setUrlParams(search);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: draft.trim(), type: undefined, area: undefined });
  };

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Search</h1>
      <form role="search" onSubmit={submit} className="flex max-w-2xl gap-2">
        <Input
          aria-label="Search compliance articles, regulations..."
          placeholder="Search compliance articles, regulations..."
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
      <p className="text-sm text-slate-700">
        Type words, a citation such as “1026.19(e)” or “31 CFR 1020.320”, or a regulation such as
        “Reg Z”. Use quotes for a phrase and -word to leave a word out.
      </p>
      {params.q && <RecordResults q={params.q} />}
      {params.q && (
        <QueryState query={results} loading="Searching">
          {(data) => <SearchResults data={data} params={params} go={go} />}
        </QueryState>
      )}
    </div>
  );
}
