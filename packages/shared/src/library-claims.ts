/**
 * The landing page's claims about the library (docs/product.md § Landing page). A module of its own
 * so that the website imports two numbers, not the library's schemas; `library-content.test.ts`
 * keeps the library's content equal to them.
 */
export const LIBRARY_ARTICLE_COUNT = 56;
export const LIBRARY_RULE_COUNT = 175;
