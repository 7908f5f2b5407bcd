import { PageIntro } from '@/components/layouts/page-intro';
import { StaticContent } from '@/components/static-content';
import { formatDay } from '@/lib/format-day';
import type { MarkdownModule } from '@/lib/markdown-module';

/** A page written in markdown (about, privacy, terms). */
export function ContentPage({ content }: { content: MarkdownModule }) {
  const updated = content.attributes.updated ? String(content.attributes.updated) : undefined;
  return (
    <>
      <PageIntro title={String(content.attributes.title)}>
        {updated && (
          <p className="text-sm">
            Last updated <time dateTime={updated}>{formatDay(updated)}</time>
          </p>
        )}
      </PageIntro>
      <StaticContent>
        <article
          className="prose-content mx-auto max-w-3xl px-4 py-12 sm:px-6"
          dangerouslySetInnerHTML={{ __html: content.html }}
        />
      </StaticContent>
    </>
  );
}
