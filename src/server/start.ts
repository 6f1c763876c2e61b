/** Opens the database, migrates it, seeds the demo union when empty, and builds the app. */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { migrate } from './db/migrate.js';
import { seedCatalogue } from './admin/seed-catalogue.js';
import { isEmpty, seedDemo } from './seed/demo.js';
import { buildApp } from './app.js';

export interface Started {
  app: FastifyInstance;
  db: Db;
  seeded: boolean;
}

export async function prepare(config: ServerConfig, db: Db = openDatabase(config)): Promise<Started> {
  await migrate(db);
  await seedCatalogue(db);
  const seeded = config.seedDemo && (await isEmpty(db));
  if (seeded) await seedDemo(db, config.scryptLogN);
  const app = await buildApp(config, db);
  app.addHook('onClose', () => db.close());
  return { app, db, seeded };
}
