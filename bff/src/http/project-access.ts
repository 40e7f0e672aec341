// The one project-access step (ARCHITECTURE §4): every project-scoped endpoint loads the project as
// the caller sees it and asks contracts' can() for the endpoint's declared action before its service
// runs. An unknown id answers like a stranger's project (412), so existence is never revealed.
import { can, ErrorCode, isDemoProject, isViewAction, type Action, type Principal, type ProjectContext } from '@airloom/contracts';
import type { ProjectRow, ProjectsRepository } from '../modules/projects/projects.repository.js';
import { AppError } from './app-error.js';

/** A project the caller passed the access step for, with what the step learnt. */
export interface AuthorisedProject {
  readonly principal: Principal;
  readonly row: ProjectRow;
  readonly ctx: ProjectContext;
}

/**
 * How the caller reaches the project, the strongest way first: owner; admin of the engineer who owns
 * it; engineer of the company that owns it (as a permanent read-write guest, no share); a share.
 */
export function projectContext(row: ProjectRow, accountId: number, now: number): ProjectContext {
  const id = row.id;
  const demo = isDemoProject(id);
  if (row.owner_account_id === accountId) return { id, relation: 'owner', shareExpired: false, demo };
  if (row.company_admin !== null) return { id, relation: 'admin', shareExpired: false, demo };
  if (row.company_member !== null) return { id, relation: 'shared-rw', shareExpired: false, demo };
  const relation = row.share_right === 'rw' ? 'shared-rw' : row.share_right === 'r' ? 'shared-r' : 'stranger';
  return { id, relation, shareExpired: row.share_expires_at !== null && row.share_expires_at <= now, demo };
}

export function createProjectAccess(deps: {
  projects: Pick<ProjectsRepository, 'findForAccount'>;
  clock: () => number;
  /** spec §4: whether an RF optimisation is running in the project (it blocks configuration changes: 27) */
  rfOptimising?: (projectId: number) => Promise<boolean>;
}) {
  return {
    async authorise(principal: Principal, projectId: number, action: Action): Promise<AuthorisedProject> {
      const row = await deps.projects.findForAccount(projectId, principal.accountId);
      if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      const ctx = projectContext(row, principal.accountId, deps.clock());
      // asked only for writes: a page that reads pays no extra query
      if (deps.rfOptimising && !isViewAction(action)) ctx.rfOptimising = await deps.rfOptimising(projectId);
      const decision = can(principal, action, ctx);
      if (!decision.ok) throw new AppError(decision.code);
      return { principal, row, ctx };
    },
  };
}

export type ProjectAccess = ReturnType<typeof createProjectAccess>;
