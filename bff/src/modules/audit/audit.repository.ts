// The audit log's rows (docs/audit-log.md). Append and read only: there is no update and no delete
// here, and the table's triggers refuse both whoever asks (migration 20261128140000).
import type { AuditChange, AuditPrincipal } from '@airloom/contracts';
import type { Knex } from 'knex';

export interface AuditRow {
  at: number;
  projectId: number | null;
  accountId: number | null;
  actor: string | null;
  principal: AuditPrincipal;
  apiKeyId: number | null;
  endpoint: string;
  method: string;
  path: string;
  ip: string | null;
  userAgent: string | null;
  status: number;
  code: number;
  target: string | null;
  changes: AuditChange[];
}

export interface StoredAuditRow extends AuditRow {
  id: number;
}

export interface AuditFilter {
  projectId?: number;
  accountId?: number;
  from?: number;
  to?: number;
  actor?: string;
  /** a domain (`config`) or one endpoint (`config.gatewayPut`) */
  endpoint?: string;
  outcome?: 'done' | 'refused';
  /** leave out the rows of these principals (the live demo's on the demo projects) */
  withoutPrincipals?: readonly AuditPrincipal[];
}

interface DbRow {
  id: number | string;
  at: number | string;
  project_id: number | null;
  account_id: number | null;
  actor: string | null;
  principal: string;
  api_key_id: number | null;
  endpoint: string;
  method: string;
  path: string;
  ip: string | null;
  user_agent: string | null;
  status: number;
  code: number;
  target: string | null;
  changes_json: string | null;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function toRow(r: DbRow): StoredAuditRow {
  return {
    id: Number(r.id),
    at: Number(r.at),
    projectId: num(r.project_id),
    accountId: num(r.account_id),
    actor: r.actor,
    principal: r.principal as AuditPrincipal,
    apiKeyId: num(r.api_key_id),
    endpoint: r.endpoint,
    method: r.method,
    path: r.path,
    ip: r.ip,
    userAgent: r.user_agent,
    status: Number(r.status),
    code: Number(r.code),
    target: r.target,
    changes: r.changes_json ? (JSON.parse(r.changes_json) as AuditChange[]) : [],
  };
}

function toDb(row: AuditRow): Omit<DbRow, 'id'> {
  return {
    at: row.at,
    project_id: row.projectId,
    account_id: row.accountId,
    actor: row.actor,
    principal: row.principal,
    api_key_id: row.apiKeyId,
    endpoint: row.endpoint,
    method: row.method,
    path: row.path,
    ip: row.ip,
    user_agent: row.userAgent,
    status: row.status,
    code: row.code,
    target: row.target,
    changes_json: row.changes.length ? JSON.stringify(row.changes) : null,
  };
}

export function createAuditRepository(db: Knex) {
  function filtered(filter: AuditFilter): Knex.QueryBuilder {
    const q = db('audit_log');
    if (filter.projectId !== undefined) q.where('project_id', filter.projectId);
    if (filter.accountId !== undefined) q.where('account_id', filter.accountId);
    if (filter.from !== undefined) q.where('at', '>=', filter.from);
    if (filter.to !== undefined) q.where('at', '<', filter.to);
    if (filter.actor !== undefined) q.where('actor', filter.actor);
    if (filter.endpoint !== undefined) {
      if (filter.endpoint.includes('.')) q.where('endpoint', filter.endpoint);
      else q.where('endpoint', 'like', `${filter.endpoint}.%`);
    }
    if (filter.outcome === 'done') q.where('status', '<', 400);
    if (filter.outcome === 'refused') q.where('status', '>=', 400);
    if (filter.withoutPrincipals?.length) q.whereNotIn('principal', filter.withoutPrincipals);
    return q;
  }
  return {
    async append(rows: readonly AuditRow[]): Promise<void> {
      if (rows.length) await db('audit_log').insert(rows.map(toDb));
    },
    async page(filter: AuditFilter, page: { page: number; pageSize: number }): Promise<{ items: StoredAuditRow[]; total: number }> {
      const total = Number(((await filtered(filter).count({ n: '*' }).first()) as { n: number | string } | undefined)?.n ?? 0);
      const rows = (await filtered(filter)
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize)
        .select()) as DbRow[];
      return { items: rows.map(toRow), total };
    },
    /** whether a project has any row (the demo seed writes its story once) */
    async any(projectId: number): Promise<boolean> {
      return (await db('audit_log').where({ project_id: projectId }).first('id')) !== undefined;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
