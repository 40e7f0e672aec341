// The hand-added terminals table (knex only, no rules).
import type { Terminal, TerminalKind } from '@airloom/contracts';
import type { Knex } from 'knex';

interface TerminalRow {
  id: number;
  project_id: number;
  sn: string;
  port: number;
  kind: string;
  model: string;
  name: string | null;
  ip: string | null;
  mac: string | null;
  vlan: number | null;
  revision: number;
  created_at: number;
  updated_at: number;
}

/** What a terminal holds besides its identity. */
export interface TerminalFields {
  sn: string;
  port: number;
  kind: TerminalKind;
  model: string;
  name: string | null;
  ip: string | null;
  mac: string | null;
  vlan: number | null;
}

function toTerminal(r: TerminalRow): Terminal {
  return {
    id: Number(r.id),
    sn: r.sn,
    port: Number(r.port),
    kind: r.kind as TerminalKind,
    model: r.model,
    name: r.name,
    ip: r.ip,
    mac: r.mac,
    vlan: r.vlan === null ? null : Number(r.vlan),
    revision: Number(r.revision),
  };
}

/** the unique key (project, device, port) refused the row: another terminal took the port */
export function isPortTaken(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === 'ER_DUP_ENTRY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

export function createTerminalsRepository(db: Knex) {
  const table = () => db<TerminalRow>('topology_terminals');
  return {
    async list(projectId: number): Promise<Terminal[]> {
      return ((await table().where({ project_id: projectId }).orderBy('id', 'asc')) as TerminalRow[]).map(toTerminal);
    },
    async find(projectId: number, id: number): Promise<Terminal | null> {
      const row = (await table().where({ project_id: projectId, id }).first()) as TerminalRow | undefined;
      return row ? toTerminal(row) : null;
    },
    async insert(projectId: number, fields: TerminalFields, at: number): Promise<number> {
      const [id] = await table().insert({ project_id: projectId, ...fields, revision: 1, created_at: at, updated_at: at });
      return Number(id);
    },
    async update(projectId: number, id: number, fields: TerminalFields, at: number): Promise<boolean> {
      const n = await table().where({ project_id: projectId, id }).update({ ...fields, updated_at: at, revision: db.raw('revision + 1') });
      return n > 0;
    },
    async remove(projectId: number, id: number): Promise<boolean> {
      return (await table().where({ project_id: projectId, id }).delete()) > 0;
    },
  };
}

export type TerminalsRepository = ReturnType<typeof createTerminalsRepository>;
