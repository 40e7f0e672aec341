// Devices of a project (spec §3, §4, issue 4). Each call loads the project as the caller sees it and
// asks contracts' can() with the device's state; a device outside the project is answered like a
// missing one, so its existence elsewhere is never revealed. Changes are stored as intent and the
// gateways are nudged; the device's new state reaches browsers as project events.
import {
  ErrorCode,
  can,
  deviceContext,
  type Action,
  type DeviceAddRequest,
  type DeviceContext,
  type DeviceDetail,
  type DeviceType,
  type DeviceItem,
  type DeviceListQuery,
  type DeviceListResponse,
  type DeviceSummary,
  type OperationItem,
  type OperationKind,
  type Principal,
  type ProjectContext,
  type UnverifiedDevice,
} from '@airloom/contracts';
import type { Bus, DeviceRow } from '@airloom/gateway';
import { publishDeviceEvent, publishDevicesRemoved, publishOperationEvent } from '@airloom/gateway';
import { AppError } from '../../http/app-error.js';
import type { Logger } from '../../logger.js';
import type { ProjectRow, ProjectsRepository } from '../projects/projects.repository.js';
import { projectContext } from '../projects/projects.service.js';
import type { DevicesRepository } from './devices.repository.js';

export interface DevicesServiceDeps {
  repo: DevicesRepository;
  projects: ProjectsRepository;
  /** absent only in tests of other modules: changes are then not pushed to gateways or browsers */
  bus: Bus | undefined;
  clock: () => number;
  logger: Logger;
}

const OPERATION_ACTIONS: Record<OperationKind, Action> = { reboot: 'device.reboot', locate: 'device.operate' };

/** A stored device as a permission question sees it. */
function deviceOf(row: DeviceRow): DeviceContext {
  return deviceContext({ status: Number(row.status), managementMode: row.management_mode, type: row.type as DeviceType });
}

export function createDevicesService(deps: DevicesServiceDeps) {
  const { repo, bus, logger } = deps;

  /** The project as the caller sees it, if the action is allowed on it (without a device). */
  async function project(principal: Principal, projectId: number, action: Action): Promise<{ row: ProjectRow; ctx: ProjectContext }> {
    const row = await deps.projects.findForAccount(projectId, principal.accountId);
    if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    const ctx = projectContext(row, principal.accountId, deps.clock());
    const decision = can(principal, action, ctx);
    if (!decision.ok) throw new AppError(decision.code);
    return { row, ctx };
  }

  /** A device of the project, checked for the action with its state. */
  async function device(principal: Principal, projectId: number, sn: string, action: Action): Promise<DeviceRow> {
    const { ctx } = await project(principal, projectId, 'project.view');
    const row = await repo.find(sn);
    if (!row || row.project_id !== projectId) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    const decision = can(principal, action, { ...ctx, device: deviceOf(row) });
    if (!decision.ok) throw new AppError(decision.code);
    return row;
  }

  /** Tells gateways and browsers; a broker hiccup must not fail a change that is already stored. */
  async function announce(sn: string, nudge: boolean, operationId?: number): Promise<void> {
    if (!bus) return;
    try {
      if (nudge) await bus.nudge(sn);
      if (operationId !== undefined) await publishOperationEvent(repo.db, bus, operationId);
      await publishDeviceEvent(repo.db, bus, sn);
    } catch (err) {
      logger.warn({ err, sn }, 'device change stored but not announced');
    }
  }

  return {
    async list(principal: Principal, projectId: number, query: DeviceListQuery): Promise<DeviceListResponse> {
      await project(principal, projectId, 'device.view');
      return repo.list(projectId, query);
    },

    async summary(principal: Principal, projectId: number): Promise<DeviceSummary> {
      await project(principal, projectId, 'device.view');
      return repo.summary(projectId);
    },

    async detail(principal: Principal, projectId: number, sn: string): Promise<DeviceDetail> {
      await project(principal, projectId, 'device.view');
      const detail = await repo.detail(projectId, sn);
      if (!detail) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return detail;
    },

    async rename(principal: Principal, projectId: number, sn: string, name: string): Promise<DeviceItem> {
      await device(principal, projectId, sn, 'device.configure');
      await repo.setDesiredName(sn, name);
      await announce(sn, true);
      return (await repo.item(sn))!;
    },

    async operate(principal: Principal, projectId: number, sn: string, kind: OperationKind): Promise<OperationItem> {
      await device(principal, projectId, sn, OPERATION_ACTIONS[kind]);
      const operation = await repo.enqueueOperation({ projectId, sn, kind, accountId: principal.accountId });
      // spec §4: one restart (or locate) at a time
      if (!operation) throw new AppError(ErrorCode.DEVICE_BUSY);
      await announce(sn, true, operation.id);
      return operation;
    },

    async add(principal: Principal, projectId: number, input: DeviceAddRequest): Promise<DeviceItem> {
      const { row: projectRow } = await project(principal, projectId, 'device.add');
      const row = await repo.find(input.sn);
      if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      // a device sold to another account is theirs to add: refused like a bound one
      if (row.project_id !== null || (row.owner_account_id !== null && row.owner_account_id !== projectRow.owner_account_id)) {
        throw new AppError(ErrorCode.ADD_DEVICE_FAILED);
      }
      if (!(await repo.bind(input.sn, projectId, input.name))) throw new AppError(ErrorCode.ADD_DEVICE_FAILED);
      await announce(input.sn, input.name !== undefined);
      return (await repo.item(input.sn))!;
    },

    async remove(principal: Principal, projectId: number, sn: string): Promise<void> {
      await device(principal, projectId, sn, 'device.remove');
      if (!(await repo.unbind(projectId, sn))) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      if (bus) await publishDevicesRemoved(bus, projectId, [sn]);
    },

    /** Called when a project is deleted: its devices become free to add elsewhere. */
    async releaseProject(projectId: number): Promise<void> {
      const sns = await repo.unbindProject(projectId);
      if (bus && sns.length) await publishDevicesRemoved(bus, projectId, sns);
    },

    async unverified(principal: Principal): Promise<UnverifiedDevice[]> {
      return repo.unverified(principal.accountId);
    },

    /** Devices of the given (visible) projects: total, per type, per §3 status number. */
    async counts(projectIds: readonly number[]): Promise<{ total: number; byType: Record<string, number>; byStatus: Record<string, number> }> {
      const byType: Record<string, number> = {};
      const byStatus: Record<string, number> = {};
      let total = 0;
      for (const { type, status, n } of await repo.countsByTypeAndStatus(projectIds)) {
        total += n;
        byType[type] = (byType[type] ?? 0) + n;
        byStatus[String(status)] = (byStatus[String(status)] ?? 0) + n;
      }
      return { total, byType, byStatus };
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
