// Test helper: the gateway tables on a fresh SQLite file, or on a throwaway MariaDB database
// `airloom_test_<random>` (dropped by close()) when CI=true. `url` is its DATABASE_URL, so another
// process can open it too.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { createGatewayDb, mysqlConnection } from '../db-connect.js';
import { GATEWAY_MIGRATIONS, type NamedMigration } from '../db/migrations.js';

export type TestBackend = 'sqlite' | 'mysql';

export function testBackends(): TestBackend[] {
  const ci = process.env.CI === 'true' || process.env.CI === '1';
  return ci ? ['sqlite', 'mysql'] : ['sqlite'];
}

/** A new empty database `airloom_test_<random>` on a MySQL/MariaDB server (URL ending in `/`). */
export async function createMysqlTestDatabase(serverUrl = 'mysql://root@127.0.0.1:3306/'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `airloom_test_${randomBytes(5).toString('hex')}`;
  const admin = knex({ client: 'mysql2', connection: mysqlConnection(serverUrl), pool: { min: 0, max: 1 } });
  try {
    await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
  } catch (err) {
    await admin.destroy();
    throw err;
  }
  return {
    url: new URL(name, serverUrl).toString(),
    async drop() {
      try {
        await admin.raw('DROP DATABASE IF EXISTS ??', [name]);
      } finally {
        await admin.destroy();
      }
    },
  };
}

/** Creates the gateway tables alone (the BFF runs them within its own list). */
export async function migrateGatewayTables(db: Knex): Promise<void> {
  await db.migrate.latest({
    migrationSource: {
      getMigrations: async () => GATEWAY_MIGRATIONS,
      getMigrationName: (m: NamedMigration) => m.name,
      getMigration: async (m: NamedMigration) => m.migration,
    },
  });
}

export async function createTestDb(backend: TestBackend): Promise<{ db: Knex; url: string; close(): Promise<void> }> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (backend === 'mysql') {
    const created = await createMysqlTestDatabase();
    url = created.url;
    cleanup = created.drop;
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'airloom-gw-store-'));
    url = `sqlite:${path.join(dir, 'db.sqlite')}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const db = createGatewayDb({ databaseUrl: url, sqliteFile: '' });
  await migrateGatewayTables(db);
  return {
    db,
    url,
    async close() {
      await db.destroy();
      await cleanup();
    },
  };
}
