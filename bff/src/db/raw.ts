// Fixed SQL for the few statements on every request's path, where knex's query builder costs more
// than the query itself (bench/ api latency). Repositories only; no rules here.

/** First row of a `knex.raw()` result: an array of rows on SQLite, `[rows, fields]` on MySQL. */
export function firstRow<T>(result: unknown): T | undefined {
  const rows = Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result;
  return Array.isArray(rows) ? (rows[0] as T | undefined) : undefined;
}
