import type { Database } from '@complivue/db/database';
import type { AccessRequirement } from '@complivue/shared/access';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertNoEncodedNul, validatorCompiler } from './lib/request-text.ts';
import type { Env } from './env.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { demoRoutes } from './modules/demo/demo.routes.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { invitationRoutes } from './modules/team/invitations.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { cookieConsentRoutes } from './modules/cookie-consent/cookie-consent.routes.ts';
import { createRealtimeBus, type RealtimeBus } from './lib/realtime-bus.ts';
import { registerNotFound } from './plugins/not-found.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { RATE_LIMITS, type RateLimitName } from './lib/rate-limits.ts';
import { PUBLIC } from './lib/route-access.ts';
import { createMailer, type Mailer } from './lib/email/mailer.ts';
import { registerAccessControl } from './modules/auth/access.ts';
import { createAuth, type Auth } from './modules/auth/auth.ts';
import { resolveAuthSecret } from './modules/auth/auth-secret.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { passwordRoutes } from './modules/auth/password.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { setupRoutes } from './modules/setup/setup.routes.ts';
import { accountSecurityRoutes } from './modules/auth/account-security.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { companyRoutes } from './modules/companies/companies.routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/subscription.routes.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { roleRoutes } from './modules/roles/roles.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { assessmentRoutes } from './modules/library/assessments.routes.ts';
import { enhancerRoutes } from './modules/library/enhancer.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { changeRoutes } from './modules/changes/changes.routes.ts';
import { riskRoutes } from './modules/risks/risks.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { automationRoutes } from './modules/automations/automations.routes.ts';
import { webhookRoutes } from './modules/automations/webhooks.routes.ts';
import { findingRoutes } from './modules/risks/findings.routes.ts';
import { policyRoutes } from './modules/policies/policies.routes.ts';
import { hmdaRoutes } from './modules/hmda/hmda-checks.routes.ts';
import { loanTestRoutes } from './modules/loan-tests/loan-tests.routes.ts';
import { collaborationRoutes } from './modules/collaboration/collaboration.routes.ts';
import { taskRoutes } from './modules/collaboration/tasks.routes.ts';
import { feedItemRoutes } from './modules/feeds/feed-items.routes.ts';
import { feedSourceRoutes } from './modules/feeds/feed-sources.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { createDataDirFileStorage, type FileStorage } from './lib/file-storage.ts';
import { selfCheckRoutes } from './modules/self-check/self-check.routes.ts';
import { createServiceDeps, type ServiceDeps } from './service-deps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    env: Env;
    auth: Auth;
    mailer: Mailer;
    /** Realtime events between API instances (LISTEN/NOTIFY on PostgreSQL). */
    realtime: RealtimeBus;
    storage: FileStorage;
    /** Every API route with its declared access requirement (the access-matrix test reads it). */
    apiRoutes: ApiRoute[];
    /** What the services use (service-deps.ts); handlers pass it on. */
    deps: ServiceDeps;
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: AccessRequirement;
  /** The rate limit the route declares (lib/rate-limits.ts), if any. */
  rateLimit?: RateLimitName;
}

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** Serve the built web app (production). */
  serveWebApp?: boolean;
  logger?: FastifyServerOptions['logger'];
}

/** Fastify's trustProxy from TRUST_PROXY (its types take a hop count only as a function). */
function trustedProxies(setting: Env['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** The app with every plugin and route registered, not yet sealed (tests may add routes). */
export async function createApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: env.LOG_LEVEL,
      serializers: { req: serializeRequest },
    },
    bodyLimit: env.BODY_LIMIT_BYTES,
    // The client address (per-IP limits, audit log) comes from X-Forwarded-For only through
    // the proxies the operator names (TRUST_PROXY); by default the socket's peer is the client.
    trustProxy: trustedProxies(env.TRUST_PROXY),
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onRequest', async (request) => assertNoEncodedNul(request.url));
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', database);
  app.decorate('env', env);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.EMAIL_FROM,
    db: database.db,
    log: app.log,
  });
  app.decorate('mailer', mailer);
  const realtime = await createRealtimeBus(database, app.log);
  app.decorate('realtime', realtime);
  app.addHook('onClose', () => realtime.close());
  app.decorate('storage', createDataDirFileStorage(env.DATA_DIR));
  app.decorate(
    'auth',
    createAuth({ db: database.db, env, secret: resolveAuthSecret(env), mailer, log: app.log }),
  );

  app.decorate('deps', createServiceDeps(app));

  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The API reference pages (a third-party plugin) are public documentation.
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...route.config, access: PUBLIC };
      return;
    }
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare its access requirement`);
    }
    const rateLimit = route.config?.rateLimit;
    if (rateLimit !== undefined && !Object.hasOwn(RATE_LIMITS, rateLimit)) {
      throw new Error(`Route ${route.method} ${route.url} declares an unknown rate limit`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access, rateLimit });
    }
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Pages and assets set their own caching (plugins/web-app.ts); everything else, whatever
    // spelling of `/api` reached it (`/%61pi/…` is routed like `/api/…`), is never stored.
    if (!reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  registerErrorHandler(app);
  await registerSecurity(app, {
    appUrl: env.APP_URL,
    consentScriptUrls: [env.ANALYTICS_SCRIPT_URL, env.MARKETING_PIXEL_URL],
  });
  await registerOpenApi(app);
  registerAccessControl(app);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(passwordRoutes);
  await app.register(setupRoutes);
  await app.register(demoRoutes);
  await app.register(accountSecurityRoutes);
  await app.register(profileRoutes);
  await app.register(companyRoutes);
  await app.register(subscriptionRoutes);
  await app.register(paymentRoutes);
  await app.register(roleRoutes);
  await app.register(teamRoutes);
  await app.register(invitationRoutes);
  await app.register(adminRoutes);
  await app.register(supportRoutes);
  await app.register(libraryRoutes);
  await app.register(assessmentRoutes);
  await app.register(enhancerRoutes);
  await app.register(searchRoutes);
  await app.register(chatRoutes);
  await app.register(changeRoutes);
  await app.register(riskRoutes);
  await app.register(analyticsRoutes);
  await app.register(automationRoutes);
  await app.register(webhookRoutes);
  await app.register(findingRoutes);
  await app.register(policyRoutes);
  await app.register(loanTestRoutes);
  await app.register(hmdaRoutes);
  await app.register(collaborationRoutes);
  await app.register(taskRoutes);
  await app.register(feedItemRoutes);
  await app.register(feedSourceRoutes);
  await app.register(calendarRoutes);
  await app.register(contactRoutes);
  await app.register(notificationRoutes);
  await app.register(dashboardRoutes);
  await app.register(cookieConsentRoutes);
  await app.register(selfCheckRoutes);
  if (options.serveWebApp)
    await registerWebApp(app, { distDir: env.WEB_DIST_DIR, appUrl: env.APP_URL });
  registerNotFound(app);
  return app;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = await createApp(options);
  await app.ready();
  return app;
}
