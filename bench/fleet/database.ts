// The gateway's tables in a throw-away MariaDB database, with the fleet registered the way the
// manufacturer API does it (scrypt-hashed secrets), so devices authenticate like real ones.
import { GATEWAY_MIGRATIONS, registerDevices, type DeviceRegistration, type NamedMigration } from '@airloom/gateway';
import knex, { type Knex } from 'knex';
import { createMysqlDatabase } from '../src/mysql.js';

export interface BenchDatabase {
  url: string;
  name: string;
  db: Knex;
  drop(): Promise<void>;
}

export async function createBenchDatabase(): Promise<BenchDatabase> {
  const created = await createMysqlDatabase();
  const db = knex({ client: 'mysql2', connection: created.url, pool: { min: 0, max: 4 } });
  await db.migrate.latest({
    migrationSource: {
      getMigrations: async () => GATEWAY_MIGRATIONS,
      getMigrationName: (m: NamedMigration) => m.name,
      getMigration: async (m: NamedMigration) => m.migration,
    },
  });
  return {
    url: created.url,
    name: new URL(created.url).pathname.slice(1),
    db,
    async drop() {
      await db.destroy();
      await created.drop();
    },
  };
}

const IDENTITY = ['sn', 'endpoint_id', 'type', 'model', 'mac', 'manufacturer', 'secret_hash', 'owner_account_id', 'project_id', 'bound_at', 'created_at', 'updated_at'];

/**
 * Registers the fleet through the store (one scrypt hash per device secret). A second database
 * gets the same identity rows copied, so the hashing is paid once per run.
 */
export async function registerFleet(target: Knex, devices: DeviceRegistration[], registeredIn?: Knex): Promise<void> {
  if (!registeredIn) {
    for (let i = 0; i < devices.length; i += 500) await registerDevices(target, devices.slice(i, i + 500));
    return;
  }
  const rows = (await registeredIn('devices').select(IDENTITY)) as Record<string, unknown>[];
  for (let i = 0; i < rows.length; i += 500) await target('devices').insert(rows.slice(i, i + 500));
}
