import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { PageIntro } from '@/components/layouts/page-intro';
import { paths } from '@/config/paths';
import {
  HELP_CATEGORIES,
  HELP_CATEGORY_LABELS,
  useHelpSearch,
  type HelpArticleSummary,
} from '@/lib/help-articles';

function ArticleLink({ article }: { article: HelpArticleSummary }) {
  return (
    <li>
      <a
        href={`${paths.help}/${article.slug}`}
        className="block rounded-md px-3 py-2 hover:bg-slate-50"
      >
        <span className="font-medium text-brand-700">{article.title}</span>
        <span className="mt-1 block text-sm text-slate-700">{article.summary}</span>
      </a>
    </li>
  );
}

export function HelpCenterPage() {
  const [query, setQuery] = useState('');
  const { articles, searching, results } = useHelpSearch(query);
  const searchId = useId();
  return (
    <>
      <PageIntro eyebrow="Help & Support" title="How can we help?">
        <form role="search" className="mt-2" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={searchId} className="sr-only">
            Search the help centre
          </label>
          <div className="relative max-w-xl">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
            />
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search, e.g. “two-factor” or “annual billing”"
              className="h-12 w-full rounded-md border border-slate-300 bg-white pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500"
            />
          </div>
        </form>
      </PageIntro>
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        {searching ? (
          <section aria-labelledby="results-heading">
            <h2 id="results-heading" className="text-xl font-semibold text-slate-900">
              Results
            </h2>
            <p role="status" className="mt-1 text-sm text-slate-700">
              {results.length === 1 ? '1 article' : `${results.length} articles`} match “
              {query.trim()}”
            </p>
            <ul className="mt-4 space-y-1">
              {results.map(({ article }) => (
                <ArticleLink key={article.slug} article={article} />
              ))}
            </ul>
            {results.length === 0 && (
              <p className="mt-4 text-slate-700">
                Nothing matches. Try other words, or{' '}
                <a href={paths.contact} className="font-medium text-brand-700 underline">
                  ask us
                </a>
                .
              </p>
            )}
          </section>
        ) : (
          HELP_CATEGORIES.map((category) => (
            <section key={category} aria-labelledby={`${category}-heading`} className="mb-10">
              <h2 id={`${category}-heading`} className="text-xl font-semibold text-slate-900">
                {HELP_CATEGORY_LABELS[category]}
              </h2>
              <ul className="mt-3 space-y-1">
                {articles
                  .filter((article) => article.category === category)
                  .map((article) => (
                    <ArticleLink key={article.slug} article={article} />
                  ))}
              </ul>
            </section>
          ))
        )}
        <p className="mt-6 rounded-lg bg-slate-50 p-5 text-slate-800">
          Still stuck?{' '}
          <a href={paths.contact} className="font-medium text-brand-700 underline">
            Contact us
          </a>{' '}
          — signed-in members can also open a ticket from the app.
        </p>
      </div>
    </>
  );
}
