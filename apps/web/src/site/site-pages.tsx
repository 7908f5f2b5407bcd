import type { ComponentType } from 'react';
import { paths } from '@/config/paths';
import type { MarkdownModule } from '@/lib/markdown-module';

/** What a public page puts in its document's head. */
export interface PageHead {
  title: string;
  description: string;
  /** Unknown paths show the landing page but must not be indexed as pages of their own. */
  noindex?: boolean;
  ogType?: 'website' | 'article';
}

/** A page ready to render: the same on the build machine (prerender) and in the browser (hydrate). */
export interface LoadedSitePage {
  render: ComponentType;
  head: PageHead;
}

type PageLoader = () => Promise<LoadedSitePage>;

const SITE_NAME = 'Complivue';
const title = (page: string) => `${page} | ${SITE_NAME}`;

function page(load: () => Promise<ComponentType>, head: PageHead): PageLoader {
  return async () => ({ render: await load(), head });
}

/** About, privacy and terms: markdown in content/pages, title and description in its front matter. */
function markdownPage(load: () => Promise<MarkdownModule>): PageLoader {
  return async () => {
    const [{ ContentPage }, content] = await Promise.all([
      import('@/features/marketing/content-page'),
      load(),
    ]);
    return {
      render: () => <ContentPage content={content} />,
      head: {
        title: title(String(content.attributes.title)),
        description: String(content.attributes.description),
      },
    };
  };
}

const landing = page(async () => (await import('@/features/marketing/landing-page')).LandingPage, {
  title: 'Complivue — mortgage compliance management for credit unions and community banks',
  description:
    'Follow regulatory change, keep a cited compliance library and exam-ready evidence for TRID, QM/ATR, HMDA, fair lending, CRA, BSA/AML, TILA and RESPA.',
});

const STATIC_PAGES: Record<string, PageLoader> = {
  [paths.home]: landing,
  [paths.features]: page(
    async () => (await import('@/features/marketing/features-page')).FeaturesPage,
    {
      title: title('Features'),
      description:
        'Regulatory monitoring, a cited compliance library, calendar, change management, risk scoring and policy cross-referencing for mortgage compliance teams.',
    },
  ),
  [paths.pricing]: page(
    async () => (await import('@/features/marketing/pricing-page')).PricingPage,
    {
      title: title('Pricing'),
      description:
        'Basic, Professional and Enterprise plans, monthly or annual, with a 14-day free trial and no credit card required.',
    },
  ),
  [paths.about]: markdownPage(() => import('@content/pages/about.md')),
  [paths.privacy]: markdownPage(() => import('@content/pages/privacy.md')),
  [paths.terms]: markdownPage(() => import('@content/pages/terms.md')),
  [paths.cookies]: page(
    async () => (await import('@/features/marketing/cookies-page')).CookiesPage,
    {
      title: title('Cookie Policy'),
      description:
        'Every cookie and browser storage entry Complivue uses, by name and purpose, and how to change your choice.',
    },
  ),
  [paths.blog]: page(async () => (await import('@/features/blog/blog-index-page')).BlogIndexPage, {
    title: title('Blog'),
    description:
      'Practical articles for mortgage compliance officers on TRID, HMDA, QM/ATR, fair lending, BSA/AML and CRA, with the CFR sections they discuss.',
  }),
  [paths.help]: page(
    async () => (await import('@/features/help/help-center-page')).HelpCenterPage,
    {
      title: title('Help & Support'),
      description:
        'Answers on getting started, plans and billing, and account security in Complivue.',
    },
  ),
  [paths.contact]: page(async () => (await import('@/features/contact/contact-page')).ContactPage, {
    title: title('Contact'),
    description: 'Questions about plans, a walkthrough for your team, security reviews or support.',
  }),
  [paths.questionnaire]: page(
    async () => (await import('@/features/questionnaire/questionnaire-page')).QuestionnairePage,
    {
      title: title('Find your plan'),
      description:
        'Seven short questions about your institution and your compliance work, and the plan that fits.',
    },
  ),
};

// Lazy globs: the entry knows which posts and articles exist, and loads one only when shown.
const blogPosts = import.meta.glob<MarkdownModule>('../../content/blog/*.md');
const helpArticles = import.meta.glob<MarkdownModule>('../../content/help/*.md');

function slugOf(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1, -'.md'.length);
}

function contentPages(
  files: Record<string, () => Promise<MarkdownModule>>,
  prefix: string,
  toPage: (slug: string, content: MarkdownModule) => LoadedSitePage | Promise<LoadedSitePage>,
): Record<string, PageLoader> {
  return Object.fromEntries(
    Object.entries(files).map(([file, load]) => {
      const slug = slugOf(file);
      return [`${prefix}/${slug}`, async () => toPage(slug, await load())];
    }),
  );
}

const PAGES: Record<string, PageLoader> = {
  ...STATIC_PAGES,
  ...contentPages(blogPosts, paths.blog, async (_slug, post) => {
    const { BlogPostPage } = await import('@/features/blog/blog-post-page');
    return {
      render: () => <BlogPostPage post={post} />,
      head: {
        title: title(String(post.attributes.title)),
        description: String(post.attributes.description),
        ogType: 'article',
      },
    };
  }),
  ...contentPages(helpArticles, paths.help, async (slug, article) => {
    const { HelpArticlePage } = await import('@/features/help/help-article-page');
    return {
      render: () => <HelpArticlePage slug={slug} article={article} />,
      head: {
        title: title(String(article.attributes.title)),
        description: String(article.attributes.summary),
      },
    };
  }),
};

/** Every path that is prerendered as its own document. */
export function listSitePaths(): string[] {
  return Object.keys(PAGES);
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * The page for a path; any other path shows the landing page, marked noindex
 * (docs/product.md § Routes).
 */
export async function loadSitePage(pathname: string): Promise<LoadedSitePage> {
  const loader = PAGES[normalise(pathname)];
  if (loader) return loader();
  const fallback = await landing();
  return { ...fallback, head: { ...fallback.head, noindex: true } };
}
