/**
 * Builds the Fastify application: envelope and error handling, the guard, every module's routes
 * under the spec's module bases, and the built client with its history-API fallback.
 */
import { userRoutes } from './users/routes.js';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyStatic from '@fastify/static';
import { REQUEST_ID_HEADER } from '../shared/api/paths.js';
import type { ServerConfig } from './config.js';
import type { Db } from './db/database.js';
import { answerClientError } from './http/client-error.js';
import { installEnvelope } from './http/envelope-plugin.js';
import { recordRoutes } from './http/route-list.js';
import { installValidation, schemaErrorFormatter } from './http/schema-validation.js';
import { trustProxyOption } from './http/trust-proxy.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { isStaticFile } from './http/app-page.js';
import { registerOpenApi } from './http/openapi.js';
import { registerApiDocs } from './http/api-docs.js';
import { installGuard } from './auth/guard.js';
import { installRouteRights } from './auth/route-rights.js';
import { authRoutes } from './auth/routes.js';
import { ztRoutes } from './zt/routes.js';
import { logRoutes } from './logs/routes.js';
import { ztRegisterRoutes } from './zt/register-routes.js';
import { ztManagementRoutes } from './zt/manage-routes.js';
import { rightsRoutes } from './rights/routes.js';
import { permissionRoutes } from './rights/permission-routes.js';
import { platformRoutes } from './platform/routes.js';
import { menuRoutes } from './admin/routes.js';
import { systemRoutes } from './system/routes.js';
import { subjectRoutes } from './subjects/routes.js';
import { openingRoutes } from './subjects/opening-routes.js';
import { auxiliaryRoutes } from './auxiliary/routes.js';
import { fundsUnitRoutes, fundsUnitUserCenterRoutes } from './funds/unit-routes.js';
import { voucherRoutes } from './vouchers/routes.js';
import { fileRoutes } from './files/routes.js';
import { voucherTables } from './files/voucher-link-db.js';
import { printRoutes } from './print/routes.js';
import { voucherWorkbookRoutes } from './vouchers/workbook-routes.js';
import { templateRoutes } from './templates/routes.js';
import { bookRoutes } from './books/routes.js';
import { reportRoutes } from './reports/routes.js';
import { reportPrintRoutes } from './print/report-print-routes.js';
import { fundsReportRoutes } from './funds/report-routes.js';
import { closeRoutes } from './close/routes.js';
import { fundsEntryRoutes } from './funds/entry-routes.js';
import { budgetRoutes } from './budget/routes.js';
import { transitionRoutes } from './transition/routes.js';
import { assetAccountRoutes, assetRoutes } from './assets/routes.js';
import { registerBackupRoutes } from './backup/routes.js';

export async function buildApp(config: ServerConfig, db: Db): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.authencryptkey'],
    },
    genReqId: (req) => {
      const incoming = req.headers[REQUEST_ID_HEADER];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 10 * 1024 * 1024,
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    schemaErrorFormatter,
  }).withTypeProvider<TypeBoxTypeProvider>();

  recordRoutes(app);
  await installSecurityHeaders(app, config);
  installValidation(app);
  installEnvelope(app, config.clientDir);
  installGuard(app, db, config);
  installRouteRights(app, db);
  await registerOpenApi(app);

  authRoutes(app, db, config);
  menuRoutes(app, db);
  systemRoutes(app, db, config);
  await app.register(
    async (account) => {
      subjectRoutes(account, db);
      auxiliaryRoutes(account, db);
      voucherRoutes(account, db);
      printRoutes(account, db);
      voucherWorkbookRoutes(account, db);
      templateRoutes(account, db);
      bookRoutes(account, db);
      reportRoutes(account, db);
      reportPrintRoutes(account, db);
      closeRoutes(account, db);
      fundsReportRoutes(account, db);
      fundsEntryRoutes(account, db);
      await openingRoutes(account, db);
      fundsUnitRoutes(account, db);
      transitionRoutes(account, db);
      assetAccountRoutes(account, db);
    },
    { prefix: '/account' },
  );
  await app.register(
    (fixedAssets, _opts, done) => {
      assetRoutes(fixedAssets, db);
      done();
    },
    { prefix: '/fixedassets' },
  );
  await app.register(
    (budget, _opts, done) => {
      budgetRoutes(budget, db);
      done();
    },
    { prefix: '/budget' },
  );
  await app.register((files) => fileRoutes(files, db, config, voucherTables), { prefix: '/files' });
  await registerBackupRoutes(app, db, config);
  for (const prefix of ['/userCenter', '/usercenter']) {
    await app.register(
      (userCenter, _opts, done) => {
        ztRoutes(userCenter, db);
        logRoutes(userCenter, db);
        ztManagementRoutes(userCenter, db);
        rightsRoutes(userCenter, db);
        permissionRoutes(userCenter, db);
        platformRoutes(userCenter, db);
        fundsUnitUserCenterRoutes(userCenter, db);
        userRoutes(userCenter, db, config);
        done();
      },
      { prefix },
    );
    await app.register((register) => ztRegisterRoutes(register, db), { prefix });
  }
  await registerApiDocs(app, config);

  if (fs.existsSync(config.clientDir)) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: false,
      index: false,
      allowedPath: (pathname) => isStaticFile(pathname),
    });
  }
  return app;
}
