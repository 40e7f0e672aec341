// The contract between the shell and every remote (ARCHITECTURE §3).
// Remotes never read tokens or storage themselves: all they know comes through these props.
import type { LoadingState, MeResponse, ProjectItem } from '@airloom/contracts';
import type { ApiClient } from '../api/client';

/**
 * spec §3 client-side project `{id, right, netMode, projectName}`, kept per browser session by the
 * shell, plus whether the user owns it: `right: 'rw'` alone cannot tell an owner from a read-write
 * share, and only an owner may delete, share or transfer (spec §6).
 */
export interface ProjectRef {
  id: number;
  right: 'rw' | 'r';
  netMode: 0 | 1;
  projectName: string;
  owner: boolean;
  /** the management account of the company whose engineer owns the project (spec §6 admin share role) */
  admin?: boolean;
}

/** The project context of a listed project (`GET /projects` item). */
export function projectRefOf(item: Pick<ProjectItem, 'id' | 'right' | 'netMode' | 'projectName' | 'property'>): ProjectRef {
  // `admin` only where it holds, so the stored project of everybody else keeps its spec §3 shape
  return { id: item.id, right: item.right, netMode: item.netMode, projectName: item.projectName, owner: item.property === 'own', ...(item.property === 'managed' ? { admin: true } : {}) };
}

/**
 * spec §3 client-side stored data "table shrink settings per account": the columns the signed-in
 * user hid in each table, kept by the shell (remotes never touch storage themselves).
 */
export interface TableColumnSettings {
  /** null when the user never chose for this table */
  hidden(tableId: string): string[] | null;
  setHidden(tableId: string, hidden: string[]): void;
}

export interface MfeProps {
  /** the signed-in account, as `GET /api/v1/auth/me` answers it (contracts' one type for it) */
  session: MeResponse;
  /** The project the user is working in, or null on the overview pages. */
  project: ProjectRef | null;
  /** Drives the shell's full-screen loading overlay (spec §4 states; `end` hides it). */
  setLoading(state: LoadingState): void;
  /** Navigates inside the console (any route, shell or remote). */
  navigate(to: string): void;
  /** Makes a project the current one (e.g. "open" from the project list). */
  openProject(project: ProjectRef): void;
  /** The one API client, configured by the shell (401 → login). */
  api: ApiClient;
  /** Absent outside the shell (standalone, tests): a column choice then lasts while the page is open. */
  tableColumns?: TableColumnSettings;
  /** Per-account settings the shell keeps in the browser (spec §3); absent in a standalone entry. */
  preferences?: AccountPreferences;
}

export interface AccountPreferences {
  /** The account hid the demo projects from its overview and project picker. */
  hideDemoProjects: boolean;
  setHideDemoProjects(hide: boolean): void;
}
