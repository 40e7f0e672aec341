// Handlers of contracts' backup endpoints (API.backups): the access step has run, each calls the service.
import type { Handlers } from '../../http/endpoints.js';
import type { BackupsService } from './backups.service.js';

export function backupHandlers(backups: BackupsService): Handlers['backups'] {
  return {
    list: (call) => backups.list(call.project()),
    create: (call) => backups.create(call.project(), call.body),
    schedule: (call) => backups.schedule(call.project()),
    setSchedule: (call) => backups.setSchedule(call.project(), call.body),
    upload: (call) => backups.upload(call.project(), call.body),
    get: (call) => backups.get(call.project(), call.params.backupId),
    update: (call) => backups.update(call.project(), call.params.backupId, call.body.remark),
    remove: (call) => backups.remove(call.project(), call.params.backupId),
    diff: (call) => backups.diff(call.project(), call.params.backupId, call.query),
    restore: (call) => backups.restore(call.project(), call.params.backupId, call.body),
    async download(call) {
      const file = await backups.download(call.project(), call.params.backupId);
      const name = (await backups.get(call.project(), call.params.backupId)).fileName;
      call.res.setHeader('Content-Disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`);
      return file;
    },
  };
}
