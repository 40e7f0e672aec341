// The manufacturer registers devices and their broker secrets (ARCHITECTURE §5). Rows are
// checked first (an owner must be an account, a staged project must exist) so a batch is stored
// whole or not at all; then the broker learns the credentials (Mosquitto dynsec; nothing to do for
// the embedded broker, which reads the devices table).
import { ErrorCode, normaliseAccount, type DeviceRegisterRequest, type DeviceRegisterResponse } from '@airloom/contracts';
import type { DeviceDirectory, DeviceProvisioner } from '@airloom/gateway/public';
import { AppError } from '../../http/app-error.js';
import type { Logger } from '../../logger.js';
import type { ManufacturerRepository } from './manufacturer.repository.js';

export interface ManufacturerServiceDeps {
  repo: ManufacturerRepository;
  provisioner: DeviceProvisioner;
  /** the gateway's device directory (ARCHITECTURE §1: the BFF's one way to the device tables) */
  devices: Pick<DeviceDirectory, 'register' | 'announce' | 'cloudCodesTaken'>;
  logger: Logger;
}

export function createManufacturerService(deps: ManufacturerServiceDeps) {
  const { repo } = deps;
  return {
    async register(request: DeviceRegisterRequest): Promise<DeviceRegisterResponse> {
      const { devices } = request; // serial numbers come upper-cased from the schema (contracts' serialNumber)
      const owners = await repo.accountIds([...new Set(devices.flatMap((d) => (d.owner ? [normaliseAccount(d.owner)] : [])))]);
      const projects = await repo.existingProjectIds([...new Set(devices.flatMap((d) => (d.projectId ? [d.projectId] : [])))]);
      const fields: Record<string, string> = {};
      const seen = new Set<string>();
      const codes = new Set<string>();
      // a cloud code names one device: another device's code, or the same code twice in a batch, is refused
      const taken = await deps.devices.cloudCodesTaken(devices.flatMap((d) => (d.cloudCode ? [{ sn: d.sn, code: d.cloudCode }] : [])));
      devices.forEach((d, i) => {
        if (d.cloudCode && (taken.has(d.cloudCode) || codes.has(d.cloudCode))) fields[`devices.${i}.cloudCode`] = 'rules.deviceBatch.cloudCodeTaken';
        if (d.cloudCode) codes.add(d.cloudCode);
        if (d.owner && !owners.has(normaliseAccount(d.owner))) fields[`devices.${i}.owner`] = 'rules.deviceOwner.unknown';
        if (d.projectId && !projects.has(d.projectId)) fields[`devices.${i}.projectId`] = 'rules.deviceProject.unknown';
        if (seen.has(d.sn)) fields[`devices.${i}.sn`] = 'rules.deviceBatch.duplicate';
        seen.add(d.sn);
      });
      if (Object.keys(fields).length) throw new AppError(ErrorCode.INVALID_PARAMS, fields);

      const result = await deps.devices.register(
        devices.map((d) => ({
          sn: d.sn,
          type: d.type,
          model: d.model,
          mac: d.mac,
          secret: d.secret,
          ...(d.cloudCode ? { cloudCode: d.cloudCode } : {}),
          ownerAccountId: d.owner ? owners.get(normaliseAccount(d.owner))! : null,
          projectId: d.projectId ?? null,
        })),
      );
      await deps.provisioner.provision(result.devices.map((r, i) => ({ endpointId: r.endpointId, secret: devices[i]!.secret })));
      for (const d of devices) if (d.projectId) await deps.devices.announce(d.sn);
      return result;
    },
  };
}

export type ManufacturerService = ReturnType<typeof createManufacturerService>;
