// Projects with rights (spec §3, §6). A method on one project receives it from the one
// project-access step (http/project-access.ts), which ran can() for the endpoint's action.
import {
  API_LIMITS,
  DEMO_PROJECT_IDS,
  ErrorCode,
  can,
  projectNameKey,
  type Principal,
  type ProjectContext,
  type ProjectCreateRequest,
  type ProjectItem,
  type ProjectUpdateRequest,
} from '@airloom/contracts';
import { AppError } from '../../http/app-error.js';
import { projectContext, type AuthorisedProject, type ProjectAccess } from '../../http/project-access.js';
import type { ProjectRow, ProjectsRepository, ProjectWrite } from './projects.repository.js';

const DEMO_IDS = [DEMO_PROJECT_IDS.WLAN, DEMO_PROJECT_IDS.MESH];

export interface ProjectsServiceDeps {
  repo: ProjectsRepository;
  access: ProjectAccess;
  clock: () => number;
  /** Unbinds a deleted project's devices (devices service), so they can be added elsewhere. */
  releaseDevices?: (projectId: number) => Promise<void>;
}

// The list formats two timestamps per project on every call; the values repeat from call to call.
const isoCache = new Map<number, string>();
function iso(ms: number): string {
  let text = isoCache.get(ms);
  if (text === undefined) {
    if (isoCache.size >= 10_000) isoCache.clear();
    text = new Date(ms).toISOString();
    isoCache.set(ms, text);
  }
  return text;
}

export function toItem(row: ProjectRow, ctx: ProjectContext): ProjectItem {
  // Demo projects are read-only for everybody (spec §1), listed like an invited read-only project.
  const right = ctx.demo || ctx.relation === 'shared-r' ? 'r' : 'rw';
  const company = ctx.relation === 'shared-rw' && row.company_member !== null;
  const property =
    ctx.relation === 'owner' ? 'own' : ctx.relation === 'admin' ? 'managed' : company ? 'company' : ctx.relation === 'shared-rw' ? 'invited-rw' : 'invited-r';
  return {
    id: row.id,
    projectName: row.project_name,
    netMode: row.net_mode as ProjectItem['netMode'],
    scenario: row.scenario as ProjectItem['scenario'],
    location: row.location,
    address: row.address,
    zone: row.zone,
    subtitle: row.subtitle,
    right,
    property,
    isShare: (ctx.relation === 'shared-rw' && !company) || ctx.relation === 'shared-r',
    demo: ctx.demo,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function toWrite(input: Partial<ProjectCreateRequest>): Partial<ProjectWrite> {
  const write: Partial<ProjectWrite> = {};
  if (input.projectName !== undefined) write.project_name = input.projectName;
  if (input.netMode !== undefined) write.net_mode = input.netMode;
  if (input.scenario !== undefined) write.scenario = input.scenario;
  if (input.location !== undefined) write.location = input.location;
  if (input.address !== undefined) write.address = input.address;
  if (input.zone !== undefined) write.zone = input.zone;
  if (input.subtitle !== undefined) write.subtitle = input.subtitle === '' ? null : input.subtitle;
  return write;
}

export interface ProjectList {
  readonly data: { readonly items: readonly ProjectItem[]; readonly total: number };
  /** The `{code:0,data}` envelope, serialised once per cached list. */
  readonly envelope: Buffer;
}

interface CachedList extends ProjectList {
  version: number;
  /** The list changes by itself when the earliest of the caller's shares expires. */
  validUntil: number;
}

/** Lists kept per account; GET /projects is the console's hottest call (bench: 200 projects, 20 at once). */
const LIST_CACHE_SIZE = 500;

export function createProjectsService(deps: ProjectsServiceDeps) {
  const { repo, clock } = deps;
  const lists = new Map<number, CachedList>();

  async function buildList(principal: Principal, version: number, now: number): Promise<CachedList> {
    const rows = await repo.listForAccount(principal.accountId, DEMO_IDS);
    const items: ProjectItem[] = [];
    let validUntil = Number.POSITIVE_INFINITY;
    for (const row of rows) {
      const ctx = projectContext(row, principal.accountId, now);
      if (row.share_expires_at !== null && row.share_expires_at > now) validUntil = Math.min(validUntil, row.share_expires_at);
      if (can(principal, 'project.view', ctx).ok) items.push(toItem(row, ctx));
    }
    const data = { items, total: items.length };
    return { data, envelope: Buffer.from(JSON.stringify({ code: ErrorCode.OK, data })), version, validUntil };
  }

  /** The project as the caller sees it after a write. */
  async function reread(principal: Principal, id: number): Promise<ProjectItem> {
    const { row, ctx } = await deps.access.authorise(principal, id, 'project.view');
    return toItem(row, ctx);
  }

  /**
   * spec §5 + docs/decisions/contracts.md: an owner's project names are unique without regard to
   * case ("Office" and "OFFICE" are one name). Compared here, not in SQL, so SQLite (ASCII-only
   * LOWER) and MySQL (collation) agree for every alphabet.
   */
  async function refuseTakenName(ownerId: number, projectName: string, exceptId?: number): Promise<void> {
    const key = projectNameKey(projectName);
    if ((await repo.ownedNames(ownerId, exceptId)).some((n) => projectNameKey(n) === key)) throw new AppError(ErrorCode.DATA_EXISTS);
  }

  async function accountList(principal: Principal): Promise<CachedList> {
    const version = await repo.version();
    const now = clock();
    const cached = lists.get(principal.accountId);
    if (cached && cached.version === version && now < cached.validUntil) return cached;
    const built = await buildList(principal, version, now);
    lists.delete(principal.accountId);
    if (lists.size >= LIST_CACHE_SIZE) lists.delete(lists.keys().next().value as number);
    lists.set(principal.accountId, built);
    return built;
  }

  return {
    /**
     * Everything the caller may view: own, shared (unexpired) and the two demo projects. Served from
     * a per-account cache while the database's projects version is unchanged (every instance checks
     * it, so a write on any instance is seen at once) and no share of the caller has expired since.
     * The version is read before the rows: a write in between only makes the next call rebuild.
     */
    async list(principal: Principal): Promise<ProjectList> {
      const full = await accountList({ ...principal, apiKey: undefined });
      // an API key for some projects sees those of the account's list; the cache keeps the whole list
      const scope = principal.apiKey?.projects;
      if (!scope) return full;
      const items = full.data.items.filter((p) => scope.includes(p.id));
      const data = { items, total: items.length };
      return { ...full, data, envelope: Buffer.from(JSON.stringify({ code: ErrorCode.OK, data })) };
    },

    get(project: AuthorisedProject): ProjectItem {
      return toItem(project.row, project.ctx);
    },

    async create(principal: Principal, input: ProjectCreateRequest): Promise<ProjectItem> {
      // A live-demo session changes nothing (spec §1), new projects included.
      if (principal.demo) throw new AppError(ErrorCode.DEMO_PROJECT);
      // a key for some projects could not see the project it made (docs/decisions/sharing.md)
      if (principal.apiKey?.projects) throw new AppError(ErrorCode.READ_ONLY_PROJECT);
      if ((await repo.countOwned(principal.accountId)) >= API_LIMITS.projectsPerOwnerMax) throw new AppError(ErrorCode.PROJECT_COUNT_LIMIT);
      await refuseTakenName(principal.accountId, input.projectName);
      const write = toWrite(input) as ProjectWrite;
      const id = await repo.insert({ ...write, subtitle: write.subtitle ?? null, owner_account_id: principal.accountId }, clock());
      return reread(principal, id);
    },

    async update(project: AuthorisedProject, patch: ProjectUpdateRequest): Promise<ProjectItem> {
      const { row } = project;
      const { id } = row;
      if (patch.projectName !== undefined && row.owner_account_id !== null) await refuseTakenName(row.owner_account_id, patch.projectName, id);
      await repo.update(id, toWrite(patch), clock());
      return reread(project.principal, id);
    },

    async remove(project: AuthorisedProject): Promise<void> {
      const { id } = project.row;
      await repo.remove(id);
      await deps.releaseDevices?.(id);
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
