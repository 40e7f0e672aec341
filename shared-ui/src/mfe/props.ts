// The contract between the shell and every remote (ARCHITECTURE §3).
// Remotes never read tokens or storage themselves: all they know comes through these props.
import type { ApiClient } from '../api/client';

/** The signed-in account, as `GET /api/v1/auth/me` answers it. */
export interface SessionInfo {
  account: string;
  nick: string;
  role: number;
  demo: boolean;
}

/** spec §3 client-side project: kept per browser session by the shell. */
export interface ProjectRef {
  id: number;
  right: 'rw' | 'r';
  netMode: 0 | 1;
  projectName: string;
}

/** spec §4 saving overlay states; `end` hides the overlay. */
export type OverlayState = 'end' | 'saving' | 'loading' | 'uploading' | 'jumping';

export interface MfeProps {
  session: SessionInfo;
  /** The project the user is working in, or null on the overview pages. */
  project: ProjectRef | null;
  /** Drives the shell's full-screen loading overlay. */
  setLoading(state: OverlayState): void;
  /** Navigates inside the console (any route, shell or remote). */
  navigate(to: string): void;
  /** Makes a project the current one (e.g. "open" from the project list). */
  openProject(project: ProjectRef): void;
  /** The one API client, configured by the shell (401 → login). */
  api: ApiClient;
}
