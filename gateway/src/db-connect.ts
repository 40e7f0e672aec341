// The one knex factory: MySQL/MariaDB by DATABASE_URL, else the SQLite file. A gateway-only process
// (`airloom gateway`) uses it as is; the BFF adds its own SQLite connection setup.
import knex, { type Knex } from 'knex';
import type { GatewayConfig } from './config.js';

export interface SqliteConnection {
  pragma(source: string): unknown;
  prepare(source: string): unknown;
}

export interface DbOptions {
  /** Runs on each new SQLite connection before the journal and busy-timeout pragmas. */
  setupSqlite?(conn: SqliteConnection): void;
}

export function isMysql(db: Knex): boolean {
  return db.client.config.client === 'mysql2';
}

/** Connection settings of a `mysql://user:pass@host:port/db` URL; utf8mb4 so names may hold any character. */
export function mysqlConnection(url: string): Knex.MySql2ConnectionConfig {
  const u = new URL(url);
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || undefined,
    charset: 'utf8mb4',
    // Datetimes are epoch-ms integers (see migrations); keep BIGINT values as JS numbers.
    supportBigNumbers: true,
    bigNumberStrings: false,
  } as Knex.MySql2ConnectionConfig;
}

export function createGatewayDb(config: Pick<GatewayConfig, 'databaseUrl' | 'sqliteFile'>, options: DbOptions = {}): Knex {
  const url = config.databaseUrl;
  if (url && /^mysql2?:\/\//.test(url)) {
    return knex({ client: 'mysql2', connection: mysqlConnection(url), pool: { min: 0, max: 10 } });
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
        options.setupSqlite?.(conn);
        conn.pragma('journal_mode = WAL');
        conn.pragma('busy_timeout = 5000');
        done(null, conn);
      },
    },
  });
}
