// Row shapes of the gateway tables (gateway/src/db/migrations). Times are ms UTC numbers.
import type { OperationKind, OperationState } from '@airloom/contracts';

export interface DeviceRow {
  sn: string;
  endpoint_id: string;
  type: string;
  /** registered by the manufacturer: part of the identity */
  model: string;
  /** Device.DeviceInfo.ModelName as the agent reports it; null before it was read */
  reported_model: string | null;
  mac: string;
  manufacturer: string;
  /** the cloud code on its label (registration), null when the manufacturer gave none */
  cloud_code?: string | null;
  /** the remark an installer gave it (an import's third column) */
  remark?: string | null;
  secret_hash: string;
  owner_account_id: number | null;
  project_id: number | null;
  bound_at: number | null;
  desired_name: string | null;
  config_version: number;
  applied_version: number;
  name: string;
  supports_name: number | null;
  status: number;
  ip: string;
  software_version: string;
  mesh_mode: string | null;
  management_mode: string;
  clients: number;
  uptime: number | null;
  reported_json: string | null;
  /** LLDP neighbours (telemetry's Neighbour[] as JSON); absent before the migration ran */
  neighbours_json?: string | null;
  gateway_id: string | null;
  last_seen_at: number | null;
  last_boot_at: number | null;
  last_boot_command_key: string | null;
  created_at: number;
  updated_at: number;
  /** ARCHITECTURE §3: raised by every write (store/revision.ts) */
  revision: number;
}

export interface OperationRow {
  id: number;
  project_id: number;
  sn: string;
  kind: OperationKind;
  state: OperationState;
  created_by_account_id: number | null;
  claimed_by: string | null;
  claim_until: number | null;
  attempts: number;
  error_code: number | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  finished_at: number | null;
  expires_at: number;
  /** ARCHITECTURE §3: raised by every write (store/revision.ts) */
  revision: number;
  /** contracts' OperationArgs as JSON (a PoE port, an LED mode); null for kinds without any */
  args_json?: string | null;
  /** upgrade: the step the device reported (downloading, upgrading, restarting) */
  step?: string | null;
}

export interface StatusLogRow {
  id: number;
  sn: string;
  project_id: number | null;
  from_status: number;
  to_status: number;
  reason: string;
  at: number;
}

/** Operation states a worker may still act on (contracts isOperationFinished is the complement). */
export const UNFINISHED_OPERATION_STATES = ['queued', 'sent', 'running'] as const;
