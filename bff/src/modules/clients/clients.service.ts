// Online clients, force offline and the blacklist (spec §3 "Online client", §9 blacklist 100): the
// rules live here; the rows and their delivery to the APs are the gateway's (ClientDirectory, read
// through its public interface as the stats module does).
import { can, deviceContext, ErrorCode, LIMITS, type Blacklist, type BlacklistAdd, type BlacklistEntry, type ClientKind, type ClientList, type OperationItem } from '@airloom/contracts';
import type { ClientDirectory, DeviceDirectory } from '@airloom/gateway/public';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';

export interface ClientsServiceDeps {
  clients: Pick<ClientDirectory, 'list' | 'find' | 'blacklist' | 'addToBlacklist' | 'removeFromBlacklist' | 'forceOffline'>;
  devices: Pick<DeviceDirectory, 'find'>;
  actorOf(accountId: number): Promise<string | null>;
}

export function createClientsService(deps: ClientsServiceDeps) {
  const { clients, devices } = deps;

  return {
    async list(project: AuthorisedProject, kind: ClientKind): Promise<ClientList> {
      const items = await clients.list(project.row.id, kind);
      return { items, total: items.length };
    },

    /** The AP the client is on disconnects it (an outbox operation); refused like any operation on an offline or busy AP. */
    async forceOffline(project: AuthorisedProject, mac: string): Promise<OperationItem> {
      const client = await clients.find(project.row.id, mac);
      if (!client || !Number(client.online)) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      if (client.connection !== 'wireless' || client.ap_instance === null) throw new AppError(ErrorCode.INVALID_PARAMS);
      const ap = await devices.find(client.sn);
      if (!ap || ap.projectId !== project.row.id) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      const decision = can(project.principal, 'device.operate', { ...project.ctx, device: deviceContext(ap) });
      if (!decision.ok) throw new AppError(decision.code);
      const operation = await clients.forceOffline({ projectId: project.row.id, sn: ap.sn, apInstance: Number(client.ap_instance), mac, accountId: project.principal.accountId });
      // the same client is being disconnected already
      if (!operation) throw new AppError(ErrorCode.DEVICE_BUSY);
      return operation;
    },

    async blacklist(project: AuthorisedProject): Promise<Blacklist> {
      return { items: await clients.blacklist(project.row.id), max: LIMITS.blacklistMax };
    },

    /** spec §9: at most 100 per project (156 beyond); the note defaults to the client's name when it is known */
    async add(project: AuthorisedProject, body: BlacklistAdd): Promise<BlacklistEntry> {
      const known = body.note ? null : await clients.find(project.row.id, body.mac);
      const added = await clients.addToBlacklist({
        projectId: project.row.id,
        mac: body.mac,
        note: body.note || known?.name || '',
        accountId: project.principal.accountId,
        actor: await deps.actorOf(project.principal.accountId),
        max: LIMITS.blacklistMax,
      });
      if (added === 'full') throw new AppError(ErrorCode.BLACKLIST_LIMIT);
      if (added === 'exists') throw new AppError(ErrorCode.INVALID_PARAMS, { mac: 'rules.macAddress.format' });
      return added;
    },

    async remove(project: AuthorisedProject, mac: string): Promise<{ mac: string }> {
      if (!(await clients.removeFromBlacklist(project.row.id, mac, await deps.actorOf(project.principal.accountId)))) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return { mac };
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
