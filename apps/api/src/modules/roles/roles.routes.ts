import { changeRoleRequestSchema, adminUserSchema } from '@complivue/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLE_LABELS } from '@complivue/shared/roles';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { notify, notifyDependencies } from '../notifications/notify.ts';
import { requireRole } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { applyRoleChange, authorizeRoleChange } from './change-role.ts';
import { findAdminUser } from '../admin/admin.queries.ts';

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
        await recordAudit(app.database.db, requestOrigin(request), {
          action: 'role.changed',
          actorUserId: actor.user.id,
          companyId: target.companyId,
          targetType: 'user',
          targetId: userId,
          before: { role: target.role },
          after: { role: request.body.role },
        });
        if (target.companyId) {
          await notify(notifyDependencies(app), {
            companyId: target.companyId,
            userIds: [userId],
            type: 'role.changed',
            title: `Your role is now ${ROLE_LABELS[request.body.role]}`,
            body: `${actor.profile.fullName ?? actor.user.email} changed your role from ${ROLE_LABELS[target.role]} to ${ROLE_LABELS[request.body.role]}.`,
            link: '/profile',
          });
        }
      }
      return (await findAdminUser(app.database.db, userId))!;
    },
  );
};
