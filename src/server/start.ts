/** Opens the database, migrates it, seeds the demo union (and its books) when empty, and builds the app. */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { migrate } from './db/migrate.js';
import { seedCatalogue } from './admin/seed-catalogue.js';
import { isEmpty, seedDemo } from './seed/demo.js';
import { seedDemoLedgers } from './seed/demo-ledger.js';
import { seedDemoFunds } from './seed/demo-funds.js';
import { seedDemoBudgets } from './seed/demo-budgets.js';
import { seedDemoAssets } from './seed/demo-assets.js';
import { buildApp } from './app.js';

export interface Started {
  app: FastifyInstance;
  db: Db;
  seeded: boolean;
}

export async function prepare(config: ServerConfig, db: Db = openDatabase(config)): Promise<Started> {
  await migrate(db);
  await seedCatalogue(db);
  const seeded = config.seedDemo !== 'off' && (await isEmpty(db));
  if (seeded) await seedDemo(db, config.scryptLogN);
  const app = await buildApp(config, db);
  app.addHook('onClose', () => db.close());
  // The books go through the services, after buildApp has told the backups where DATA_DIR is (the close backs up).
  if (seeded && config.seedDemo === 'full') {
    try {
      await seedDemoLedgers(db);
      await seedDemoFunds(db);
      await seedDemoBudgets(db);
      await seedDemoAssets(db);
    } catch (error) {
      await app.close();
      throw error;
    }
  }
  return { app, db, seeded };
}
