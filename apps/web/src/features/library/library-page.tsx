import { hasRoleAtLeast } from '@complivue/shared/roles';
import { REGULATION_AREA_INFO, REGULATION_AREAS } from '@complivue/shared/regulation-areas';
import { Download, Star } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDay } from '@/lib/format-day';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/cn';
import { reportHref, useComplianceSummary, useLibrary, type LibraryFilters } from './api.ts';
import { AreaTag } from './assessment-badge.tsx';
import { articlePath } from './library-paths.ts';
import { useLibraryFilters } from './use-library-filters.ts';

function ScoreCard() {
  const summary = useComplianceSummary();
  if (!summary.data) return null;
  const { score, riskLevel, areas } = summary.data;
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">Your compliance status</h2>
      {score === null ? (
        <p className="mt-2 text-sm text-slate-700">
          No rule is assessed yet. Open an article, then a rule, and record your institution’s
          status with its evidence.
        </p>
      ) : (
        <>
          <p className="mt-2 text-3xl font-bold text-slate-900">
            {score}% <span className="text-base font-medium text-slate-700">risk {riskLevel}</span>
          </p>
          <p className="text-xs text-slate-600">
            Compliant rules ÷ rules that apply and are assessed.
          </p>
          <ul className="mt-3 flex flex-wrap gap-2 text-sm">
            {areas.map((area) => (
              <li key={area.area} className="rounded-md border border-slate-200 px-2 py-1">
                {area.label}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function FilterBar({
  filters,
  onChange,
}: {
  filters: LibraryFilters;
  onChange: (next: Partial<LibraryFilters>) => void;
}) {
  const chip = (active: boolean) =>
    cn(
      'rounded-full border px-3 py-1 text-sm font-medium',
      active
        ? 'border-brand-700 bg-brand-700 text-white'
        : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
    );
  return (
    <div className="space-y-3">
      <div role="group" aria-label="Regulation area" className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={!filters.area}
          className={chip(!filters.area)}
          onClick={() => onChange({ area: undefined })}
        >
          All areas
        </button>
        {REGULATION_AREAS.map((area) => (
          <button
            key={area}
            type="button"
            aria-pressed={filters.area === area}
            className={chip(filters.area === area)}
            onClick={() => onChange({ area })}
            title={REGULATION_AREA_INFO[area].label}
          >
            {REGULATION_AREA_INFO[area].tag}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap gap-4 text-sm text-slate-800">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={filters.applies}
            onChange={(event) => onChange({ applies: event.target.checked })}
          />
          Applies to my institution
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={filters.bookmarked}
            onChange={(event) => onChange({ bookmarked: event.target.checked })}
          />
          Bookmarked
        </label>
      </div>
    </div>
  );
}

/** `/compliance`: the library by area, what applies to the institution, bookmarks. */
export function LibraryPage() {
  const { data: session } = useSession();
  const [filters, setFilters] = useLibraryFilters();
  const library = useLibrary(filters);
  const canReport = Boolean(session && hasRoleAtLeast(session.profile.role, 'manager'));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Compliance Library</h1>
          <p className="mt-1 text-sm text-slate-700">
            Plain-language articles and the rules behind them, each cited to the regulation.
            Informational only; not legal advice.
          </p>
        </div>
        {canReport && (
          <div className="flex flex-wrap gap-2">
            <a
              href={reportHref('csv', filters.area)}
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              <Download aria-hidden="true" className="size-4" />
              Assessment CSV
            </a>
            <a
              href={reportHref('pdf', filters.area)}
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              <Download aria-hidden="true" className="size-4" />
              Exam report (PDF)
            </a>
          </div>
        )}
      </div>
      <ScoreCard />
      <FilterBar filters={filters} onChange={(next) => setFilters({ ...filters, ...next })} />
      {library.isPending ? (
        <Spinner label="Loading the library" />
      ) : library.isError ? (
        <Alert variant="destructive">{library.error.message}</Alert>
      ) : (
        <>
          {!library.data.profileComplete && filters.applies && (
            <Alert>
              Your institution’s profile is not complete, so every article is shown.{' '}
              <Link to={paths.settings} className="font-medium underline">
                Complete it in Settings
              </Link>
              .
            </Alert>
          )}
          <p role="status" className="text-sm text-slate-700">
            {library.data.articles.length === 1
              ? '1 article'
              : `${library.data.articles.length} articles`}
          </p>
          <ul className="grid gap-4 md:grid-cols-2">
            {library.data.articles.map((article) => (
              <li key={article.id}>
                <Card className="flex h-full flex-col p-5">
                  <div className="flex items-center gap-2">
                    <AreaTag area={article.area} />
                    {article.companyOwned && (
                      <span className="text-xs font-medium text-slate-700">Your institution</span>
                    )}
                    {!article.appliesToInstitution && (
                      <span className="text-xs text-slate-600">Does not apply to you</span>
                    )}
                    {article.bookmarked && (
                      <Star
                        aria-label="Bookmarked"
                        className="ml-auto size-4 fill-amber-400 text-amber-500"
                      />
                    )}
                  </div>
                  <h2 className="mt-2 font-semibold text-slate-900">
                    <Link to={articlePath(article.slug)} className="hover:underline">
                      {article.title}
                    </Link>
                  </h2>
                  <p className="mt-1 flex-1 text-sm text-slate-700">{article.summary}</p>
                  <p className="mt-3 text-xs text-slate-600">
                    {article.ruleCount} {article.ruleCount === 1 ? 'rule' : 'rules'} · last reviewed{' '}
                    {formatDay(article.lastReviewed)}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
