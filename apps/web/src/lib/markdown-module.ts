/**
 * A markdown file of `content/` as the build compiles it (vite-plugins/markdown.ts): its front
 * matter, its body as HTML, and its text for search.
 */
export interface MarkdownModule {
  attributes: Record<string, unknown>;
  html: string;
  text: string;
}
