import { changeRoleRequestSchema, adminUserSchema } from '@complivue/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import { requireRole } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { applyRoleChange, authorizeRoleChange } from './change-role.ts';
import { findAdminUser } from '../admin/admin-queries.ts';

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/users/:userId/role',
    {
      config: { access: requireRole('admin') },
      schema: {
        tags: ['roles'],
        summary:
          "Change a member's role: company admins give user or manager inside their company; super admins any role",
        params: z.object({ userId: z.string().min(1).max(100) }),
        body: changeRoleRequestSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const { userId } = request.params;
      const target = await authorizeRoleChange(app.database.db, actor, userId, request.body.role);
      if (target.role !== request.body.role) {
        await applyRoleChange(app.database.db, {
          userId,
          companyId: target.companyId,
          role: request.body.role,
        });
        await recordAudit(app.database.db, request, {
          action: 'role.changed',
          actorUserId: actor.user.id,
          companyId: target.companyId,
          targetType: 'user',
          targetId: userId,
          before: { role: target.role },
          after: { role: request.body.role },
        });
      }
      return (await findAdminUser(app.database.db, userId))!;
    },
  );
};
