import { demoWorkspaceResponseSchema } from '@complivue/shared/schemas/setup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { requireRole } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { DEMO_COMPANY_NAME, seedDemoWorkspace } from './demo-workspace.ts';

/** The first-run page's option to create the demo workspace (what `npm run seed:demo` does). */
export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/setup/demo-workspace',
    {
      config: { access: requireRole('super_admin') },
      schema: {
        tags: ['setup'],
        summary:
          "Create or reset 'Demo Community Credit Union' with one member per role; returns their new passwords once",
        response: { 201: demoWorkspaceResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { companyId, credentials } = await seedDemoWorkspace({
        db: app.database.db,
        auth: app.auth,
        storage: app.storage,
      });
      await recordAudit(app.database.db, requestOrigin(request), {
        action: 'setup.demo_workspace_seeded',
        actorUserId: auth.user.id,
        companyId,
        targetType: 'company',
        targetId: companyId,
        after: { members: credentials.map(({ role, email }) => ({ role, email })) },
      });
      return reply.status(201).send({
        companyName: DEMO_COMPANY_NAME,
        members: credentials,
      });
    },
  );
};
