import { PageIntro } from '@/components/layouts/page-intro';
import { StaticContent } from '@/components/static-content';
import { paths } from '@/config/paths';
import { formatDay } from '@/lib/format-day';
import { findBlogPosts } from './posts.ts';

export function BlogIndexPage() {
  const posts = findBlogPosts();
  return (
    <StaticContent>
      <>
        <PageIntro eyebrow="Blog" title="Notes for mortgage compliance officers">
          <p>
            Practical reading on the rules you are examined on, each post with the CFR sections it
            discusses.
          </p>
        </PageIntro>
        <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:px-6 md:grid-cols-2">
          {posts.map((post) => (
            <li key={post.slug}>
              <article className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                  {post.area}
                </p>
                <h2 className="mt-2 text-xl font-semibold text-slate-900">
                  <a href={`${paths.blog}/${post.slug}`} className="hover:text-brand-700">
                    {post.title}
                  </a>
                </h2>
                <p className="mt-3 flex-1 text-slate-700">{post.description}</p>
                <p className="mt-4 text-sm text-slate-600">
                  <time dateTime={post.date}>{formatDay(post.date)}</time> · {post.readingMinutes}{' '}
                  min read
                </p>
              </article>
            </li>
          ))}
        </ul>
      </>
    </StaticContent>
  );
}
