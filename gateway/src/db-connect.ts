// The one knex factory: MySQL/MariaDB by DATABASE_URL, else the SQLite file. A gateway-only process
// (`airloom gateway`) uses it as is; the BFF adds its own SQLite connection setup.
import knex, { type Knex } from 'knex';
import type { GatewayConfig } from './config.js';

export interface SqliteConnection {
  pragma(source: string): unknown;
  prepare(source: string): unknown;
  /** better-sqlite3: false once closed */
  readonly open?: boolean;
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

/** The rows of a `knex.raw()` result: an array of rows on SQLite, `[rows, fields]` on MySQL. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

interface ReadConnection {
  prepare(sql: string): { all(...bindings: unknown[]): unknown[] };
  readonly open?: boolean;
}

interface SqliteClient {
  acquireConnection(): Promise<ReadConnection>;
  releaseConnection(connection: unknown): Promise<unknown>;
  /** tarn's pool: its public counters */
  pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number; numPendingValidations(): number; numPendingCreates(): number };
}

/** The connection each SQLite pool (of at most one) made last, by knex client. */
const sqliteConnections = new WeakMap<object, { current?: ReadConnection }>();

/**
 * The pool's one SQLite connection when nobody holds it and nobody waits for it. A statement run on it
 * synchronously cannot interleave with a transaction (a transaction holds the connection until it
 * ends), so it needs no acquire: the pool's acquire and release cost two timers and a dozen promises,
 * more than the statements on every request's path (docs/performance.md, the device list).
 */
function idleSqliteConnection(client: SqliteClient): ReadConnection | undefined {
  const connection = sqliteConnections.get(client)?.current;
  const pool = client.pool;
  if (!connection?.open || !pool) return undefined;
  const idle = pool.numFree() === 1 && pool.numUsed() === 0 && pool.numPendingAcquires() === 0 && pool.numPendingValidations() === 0 && pool.numPendingCreates() === 0;
  return idle ? connection : undefined;
}

/**
 * The rows of one fixed read statement, for the few statements on every request's path (the caller's
 * session, the project's access row, the device list). On SQLite the statement runs on the pool's one
 * connection as it is (prepared once, bff/src/db/db.ts), without knex's builder and runner, which cost
 * more than these queries (docs/performance.md, the device list). In a transaction, and on MySQL,
 * it goes through knex.
 *
 * Write a parameter that is compared with an indexed column as `+?` in a statement with a join or an
 * ORDER BY: SQLite's planner takes the value of a bare `?` there into account, so every new binding
 * makes SQLite prepare the statement again (about 25 µs each run, more than the statement's work);
 * `+?` is the same value (unary plus changes nothing, on MariaDB too) that the plan does not depend on.
 */
export async function readRows<T>(db: Knex | Knex.Transaction, sql: string, bindings: readonly unknown[] = []): Promise<T[]> {
  if (db.isTransaction || isMysql(db)) return rowsOf<T>(await db.raw(sql, bindings as Knex.RawBinding[]));
  const client = db.client as SqliteClient;
  const idle = idleSqliteConnection(client);
  if (idle) return idle.prepare(sql).all(...bindings) as T[];
  const connection = await client.acquireConnection();
  try {
    return connection.prepare(sql).all(...bindings) as T[];
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * A small pool of its own on the same MariaDB server, for work that must not queue for a connection
 * behind the rest (the telemetry flush behind a fleet's setups and pushes: docs/performance.md).
 * None on SQLite: its one connection serialises every statement anyway, and a second one would only
 * wait for the file's lock.
 */
export function ownPool(db: Knex, connections: number): Knex | null {
  if (!isMysql(db)) return null;
  return knex({ client: 'mysql2', connection: db.client.config.connection as Knex.MySql2ConnectionConfig, pool: { min: 0, max: connections } });
}

export function createGatewayDb(config: Pick<GatewayConfig, 'databaseUrl' | 'sqliteFile'>, options: DbOptions = {}): Knex {
  const url = config.databaseUrl;
  if (url && /^mysql2?:\/\//.test(url)) {
    return knex({ client: 'mysql2', connection: mysqlConnection(url), pool: { min: 0, max: 10 } });
  }
  if (url && !/^(sqlite|file):/.test(url)) throw new Error('DATABASE_URL must start with mysql:// (or be unset for SQLite)');
  const filename = url ? url.replace(/^(sqlite|file):(\/\/)?/, '') : config.sqliteFile;
  const made: { current?: ReadConnection } = {};
  const db = knex({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      // better-sqlite3 is synchronous: one connection serialises access without SQLITE_BUSY
      min: 1,
      max: 1,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        options.setupSqlite?.(conn);
        conn.pragma('journal_mode = WAL');
        conn.pragma('busy_timeout = 5000');
        made.current = conn as unknown as ReadConnection;
        done(null, conn);
      },
    },
  });
  sqliteConnections.set(db.client as object, made);
  return db;
}
