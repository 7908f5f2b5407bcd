import { RULE_FILTERS, riskLevelText, type RuleFilter } from '@complivue/shared/compliance-score';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import type { ArticleSummary } from '@complivue/shared/schemas/library';
import { Download, Star } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { CoverageSentence } from '@/components/compliance-coverage';
import { DataTable, type Column } from '@/components/data-table';
import { AREA_TONES, StatusToken } from '@/components/status-token';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { AreaFilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDay, formatLocalDay } from '@/lib/format-day';
import { useSession } from '@/lib/session';
import { reportHref, useComplianceSummary, useLibrary } from './api.ts';
import { AreaTag, RuleCountLink, RuleCountLinks } from './assessment-badge.tsx';
import { articlePath } from './library-paths.ts';
import { useLibraryFilters, type LibrarySort, type LibraryView } from './use-library-filters.ts';

/**
 * The institution's score beside its coverage (each count ordering the table below by it), its
 * risk level, and each assessed area's status; an area opens its articles.
 */
function ScoreLine() {
  const summary = useComplianceSummary();
  if (!summary.data) return null;
  const { score, riskLevel, coverage, areas } = summary.data;
  return (
    <section
      aria-labelledby="score-heading"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white px-4 py-3"
    >
      <h2 id="score-heading" className="text-sm font-semibold text-slate-900">
        Your compliance status
      </h2>
      {score === null && coverage.assessed === 0 ? (
        <p className="text-sm text-slate-700">
          No rule is assessed yet. Open an article, then a rule, and record your institution’s
          status with its evidence.
        </p>
      ) : score === null ? (
        <p className="text-sm text-slate-700">
          No score yet — <CoverageSentence coverage={coverage} linked />, none of them as compliant,
          needs review or non-compliant.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            <span className="text-xl font-bold text-slate-900">{score}%</span>
            <span className="sr-only">
              {' '}
              (compliant rules ÷ rules that apply and are assessed)
            </span>{' '}
            — <CoverageSentence coverage={coverage} linked />
            {riskLevel && <>. Risk level: {riskLevelText(riskLevel, coverage)}</>}
          </p>
          <ul className="flex flex-wrap gap-2 text-sm" aria-label="Status by area">
            {areas.map((area) => (
              <li key={area.area}>
                <Link
                  to={`${paths.compliance}?area=${area.area}`}
                  className="inline-flex items-center gap-1.5 rounded-md border border-slate-200 px-2 py-0.5 text-slate-900 hover:bg-slate-50"
                >
                  {REGULATION_AREA_INFO[area.area].tag}
                  <StatusToken tone={AREA_TONES[area.status]} />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function FilterBar({
  view,
  onChange,
}: {
  view: LibraryView;
  onChange: (next: Partial<LibraryView>) => void;
}) {
  const id = useId();
  return (
    <form
      role="search"
      aria-label="Filter the library"
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto_auto] lg:items-end"
    >
      <div className="flex flex-col gap-1 text-sm font-medium text-slate-900 sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-q`}>Find an article</label>
        <Input
          id={`${id}-q`}
          type="search"
          placeholder="Words of its title or summary"
          value={view.q}
          onChange={(event) => onChange({ q: event.target.value })}
        />
      </div>
      <AreaFilterSelect value={view.area} onChange={(area) => onChange({ area })} />
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm font-medium text-slate-900 sm:col-span-2 lg:col-span-2 lg:pb-2">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={view.applies}
            onChange={(event) => onChange({ applies: event.target.checked })}
          />
          Applies to us
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={view.bookmarked}
            onChange={(event) => onChange({ bookmarked: event.target.checked })}
          />
          Bookmarked
        </label>
      </div>
    </form>
  );
}

/** The column headers of the counts: the status words of the one token set. */
const COUNT_HEADERS: Record<RuleFilter, string> = {
  applicable: 'Rules that apply',
  assessed: 'Assessed',
  compliant: 'Compliant',
  needs_review: 'Needs review',
  non_compliant: 'Non-compliant',
};

const matchesWords = (article: ArticleSummary, q: string) => {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${article.title} ${article.summary}`.toLowerCase();
  return words.every((word) => text.includes(word));
};

function sortValue(article: ArticleSummary, sort: LibrarySort): string | number {
  if (sort === 'title') return article.title.toLowerCase();
  if (sort === 'area') return article.area;
  if (sort === 'last_assessed') return article.lastAssessedAt ?? '';
  return article.ruleCounts[sort];
}

/**
 * The chosen order, then what needs action (non-compliant, then needs review, most first),
 * then by area and title: with the default order, failing articles lead.
 */
function sortArticles(articles: readonly ArticleSummary[], view: LibraryView) {
  const sign = view.direction === 'asc' ? 1 : -1;
  const compare = (a: ArticleSummary, b: ArticleSummary, sort: LibrarySort, way: number) => {
    const [x, y] = [sortValue(a, sort), sortValue(b, sort)];
    return x === y ? 0 : (x < y ? -1 : 1) * way;
  };
  return [...articles].sort(
    (a, b) =>
      compare(a, b, view.sort, sign) ||
      compare(a, b, 'non_compliant', -1) ||
      compare(a, b, 'needs_review', -1) ||
      compare(a, b, 'area', 1) ||
      compare(a, b, 'title', 1),
  );
}

const lastAssessed = (article: ArticleSummary) =>
  article.lastAssessedAt ? formatLocalDay(article.lastAssessedAt) : 'Not assessed';

function ArticleName({ article, showApplies }: { article: ArticleSummary; showApplies: boolean }) {
  return (
    <>
      <Link
        to={articlePath(article.slug)}
        className="font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {article.title}
      </Link>
      {article.bookmarked && (
        <Star
          role="img"
          aria-label="Bookmarked"
          className="ml-1 inline size-3.5 fill-amber-400 align-[-2px] text-amber-600"
        />
      )}
      {(article.companyOwned || (showApplies && !article.appliesToInstitution)) && (
        <span className="mt-0.5 block text-xs text-slate-600">
          {article.companyOwned && 'Your institution’s article'}
          {article.companyOwned && showApplies && !article.appliesToInstitution && ' · '}
          {showApplies && !article.appliesToInstitution && 'Does not apply to you'}
        </span>
      )}
    </>
  );
}

function LibraryTable({
  articles,
  view,
  onSort,
}: {
  articles: readonly ArticleSummary[];
  view: LibraryView;
  onSort: (sort: LibrarySort) => void;
}) {
  const sortBy = (sort: LibrarySort) => ({
    active: view.sort === sort,
    direction: view.direction,
    onSort: () => onSort(sort),
  });
  const columns: Column<ArticleSummary>[] = [
    {
      header: 'Article',
      sort: sortBy('title'),
      cell: (article) => <ArticleName article={article} showApplies={!view.applies} />,
    },
    {
      header: 'Area',
      sort: sortBy('area'),
      cell: (article) => <AreaTag area={article.area} />,
    },
    ...RULE_FILTERS.map((filter): Column<ArticleSummary> => ({
      header: COUNT_HEADERS[filter],
      sort: sortBy(filter),
      headerClassName: 'text-right',
      className: 'text-right whitespace-nowrap',
      cell: (article) => (
        <RuleCountLink slug={article.slug} filter={filter} count={article.ruleCounts[filter]} />
      ),
    })),
    {
      header: 'Last assessed',
      sort: sortBy('last_assessed'),
      className: 'whitespace-nowrap text-slate-700',
      cell: lastAssessed,
    },
  ];
  return (
    <DataTable
      caption="Articles of the compliance library, with your institution’s assessment of their rules"
      columns={columns}
      rows={articles}
      rowKey={(article) => article.id}
      minWidth="56rem"
      className="hidden md:block"
    />
  );
}

/** On a phone: one compact entry per article, each count with its words. */
function LibraryList({
  articles,
  view,
}: {
  articles: readonly ArticleSummary[];
  view: LibraryView;
}) {
  return (
    <ul className="divide-y divide-slate-200 md:hidden" aria-label="Articles">
      {articles.map((article) => (
        <li key={article.id} className="py-3">
          <div className="flex items-start gap-2">
            <AreaTag area={article.area} />
            <div className="min-w-0 text-sm">
              <ArticleName article={article} showApplies={!view.applies} />
            </div>
          </div>
          <RuleCountLinks
            slug={article.slug}
            counts={article.ruleCounts}
            className="mt-2 flex flex-wrap items-center"
          />
          <p className="mt-1 text-xs text-slate-600">
            {article.lastAssessedAt ? `Last assessed ${lastAssessed(article)}` : 'Not assessed'}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * `/compliance`: the library as a table of articles with the institution's assessment counts,
 * what applies to the institution first, with its area filter, words, bookmarks and order in
 * the URL.
 */
export function LibraryPage() {
  const { data: session } = useSession();
  const [view, setView] = useLibraryFilters();
  const library = useLibrary({
    area: view.area,
    applies: view.applies,
    bookmarked: view.bookmarked,
  });
  const canReport = Boolean(session && hasRoleAtLeast(session.profile.role, 'manager'));
  const sortBy = (sort: LibrarySort) =>
    setView({
      sort,
      // Titles and areas read A to Z first; counts and dates the largest or latest first.
      direction:
        view.sort === sort
          ? view.direction === 'asc'
            ? 'desc'
            : 'asc'
          : sort === 'title' || sort === 'area'
            ? 'asc'
            : 'desc',
    });
  const shown = library.data
    ? sortArticles(
        library.data.articles.filter((article) => matchesWords(article, view.q)),
        view,
      )
    : [];
  const filtered = view.q || view.area || view.bookmarked || view.applies;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Compliance Library</h1>
          <p className="mt-1 text-sm text-slate-700">
            Plain-language articles and the rules behind them, each cited to the regulation.
            {library.data?.contentReviewed &&
              ` Text checked against the regulations on ${formatDay(library.data.contentReviewed)}.`}
          </p>
        </div>
        {canReport && (
          <div className="flex flex-wrap gap-2">
            <a
              href={reportHref('csv', view.area)}
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              <Download aria-hidden="true" className="size-4" />
              Assessment CSV
            </a>
            <a
              href={reportHref('pdf', view.area)}
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              <Download aria-hidden="true" className="size-4" />
              Exam report (PDF)
            </a>
          </div>
        )}
      </div>
      <ScoreLine />
      <FilterBar view={view} onChange={setView} />
      {library.isPending ? (
        <Spinner label="Loading the library" />
      ) : library.isError ? (
        <Alert variant="destructive">{library.error.message}</Alert>
      ) : (
        <>
          {!library.data.profileComplete && view.applies && (
            <Alert>
              Your institution’s profile is not complete, so every article is shown.{' '}
              <Link to={paths.settings} className="font-medium underline">
                Complete it in Settings
              </Link>
              .
            </Alert>
          )}
          <p role="status" className="text-sm text-slate-700">
            {shown.length === 1 ? '1 article' : `${shown.length} articles`}
            {view.applies && library.data.profileComplete && ' that apply to your institution'}
          </p>
          {shown.length === 0 ? (
            <div className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
              <p>No article matches these filters.</p>
              {filtered && (
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-3"
                  onClick={() =>
                    setView({ q: '', area: undefined, bookmarked: false, applies: false })
                  }
                >
                  Show every article
                </Button>
              )}
            </div>
          ) : (
            <>
              <LibraryTable articles={shown} view={view} onSort={sortBy} />
              <LibraryList articles={shown} view={view} />
            </>
          )}
        </>
      )}
    </div>
  );
}
