// The gateway's tables in a throw-away MariaDB database, with the fleet registered the way the
// manufacturer API does it (scrypt-hashed secrets), so devices authenticate like real ones.
import { registerDevices, type DeviceRegistration } from '@airloom/gateway';
import { insertIfaceRows, insertStatRows, migrateGatewayTables, type IfaceRow, type StatRow } from '@airloom/gateway/testing';
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
  await migrateGatewayTables(db);
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

/** The registered devices' rows (identity and secret hash), to register them elsewhere again. */
export type IdentityRows = Record<string, unknown>[];

/**
 * Registers the fleet through the store (one scrypt hash per device secret), or inserts identity
 * rows read back from an earlier registration, so the hashing is paid once per run.
 */
export async function registerFleet(db: Knex, devices: DeviceRegistration[], registered?: IdentityRows): Promise<IdentityRows> {
  if (registered) {
    for (let i = 0; i < registered.length; i += 500) await db('devices').insert(registered.slice(i, i + 500));
    return registered;
  }
  for (let i = 0; i < devices.length; i += 500) await registerDevices(db, devices.slice(i, i + 500));
  return (await db('devices').select(IDENTITY)) as IdentityRows;
}

const BUCKET_MS = 900_000;

/**
 * The raw points the fleet would have written over the last complete 15-minute bucket (a status
 * report every 30 s, radios every 5 minutes, docs/data.md), not yet rolled up: what the time series'
 * job finds each time a bucket completes. Returns the rows written.
 */
export async function seedStatsBacklog(db: Knex, sns: readonly string[], now: number): Promise<number> {
  const end = Math.floor(now / BUCKET_MS) * BUCKET_MS;
  const start = end - BUCKET_MS;
  let written = 0;
  for (let i = 0; i < sns.length; i += 100) {
    const stats: StatRow[] = [];
    const ifaces: IfaceRow[] = [];
    sns.slice(i, i + 100).forEach((sn, k) => {
      for (let t = start + ((i + k) % 30) * 1000; t < end; t += 30_000) {
        stats.push({ sn, res: 0, t, cpu: 12 + (t / 30_000) % 7, memory: 41, clients: 6, tx_rate: 120_000, rx_rate: 30_000, uptime: Math.floor((t - start) / 1000) + 86_400 });
        if ((t - start) % 300_000 < 30_000) for (const iface of ['2.4GHz', '5GHz']) ifaces.push({ sn, res: 0, iface, t, tx_rate: 60_000, rx_rate: 15_000, clients: 3, noise: -92, util: 23 });
      }
    });
    await insertStatRows(db, stats);
    await insertIfaceRows(db, ifaces);
    written += stats.length + ifaces.length;
  }
  return written;
}
