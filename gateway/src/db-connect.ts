// The database of a gateway-only process (`airloom gateway`): MySQL/MariaDB by DATABASE_URL,
// else the SQLite file. In `airloom all` the BFF passes its own knex instead.
import knex, { type Knex } from 'knex';
import type { GatewayConfig } from './config.js';

interface SqliteConnection {
  pragma(source: string): unknown;
}

export function isMysql(db: Knex): boolean {
  return db.client.config.client === 'mysql2';
}

export function createGatewayDb(config: Pick<GatewayConfig, 'databaseUrl' | 'sqliteFile'>): Knex {
  const url = config.databaseUrl;
  if (url && /^mysql2?:\/\//.test(url)) {
    const u = new URL(url);
    return knex({
      client: 'mysql2',
      connection: {
        host: u.hostname || '127.0.0.1',
        port: u.port ? Number(u.port) : 3306,
        user: decodeURIComponent(u.username || 'root'),
        password: decodeURIComponent(u.password),
        database: decodeURIComponent(u.pathname.replace(/^\//, '')) || undefined,
        charset: 'utf8mb4',
        supportBigNumbers: true,
        bigNumberStrings: false,
      } as Knex.MySql2ConnectionConfig,
      pool: { min: 0, max: 10 },
    });
  }
  if (url && !/^(sqlite|file):/.test(url)) throw new Error('DATABASE_URL must start with mysql:// (or be unset for SQLite)');
  return knex({
    client: 'better-sqlite3',
    connection: { filename: url ? url.replace(/^(sqlite|file):(\/\/)?/, '') : config.sqliteFile },
    useNullAsDefault: true,
    pool: {
      // better-sqlite3 is synchronous: one connection serialises access without SQLITE_BUSY
      min: 1,
      max: 1,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma('journal_mode = WAL');
        conn.pragma('busy_timeout = 5000');
        done(null, conn);
      },
    },
  });
}
