// Row → API DTO mapping, shared by the gateway runtime (events it publishes) and the BFF (answers),
// so a device looks the same in a list, in a detail and in a live event.
import {
  DeviceDetailSchema,
  operationPhase,
  errorMessage,
  MANAGEMENT_MODES,
  OperationArgsSchema,
  type OperationArgs,
  MESH_NODE_MODES,
  type DeviceDetail,
  type DeviceItem,
  type DeviceType,
  type ManagementMode,
  type MeshNodeMode,
  type OperationItem,
  type OperationPhase,
  type OperationStatus,
} from '@airloom/contracts';
import type { DeviceRow, OperationRow, StatusLogRow } from './rows.js';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** The stored kind-specific fields of an operation; anything unreadable counts as none. */
export function parseOperationArgs(json: string | null | undefined): OperationArgs | null {
  if (!json) return null;
  try {
    const parsed = OperationArgsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** an operation's arguments as anyone who sees the project may read them: a remote web tunnel's token stays with the device */
function shownArgs(args: OperationArgs | null): OperationArgs | null {
  if (!args || args.tunnelToken === undefined) return args;
  const { tunnelToken: _hidden, ...shown } = args;
  return shown;
}

export function toOperationItem(row: OperationRow): OperationItem {
  return {
    id: Number(row.id),
    revision: Number(row.revision),
    projectId: Number(row.project_id),
    sn: row.sn,
    kind: row.kind,
    state: row.state,
    args: shownArgs(parseOperationArgs(row.args_json)),
    ...(row.kind === 'upgrade' ? { step: row.step ?? null } : {}),
    error: row.error_code === null ? null : { code: row.error_code, message: errorMessage(row.error_code) },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** how far along its phases an operation is (the upgrade's four steps of spec §4 spread out) */
const PHASE_PERCENT: Readonly<Record<OperationPhase, number>> = {
  waiting: 0, sending: 10, downloading: 25, running: 50, formatting: 50, upgrading: 60, restarting: 80, success: 100, failed: 100,
};

/**
 * The phase a person reads for a stored operation: one that ends with the device's restart is
 * "restarting" while it runs; the percent follows the phases.
 */
export function toOperationStatus(row: OperationRow): OperationStatus {
  const phase = operationPhase(row.kind, row.state, row.step ?? null);
  const percent = PHASE_PERCENT[phase];
  return {
    id: Number(row.id),
    sn: row.sn,
    kind: row.kind,
    state: row.state,
    phase,
    percent,
    code: row.error_code === null ? null : Number(row.error_code),
  };
}

/**
 * The columns a DeviceItem is made of: a list reads these and not the reported JSON, which is
 * most of a row's bytes (docs/performance.md, the device list).
 */
export const DEVICE_ITEM_COLUMNS = [
  'sn', 'revision', 'name', 'desired_name', 'type', 'model', 'status', 'ip', 'mac', 'software_version',
  'mesh_mode', 'management_mode', 'clients', 'uptime', 'last_seen_at', 'config_version', 'applied_version',
] as const satisfies readonly (keyof DeviceRow)[];

export type DeviceItemRow = Pick<DeviceRow, (typeof DEVICE_ITEM_COLUMNS)[number]>;

export function toDeviceItem(row: DeviceItemRow, operation: OperationRow | null): DeviceItem {
  return {
    sn: row.sn,
    revision: Number(row.revision),
    name: row.desired_name ?? row.name,
    type: row.type as DeviceType,
    model: row.model,
    status: Number(row.status),
    ip: row.ip,
    mac: row.mac,
    softwareVersion: row.software_version,
    meshMode: (MESH_NODE_MODES as readonly string[]).includes(row.mesh_mode ?? '') ? (row.mesh_mode as MeshNodeMode) : null,
    managementMode: (MANAGEMENT_MODES as readonly string[]).includes(row.management_mode)
      ? (row.management_mode as ManagementMode)
      : 'cloud',
    clients: Number(row.clients),
    uptime: row.uptime === null ? null : Number(row.uptime),
    lastSeenAt: row.last_seen_at === null ? null : iso(row.last_seen_at),
    pendingConfig: Number(row.config_version) > Number(row.applied_version),
    operation: operation ? toOperationItem(operation) : null,
  };
}

/**
 * What `devices.reported_json` holds: the DeviceDetail parts that only a detail view needs. The
 * gateway runtime writes it with `toReportedJson`; parsing keeps each valid part and drops the
 * rest, so one bad value from a device never breaks the detail page.
 */
export type ReportedState = Pick<
  DeviceDetail,
  'radios' | 'ssids' | 'wifiClients' | 'ports' | 'poe' | 'backhaul' | 'bytesSent' | 'bytesReceived'
>;

export const EMPTY_REPORTED: ReportedState = { radios: [], ssids: [], wifiClients: [], ports: [], poe: null, backhaul: null, bytesSent: 0, bytesReceived: 0 };

export function toReportedJson(state: ReportedState): string {
  return JSON.stringify(state);
}

export function parseReported(json: string | null): ReportedState {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = json ? JSON.parse(json) : {};
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // unreadable: show the empty state
  }
  const shape = DeviceDetailSchema.shape;
  const part = <T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, value: unknown, fallback: T): T => {
    const r = schema.safeParse(value);
    return r.success ? r.data : fallback;
  };
  return {
    radios: part(shape.radios, raw.radios, []),
    ssids: part(shape.ssids, raw.ssids, []),
    wifiClients: part(shape.wifiClients, raw.wifiClients, []),
    ports: part(shape.ports, raw.ports, []),
    poe: part(shape.poe, raw.poe, null),
    backhaul: part(shape.backhaul, raw.backhaul, null),
    bytesSent: part(shape.bytesSent, raw.bytesSent, 0),
    bytesReceived: part(shape.bytesReceived, raw.bytesReceived, 0),
  };
}

export function toDeviceDetail(row: DeviceRow, operation: OperationRow | null, history: StatusLogRow[]): DeviceDetail {
  return {
    ...toDeviceItem(row, operation),
    manufacturer: row.manufacturer,
    reportedModel: row.reported_model ?? null,
    cloudCode: row.cloud_code ?? null,
    remark: row.remark ?? null,
    endpointId: row.endpoint_id,
    ...parseReported(row.reported_json),
    history: history.map((h) => ({ status: Number(h.to_status), at: iso(h.at), reason: h.reason })),
  };
}
