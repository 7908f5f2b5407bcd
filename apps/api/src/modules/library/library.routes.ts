import { okResponseSchema } from '@complivue/shared/schemas/auth';
import {
  articleDetailSchema,
  complianceSummarySchema,
  libraryQuerySchema,
  libraryResponseSchema,
  ruleDetailSchema,
} from '@complivue/shared/schemas/library';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUBSCRIBED } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import type { AuthContext } from '../auth/session.ts';
import { complianceSummary } from './compliance-summary.ts';
import { ruleDetail } from './assessments.ts';
import {
  addBookmark,
  articleDetail,
  browseLibrary,
  removeBookmark,
  type LibraryReader,
} from './library.queries.ts';
import { institutionFacts } from '../companies/institution.ts';

export const ruleIdParams = z.object({ ruleId: z.string().regex(/^[A-Z]{2,6}-[A-Z]{2,6}-\d{3}$/) });
const articleIdParams = z.object({ articleId: z.uuid() });

/** The reader of a library request: their institution's profile decides what applies. */
export function libraryReader(auth: AuthContext): LibraryReader {
  return {
    userId: auth.user.id,
    companyId: auth.profile.companyId,
    facts: institutionFacts(auth.company),
  };
}

/** Reading the compliance library: browse, articles, rules, bookmarks and the summary. */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/library',
    {
      config: { access: SUBSCRIBED },
      schema: {
        tags: ['library'],
        summary: 'Browse the library by area, what applies to your institution, or your bookmarks',
        querystring: libraryQuerySchema,
        response: { 200: libraryResponseSchema },
      },
    },
    async (request) => browseLibrary(db, libraryReader(requireAuth(request)), request.query),
  );

  app.get(
    '/api/library/articles/:slug',
    {
      config: { access: SUBSCRIBED },
      schema: {
        tags: ['library'],
        summary: 'An article with its rules and your institution’s assessment of each',
        params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,100}$/) }),
        response: { 200: articleDetailSchema },
      },
    },
    async (request) => articleDetail(db, libraryReader(requireAuth(request)), request.params.slug),
  );

  app.get(
    '/api/library/rules/:ruleId',
    {
      config: { access: SUBSCRIBED },
      schema: {
        tags: ['library'],
        summary: 'A rule with your institution’s assessment, evidence and history',
        params: ruleIdParams,
        response: { 200: ruleDetailSchema },
      },
    },
    async (request) => ruleDetail(db, libraryReader(requireAuth(request)), request.params.ruleId),
  );

  app.get(
    '/api/library/compliance-summary',
    {
      config: { access: SUBSCRIBED },
      schema: {
        tags: ['library'],
        summary:
          'Your institution’s compliance score with its coverage (rules assessed of those that apply) and status per regulation area',
        response: { 200: complianceSummarySchema },
      },
    },
    async (request) => complianceSummary(db, libraryReader(requireAuth(request))),
  );

  app.put(
    '/api/library/bookmarks/:articleId',
    {
      config: { access: SUBSCRIBED },
      schema: {
        tags: ['library'],
        summary: 'Bookmark an article',
        params: articleIdParams,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await addBookmark(db, libraryReader(requireAuth(request)), request.params.articleId);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/library/bookmarks/:articleId',
    {
      config: { access: SUBSCRIBED },
      schema: {
        tags: ['library'],
        summary: 'Remove a bookmark',
        params: articleIdParams,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await removeBookmark(db, libraryReader(requireAuth(request)), request.params.articleId);
      return { ok: true as const };
    },
  );
};
