// knex only, no rules (STYLE §6): projects and the caller's membership in them.
import { deleteProjectBackups, readRows } from '@airloom/gateway/public';
import type { Knex } from 'knex';
import { projectsVersion, withProjectsChange } from '../../db/change-counters.js';

export interface ProjectRow {
  id: number;
  project_name: string;
  net_mode: number;
  scenario: string;
  location: string;
  address: string;
  zone: string;
  subtitle: string | null;
  owner_account_id: number | null;
  created_at: number;
  updated_at: number;
  /** The caller's share, when the project is shared with the caller. */
  share_right: 'rw' | 'r' | null;
  share_expires_at: number | null;
  /** set when the caller is an enabled engineer (sub-account) of the company account that owns the project */
  company_member: number | null;
  /** set when the project's owner is an engineer of the caller's company: the caller is its admin (spec §6) */
  company_admin: number | null;
}

export type ProjectWrite = Pick<ProjectRow, 'project_name' | 'net_mode' | 'scenario' | 'location' | 'address' | 'zone' | 'subtitle'>;

const COLUMNS = [
  'p.id', 'p.project_name', 'p.net_mode', 'p.scenario', 'p.location', 'p.address', 'p.zone', 'p.subtitle',
  'p.owner_account_id', 'p.created_at', 'p.updated_at', 'm.share_right', 'm.expires_at as share_expires_at',
  'sm.account_id as company_member', 'sa.account_id as company_admin',
];

/**
 * findForAccount, on every project-scoped request: the caller's row of one project as fixed SQL (the
 * query builder costs more than the query; gateway readRows). The same joins as `withMembership`; the
 * authorization matrix and the sub-account tests hold every kind of caller to it. `+?`: bound values
 * the plan does not depend on, so SQLite does not prepare the statement again on each run (readRows).
 */
const FIND_FOR_ACCOUNT_SQL =
  `select ${COLUMNS.join(', ')} from projects as p ` +
  'left join project_members as m on m.project_id = p.id and m.account_id = +? ' +
  'left join sub_accounts as sm on sm.superior_account_id = p.owner_account_id and sm.account_id = +? and sm.disabled_at is null ' +
  'left join sub_accounts as sa on sa.account_id = p.owner_account_id and sa.superior_account_id = +? ' +
  'where p.id = +? limit 1';

function normalise(row: ProjectRow): ProjectRow {
  return {
    ...row,
    id: Number(row.id),
    net_mode: Number(row.net_mode),
    owner_account_id: row.owner_account_id === null ? null : Number(row.owner_account_id),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    share_expires_at: row.share_expires_at === null ? null : Number(row.share_expires_at),
    company_member: row.company_member === null ? null : Number(row.company_member),
    company_admin: row.company_admin === null ? null : Number(row.company_admin),
  };
}

/** The caller's company ties to a project (`p`): engineer of its owner (`sm`), or admin of its engineer owner (`sa`). */
function joinCompany(q: Knex.QueryBuilder, accountId: number, skip?: 'sm' | 'sa'): Knex.QueryBuilder {
  if (skip !== 'sm') {
    q.leftJoin('sub_accounts as sm', (j) =>
      j.on('sm.superior_account_id', 'p.owner_account_id').andOnVal('sm.account_id', accountId).andOnNull('sm.disabled_at'),
    );
  }
  if (skip !== 'sa') q.leftJoin('sub_accounts as sa', (j) => j.on('sa.account_id', 'p.owner_account_id').andOnVal('sa.superior_account_id', accountId));
  return q;
}

export function createProjectsRepository(db: Knex) {
  const membership = (accountId: number) => (j: Knex.JoinClause) => j.on('m.project_id', 'p.id').andOnVal('m.account_id', accountId);
  const withMembership = (accountId: number) =>
    joinCompany(db('projects as p').leftJoin('project_members as m', membership(accountId)), accountId).select(COLUMNS);

  return {
    /**
     * Projects the account owns, is a member of, plus the given always-visible ids (demo), ordered by
     * id. Three index-driven parts (owner index, member index, primary key) instead of one OR over the
     * whole table, so the cost follows the caller's projects, not everybody's.
     */
    async listForAccount(accountId: number, alwaysVisibleIds: readonly number[]): Promise<ProjectRow[]> {
      const owned = withMembership(accountId).where('p.owner_account_id', accountId);
      const shared = joinCompany(db('project_members as m').join('projects as p', 'p.id', 'm.project_id'), accountId)
        .select(COLUMNS)
        .where('m.account_id', accountId)
        .andWhere((w) => w.whereNull('p.owner_account_id').orWhereNot('p.owner_account_id', accountId));
      // spec §6: an engineer sees its company's projects, the company account its engineers' (no share either way)
      const viaCompany = (alias: 'sm' | 'sa', ownerColumn: string, callerColumn: string) =>
        joinCompany(
          db(`sub_accounts as ${alias}`)
            .join('projects as p', 'p.owner_account_id', `${alias}.${ownerColumn}`)
            .leftJoin('project_members as m', membership(accountId)),
          accountId,
          alias,
        )
          .select(COLUMNS)
          .where(`${alias}.${callerColumn}`, accountId)
          .whereNull('m.id');
      const company = viaCompany('sm', 'superior_account_id', 'account_id').whereNull('sm.disabled_at');
      const managed = viaCompany('sa', 'account_id', 'superior_account_id');
      const always = withMembership(accountId)
        .whereIn('p.id', [...alwaysVisibleIds])
        .whereNull('m.id')
        .andWhere((w) => w.whereNull('p.owner_account_id').orWhereNot('p.owner_account_id', accountId));
      const rows: ProjectRow[] = await owned.unionAll([shared, company, managed, always]); // unwrapped: SQLite refuses parenthesised parts
      return rows.map(normalise).sort((a, b) => a.id - b.id);
    },

    async findForAccount(id: number, accountId: number): Promise<ProjectRow | undefined> {
      const [row] = await readRows<ProjectRow>(db, FIND_FOR_ACCOUNT_SQL, [accountId, accountId, accountId, id]);
      return row ? normalise(row) : undefined;
    },

    async countOwned(accountId: number): Promise<number> {
      const row = await db('projects').where({ owner_account_id: accountId }).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },

    /** Names of the account's own projects (at most API_LIMITS.projectsPerOwnerMax), but one. */
    async ownedNames(accountId: number, exceptId?: number): Promise<string[]> {
      const q = db('projects').where({ owner_account_id: accountId });
      if (exceptId !== undefined) q.whereNot('id', exceptId);
      return ((await q.select('project_name')) as { project_name: string }[]).map((r) => r.project_name);
    },

    /** Version of everything a project list is made of; changes with every write below. */
    version: () => projectsVersion(db),

    async insert(row: ProjectWrite & { owner_account_id: number }, now: number): Promise<number> {
      return withProjectsChange(db, async (trx) => {
        const [id] = await trx('projects').insert({ ...row, created_at: now, updated_at: now });
        return Number(id);
      });
    },

    async update(id: number, patch: Partial<ProjectWrite>, now: number): Promise<void> {
      await withProjectsChange(db, (trx) => trx('projects').where({ id }).update({ ...patch, updated_at: now }));
    },

    async remove(id: number): Promise<void> {
      await withProjectsChange(db, async (trx) => {
        await trx('projects').where({ id }).delete();
        // its configuration backups go with it (their snapshots hold WAN passwords)
        await deleteProjectBackups(trx, id);
      });
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
