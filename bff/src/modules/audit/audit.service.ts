// The audit log (docs/audit-log.md): rows come from the endpoint hook (http/audit-hook.ts) and are
// appended after the answer, so a failure here is logged and never reaches the caller; the project's
// owner reads its project's rows, anybody the demo projects' seeded story, a person their own writes.
import { ENDPOINTS, type AuditEntry, type AuditList, type AuditQuery, type Principal } from '@airloom/contracts';
import type { AuthorisedProject } from '../../http/project-access.js';
import type { AuditSink } from '../../http/audit-hook.js';
import type { Logger } from '../../logger.js';
import type { AuditFilter, AuditRepository, AuditRow, StoredAuditRow } from './audit.repository.js';

export interface AuditServiceDeps {
  repo: AuditRepository;
  logger: Logger;
  /** the account of a sign-in, by the address it answered with */
  accountIdOf(account: string): Promise<number | null>;
  /** the address of an account a handler named by its id (a sign-in by a provider) */
  actorOf(accountId: number): Promise<string | null>;
}

/** each endpoint's summary up to its first clause: `Create a project`, `Confirm the pending change` */
const WHAT = new Map(ENDPOINTS.map(({ id, endpoint }) => [id as string, (endpoint.summary.split(/;|: | \(/)[0] ?? endpoint.summary).trim()]));

export function toAuditEntry(row: StoredAuditRow): AuditEntry {
  const { at, ...rest } = row;
  return { ...rest, what: WHAT.get(row.endpoint) ?? row.endpoint, time: new Date(at).toISOString() };
}

function filterOf(query: AuditQuery): AuditFilter {
  return {
    ...(query.from !== undefined ? { from: query.from } : {}),
    ...(query.to !== undefined ? { to: query.to } : {}),
    ...(query.account !== undefined ? { actor: query.account } : {}),
    ...(query.endpoint !== undefined ? { endpoint: query.endpoint } : {}),
    ...(query.outcome !== undefined ? { outcome: query.outcome } : {}),
  };
}

export function createAuditService(deps: AuditServiceDeps) {
  const { repo, logger } = deps;
  const pending = new Set<Promise<void>>();

  async function append(row: AuditRow): Promise<void> {
    const accountId = row.accountId ?? (row.actor ? await deps.accountIdOf(row.actor) : null);
    const actor = row.actor ?? (accountId !== null ? await deps.actorOf(accountId) : null);
    await repo.append([{ ...row, accountId, actor }]);
  }

  async function page(filter: AuditFilter, query: AuditQuery): Promise<AuditList> {
    const { items, total } = await repo.page(filter, query);
    return { items: items.map(toAuditEntry), total, page: query.page, pageSize: query.pageSize };
  }

  const sink: AuditSink = {
    record(row) {
      const p = append(row)
        .catch((err: unknown) => logger.error({ err, endpoint: row.endpoint, status: row.status }, 'audit row not written'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
  };

  return {
    sink,
    /** resolves once every row recorded so far is written (tests; a graceful stop) */
    async settled(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    },
    /**
     * A project's rows, newest first. On a demo project everybody reads them, so the live demo's own
     * (refused) attempts are left out: they would show one visitor's address to the next.
     */
    list(project: AuthorisedProject, query: AuditQuery): Promise<AuditList> {
      const demo = project.ctx.demo;
      return page({ ...filterOf(query), projectId: project.row.id, ...(demo ? { withoutPrincipals: ['demo'] } : {}) }, query);
    },
    /** the caller's own writes; the live demo is shared by every visitor and has none to show */
    async mine(principal: Principal, query: AuditQuery): Promise<AuditList> {
      if (principal.demo) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
      return page({ ...filterOf(query), accountId: principal.accountId }, query);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
