// The one knex factory: MySQL/MariaDB by DATABASE_URL, else the SQLite file. A gateway-only process
// (`airloom gateway`) uses it as is; the BFF adds its own SQLite connection setup.
import Database from 'better-sqlite3';
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

/**
 * SQLite's second, read-only connection for the fixed statements on every request's path (readRows).
 * Opened on first use, after the migrations made the file; closed with the knex instance. If it
 * cannot be opened, readRows stays with knex.
 */
const READER_STATEMENTS = 64;

class SqliteReader {
  private conn: Database.Database | undefined;
  private failed = false;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly file: string) {}

  all(sql: string, bindings: readonly unknown[]): unknown[] | undefined {
    if (this.failed) return undefined;
    if (!this.conn) {
      try {
        this.conn = new Database(this.file, { readonly: true, fileMustExist: true });
      } catch {
        this.failed = true;
        return undefined;
      }
    }
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.conn.prepare(sql);
      // statements with a list of `?` vary in length: keep the recent ones
      if (this.statements.size >= READER_STATEMENTS) this.statements.delete(this.statements.keys().next().value as string);
      this.statements.set(sql, statement);
    }
    return statement.all(...bindings);
  }

  close(): void {
    this.conn?.close();
    this.conn = undefined;
    this.failed = true;
  }
}

const readers = new WeakMap<Knex, SqliteReader>();

/** The rows of a `knex.raw()` result: an array of rows on SQLite, `[rows, fields]` on MySQL. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/**
 * Committed rows of one fixed read statement, for the few statements on every request's path. On
 * SQLite they run on a read-only connection of their own: no query builder, no queue behind the one
 * read-write connection's open transactions, and WAL lets it read while that connection writes
 * (docs/performance.md, the device list). In a transaction, and on MySQL, they go through knex.
 */
export async function readRows<T>(db: Knex | Knex.Transaction, sql: string, bindings: readonly unknown[] = []): Promise<T[]> {
  const reader = db.isTransaction ? undefined : readers.get(db);
  const rows = reader?.all(sql, bindings);
  if (rows) return rows as T[];
  return rowsOf<T>(await db.raw(sql, bindings as Knex.RawBinding[]));
}

export function createGatewayDb(config: Pick<GatewayConfig, 'databaseUrl' | 'sqliteFile'>, options: DbOptions = {}): Knex {
  const url = config.databaseUrl;
  if (url && /^mysql2?:\/\//.test(url)) {
    return knex({ client: 'mysql2', connection: mysqlConnection(url), pool: { min: 0, max: 10 } });
  }
  if (url && !/^(sqlite|file):/.test(url)) throw new Error('DATABASE_URL must start with mysql:// (or be unset for SQLite)');
  const filename = url ? url.replace(/^(sqlite|file):(\/\/)?/, '') : config.sqliteFile;
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
        done(null, conn);
      },
    },
  });
  if (filename && filename !== ':memory:') {
    const reader = new SqliteReader(filename);
    readers.set(db, reader);
    // knex.destroy() ends in its client's destroy (the instance's own `destroy` is read-only)
    const client = db.client as { destroy(callback?: unknown): Promise<void> };
    const destroy = client.destroy.bind(client);
    client.destroy = (callback?: unknown) => {
      reader.close();
      return destroy(callback);
    };
  }
  return db;
}
