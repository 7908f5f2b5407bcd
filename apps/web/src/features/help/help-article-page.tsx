import { paths } from '@/config/paths';
import { StaticContent } from '@/components/static-content';
import type { MarkdownModule } from '@/lib/markdown-module';
import {
  HELP_CATEGORY_LABELS,
  findHelpArticles,
  type HelpArticleAttributes,
} from '@/lib/help-articles';

export function HelpArticlePage({ slug, article }: { slug: string; article: MarkdownModule }) {
  const attributes = article.attributes as unknown as HelpArticleAttributes;
  const related = findHelpArticles().filter(
    (other) => other.category === attributes.category && other.slug !== slug,
  );
  return (
    <StaticContent>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_18rem]">
        <article>
          <p className="text-sm">
            <a
              href={paths.help}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              Help & Support
            </a>
            <span aria-hidden="true" className="mx-2 text-slate-400">
              /
            </span>
            <span className="text-slate-700">{HELP_CATEGORY_LABELS[attributes.category]}</span>
          </p>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
            {attributes.title}
          </h1>
          <p className="mt-3 text-lg text-slate-700">{attributes.summary}</p>
          <div className="prose-content mt-8" dangerouslySetInnerHTML={{ __html: article.html }} />
        </article>
        <aside aria-labelledby="related-heading">
          <h2 id="related-heading" className="text-sm font-semibold text-slate-900">
            More in {HELP_CATEGORY_LABELS[attributes.category]}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {related.map((other) => (
              <li key={other.slug}>
                <a href={`${paths.help}/${other.slug}`} className="text-brand-700 hover:underline">
                  {other.title}
                </a>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </StaticContent>
  );
}
