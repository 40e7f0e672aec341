// The run log's rows, through the gateway's public interface (they are the gateway's table, ARCHITECTURE §8).
import {
  alarmCountsSince,
  findRunLogRetention,
  listRunLog,
  markAlarmsRead,
  runLogChunk,
  saveRunLogRetention,
  unreadAlarmCounts,
  type RunLogFilter,
} from '@airloom/gateway/public';
import type { Knex } from 'knex';

export function createLogsRepository(db: Knex) {
  return {
    page: (projectId: number, filter: RunLogFilter, page: { page: number; pageSize: number }) => listRunLog(db, projectId, filter, page),
    chunk: (projectId: number, filter: RunLogFilter, beforeId: number | null, limit: number) => runLogChunk(db, projectId, filter, beforeId, limit),
    markRead: (projectId: number, ids: readonly number[] | 'all') => markAlarmsRead(db, projectId, ids),
    unread: async (projectId: number) => (await unreadAlarmCounts(db, [projectId])).get(projectId) ?? 0,
    unreadOf: (projectIds: readonly number[]) => unreadAlarmCounts(db, projectIds),
    alarmsSince: (projectIds: readonly number[], since: number) => alarmCountsSince(db, projectIds, since),
    retention: (projectId: number) => findRunLogRetention(db, projectId),
    saveRetention: (projectId: number, days: number, now: number, by: string | null) => saveRunLogRetention(db, projectId, days, now, by),
  };
}

export type LogsRepository = ReturnType<typeof createLogsRepository>;
