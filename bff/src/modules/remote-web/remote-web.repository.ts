// Remote web sessions (docs/maintenance.md): knex only, no rules.
import type { Knex } from 'knex';

export type RemoteWebRowState = 'opening' | 'opened' | 'failed' | 'closed';

export interface RemoteWebRow {
  id: number;
  token_hash: string;
  tunnel_token_hash: string;
  project_id: number;
  sn: string;
  account_id: number;
  operation_id: number | null;
  state: RemoteWebRowState;
  code: number | null;
  created_at: number;
  expires_at: number;
  last_activity_at: number;
  closed_at: number | null;
  instance_id: string | null;
}

const OPEN_STATES: RemoteWebRowState[] = ['opening', 'opened'];

function parse(row: Record<string, unknown> | undefined): RemoteWebRow | null {
  if (!row) return null;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(row.id),
    token_hash: String(row.token_hash),
    tunnel_token_hash: String(row.tunnel_token_hash),
    project_id: Number(row.project_id),
    sn: String(row.sn),
    account_id: Number(row.account_id),
    operation_id: num(row.operation_id),
    state: row.state as RemoteWebRowState,
    code: num(row.code),
    created_at: Number(row.created_at),
    expires_at: Number(row.expires_at),
    last_activity_at: Number(row.last_activity_at),
    closed_at: num(row.closed_at),
    instance_id: row.instance_id === null || row.instance_id === undefined ? null : String(row.instance_id),
  };
}

export function createRemoteWebRepository(db: Knex) {
  const table = () => db('remote_web_sessions');
  return {
    async insert(row: Omit<RemoteWebRow, 'id' | 'operation_id' | 'code' | 'closed_at' | 'instance_id'>): Promise<number> {
      const [id] = await table().insert({ ...row, operation_id: null, code: null, closed_at: null, instance_id: null });
      return Number(id);
    },
    async remove(id: number): Promise<void> {
      await table().where({ id }).delete();
    },
    async attachOperation(id: number, operationId: number): Promise<void> {
      await table().where({ id }).update({ operation_id: operationId });
    },
    async byId(id: number): Promise<RemoteWebRow | null> {
      return parse(await table().where({ id }).first());
    },
    async byTokenHash(hash: string): Promise<RemoteWebRow | null> {
      return parse(await table().where({ token_hash: hash }).first());
    },
    async byTunnelTokenHash(hash: string): Promise<RemoteWebRow | null> {
      return parse(await table().where({ tunnel_token_hash: hash }).first());
    },
    /** the account's newest session to the device */
    async latest(projectId: number, sn: string, accountId: number): Promise<RemoteWebRow | null> {
      return parse(await table().where({ project_id: projectId, sn, account_id: accountId }).orderBy('id', 'desc').first());
    },
    /** the account's sessions to the device that are opening or open */
    async openOf(projectId: number, sn: string, accountId: number): Promise<RemoteWebRow[]> {
      const rows = (await table().where({ project_id: projectId, sn, account_id: accountId }).whereIn('state', OPEN_STATES)) as Record<string, unknown>[];
      return rows.map((r) => parse(r)!);
    },
    /** every session that is opening or open */
    async allOpen(): Promise<RemoteWebRow[]> {
      const rows = (await table().whereIn('state', OPEN_STATES)) as Record<string, unknown>[];
      return rows.map((r) => parse(r)!);
    },
    /** moves a session on from `from`; false when it was no longer there (another request won) */
    async setState(id: number, from: readonly RemoteWebRowState[], state: RemoteWebRowState, code: number | null, at: number): Promise<boolean> {
      const done = state === 'failed' || state === 'closed';
      const n = await table()
        .where({ id })
        .whereIn('state', from as RemoteWebRowState[])
        .update({ state, code, ...(done ? { closed_at: at } : {}) });
      return n === 1;
    },
    async holdBy(id: number, instanceId: string): Promise<void> {
      await table().where({ id }).update({ instance_id: instanceId });
    },
    async touch(id: number, at: number): Promise<void> {
      await table().where({ id }).update({ last_activity_at: at });
    },
  };
}

export type RemoteWebRepository = ReturnType<typeof createRemoteWebRepository>;
