// One knex instance per process. MySQL/MariaDB when DATABASE_URL says so, SQLite otherwise
// (ARCHITECTURE §2 embedded default).
import knex, { type Knex } from 'knex';
import type { AppConfig } from '../config.js';

export type Db = Knex;

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

interface SqliteConnection {
  pragma(source: string): unknown;
  prepare(source: string): unknown;
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * knex prepares every query anew; on SQLite preparing costs more than running the hot queries
 * (session lookup, project list). Statements are reusable and better-sqlite3 runs them
 * synchronously on the pool's single connection, so the connection keeps the recent ones.
 */
function cachePreparedStatements(conn: SqliteConnection): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, unknown>();
  conn.prepare = (source: string) => {
    let statement = cache.get(source);
    if (statement === undefined) {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
    }
    return statement;
  };
}

export function createDb(config: Pick<AppConfig, 'databaseUrl' | 'sqliteFile'>): Knex {
  const url = config.databaseUrl;
  if (url && /^mysql2?:\/\//.test(url)) {
    return knex({ client: 'mysql2', connection: mysqlConnection(url), pool: { min: 0, max: 10 } });
  }
  if (url && !/^(sqlite|file):/.test(url)) throw new Error('DATABASE_URL must start with mysql:// (or be unset for SQLite)');
  const filename = url ? url.replace(/^(sqlite|file):(\/\/)?/, '') : config.sqliteFile;
  return knex({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      // better-sqlite3 is synchronous: one connection serialises access without SQLITE_BUSY.
      min: 1,
      max: 1,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        cachePreparedStatements(conn);
        conn.pragma('foreign_keys = ON');
        conn.pragma('journal_mode = WAL');
        conn.pragma('busy_timeout = 5000');
        done(null, conn);
      },
    },
  });
}
