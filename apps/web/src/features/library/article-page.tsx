import { INSTITUTION_TYPE_LABELS } from '@complivue/shared/institutions';
import { RULE_FREQUENCY_LABELS } from '@complivue/shared/library';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import type { ArticleDetail } from '@complivue/shared/schemas/library';
import { ArrowLeft, Printer, Star } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Citation } from '@/components/citation';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDay } from '@/lib/format-day';
import { userFacingMessage } from '@/lib/api-client';
import { useArticle, useSetBookmark } from './api.ts';
import { AreaTag, AssessmentBadge } from './assessment-badge.tsx';
import { rulePath } from './library-paths.ts';

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
      <header>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <AreaTag area={data.area} />
          <span>{REGULATION_AREA_INFO[data.area].label}</span>
          {data.companyOwned && <span className="font-medium">· Your institution’s article</span>}
        </div>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">{data.title}</h1>
        <p className="mt-2 text-slate-800">{data.summary}</p>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
          <div>
            <dt className="inline font-medium">Last reviewed: </dt>
            <dd className="inline">{formatDay(data.lastReviewed)}</dd>
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

      <Card className="p-5 sm:p-6">
        {/* Rendered on the server from markdown, with raw HTML escaped and links restricted. */}
        <div className="prose-content" dangerouslySetInnerHTML={{ __html: data.html }} />
      </Card>

      <section aria-labelledby="citations-heading">
        <h2 id="citations-heading" className="text-lg font-semibold text-slate-900">
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

      <section aria-labelledby="rules-heading">
        <h2 id="rules-heading" className="text-lg font-semibold text-slate-900">
          Rules ({data.rules.length})
        </h2>
        <ul className="mt-3 space-y-3">
          {data.rules.map((rule) => (
            <li key={rule.id}>
              <Card className="p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={rulePath(rule.id)} className="font-semibold text-brand-700 underline">
                    {rule.id}
                  </Link>
                  <Citation citation={rule.citation} className="text-sm" />
                  <span className="text-sm text-slate-600">
                    · {RULE_FREQUENCY_LABELS[rule.frequency]}
                  </span>
                  <span className="ml-auto">
                    <AssessmentBadge status={rule.assessment.status} />
                  </span>
                </div>
                <p className="mt-2 text-sm text-slate-900">{rule.requirement}</p>
                <p className="mt-1 text-sm text-slate-700">
                  <span className="font-medium">Evidence examiners expect:</span> {rule.evidence}
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
      <p className="text-xs text-slate-600">
        Informational only; not legal advice. Version {data.version}.
      </p>
    </article>
  );
}
