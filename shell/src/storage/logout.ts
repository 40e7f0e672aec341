// spec §4 logout sequence, step by step. Step 1 ("remove the token of the account") is the
// server's job: the token is an HttpOnly cookie that only POST /auth/logout can remove.
import { API } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';
import type { ClientStorage } from './client-storage';

export const LOGIN_PATH = '/static/lrf';

export interface LogoutDeps {
  api: ApiClient;
  storage: ClientStorage;
  /** Leaves the console for the login page (a full page load, so no remote keeps state). */
  go(path: string): void;
}

export async function logout({ api, storage, go }: LogoutDeps): Promise<void> {
  // 1. remove the token of the account (server side). If the server cannot be reached the local
  //    state is cleared anyway: the user asked to leave, and the cookie expires on its own.
  try {
    await api.call(API.auth.logout);
  } catch {
    // nothing more to do: see above
  }
  // 2. clear project and project name, last account, last nick, access type, right width,
  //    float coordinates, float status and topology tips.
  storage.clearProject();
  storage.clearLastAccount();
  storage.clearLastNick();
  storage.clearAccessType();
  storage.clearRightWidth();
  storage.clearFloatCoordinates();
  storage.clearFloatStatus();
  storage.clearTopologyTips();
  // 3. set showUpgradeAlertInfo to true.
  storage.setShowUpgradeAlertInfo(true);
  // 4. clear the global storage.
  storage.clearGlobalStorage();
  // then back to the login page.
  go(LOGIN_PATH);
}
