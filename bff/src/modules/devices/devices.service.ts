// Devices of a project (spec §3, §4). The project comes from the one project-access step
// (http/project-access.ts); a change to one device asks contracts' can() again with the device's
// state. A device outside the project is answered like a missing one, so its existence elsewhere is
// never revealed. Changes are stored as intent and the
// gateways are nudged; the device's new state reaches browsers as project events.
import {
  DEVICE_OPERATIONS,
  ErrorCode,
  can,
  deviceContext,
  type Action,
  type DeviceAddRequest,
  type DeviceContext,
  type DeviceDetail,
  type DeviceItem,
  type DeviceListQuery,
  type DeviceListResponse,
  type DeviceSummary,
  type Topology,
  type OperationItem,
  type OperationKind,
  type OperationStatus,
  type Principal,
  type UnverifiedDevice,
} from '@airloom/contracts';
import type { DeviceRecord } from '@airloom/gateway/public';
import { AppError } from '../../http/app-error.js';
import type { Logger } from '../../logger.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import type { DevicesRepository } from './devices.repository.js';

export interface DevicesServiceDeps {
  /** the gateway's device directory; without a bus it announces nothing (tests of other modules) */
  repo: DevicesRepository;
  logger: Logger;
  /** a device's name is a configuration section (the configuration engine stores it) */
  names: { storeName(project: AuthorisedProject, sn: string, name: string): Promise<void> };
}

/** A stored device as a permission question sees it. */
function deviceOf(record: DeviceRecord): DeviceContext {
  return deviceContext(record);
}

export function createDevicesService(deps: DevicesServiceDeps) {
  const { repo, logger } = deps;

  /** A device of the project, checked for the action with its state. */
  async function device(project: AuthorisedProject, sn: string, action: Action): Promise<DeviceRecord> {
    const row = await repo.find(sn);
    if (!row || row.projectId !== project.row.id) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    const decision = can(project.principal, action, { ...project.ctx, device: deviceOf(row) });
    if (!decision.ok) throw new AppError(decision.code);
    return row;
  }

  /** Tells gateways and browsers; a broker hiccup must not fail a change that is already stored. */
  async function announce(sn: string, nudge: boolean, operationId?: number): Promise<void> {
    try {
      await repo.announce(sn, { nudge, operationId });
    } catch (err) {
      logger.warn({ err, sn }, 'device change stored but not announced');
    }
  }

  return {
    async list(project: AuthorisedProject, query: DeviceListQuery): Promise<DeviceListResponse> {
      return repo.list(project.row.id, query);
    },

    async summary(project: AuthorisedProject): Promise<DeviceSummary> {
      return repo.summary(project.row.id);
    },

    async topology(project: AuthorisedProject): Promise<Topology> {
      return repo.topology(project.row.id);
    },

    async detail(project: AuthorisedProject, sn: string): Promise<DeviceDetail> {
      const detail = await repo.detail(project.row.id, sn);
      if (!detail) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return detail;
    },

    async rename(project: AuthorisedProject, sn: string, name: string): Promise<DeviceItem> {
      await device(project, sn, 'device.configure');
      await deps.names.storeName(project, sn, name);
      return (await repo.item(sn))!;
    },

    async operate(project: AuthorisedProject, sn: string, kind: OperationKind): Promise<OperationItem> {
      await device(project, sn, DEVICE_OPERATIONS[kind].action);
      const operation = await repo.enqueueOperation({ projectId: project.row.id, sn, kind, accountId: project.principal.accountId });
      // spec §4: one restart (or locate) at a time
      if (!operation) throw new AppError(ErrorCode.DEVICE_BUSY);
      await announce(sn, true, operation.id);
      return operation;
    },

    /** one operation of the project; another project's is answered like a missing one */
    async operation(project: AuthorisedProject, id: number): Promise<OperationStatus> {
      const status = await repo.operation(project.row.id, id);
      if (!status) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return status;
    },

    async add(project: AuthorisedProject, input: DeviceAddRequest): Promise<DeviceItem> {
      const row = await repo.find(input.sn);
      if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      // a device sold to another account is theirs to add: refused like a bound one
      if (row.projectId !== null || (row.ownerAccountId !== null && row.ownerAccountId !== project.row.owner_account_id)) {
        throw new AppError(ErrorCode.ADD_DEVICE_FAILED);
      }
      if (!(await repo.bind(input.sn, project.row.id))) throw new AppError(ErrorCode.ADD_DEVICE_FAILED);
      if (input.name !== undefined) await deps.names.storeName(project, input.sn, input.name);
      await announce(input.sn, true);
      return (await repo.item(input.sn))!;
    },

    async remove(project: AuthorisedProject, sn: string): Promise<void> {
      await device(project, sn, 'device.remove');
      if (!(await repo.unbind(project.row.id, sn))) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      await repo.announceRemoved(project.row.id, [sn]);
    },

    /** Called when a project is deleted: its devices become free to add elsewhere. */
    async releaseProject(projectId: number): Promise<void> {
      await repo.announceRemoved(projectId, await repo.unbindProject(projectId));
    },

    async unverified(principal: Principal): Promise<UnverifiedDevice[]> {
      return repo.unverified(principal.accountId);
    },

    /** Devices of the given (visible) projects: total, per type, per §3 status number. */
    async counts(projectIds: readonly number[]): Promise<{ total: number; byType: Record<string, number>; byStatus: Record<string, number> }> {
      const byType: Record<string, number> = {};
      const byStatus: Record<string, number> = {};
      let total = 0;
      for (const { type, status, n } of await repo.counts(projectIds)) {
        total += n;
        byType[type] = (byType[type] ?? 0) + n;
        byStatus[String(status)] = (byStatus[String(status)] ?? 0) + n;
      }
      return { total, byType, byStatus };
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
