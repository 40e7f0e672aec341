// What the UI offers on a project mirrors the server's decision: the same can() of contracts
// (ARCHITECTURE §4 "The UI hides what the server would refuse").
import { can, type Action, type ProjectContext, type Relation, type AccountRoleValue } from '@airloom/contracts';
import type { ProjectRef, SessionInfo } from '@airloom/shared-ui';
import type { ProjectItem } from './api';

const RELATION_OF_PROPERTY: Record<ProjectItem['property'], Relation> = {
  own: 'owner',
  'invited-rw': 'shared-rw',
  'invited-r': 'shared-r',
};

function projectContext(item: ProjectItem): ProjectContext {
  // A listed share is an active one: the server leaves expired shares out of the list.
  return { id: item.id, relation: RELATION_OF_PROPERTY[item.property], shareExpired: false, demo: item.demo };
}

export function allowed(session: SessionInfo, action: Action, item: ProjectItem): boolean {
  // accountId is not needed for the decision (relation already says whose project it is).
  const principal = { accountId: 0, role: session.role as AccountRoleValue, demo: session.demo };
  return can(principal, action, projectContext(item)).ok;
}

/** The shell's project context of spec §3 (client-side stored project). */
export function toProjectRef(item: ProjectItem): ProjectRef {
  return { id: item.id, right: item.right, netMode: item.netMode, projectName: item.projectName };
}
