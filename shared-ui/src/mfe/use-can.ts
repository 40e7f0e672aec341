// The one adapter from the shell's session + project to contracts' can() (ARCHITECTURE §3, §4:
// "The UI hides what the server would refuse, using the same can()").
import {
  can,
  deviceContext,
  ErrorCode,
  errorMessage,
  text,
  isDemoProject,
  type MeResponse,
  type Action,
  type Decision,
  type Principal,
  type ProjectContext,
} from '@airloom/contracts';
import { useMfe } from './context';
import type { ProjectRef } from './props';

/** What can() needs to know of a device (a list row or its details). */
export type DeviceFacts = Parameters<typeof deviceContext>[0];

export function principalOf(session: MeResponse): Principal {
  // accountId plays no part in the decision: the project's relation already says whose it is.
  return { accountId: 0, role: session.role, demo: session.demo };
}

export function projectContextOf(project: ProjectRef): ProjectContext {
  // A project the shell holds was listed for this user, so a share is an active one (the server
  // leaves expired shares out of the list and refuses them anyway).
  const relation = project.owner ? 'owner' : project.admin ? 'admin' : project.right === 'rw' ? 'shared-rw' : 'shared-r';
  return { id: project.id, relation, shareExpired: false, demo: isDemoProject(project.id) };
}

/** can() for the current project, and one of its devices when given. */
export function decide(session: MeResponse, project: ProjectRef | null, action: Action, device?: DeviceFacts): Decision {
  // Without a project nothing project-scoped can be done (the shell asks for one first).
  if (!project) return { ok: false, code: ErrorCode.DATA_NOT_FOUND };
  const context = projectContextOf(project);
  return can(principalOf(session), action, device ? { ...context, device: deviceContext(device) } : context);
}

/** Whether the server would allow `action` on the current project (and device), and if not, why. */
export function useCan(action: Action, device?: DeviceFacts): Decision {
  const { session, project } = useMfe();
  return decide(session, project, action, device);
}

const REFUSAL_TEXT: Partial<Record<number, string>> = {
  [ErrorCode.DEMO_PROJECT]: 'apiErrors.common.demoProject',
  [ErrorCode.READ_ONLY_PROJECT]: 'apiErrors.common.readOnlyProject',
  [ErrorCode.DATA_NOT_FOUND]: 'apiErrors.common.projectNotFound',
};

/** The sentence a person reads for a refusal of can(): the API's own sentence where it has one. */
export function refusalText(code: number): string {
  const key = REFUSAL_TEXT[code];
  return key ? text(key) : errorMessage(code);
}
