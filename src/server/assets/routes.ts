/**
 * The asset module's calls (issue 23): under /fixedassets the cards, initialisation, provisions and documents;
 * under /account, as the spec has them, the long-term deferred expenses, the asset-change voucher, the document
 * subjects and the asset reports. Each lane registers its own calls in its own file.
 */
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { cardAccountRoutes, cardRoutes } from './card-routes.js';
import { assetDocumentAccountRoutes, assetDocumentRoutes } from './document-routes.js';
import { longAmortionRoutes } from './long-routes.js';
import { assetReportRoutes } from './report-routes.js';
import { assetVoucherDispatchRoutes } from './voucher-dispatch-routes.js';
import { assetVoucherAccountRoutes, assetVoucherRoutes } from './voucher-routes.js';

/** Registered under the /fixedassets prefix. */
export function assetRoutes(app: App, db: Db): void {
  cardRoutes(app, db);
  assetVoucherDispatchRoutes(app, db);
  assetVoucherRoutes(app, db);
  assetDocumentRoutes(app, db);
}

/** Registered under the /account prefix. */
export function assetAccountRoutes(app: App, db: Db): void {
  assetVoucherAccountRoutes(app, db);
  cardAccountRoutes(app, db);
  longAmortionRoutes(app, db);
  assetReportRoutes(app, db);
  assetDocumentAccountRoutes(app, db);
}
