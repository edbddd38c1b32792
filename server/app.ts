// buildApp(config): the Fastify instance with every plugin and route. main.ts only starts it; tests
// build it on an in-memory PGlite and call app.inject.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { scopedDb } from './db/request-scope';
import { startLeadBatchWorker } from './jobs/lead-batches';
import { startMailDelivery } from './jobs/mail';
import { accessRoutes } from './modules/access/routes';
import { accountRoutes } from './modules/account/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { loadSigningKey } from './modules/auth/tokens';
import { bankRoutes } from './modules/bank/routes';
import { commissionRoutes } from './modules/commission/routes';
import { dashboardRoutes } from './modules/dashboards/routes';
import { directoryRoutes } from './modules/directories/routes';
import { employeeRoutes } from './modules/employees/routes';
import { employmentRoutes } from './modules/employments/routes';
import { homeRoutes } from './modules/home/routes';
import { importRoutes } from './modules/imports/routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { leadsRoutes } from './modules/leads/routes';
import { lookupRoutes } from './modules/lookups/routes';
import { noticesRoutes } from './modules/notices/routes';
import { onboardingApplicantRoutes } from './modules/onboarding/applicant-routes';
import { onboardingRoutes } from './modules/onboarding/routes';
import { ordersRoutes } from './modules/orders/routes';
import { organisationRoutes } from './modules/organisation/routes';
import { payStubRoutes } from './modules/pay-stubs/routes';
import { payoutRoutes } from './modules/payouts/routes';
import { payrollRoutes } from './modules/payroll/routes';
import { payrollManualRoutes } from './modules/payroll-manual/routes';
import { payrollReportRoutes } from './modules/payroll-reports/routes';
import { platformRoutes } from './modules/platform/routes';
import { provinceRoutes } from './modules/provinces/routes';
import { reportJobRoutes } from './modules/report-jobs/routes';
import { startReportJobWorker } from './modules/report-jobs/worker';
import { rogersRoutes } from './modules/rogers/routes';
import { roleRoutes } from './modules/roles/routes';
import { schedulingRoutes } from './modules/scheduling/routes';
import { teamRoutes } from './modules/teams/routes';
import { tilesRoutes } from './modules/tiles/routes';
import { timeRoutes } from './modules/time/routes';
import { timeManagementRoutes } from './modules/time-management/routes';
import { wagePolicyRoutes } from './modules/wage-policies/routes';
import { registerAuth } from './plugins/auth';
import type { AuthCacheOptions } from './plugins/auth-cache';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { type IdempotencyFaults, idempotencyPlugin, purgeIdempotencyKeys } from './plugins/idempotency';
import { registerInputGuard } from './plugins/input-guard';
import { BLOCKED_PATH, methodRewriter, OVERRIDABLE } from './plugins/method-override';
import { seedDemo } from './seed/demo';

/** HSTS for answers over HTTPS: one year, subdomains included (helmet's default value). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
}

export interface BuildOptions {
  /** Test-only fault points of the idempotency transaction (tests/api/sync-chaos.test.ts). */
  idempotencyFaults?: IdempotencyFaults;
  /** Bounds and mode of the in-memory auth cache (server/plugins/auth-cache.ts). */
  authCache?: AuthCacheOptions;
  /** The clock the role dashboards are computed at (tests inject one; default: the wall clock). */
  now?: () => Date;
  /**
   * The database being opened for this app (server/main.ts starts opening it while the server's code
   * loads): used instead of opening one, and closed with the app like one it opened itself.
   */
  opening?: Promise<Database>;
  /**
   * The database of `opening` may still be opening (server/db/opening.ts: its queries wait for it):
   * this resolves once it is open, and the app waits for it before it starts its jobs and returns.
   */
  ready?: Promise<unknown>;
}

export async function buildApp(
  config: Config,
  existing?: Database,
  options: BuildOptions = {},
): Promise<BuiltApp> {
  const database =
    existing ??
    (await options.opening) ??
    (await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      inMemory: config.inMemory,
    }));
  const baseDb = database.db;
  // The demo company is seeded (or found) while the routes below are registered; awaited before the
  // jobs start.
  const seeding = config.seedDemo
    ? seedDemo(baseDb, { password: config.demoPassword, costLog2: config.passwordCostLog2 })
    : undefined;
  seeding?.catch(() => undefined);
  // Everything below queries through the scoped database: inside a request holding an
  // Idempotency-Key it is that request's transaction (server/db/request-scope.ts).
  const db = scopedDb(baseDb);

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    rewriteUrl: methodRewriter(config.blockMethods),
    // Router errors (bad %-escape 400, over-long path segment 414) answer { Message } too.
    frameworkErrors,
    // Fastify gives up on a plugin after 10 s by default; on a machine busy with other work, registering
    // the server's several hundred routes can take longer than that without anything being wrong.
    pluginTimeout: 60_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'https:'],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Strict-Transport-Security only on an answer to a request that came over HTTPS (below): sent
    // over plain HTTP it would be ignored at best, and would pin a host name that has no HTTPS.
    hsts: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });

  const policy = { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours };
  const key = loadSigningKey({
    jwtSecret: config.jwtSecret,
    dataDir: config.dataDir,
    inMemory: config.inMemory,
  });
  const authCache = registerAuth(app, { db, key, policy, cache: options.authCache });
  // Mutations carrying Idempotency-Key are answered once; replays get the stored answer.
  await app.register(idempotencyPlugin, { db: baseDb, faults: options.idempotencyFaults });
  const purge = () =>
    purgeIdempotencyKeys(db).catch((err) => app.log.warn({ err }, 'idempotency purge failed'));
  const purgeTimer = setInterval(purge, 24 * 3600_000);
  purgeTimer.unref();
  app.addHook('onReady', async () => {
    await purge();
  });

  // gzip/brotli for the PWA's files and the API's JSON (after idempotency, which stores plain bodies).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Apex API',
        description: 'Workforce, payroll and sales-operations API',
        version: '0.1.0',
      },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await api.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
      await api.register(authRoutes, { db, key, policy });
      await api.register(homeRoutes, { db, policy, publicUrl: config.publicUrl });
      await api.register(leadsRoutes, { db });
      await api.register(platformRoutes, { db });
      await api.register(schedulingRoutes, { db });
      await api.register(onboardingRoutes, {
        db,
        publicUrl: config.publicUrl,
        costLog2: config.passwordCostLog2,
        dataKey: config.dataKey,
        dataDir: config.dataDir,
        inMemory: config.inMemory,
      });
      await api.register(onboardingApplicantRoutes, { db });
      await api.register(teamRoutes, { db });
      await api.register(organisationRoutes, { db });
      await api.register(timeRoutes, { db });
      await api.register(timeManagementRoutes, { db });
      await api.register(wagePolicyRoutes, { db });
      await api.register(payrollManualRoutes, { db });
      await api.register(commissionRoutes, { db });
      await api.register(auditRoutes, { db });
      await api.register(directoryRoutes, { db });
      await api.register(provinceRoutes, { db });
      await api.register(employeeRoutes, {
        db,
        costLog2: config.passwordCostLog2,
        publicUrl: config.publicUrl,
      });
      await api.register(bankRoutes, { db });
      await api.register(employmentRoutes, { db, now: options.now });
      await api.register(lookupRoutes, { db });
      await api.register(roleRoutes, { db });
      await api.register(accessRoutes, { db });
      await api.register(payrollReportRoutes, { db });
      await api.register(invoiceRoutes, { db, now: options.now });
      await api.register(payStubRoutes, { db });
      await api.register(dashboardRoutes, { db, now: options.now });
      await api.register(payrollRoutes, { db });
      await api.register(importRoutes, { db });
      await api.register(ordersRoutes, { db });
      await api.register(payoutRoutes, { db });
      await api.register(noticesRoutes, { db });
      await api.register(rogersRoutes, { db, now: options.now });
      await api.register(reportJobRoutes, { db });
    },
    { prefix: '/api' },
  );
  // Street maps (/tiles/…): the PMTiles archive of MAP_TILES or DATA_DIR/tiles/, for signed-in callers.
  await app.register(tilesRoutes, {
    mapTiles: config.mapTiles,
    dataDir: config.dataDir,
    searchDataDir: !config.inMemory,
    auth: { db, key, policy, authCache },
  });
  await app.register(accountRoutes, {
    db,
    policy,
    costLog2: config.passwordCostLog2,
    key,
    publicUrl: config.publicUrl,
  });

  for (const method of OVERRIDABLE) {
    app.route({
      method,
      url: BLOCKED_PATH,
      config: { public: true },
      schema: { hide: true },
      handler: async (_request, reply) =>
        reply
          .code(405)
          .header('Allow', 'GET, POST')
          .send({ Message: `${method} is blocked here; send POST with X-HTTP-Method-Override: ${method}.` }),
    });
  }

  // The PWA's files (a route for each, ~1 000 of them) are registered while the database may still be
  // opening, instead of when the server starts listening.
  registerStatic(app, config);
  await app.after();
  await options.ready;
  await seeding;
  // Lead batch geocoding jobs: a poller over the queue in the database, stopped before it closes.
  const stopLeadBatches = startLeadBatchWorker({ db, log: app.log });
  app.addHook('preClose', async () => stopLeadBatches());
  // Compliance report jobs: a queue in the database, run in the background (one job at a time here).
  const stopReportJobs = startReportJobWorker({ db, log: app.log, publicUrl: config.publicUrl });
  app.addHook('preClose', async () => stopReportJobs());
  if (config.smtpUrl) {
    const stopMail = startMailDelivery({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
    app.addHook('preClose', async () => stopMail());
  }
  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    if (!existing) await database.close();
  });
  return { app, database };
}

/** The built PWA at `/`, with every non-API navigation falling back to the app shell. */
function registerStatic(app: FastifyInstance, config: Config): void {
  const root = config.staticDir ? resolve(config.staticDir) : null;
  if (!root || !existsSync(join(root, 'index.html'))) return;
  app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes `<file>.br` and `<file>.gz` at the highest quality (scripts/vite-build-plugins.ts):
    // sent as they are, with Content-Encoding set, so @fastify/compress leaves them alone.
    preCompressed: true,
    setHeaders(res, path) {
      if (/\/assets\//.test(path)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
    },
  });
  app.register(async (scope) => {
    scope.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      const path = decodeURIComponent(request.url.split('?')[0]);
      if (/^\/api(\/|$)/i.test(path)) {
        return reply.code(404).send({ Message: `No route for ${request.method} ${path}.` });
      }
      const file = path.replace(/^\/+/, '');
      if (file && !file.includes('..') && existsSync(join(root, file)) && !file.endsWith('/')) {
        return reply.sendFile(file);
      }
      if (/\.[a-z0-9]{2,5}$/i.test(path)) return reply.code(404).send({ Message: 'Not found.' });
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    });
  });
}
