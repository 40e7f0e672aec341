// The backup page's calls: each a declared endpoint of contracts (API.backups.*), sent through the shell's client.
import { API, type BackupFile, type BackupSchedule, type RestoreBackup } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';

export function createBackupApi(api: ApiClient, projectId: number) {
  const id = projectId;
  return {
    list: (signal?: AbortSignal) => api.call(API.backups.list, { params: { id }, signal }),
    create: (body: { type: 'general' | 'restore-point'; sn?: string; remark?: string }) => api.call(API.backups.create, { params: { id }, body }),
    remark: (backupId: number, remark: string) => api.call(API.backups.update, { params: { id, backupId }, body: { remark } }),
    remove: (backupId: number) => api.call(API.backups.remove, { params: { id, backupId } }),
    /** `sns`: the devices the restore would be for (a restore point's RMA target) */
    diff: (backupId: number, sns: string[] | undefined, signal?: AbortSignal) => api.call(API.backups.diff, { params: { id, backupId }, query: sns ? { sns: sns.join(',') } : {}, signal }),
    restore: (backupId: number, body: RestoreBackup) => api.call(API.backups.restore, { params: { id, backupId }, body }),
    download: (backupId: number) => api.call(API.backups.download, { params: { id, backupId } }),
    schedule: (signal?: AbortSignal) => api.call(API.backups.schedule, { params: { id }, signal }),
    setSchedule: (body: BackupSchedule) => api.call(API.backups.setSchedule, { params: { id }, body }),
    upload: (file: BackupFile | Record<string, unknown>) => api.call(API.backups.upload, { params: { id }, body: file as Record<string, unknown> }),
  };
}

export type BackupApi = ReturnType<typeof createBackupApi>;
