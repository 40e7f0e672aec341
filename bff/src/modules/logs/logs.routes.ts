// Handlers of contracts' run-log and alarm endpoints (API.logs): the access step has run, each calls the service.
import { ANSWERED, type Handlers } from '../../http/endpoints.js';
import type { LogsService } from './logs.service.js';

const TYPES = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv; charset=utf-8' } as const;

export function logHandlers(logs: LogsService): Handlers['logs'] {
  return {
    list: (call) => logs.list(call.project(), call.query),
    retention: (call) => logs.retention(call.project()),
    setRetention: (call) => logs.setRetention(call.project(), call.body),
    alarms: (call) => logs.alarms(call.project(), call.query),
    markRead: (call) => logs.markRead(call.project(), call.body),
    exportAlarms: async (call) => {
      const { res, query } = call;
      const project = call.project();
      await logs.checkExport(project, query);
      res.status(200);
      res.type(TYPES[query.format]);
      res.setHeader('Content-Disposition', `attachment; filename="alarms-${project.row.id}.${query.format}"`);
      await logs.exportAlarms(project, query, res);
      if (!res.writableEnded) res.end();
      return ANSWERED;
    },
  };
}
