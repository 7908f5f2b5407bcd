import {
  articleVersionInputSchema,
  createArticleRequestSchema,
  editableArticlesResponseSchema,
  enhancerArticleSchema,
  previewRequestSchema,
  previewResponseSchema,
} from '@complivue/shared/schemas/enhancer';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from '../../lib/actor.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import { requireRole } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import {
  createCompanyArticle,
  enhancerArticle,
  listEditableArticles,
  publishVersion,
  saveVersion,
  type Editor,
} from './enhancer.ts';

/**
 * docs/product.md § Route requirements: /article-enhancer is for role admin (and so super admins).
 */
const ADMIN = requireRole('admin');
const articleParams = z.object({ articleId: z.uuid() });

function editorOf(request: FastifyRequest): Editor {
  const auth = requireAuth(request);
  return {
    ...requestOrigin(request),
    actorUserId: auth.user.id,
    name: auth.profile.fullName ?? auth.user.email,
    companyId: auth.profile.companyId,
    isSuperAdmin: auth.profile.role === 'super_admin',
  };
}

/** The article enhancer: versions, checks, diffs and publishing of library articles. */
export const enhancerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/enhancer/articles',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['enhancer'],
        summary:
          'Articles you may edit: your institution’s own (administrators) or the shared library (super admins)',
        response: { 200: editableArticlesResponseSchema },
      },
    },
    async (request) => ({ items: await listEditableArticles(db, editorOf(request)) }),
  );

  app.post(
    '/api/enhancer/articles',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['enhancer'],
        summary: 'Start an article of your institution (a draft, searchable only once published)',
        body: createArticleRequestSchema,
        response: { 201: enhancerArticleSchema },
      },
    },
    async (request, reply) => {
      const editor = editorOf(request);
      const id = await createCompanyArticle(app.deps, { editor, input: request.body });
      return reply.status(201).send(await enhancerArticle(db, editor, id));
    },
  );

  app.get(
    '/api/enhancer/articles/:articleId',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['enhancer'],
        summary: 'An article’s versions, its latest text and the diff against the one before',
        params: articleParams,
        response: { 200: enhancerArticleSchema },
      },
    },
    async (request) => enhancerArticle(db, editorOf(request), request.params.articleId),
  );

  app.post(
    '/api/enhancer/articles/:articleId/versions',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['enhancer'],
        summary: 'Save a new version (not published until you publish it)',
        params: articleParams,
        body: articleVersionInputSchema,
        response: { 201: enhancerArticleSchema },
      },
    },
    async (request, reply) => {
      const editor = editorOf(request);
      await saveVersion(app.deps, {
        editor,
        articleId: request.params.articleId,
        input: request.body,
      });
      return reply.status(201).send(await enhancerArticle(db, editor, request.params.articleId));
    },
  );

  app.post(
    '/api/enhancer/articles/:articleId/versions/:version/publish',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['enhancer'],
        summary: 'Publish a version: it becomes the article in the library and in search',
        params: articleParams.extend({ version: z.coerce.number().int().min(1) }),
        response: { 200: enhancerArticleSchema },
      },
    },
    async (request) => {
      const editor = editorOf(request);
      await publishVersion(app.deps, {
        editor,
        articleId: request.params.articleId,
        versionNumber: request.params.version,
      });
      return enhancerArticle(db, editor, request.params.articleId);
    },
  );

  app.post(
    '/api/enhancer/preview',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['enhancer'],
        summary: 'Markdown rendered exactly as the library shows it',
        body: previewRequestSchema,
        response: { 200: previewResponseSchema },
      },
    },
    async (request) => ({ html: renderMarkdown(request.body.body) }),
  );
};
