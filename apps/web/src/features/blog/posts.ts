/** Front matter of a blog post (content/blog/*.md); `posts.test.ts` checks every file. */
export interface BlogPostAttributes {
  title: string;
  description: string;
  date: string;
  author: string;
  area: string;
  readingMinutes: number;
  citations: string[];
}

const attributesByFile = import.meta.glob<BlogPostAttributes>('../../../content/blog/*.md', {
  import: 'attributes',
  eager: true,
});

export interface BlogPostSummary extends BlogPostAttributes {
  slug: string;
}

/** Every post, newest first. */
export function findBlogPosts(): BlogPostSummary[] {
  return Object.entries(attributesByFile)
    .map(([file, attributes]) => ({
      ...attributes,
      slug: file.slice(file.lastIndexOf('/') + 1, -'.md'.length),
    }))
    .sort((a, b) => b.date.localeCompare(a.date));
}
