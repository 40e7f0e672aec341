// Test helper: the gateway tables on a fresh SQLite file, or on a throwaway MariaDB database
// `airloom_test_<random>` (dropped by close()) when CI=true.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { GATEWAY_MIGRATIONS, type NamedMigration } from '../db/migrations.js';

export type TestBackend = 'sqlite' | 'mysql';

export function testBackends(): TestBackend[] {
  const ci = process.env.CI === 'true' || process.env.CI === '1';
  return ci ? ['sqlite', 'mysql'] : ['sqlite'];
}

const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '', charset: 'utf8mb4', supportBigNumbers: true, bigNumberStrings: false };

export async function createTestDb(backend: TestBackend): Promise<{ db: Knex; close(): Promise<void> }> {
  let db: Knex;
  let cleanup: () => Promise<void>;
  if (backend === 'mysql') {
    const name = `airloom_test_${randomBytes(5).toString('hex')}`;
    const admin = knex({ client: 'mysql2', connection: MYSQL, pool: { min: 0, max: 1 } });
    await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
    db = knex({ client: 'mysql2', connection: { ...MYSQL, database: name }, pool: { min: 0, max: 5 } });
    cleanup = async () => {
      await admin.raw('DROP DATABASE IF EXISTS ??', [name]);
      await admin.destroy();
    };
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'airloom-gw-store-'));
    db = knex({ client: 'better-sqlite3', connection: { filename: path.join(dir, 'db.sqlite') }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  await db.migrate.latest({
    migrationSource: {
      getMigrations: async () => GATEWAY_MIGRATIONS,
      getMigrationName: (m: NamedMigration) => m.name,
      getMigration: async (m: NamedMigration) => m.migration,
    },
  });
  return {
    db,
    async close() {
      await db.destroy();
      await cleanup();
    },
  };
}
