import { buttonVariants } from '@/components/ui/button-variants';
import { StaticContent } from '@/components/static-content';
import { FREE_TRIAL_PATH, paths } from '@/config/paths';
import { formatDay } from '@/lib/format-day';
import type { MarkdownModule } from '@/lib/markdown-module';
import type { BlogPostAttributes } from './posts.ts';
import { Citation } from '@/components/citation';

export function BlogPostPage({ post }: { post: MarkdownModule }) {
  const attributes = post.attributes as unknown as BlogPostAttributes;
  return (
    <StaticContent>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <p className="text-sm">
          <a href={paths.blog} className="font-medium text-brand-700 underline underline-offset-2">
            Blog
          </a>
          <span aria-hidden="true" className="mx-2 text-slate-400">
            /
          </span>
          <span className="text-slate-700">{attributes.area}</span>
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {attributes.title}
        </h1>
        <p className="mt-4 text-sm text-slate-600">
          {attributes.author} · <time dateTime={attributes.date}>{formatDay(attributes.date)}</time>{' '}
          · {attributes.readingMinutes} min read
        </p>
        <aside
          aria-labelledby="citations-heading"
          className="mt-8 rounded-lg border border-slate-200 bg-slate-50 p-5"
        >
          <h2 id="citations-heading" className="text-sm font-semibold text-slate-900">
            Regulations discussed
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {attributes.citations.map((citation) => (
              <li
                key={citation}
                className="rounded bg-white px-2 py-1 font-mono text-xs text-slate-800 ring-1 ring-slate-200"
              >
                <Citation citation={citation} />
              </li>
            ))}
          </ul>
        </aside>
        <div className="prose-content mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
        {/* The not-legal-advice line is the site footer's: once a page (DESIGN.md). */}
        <div className="mt-10 rounded-lg bg-brand-50 p-6">
          <p className="font-semibold text-slate-900">
            Keep these requirements, their deadlines and your evidence in one place.
          </p>
          <a href={FREE_TRIAL_PATH} className={`${buttonVariants()} mt-4`}>
            Start Free Trial
          </a>
        </div>
      </article>
    </StaticContent>
  );
}
