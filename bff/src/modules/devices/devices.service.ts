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
  deviceMixingCode,
  type Action,
  type DeviceAddRequest,
  type DeviceContext,
  type DeviceDetail,
  type DeviceItem,
  type DeviceListQuery,
  type DeviceListResponse,
  type DeviceSummary,
  type OperationItem,
  operationArgs,
  type OperationRequest,
  type OperationStatus,
  type Principal,
  type RemoteWebLink,
  type UnverifiedDevice,
  compareFirmwareVersions,
} from '@airloom/contracts';
import type { DeviceRecord, FirmwareDownloadInput, WithQueuedOperation } from '@airloom/gateway/public';
import type { FirmwareService } from '../firmware/firmware.service.js';
import type { RemoteWebService } from '../remote-web/remote-web.service.js';
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
  /** an upgrade's image and its download token (modules/firmware); without it upgrades are refused (35) */
  firmware?: Pick<FirmwareService, 'downloadFor'>;
  /** remote web management's sessions (modules/remote-web); without it remote-web is refused (35) */
  remoteWeb?: Pick<RemoteWebService, 'prepare' | 'attach' | 'abandon'>;
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

  /**
   * Whether this registered device may join the project, as adding by SN, by cloud code and each
   * import row ask it; throws the spec's code when not (412 unknown, 167 taken, 87/88 mixing).
   */
  async function admissible(project: AuthorisedProject, sn: string): Promise<DeviceRecord> {
    const row = await repo.find(sn);
    if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    // a device sold to another account is theirs to add: refused like a bound one
    if (row.projectId !== null || (row.ownerAccountId !== null && row.ownerAccountId !== project.row.owner_account_id)) {
      throw new AppError(ErrorCode.ADD_DEVICE_FAILED);
    }
    const mixing = deviceMixingCode(project.row.net_mode, row.type);
    if (mixing !== null) throw new AppError(mixing);
    return row;
  }

  /** Binds a device that was found admissible; false when another request took it meanwhile. */
  async function bindAdmitted(project: AuthorisedProject, input: { sn: string; name?: string | undefined; remark?: string | undefined }): Promise<boolean> {
    if (!(await repo.bind(input.sn, project.row.id))) return false;
    if (input.name !== undefined) await deps.names.storeName(project, input.sn, input.name);
    if (input.remark !== undefined) await repo.setRemark(input.sn, input.remark);
    await announce(input.sn, true);
    return true;
  }

  return {
    async list(project: AuthorisedProject, query: DeviceListQuery): Promise<DeviceListResponse> {
      return repo.list(project.row.id, query);
    },

    async summary(project: AuthorisedProject): Promise<DeviceSummary> {
      return repo.summary(project.row.id);
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

    /**
     * `origin`: the console's address as the caller reached it (an upgrade's device downloads from it
     * unless PUBLIC_URL says otherwise). `withQueued` runs in the transaction that queues the operation
     * (a staged rollout records it against its device there, so a crash cannot separate the two).
     */
    async operate(project: AuthorisedProject, sn: string, request: OperationRequest, origin = '', withQueued?: WithQueuedOperation): Promise<OperationItem & { remoteWeb?: RemoteWebLink }> {
      const { kind } = request;
      const row = await device(project, sn, DEVICE_OPERATIONS[kind].action);
      // spec §4 NVR storage formatting: only a recorder has a disk to format
      if (kind === 'format-disk' && row.type !== 'nvr') throw new AppError(ErrorCode.DEVICE_OPERATION_UNSUPPORTED);
      if (kind === 'poe-reboot') {
        // sent to the switch: one that reports no PoE budget, or has no such port, cannot do it (a
        // switch that has not reported yet is given the benefit of the doubt: the device answers)
        const detail = await repo.detail(project.row.id, sn);
        const poe = detail?.poe ? detail.poe.total > 0 : row.type === 'switch';
        const ports = detail?.ports.length ?? 0;
        if (!poe || (ports > 0 && (request.port ?? 0) > ports)) throw new AppError(ErrorCode.DEVICE_OPERATION_UNSUPPORTED);
      }
      let download: FirmwareDownloadInput | undefined;
      if (kind === 'upgrade') {
        if (!deps.firmware) throw new AppError(ErrorCode.DEVICE_OPERATION_UNSUPPORTED);
        const item = await repo.item(sn);
        if (!item) throw new AppError(ErrorCode.DATA_NOT_FOUND);
        download = await deps.firmware.downloadFor(project, { model: item.model }, request, origin);
        // flashing the version the device runs changes nothing but costs it 5 minutes offline
        if (item.softwareVersion !== '' && compareFirmwareVersions(item.softwareVersion, download.version) === 0) throw new AppError(ErrorCode.FIRMWARE_ALREADY_INSTALLED);
      }
      if (kind === 'remote-web') {
        if (!deps.remoteWeb) throw new AppError(ErrorCode.DEVICE_OPERATION_UNSUPPORTED);
        // the device dials out to the console with a one-time token; the person gets the link once
        const session = await deps.remoteWeb.prepare(project, sn, origin);
        const operation = await repo.enqueueOperation({ projectId: project.row.id, sn, kind, accountId: project.principal.accountId, args: { tunnelUrl: session.tunnelUrl, tunnelToken: session.tunnelToken } });
        if (!operation) {
          await deps.remoteWeb.abandon(session.sessionId);
          throw new AppError(ErrorCode.DEVICE_BUSY);
        }
        await deps.remoteWeb.attach(session.sessionId, operation.id);
        await announce(sn, true, operation.id);
        return { ...operation, remoteWeb: session.link };
      }
      const operation = await repo.enqueueOperation({ projectId: project.row.id, sn, kind, accountId: project.principal.accountId, args: operationArgs(request), ...(download ? { download } : {}) }, withQueued);
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

    admissible,
    bindAdmitted,

    /** Whether the action is allowed on this device of the project now (throws the spec's code when not). */
    async check(project: AuthorisedProject, sn: string, action: Action): Promise<void> {
      await device(project, sn, action);
    },

    async add(project: AuthorisedProject, input: DeviceAddRequest): Promise<DeviceItem> {
      await admissible(project, input.sn);
      if (!(await bindAdmitted(project, input))) throw new AppError(ErrorCode.ADD_DEVICE_FAILED);
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
