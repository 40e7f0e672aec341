// knex only, no rules (STYLE §6): the device tables through the gateway's store, which the gateway
// runtime shares, so both sides read and write them the same way.
import {
  bindDevice,
  enqueueOperation,
  findDevice,
  listProjectDevices,
  listUnverified,
  loadDeviceDetail,
  loadDeviceItem,
  projectDeviceSummary,
  setDesiredName,
  unbindDevice,
  unbindProjectDevices,
} from '@airloom/gateway';
import type { DeviceListQuery, OperationKind } from '@airloom/contracts';
import type { Knex } from 'knex';

export function createDevicesRepository(db: Knex) {
  return {
    db,
    find: (sn: string) => findDevice(db, sn),
    item: (sn: string) => loadDeviceItem(db, sn),
    list: (projectId: number, query: DeviceListQuery) => listProjectDevices(db, projectId, query),
    summary: (projectId: number) => projectDeviceSummary(db, projectId),
    detail: (projectId: number, sn: string) => loadDeviceDetail(db, projectId, sn),
    setDesiredName: (sn: string, name: string) => setDesiredName(db, sn, name),
    enqueueOperation: (input: { projectId: number; sn: string; kind: OperationKind; accountId: number }) => enqueueOperation(db, input),
    bind: (sn: string, projectId: number, name?: string) => bindDevice(db, sn, projectId, name),
    unbind: (projectId: number, sn: string) => unbindDevice(db, projectId, sn),
    unbindProject: (projectId: number) => unbindProjectDevices(db, projectId),
    unverified: (accountId: number) => listUnverified(db, accountId),
    /** Devices of these projects counted per type and per §3 status. */
    async countsByTypeAndStatus(projectIds: readonly number[]): Promise<{ type: string; status: number; n: number }[]> {
      if (projectIds.length === 0) return [];
      const rows = (await db('devices').whereIn('project_id', [...projectIds]).select('type', 'status').count({ n: '*' }).groupBy('type', 'status')) as {
        type: string;
        status: number | string;
        n: number | string;
      }[];
      return rows.map((r) => ({ type: r.type, status: Number(r.status), n: Number(r.n) }));
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
