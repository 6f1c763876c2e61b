/** Lane placeholder (issue 23): the lane's helper replaces this with its calls. */
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';

export function assetReportRoutes(_app: App, _db: Db): void {}
