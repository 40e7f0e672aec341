// Database writes made in the benchmark's own throw-away database. MariaDB's user statistics
// (`userstat`, switched on for the run and back off after) count rows changed per table, so other
// databases on the same server do not count; the server-wide write statements and commits
// (`Com_*`) are read beside them for the shape of the writes (one row per statement or batched).
// A server without user statistics (MySQL) gives the server-wide counts only.
import mysql from 'mysql2/promise';

export interface WriteCounts {
  at: number;
  /** rows inserted, updated or deleted in the database, by table (undefined: not counted) */
  rows: Record<string, number> | undefined;
  /** server-wide INSERT/UPDATE/DELETE/REPLACE statements */
  statements: number;
  commits: number;
}

export interface WriteRates {
  rowsPerSecond: number | undefined;
  statementsPerSecond: number;
  commitsPerSecond: number;
}

export interface WriteCounter {
  read(): Promise<WriteCounts>;
  close(): Promise<void>;
}

export async function writeCounter(serverUrl: string, database: string): Promise<WriteCounter> {
  const conn = await mysql.createConnection(`${serverUrl}/`);
  const [vars] = await conn.query<mysql.RowDataPacket[]>("SHOW GLOBAL VARIABLES LIKE 'userstat'");
  const userstat = vars.length > 0;
  const wasOn = vars[0]?.Value === 'ON';
  if (userstat && !wasOn) await conn.query('SET GLOBAL userstat = 1');
  return {
    async read() {
      const at = Date.now();
      let rows: Record<string, number> | undefined;
      if (userstat) {
        const [tables] = await conn.query<mysql.RowDataPacket[]>(
          'SELECT TABLE_NAME AS name, ROWS_CHANGED AS changed FROM information_schema.TABLE_STATISTICS WHERE TABLE_SCHEMA = ?',
          [database],
        );
        rows = Object.fromEntries(tables.map((t) => [t.name as string, Number(t.changed)]));
      }
      const [status] = await conn.query<mysql.RowDataPacket[]>(
        "SHOW GLOBAL STATUS WHERE Variable_name IN ('Com_insert', 'Com_update', 'Com_delete', 'Com_replace', 'Com_insert_select', 'Com_commit')",
      );
      const com = Object.fromEntries(status.map((r) => [r.Variable_name as string, Number(r.Value)]));
      return {
        at,
        rows,
        statements: (com.Com_insert ?? 0) + (com.Com_update ?? 0) + (com.Com_delete ?? 0) + (com.Com_replace ?? 0) + (com.Com_insert_select ?? 0),
        commits: com.Com_commit ?? 0,
      };
    },
    async close() {
      if (userstat && !wasOn) await conn.query('SET GLOBAL userstat = 0');
      await conn.end();
    },
  };
}

export function writeRates(from: WriteCounts, to: WriteCounts): WriteRates {
  const seconds = (to.at - from.at) / 1000;
  const sum = (rows: Record<string, number> | undefined) => Object.values(rows ?? {}).reduce((a, b) => a + b, 0);
  return {
    rowsPerSecond: to.rows === undefined ? undefined : (sum(to.rows) - sum(from.rows)) / seconds,
    statementsPerSecond: (to.statements - from.statements) / seconds,
    commitsPerSecond: (to.commits - from.commits) / seconds,
  };
}
