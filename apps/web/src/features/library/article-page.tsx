import { RULE_FILTER_LABELS, ruleMatchesFilter } from '@complivue/shared/compliance-score';
import { INSTITUTION_TYPE_LABELS } from '@complivue/shared/institutions';
import { RULE_FREQUENCY_LABELS } from '@complivue/shared/library';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import type { ArticleDetail, LibraryRule } from '@complivue/shared/schemas/library';
import { ArrowLeft, Printer, Star } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Citation } from '@/components/citation';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDay, formatLocalDay } from '@/lib/format-day';
import { userFacingMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useArticle, useSetBookmark } from './api.ts';
import { AreaTag, AssessmentBadge, RuleCountLinks } from './assessment-badge.tsx';
import { rulePath } from './library-paths.ts';
import { useRuleFilter } from './use-library-filters.ts';
import { Discussion } from '@/components/discussion/discussion';

/** `/compliance/articles/:slug`: the article, its citations and rules, printable. */
export function ArticlePage() {
  const { slug = '' } = useParams();
  const article = useArticle(slug);
  return (
    <QueryState query={article} loading="Loading the article">
      {(data) => <ArticleView data={data} />}
    </QueryState>
  );
}

const countedRule = (rule: LibraryRule) => ({
  appliesToInstitution: rule.appliesToInstitution,
  status: rule.assessment.status,
});

/**
 * The article's rules with their status, each a link to the rule: the work of the page, kept in
 * view beside the text on a large screen and before it on a phone. `?rules=` narrows the list to
 * what one of the library's counts counts.
 */
function RulePanel({ data }: { data: ArticleDetail }) {
  const [filter, setFilter] = useRuleFilter();
  const rules = filter
    ? data.rules.filter((rule) => ruleMatchesFilter(countedRule(rule), filter))
    : data.rules;
  return (
    <section aria-labelledby="rule-panel-heading">
      <h2 id="rule-panel-heading" className="text-base font-semibold text-slate-900">
        Rules and your status
      </h2>
      <RuleCountLinks slug={data.slug} counts={data.ruleCounts} className="mt-1 grid grid-cols-2" />
      {filter && (
        <p className="mt-2 text-sm text-slate-800" role="status">
          {RULE_FILTER_LABELS[filter]}: {rules.length} of {data.rules.length}{' '}
          {data.rules.length === 1 ? 'rule' : 'rules'}.{' '}
          <button
            type="button"
            onClick={() => setFilter(undefined)}
            className="font-medium text-brand-700 underline"
          >
            Show all rules
          </button>
        </p>
      )}
      {rules.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-200 text-sm" aria-label="Rules">
          {rules.map((rule) => (
            <li key={rule.id} className="py-2">
              <Link
                to={rulePath(rule.id)}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {rule.title}
              </Link>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <AssessmentBadge status={rule.assessment.status} />
                <span className="font-mono text-xs text-slate-600">{rule.id}</span>
              </div>
              {!rule.appliesToInstitution && (
                <p className="mt-1 text-xs text-slate-600">Does not apply to you</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The article's headings, then the page's own sections; third-level ones on a large screen. */
function Contents({ data }: { data: ArticleDetail }) {
  const entries = [
    ...data.headings,
    { id: 'citations-heading', text: 'Citations', level: 2 as const },
    ...(data.rules.length > 0
      ? [{ id: 'rules-heading', text: `Rules (${data.rules.length})`, level: 2 as const }]
      : []),
  ];
  return (
    <nav aria-labelledby="contents-heading">
      <h2 id="contents-heading" className="text-base font-semibold text-slate-900">
        On this page
      </h2>
      <ol className="mt-2 space-y-1 text-sm">
        {entries.map((entry) => (
          <li key={entry.id} className={cn(entry.level === 3 && 'hidden pl-3 lg:block')}>
            <a href={`#${entry.id}`} className="text-brand-700 underline-offset-2 hover:underline">
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function ArticleView({ data }: { data: ArticleDetail }) {
  const bookmark = useSetBookmark();
  return (
    <article className="space-y-6">
      <div data-print="hide" className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to={paths.compliance}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Compliance Library
        </Link>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={data.bookmarked}
            disabled={bookmark.isPending}
            onClick={() => bookmark.mutate({ articleId: data.id, on: !data.bookmarked })}
          >
            <Star
              aria-hidden="true"
              className={data.bookmarked ? 'size-4 fill-amber-400 text-amber-500' : 'size-4'}
            />
            {data.bookmarked ? 'Bookmarked' : 'Bookmark'}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            Print
          </Button>
        </div>
      </div>
      {bookmark.isError && (
        <Alert variant="destructive">
          {userFacingMessage(bookmark.error, 'The bookmark could not be saved.')}
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start lg:gap-x-8">
        <header className="lg:col-start-1 lg:row-start-1">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <AreaTag area={data.area} />
            <span>{REGULATION_AREA_INFO[data.area].label}</span>
            {data.companyOwned && <span className="font-medium">· Your institution’s article</span>}
          </div>
          <h1 className="mt-2 text-2xl font-bold text-slate-900">{data.title}</h1>
          <p className="mt-2 text-slate-800">{data.summary}</p>
          <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
            <div>
              <dt className="inline font-medium">Text last reviewed: </dt>
              <dd className="inline">
                {formatDay(data.lastReviewed)} (version {data.version})
              </dd>
            </div>
            <div>
              <dt className="inline font-medium">Last assessed: </dt>
              <dd className="inline">
                {data.lastAssessedAt ? formatLocalDay(data.lastAssessedAt) : 'Not assessed'}
              </dd>
            </div>
            {data.effectiveDate && (
              <div>
                <dt className="inline font-medium">Effective: </dt>
                <dd className="inline">{formatDay(data.effectiveDate)}</dd>
              </div>
            )}
            <div className="sm:col-span-2">
              <dt className="inline font-medium">Applies to: </dt>
              <dd className="inline">
                {data.applicability.institutionTypes
                  .map((type) => INSTITUTION_TYPE_LABELS[type].toLowerCase())
                  .join(', ')}
                {data.applicability.note ? `. ${data.applicability.note}` : ''}
                {data.appliesToInstitution ? '' : ' (not your institution, per its profile)'}
              </dd>
            </div>
          </dl>
        </header>
        {/* Before the text in the page, so a phone shows the rules first. */}
        <div
          data-print="hide"
          className="lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
        >
          <Card className="space-y-5 p-4">
            {data.rules.length > 0 && <RulePanel data={data} />}
            <Contents data={data} />
          </Card>
        </div>

        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-2">
          <Card className="p-5 sm:p-6">
            {/* Rendered on the server from markdown, with raw HTML escaped and links restricted. */}
            <div
              className="prose-content [&>:first-child]:mt-0"
              dangerouslySetInnerHTML={{ __html: data.html }}
            />
          </Card>

          <section aria-labelledby="citations-heading">
            <h2
              id="citations-heading"
              className="scroll-mt-20 text-lg font-semibold text-slate-900"
            >
              Citations
            </h2>
            <ul className="mt-2 flex flex-wrap gap-2 text-sm">
              {data.citations.map((citation) => (
                <li key={citation} className="rounded border border-slate-200 bg-white px-2 py-1">
                  <Citation citation={citation} />
                </li>
              ))}
            </ul>
          </section>

          {data.rules.length > 0 && (
            <section aria-labelledby="rules-heading">
              <h2 id="rules-heading" className="scroll-mt-20 text-lg font-semibold text-slate-900">
                Rules ({data.rules.length})
              </h2>
              <ul className="mt-3 space-y-3">
                {data.rules.map((rule) => (
                  <li key={rule.id}>
                    <Card className="p-4">
                      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                        <h3 className="font-semibold text-slate-900">
                          <Link
                            to={rulePath(rule.id)}
                            className="text-brand-700 underline-offset-2 hover:underline"
                          >
                            {rule.title}
                          </Link>
                        </h3>
                        <span className="font-mono text-xs text-slate-600">{rule.id}</span>
                        <span className="ml-auto">
                          <AssessmentBadge status={rule.assessment.status} />
                        </span>
                      </div>
                      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
                        <Citation citation={rule.citation} />
                        <span>· {RULE_FREQUENCY_LABELS[rule.frequency]}</span>
                      </p>
                      <p className="mt-2 text-sm text-slate-900">{rule.requirement}</p>
                      <p className="mt-1 text-sm text-slate-700">
                        <span className="font-medium">Evidence examiners expect:</span>{' '}
                        {rule.evidence}
                      </p>
                      {!rule.appliesToInstitution && (
                        <p className="mt-1 text-xs text-slate-600">
                          Does not apply to your institution, per its profile.
                        </p>
                      )}
                    </Card>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="discussion-heading" data-print="hide">
            <h2
              id="discussion-heading"
              className="scroll-mt-20 text-lg font-semibold text-slate-900"
            >
              Discussion
            </h2>
            <Card className="mt-3 p-4">
              <Discussion subject={{ type: 'article', id: data.id }} />
            </Card>
          </section>
        </div>
      </div>
    </article>
  );
}
