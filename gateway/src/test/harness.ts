// Test helpers for the runtime: waiting for what a user or a device would notice, and registering
// simulated devices in the gateway tables.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpointIdFor } from '@airloom/usp';
import knex, { type Knex } from 'knex';
import { createGatewayDb } from '../db-connect.js';
import { GATEWAY_MIGRATIONS, type NamedMigration } from '../db/migrations.js';
import type { DeviceRow, OperationRow } from '../store/rows.js';

export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface TestDeviceSpec {
  sn: string;
  mac: string;
  type: string;
  model: string;
}

/** Registers devices for a project as the manufacturer API would (the bare test broker checks no secret). */
export async function insertDevices(db: Knex, specs: TestDeviceSpec[], projectId: number): Promise<void> {
  const now = Date.now();
  await db('devices').insert(
    specs.map((s) => ({
      sn: s.sn,
      endpoint_id: endpointIdFor(s.mac, s.sn),
      type: s.type,
      model: s.model,
      mac: s.mac,
      secret_hash: 'not-checked-by-the-test-broker',
      project_id: projectId,
      bound_at: now,
      created_at: now,
      updated_at: now,
    })),
  );
}

export async function deviceRow(db: Knex, sn: string): Promise<DeviceRow> {
  return (await db<DeviceRow>('devices').where({ sn }).first()) as DeviceRow;
}

export async function operationRow(db: Knex, id: number): Promise<OperationRow> {
  return (await db<OperationRow>('operations').where({ id }).first()) as OperationRow;
}

/** The statuses a device went through, oldest first (device_status_log). */
export async function statusHistory(db: Knex, sn: string): Promise<number[]> {
  const rows = (await db('device_status_log').where({ sn }).orderBy('id', 'asc').select('to_status')) as { to_status: number }[];
  return rows.map((r) => Number(r.to_status));
}

const MYSQL_SERVER = 'mysql://root@127.0.0.1:3306/';

/**
 * The gateway tables in a fresh database that another process can open too: a SQLite file, or a
 * throwaway MariaDB database `airloom_test_<random>`. `url` is its DATABASE_URL.
 */
export async function sharedTestDb(backend: 'sqlite' | 'mysql'): Promise<{ db: Knex; url: string; close(): Promise<void> }> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (backend === 'mysql') {
    const name = `airloom_test_${randomBytes(5).toString('hex')}`;
    const admin = knex({ client: 'mysql2', connection: { host: '127.0.0.1', port: 3306, user: 'root', password: '' }, pool: { min: 0, max: 1 } });
    await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
    url = `${MYSQL_SERVER}${name}`;
    cleanup = async () => {
      await admin.raw('DROP DATABASE IF EXISTS ??', [name]);
      await admin.destroy();
    };
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'airloom-gw-crash-'));
    url = `sqlite:${path.join(dir, 'db.sqlite')}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const db = createGatewayDb({ databaseUrl: url, sqliteFile: '' });
  await db.migrate.latest({
    migrationSource: {
      getMigrations: async () => GATEWAY_MIGRATIONS,
      getMigrationName: (m: NamedMigration) => m.name,
      getMigration: async (m: NamedMigration) => m.migration,
    },
  });
  return {
    db,
    url,
    async close() {
      await db.destroy();
      await cleanup();
    },
  };
}
