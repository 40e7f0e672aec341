// One knex instance per process. MySQL/MariaDB when DATABASE_URL says so, SQLite otherwise
// (ARCHITECTURE §2 embedded default); the gateway's factory, with the BFF's SQLite setup.
import { createGatewayDb, type SqliteConnection } from '@airloom/gateway/public';
import type { Knex } from 'knex';
import type { AppConfig } from '../config.js';

export { isMysql } from '@airloom/gateway/public';

export type Db = Knex;

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
  return createGatewayDb(config, {
    setupSqlite(conn) {
      cachePreparedStatements(conn);
      conn.pragma('foreign_keys = ON');
    },
  });
}
