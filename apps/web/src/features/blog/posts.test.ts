import { describe, expect, it } from 'vitest';
import { findBlogPosts } from './posts.ts';

const bodies = import.meta.glob<string>('../../../content/blog/*.md', {
  import: 'text',
  eager: true,
});

/** `12 CFR 1026.19(e)(1)(iii)`, `31 CFR 1010.311`, `42 U.S.C. 3605`. */
const CITATION = /^(12|31) CFR \d+\.\d+(\([a-z0-9]+\))*$|^42 U\.S\.C\. \d+$/;

describe('blog posts', () => {
  const posts = findBlogPosts();

  it('covers TRID, HMDA, QM/ATR, fair lending, BSA/AML and CRA', () => {
    expect(new Set(posts.map((post) => post.area))).toEqual(
      new Set(['TRID', 'HMDA', 'QM/ATR', 'Fair lending', 'BSA/AML', 'CRA']),
    );
  });

  it('has complete front matter with well-formed citations that the body discusses', () => {
    for (const post of posts) {
      expect(post.title.length, post.slug).toBeGreaterThan(10);
      expect(post.description.length, post.slug).toBeLessThanOrEqual(155);
      expect(post.date, post.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(post.citations.length, post.slug).toBeGreaterThan(0);
      const body = bodies[`../../../content/blog/${post.slug}.md`] ?? '';
      for (const citation of post.citations) {
        expect(citation, post.slug).toMatch(CITATION);
        expect(body, `${post.slug} cites ${citation}`).toContain(citation);
      }
    }
  });

  it('lists the newest first', () => {
    const dates = posts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
