// The solution designer's rules (docs/solutions.md): who may read and change a solution, the §5
// limits and the §9 cap on custom scenarios with their codes, read-only shares and links that
// expire, and turning a solution into a project of planned devices bound as serial numbers arrive.
import { createHash, randomBytes } from 'node:crypto';
import {
  customScenarioCapCode,
  ErrorCode,
  isDeviceOnline,
  LIMITS,
  ProjectCreateRequestSchema,
  solutionLimitCode,
  type Commissioning,
  type CustomScenario,
  type CustomScenarioRequest,
  type Principal,
  type ProjectItem,
  type RecommendRequest,
  type RecommendResponse,
  type Scenario,
  type ScenarioProfile,
  type Solution,
  type SolutionList,
  type SolutionSaveRequest,
  type SolutionScenario,
  type SolutionShare,
  type SolutionShareRequest,
} from '@airloom/contracts';
import { deviceModel } from '@airloom/contracts/config';
import { AppError } from '../../http/app-error.js';
import { recommend, SolutionDesignError } from './engine.js';
import type { ScenarioRow, SolutionRow, SolutionsRepository } from './solutions.repository.js';

export interface SolutionsDeps {
  repo: SolutionsRepository;
  clock: () => number;
  /** creates a project for the principal (the projects service: caps and names checked there) */
  createProject: (principal: Principal, input: ReturnType<typeof ProjectCreateRequestSchema.parse>) => Promise<ProjectItem>;
  /** the devices of a project: serial number, model, status */
  projectDevices: (projectId: number) => Promise<{ sn: string; model: string; status: number }[]>;
  /** renders the PDF of a solution */
  pdf?: (solution: Solution) => Promise<Buffer>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const HOUR = 3_600_000;

// spec §3 project scenarios differ from the designer's (§3 solution scenarios)
const PROJECT_SCENARIO: Readonly<Record<SolutionScenario, Scenario>> = {
  hotel: 'hotel', mall: 'supermarket-mall', supermarket: 'supermarket-mall', medical: 'hospital', education: 'campus',
  enterprise: 'enterprise', factory: 'factory', restaurant: 'restaurant', entertainment: 'entertainment', custom: 'custom',
};

function profileOf(row: ScenarioRow): ScenarioProfile {
  return {
    defaults: { floors: 1, installHeightM: 3, clientsPerRoom: 0, ...row.defaults },
    wallLossDb: row.wall_loss_db,
    wallSpacingM: row.wall_spacing_m,
    concurrency: row.concurrency,
  };
}

function toScenario(row: ScenarioRow): CustomScenario {
  return { id: row.id, name: row.name, defaults: row.defaults, wallLossDb: row.wall_loss_db, wallSpacingM: row.wall_spacing_m, concurrency: row.concurrency, modifiedAt: iso(row.modified_at) };
}

/** A design refused by the engine or a §5 limit → the catalogue code, the rule on the field. */
function refused(e: unknown): never {
  if (e instanceof SolutionDesignError) throw new AppError(e.code, { lines: e.rule });
  throw e;
}

function writer(principal: Principal): void {
  // a live-demo session changes nothing (spec §1); a read-only key writes nothing (spec §2)
  if (principal.demo) throw new AppError(ErrorCode.DEMO_PROJECT);
  if (principal.apiKey && principal.apiKey.access !== 'rw') throw new AppError(ErrorCode.READ_ONLY_PROJECT);
}

export function createSolutionsService(deps: SolutionsDeps) {
  const { repo, clock } = deps;

  async function customProfile(principal: Principal, scenario: SolutionScenario, id: number | null | undefined) {
    if (scenario !== 'custom' || id === undefined || id === null) return undefined;
    const row = await repo.scenario(principal.accountId, id);
    if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    return { name: row.name, profile: profileOf(row) };
  }

  async function toSolution(row: SolutionRow, readOnly: boolean): Promise<Solution> {
    const shared = (await repo.sharedAccounts([row.id], clock())).get(row.id) ?? [];
    return {
      id: row.id, name: row.name, scenario: row.scenario as Solution['scenario'], customScenarioId: row.custom_scenario_id, customScenarioName: row.custom_scenario_name,
      inputs: row.inputs, gateway: row.gateway as Solution['gateway'], lines: row.lines as Solution['lines'], advice: row.advice, advantages: row.advantages,
      type: row.type as Solution['type'], policy: row.policy as Solution['policy'], owner: row.owner, sharedAccounts: readOnly ? [] : shared, readOnly,
      createdAt: iso(row.created_at), modifiedAt: iso(row.modified_at),
    };
  }

  /** The solution as the principal may read it; 412 for a stranger (the same answer as a missing id). */
  async function readable(principal: Principal, id: number): Promise<{ row: SolutionRow; readOnly: boolean }> {
    const row = await repo.find(id);
    if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    if (row.owner_account_id === principal.accountId) return { row, readOnly: false };
    if (await repo.sharedWith(id, principal.accountId, clock())) return { row, readOnly: true };
    throw new AppError(ErrorCode.DATA_NOT_FOUND);
  }

  /** The owner's solution for a change; 173 for those it is shared with, 412 for strangers. */
  async function owned(principal: Principal, id: number): Promise<SolutionRow> {
    const { row, readOnly } = await readable(principal, id);
    if (readOnly) throw new AppError(ErrorCode.READ_ONLY_PROJECT);
    writer(principal);
    return row;
  }

  async function validated(principal: Principal, body: SolutionSaveRequest & { lines: { type: string; model: string; quantity: number; remark?: string | undefined; reason?: string | undefined }[] }) {
    // spec §5: the same rule the form uses; here with its catalogue code (the schema already refused the texts)
    const limit = solutionLimitCode(body.lines as Parameters<typeof solutionLimitCode>[0]);
    if (limit) throw new AppError(limit.code, { lines: limit.rule });
    if (body.scenario === 'custom' && body.customScenarioId) await customProfile(principal, 'custom', body.customScenarioId);
    return {
      owner_account_id: principal.accountId,
      name: body.name,
      scenario: body.scenario,
      custom_scenario_id: body.scenario === 'custom' ? body.customScenarioId ?? null : null,
      inputs: body.inputs as Record<string, number>,
      gateway: { ...body.gateway, functions: [...body.gateway.functions] },
      lines: body.lines.map((l) => ({ type: l.type, model: l.model, quantity: l.quantity, remark: l.remark ?? '', reason: l.reason ?? '' })),
      advice: body.advice,
      advantages: body.advantages,
      type: body.type,
      policy: body.policy,
    };
  }

  const service = {
    async recommend(principal: Principal, body: RecommendRequest): Promise<RecommendResponse> {
      const custom = await customProfile(principal, body.scenario, body.customScenarioId);
      try {
        return recommend(body, custom ? { custom } : {});
      } catch (e) {
        return refused(e);
      }
    },

    async list(principal: Principal): Promise<SolutionList> {
      const rows = await repo.listFor(principal.accountId, clock());
      const shared = await repo.sharedAccounts(rows.map((r) => r.id), clock());
      const items = rows.map((r) => {
        const readOnly = r.owner_account_id !== principal.accountId;
        return {
          id: r.id, name: r.name, scenario: r.scenario as Solution['scenario'], customScenarioName: r.custom_scenario_name, type: r.type as Solution['type'],
          policy: r.policy as Solution['policy'], owner: r.owner, sharedAccounts: readOnly ? [] : shared.get(r.id) ?? [], readOnly,
          modifiedAt: iso(r.modified_at), devices: r.lines.reduce((n, l) => n + l.quantity, 0),
        };
      });
      return { items, total: items.length };
    },

    async get(principal: Principal, id: number): Promise<Solution> {
      const { row, readOnly } = await readable(principal, id);
      return toSolution(row, readOnly);
    },

    async create(principal: Principal, body: SolutionSaveRequest): Promise<Solution> {
      writer(principal);
      const write = await validated(principal, body as Parameters<typeof validated>[1]);
      const id = await repo.insert(write, clock());
      return toSolution((await repo.find(id))!, false);
    },

    async update(principal: Principal, id: number, body: SolutionSaveRequest): Promise<Solution> {
      await owned(principal, id);
      const { owner_account_id: _owner, ...write } = await validated(principal, body as Parameters<typeof validated>[1]);
      await repo.update(id, write, clock());
      return toSolution((await repo.find(id))!, false);
    },

    async remove(principal: Principal, id: number): Promise<void> {
      await owned(principal, id);
      await repo.remove(id);
    },

    async pdf(principal: Principal, id: number): Promise<{ name: string; pdf: Buffer }> {
      const { row, readOnly } = await readable(principal, id);
      if (!deps.pdf) throw new AppError(ErrorCode.SERVER_ERROR);
      return { name: row.name, pdf: await deps.pdf(await toSolution(row, readOnly)) };
    },

    // custom scenarios (spec §9: at most 20 per account, 186)
    async scenarios(principal: Principal) {
      const items = (await repo.scenarios(principal.accountId)).map(toScenario);
      return { items, total: items.length };
    },
    async createScenario(principal: Principal, body: CustomScenarioRequest): Promise<CustomScenario> {
      writer(principal);
      const w = { account_id: principal.accountId, name: body.name.trim(), defaults: body.defaults as Record<string, number>, wall_loss_db: body.wallLossDb, wall_spacing_m: body.wallSpacingM, concurrency: body.concurrency };
      const id = await repo.insertScenario(w, clock(), (count) => customScenarioCapCode(count) === null);
      if (id === null) throw new AppError(ErrorCode.CUSTOM_SCENARIO_LIMIT);
      return toScenario((await repo.scenario(principal.accountId, id))!);
    },
    async updateScenario(principal: Principal, id: number, body: CustomScenarioRequest): Promise<CustomScenario> {
      writer(principal);
      if (!(await repo.scenario(principal.accountId, id))) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      await repo.updateScenario(principal.accountId, id, { name: body.name.trim(), defaults: body.defaults as Record<string, number>, wall_loss_db: body.wallLossDb, wall_spacing_m: body.wallSpacingM, concurrency: body.concurrency }, clock());
      return toScenario((await repo.scenario(principal.accountId, id))!);
    },
    async removeScenario(principal: Principal, id: number): Promise<void> {
      writer(principal);
      if (!(await repo.scenario(principal.accountId, id))) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      await repo.removeScenario(principal.accountId, id);
    },

    // sharing: read-only, with an account or by a link that expires
    async shares(principal: Principal, id: number) {
      await owned(principal, id);
      const now = clock();
      const items: SolutionShare[] = (await repo.shares(id)).map((s) => ({
        id: s.id, account: s.account, token: null, path: null, createdAt: iso(s.created_at),
        expiresAt: s.expires_at === null ? null : iso(s.expires_at), status: s.expires_at !== null && s.expires_at <= now ? 'expired' : 'active',
      }));
      return { items, total: items.length };
    },
    async share(principal: Principal, id: number, body: SolutionShareRequest): Promise<SolutionShare> {
      const row = await owned(principal, id);
      const now = clock();
      if ('account' in body) {
        const accountId = await repo.accountIdOf(body.account);
        if (accountId === undefined) throw new AppError(ErrorCode.ACCOUNT_NOT_FOUND);
        if (accountId === row.owner_account_id || (await repo.shares(id)).some((s) => s.account_id === accountId)) throw new AppError(ErrorCode.DATA_EXISTS);
        const shareId = await repo.insertShare({ solution_id: id, account_id: accountId, token_hash: null, expires_at: null }, now);
        return { id: shareId, account: body.account, token: null, path: null, createdAt: iso(now), expiresAt: null, status: 'active' };
      }
      const token = randomBytes(24).toString('base64url');
      const expiresAt = now + body.hours * HOUR;
      const shareId = await repo.insertShare({ solution_id: id, account_id: null, token_hash: hash(token), expires_at: expiresAt }, now);
      return { id: shareId, account: null, token, path: `/api/v1/solution-links/${token}`, createdAt: iso(now), expiresAt: iso(expiresAt), status: 'active' };
    },
    async unshare(principal: Principal, id: number, shareId: number): Promise<void> {
      await owned(principal, id);
      if ((await repo.removeShare(id, shareId)) === 0) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    },
    async linkPdf(token: string): Promise<{ name: string; pdf: Buffer }> {
      const solution = await service.byLink(token);
      if (!deps.pdf) throw new AppError(ErrorCode.SERVER_ERROR);
      return { name: solution.name, pdf: await deps.pdf(solution) };
    },
    /** A link's solution, read-only; 412 unknown or revoked, 64 expired. */
    async byLink(token: string): Promise<Solution> {
      const share = await repo.shareByToken(hash(token));
      if (!share) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      if (share.expires_at !== null && share.expires_at <= clock()) throw new AppError(ErrorCode.INVITATION_CODE_EXPIRED);
      const row = await repo.find(share.solution_id);
      if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return toSolution(row, true);
    },

    // design → project
    async toProject(principal: Principal, id: number, projectName: string | undefined): Promise<{ projectId: number; planned: number }> {
      const { row } = await readable(principal, id);
      // the project rule (spec §5: 18 characters, no emoticons): the solution's name is cut to fit
      const name = projectName ?? [...row.name.replace(/\p{Extended_Pictographic}/gu, '')].slice(0, LIMITS.projectNameMaxLength).join('').trim();
      const input = ProjectCreateRequestSchema.safeParse({ projectName: name, netMode: row.type === 'mesh' ? 1 : 0, scenario: PROJECT_SCENARIO[row.scenario as SolutionScenario] ?? 'other' });
      if (!input.success) throw new AppError(ErrorCode.INVALID_PARAMS, { projectName: input.error.issues[0]?.message ?? 'rules.projectName.required' });
      const project = await deps.createProject(principal, input.data);
      const planned = row.lines.flatMap((l) => Array.from({ length: l.quantity }, () => ({ project_id: project.id, solution_id: row.id, model: l.model, kind: l.type })));
      await repo.insertPlanned(planned);
      return { projectId: project.id, planned: planned.length };
    },

    /**
     * The commissioning checklist: planned places per model, the serial numbers bound to them and how
     * many of those are online. A device of a planned model that joined the project (added one by one
     * or imported) takes the first free place of its model; a removed device frees its place.
     */
    async commissioning(projectId: number): Promise<Commissioning> {
      const planned = await repo.planned(projectId);
      const devices = await deps.projectDevices(projectId);
      const bySn = new Map(devices.map((d) => [d.sn, d]));
      const now = clock();
      const gone = planned.filter((p) => p.sn !== null && !bySn.has(p.sn));
      await repo.unbind(gone.map((p) => p.id));
      for (const p of gone) p.sn = null;
      const bound = new Set(planned.map((p) => p.sn).filter((sn): sn is string => sn !== null));
      for (const d of devices) {
        if (bound.has(d.sn)) continue;
        const free = planned.find((p) => p.sn === null && p.model === d.model);
        if (free && (await repo.bind(free.id, d.sn, now))) {
          free.sn = d.sn;
          bound.add(d.sn);
        }
      }
      const models = [...new Set(planned.map((p) => p.model))];
      const items = models.map((model) => {
        const places = planned.filter((p) => p.model === model);
        const sns = places.map((p) => p.sn).filter((sn): sn is string => sn !== null);
        return {
          model,
          type: deviceModel(model)?.type ?? null,
          planned: places.length,
          bound: sns.length,
          online: sns.filter((sn) => isDeviceOnline(bySn.get(sn)?.status ?? 0)).length,
        };
      });
      const sum = (k: 'planned' | 'bound' | 'online') => items.reduce((n, i) => n + i[k], 0);
      return { solutionId: planned[0]?.solution_id ?? null, items, totals: { planned: sum('planned'), bound: sum('bound'), online: sum('online') } };
    },
  };
  return service;
}

export type SolutionsService = ReturnType<typeof createSolutionsService>;
