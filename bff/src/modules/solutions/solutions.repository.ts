// knex only, no rules (STYLE §6): saved solutions, custom scenarios, solution shares and the planned
// devices of projects made from a solution. JSON documents are text, parsed here.
import type { Knex } from 'knex';

export interface SolutionRow {
  id: number;
  owner_account_id: number;
  owner: string;
  name: string;
  scenario: string;
  custom_scenario_id: number | null;
  custom_scenario_name: string | null;
  inputs: Record<string, number>;
  gateway: { clients: number; lines: number; bandwidthMbps: number; functions: string[] };
  lines: { type: string; model: string; quantity: number; remark: string; reason: string }[];
  advice: string[];
  advantages: string[];
  type: string;
  policy: string;
  created_at: number;
  modified_at: number;
}

export type SolutionWrite = Omit<SolutionRow, 'id' | 'owner' | 'custom_scenario_name' | 'created_at' | 'modified_at'>;

export interface ScenarioRow {
  id: number;
  account_id: number;
  name: string;
  defaults: Record<string, number>;
  wall_loss_db: number;
  wall_spacing_m: number;
  concurrency: number;
  modified_at: number;
}

export interface SolutionShareRow {
  id: number;
  solution_id: number;
  account_id: number | null;
  account: string | null;
  token_hash: string | null;
  created_at: number;
  expires_at: number | null;
}

export interface PlannedRow {
  id: number;
  project_id: number;
  solution_id: number | null;
  model: string;
  kind: string;
  sn: string | null;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toSolution(r: Record<string, unknown>): SolutionRow {
  return {
    id: num(r.id),
    owner_account_id: num(r.owner_account_id),
    owner: String(r.owner),
    name: String(r.name),
    scenario: String(r.scenario),
    custom_scenario_id: numOrNull(r.custom_scenario_id),
    custom_scenario_name: (r.custom_scenario_name as string | null) ?? null,
    inputs: json(r.inputs),
    gateway: json(r.gateway),
    lines: json(r.lines),
    advice: json(r.advice),
    advantages: json(r.advantages),
    type: String(r.type),
    policy: String(r.policy),
    created_at: num(r.created_at),
    modified_at: num(r.modified_at),
  };
}

function toScenario(r: Record<string, unknown>): ScenarioRow {
  return {
    id: num(r.id),
    account_id: num(r.account_id),
    name: String(r.name),
    defaults: json(r.defaults),
    wall_loss_db: num(r.wall_loss_db),
    wall_spacing_m: num(r.wall_spacing_m),
    concurrency: num(r.concurrency),
    modified_at: num(r.modified_at),
  };
}

const SOLUTION_COLUMNS = ['s.*', 'a.account as owner', 'c.name as custom_scenario_name'];

export function createSolutionsRepository(db: Knex) {
  const solutions = () =>
    db('solutions as s').join('accounts as a', 'a.id', 's.owner_account_id').leftJoin('solution_scenarios as c', 'c.id', 's.custom_scenario_id').select(SOLUTION_COLUMNS);
  const documents = (w: Partial<SolutionWrite>) => ({
    ...w,
    ...(w.inputs ? { inputs: JSON.stringify(w.inputs) } : {}),
    ...(w.gateway ? { gateway: JSON.stringify(w.gateway) } : {}),
    ...(w.lines ? { lines: JSON.stringify(w.lines) } : {}),
    ...(w.advice ? { advice: JSON.stringify(w.advice) } : {}),
    ...(w.advantages ? { advantages: JSON.stringify(w.advantages) } : {}),
  });

  return {
    async find(id: number): Promise<SolutionRow | undefined> {
      const row = (await solutions().where('s.id', id).first()) as Record<string, unknown> | undefined;
      return row ? toSolution(row) : undefined;
    },

    /** The account's own solutions and those shared with it (unexpired account shares), newest change first. */
    async listFor(accountId: number, now: number): Promise<SolutionRow[]> {
      const shared = db('solution_shares').where({ account_id: accountId }).andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', now)).select('solution_id');
      const rows = (await solutions().where('s.owner_account_id', accountId).orWhereIn('s.id', shared).orderBy('s.modified_at', 'desc').orderBy('s.id', 'desc')) as Record<string, unknown>[];
      return rows.map(toSolution);
    },

    async insert(w: SolutionWrite, now: number): Promise<number> {
      const [id] = await db('solutions').insert({ ...documents(w), created_at: now, modified_at: now });
      return Number(id);
    },

    async update(id: number, w: Partial<SolutionWrite>, now: number): Promise<void> {
      await db('solutions').where({ id }).update({ ...documents(w), modified_at: now });
    },

    async remove(id: number): Promise<void> {
      await db('solutions').where({ id }).delete();
    },

    async sharedAccounts(solutionIds: readonly number[], now: number): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>();
      if (solutionIds.length === 0) return out;
      const rows = (await db('solution_shares as h').join('accounts as a', 'a.id', 'h.account_id').whereIn('h.solution_id', [...solutionIds])
        .andWhere((q) => q.whereNull('h.expires_at').orWhere('h.expires_at', '>', now)).orderBy('h.id').select('h.solution_id', 'a.account')) as { solution_id: number; account: string }[];
      for (const r of rows) out.set(Number(r.solution_id), [...(out.get(Number(r.solution_id)) ?? []), r.account]);
      return out;
    },

    // custom scenarios
    async scenarios(accountId: number): Promise<ScenarioRow[]> {
      return ((await db('solution_scenarios').where({ account_id: accountId }).orderBy('id')) as Record<string, unknown>[]).map(toScenario);
    },
    async scenario(accountId: number, id: number): Promise<ScenarioRow | undefined> {
      const row = (await db('solution_scenarios').where({ account_id: accountId, id }).first()) as Record<string, unknown> | undefined;
      return row ? toScenario(row) : undefined;
    },
    async countScenarios(accountId: number, q: Knex | Knex.Transaction = db): Promise<number> {
      const row = (await q('solution_scenarios').where({ account_id: accountId }).count({ n: '*' }).first()) as { n: number | string } | undefined;
      return Number(row?.n ?? 0);
    },
    /** Inserts when `allowed(count)` holds, in one transaction that locks the account's row (MySQL) so two requests cannot both pass the cap. */
    async insertScenario(w: Omit<ScenarioRow, 'id' | 'modified_at'>, now: number, allowed: (count: number) => boolean): Promise<number | null> {
      return db.transaction(async (trx) => {
        await trx('accounts').where({ id: w.account_id }).forUpdate().first('id');
        if (!allowed(await this.countScenarios(w.account_id, trx))) return null;
        const [id] = await trx('solution_scenarios').insert({ ...w, defaults: JSON.stringify(w.defaults), modified_at: now });
        return Number(id);
      });
    },
    async updateScenario(accountId: number, id: number, w: Omit<ScenarioRow, 'id' | 'account_id' | 'modified_at'>, now: number): Promise<void> {
      await db('solution_scenarios').where({ account_id: accountId, id }).update({ ...w, defaults: JSON.stringify(w.defaults), modified_at: now });
    },
    async removeScenario(accountId: number, id: number): Promise<void> {
      await db('solution_scenarios').where({ account_id: accountId, id }).delete();
    },

    // shares
    async shares(solutionId: number): Promise<SolutionShareRow[]> {
      const rows = (await db('solution_shares as h').leftJoin('accounts as a', 'a.id', 'h.account_id').where('h.solution_id', solutionId).orderBy('h.id')
        .select('h.*', 'a.account')) as Record<string, unknown>[];
      return rows.map((r) => ({
        id: num(r.id), solution_id: num(r.solution_id), account_id: numOrNull(r.account_id), account: (r.account as string | null) ?? null,
        token_hash: (r.token_hash as string | null) ?? null, created_at: num(r.created_at), expires_at: numOrNull(r.expires_at),
      }));
    },
    async shareByToken(tokenHash: string): Promise<{ solution_id: number; expires_at: number | null } | undefined> {
      const row = (await db('solution_shares').where({ token_hash: tokenHash }).first('solution_id', 'expires_at')) as { solution_id: number; expires_at: number | null } | undefined;
      return row ? { solution_id: num(row.solution_id), expires_at: numOrNull(row.expires_at) } : undefined;
    },
    async sharedWith(solutionId: number, accountId: number, now: number): Promise<boolean> {
      const row = await db('solution_shares').where({ solution_id: solutionId, account_id: accountId }).andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', now)).first('id');
      return row !== undefined;
    },
    async insertShare(row: { solution_id: number; account_id: number | null; token_hash: string | null; expires_at: number | null }, now: number): Promise<number> {
      const [id] = await db('solution_shares').insert({ ...row, created_at: now });
      return Number(id);
    },
    async removeShare(solutionId: number, id: number): Promise<number> {
      return db('solution_shares').where({ solution_id: solutionId, id }).delete();
    },
    async accountIdOf(account: string): Promise<number | undefined> {
      const row = (await db('accounts').where({ account }).first('id')) as { id: number } | undefined;
      return row ? Number(row.id) : undefined;
    },

    // planned devices
    async insertPlanned(rows: Omit<PlannedRow, 'id' | 'sn'>[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 200) await db('project_planned_devices').insert(rows.slice(i, i + 200));
    },
    async planned(projectId: number): Promise<PlannedRow[]> {
      const rows = (await db('project_planned_devices').where({ project_id: projectId }).orderBy('id')) as Record<string, unknown>[];
      return rows.map((r) => ({ id: num(r.id), project_id: num(r.project_id), solution_id: numOrNull(r.solution_id), model: String(r.model), kind: String(r.kind), sn: (r.sn as string | null) ?? null }));
    },
    async bind(id: number, sn: string, now: number): Promise<boolean> {
      return (await db('project_planned_devices').where({ id }).whereNull('sn').update({ sn, bound_at: now })) === 1;
    },
    async unbind(ids: readonly number[]): Promise<void> {
      if (ids.length) await db('project_planned_devices').whereIn('id', [...ids]).update({ sn: null, bound_at: null });
    },
  };
}

export type SolutionsRepository = ReturnType<typeof createSolutionsRepository>;
