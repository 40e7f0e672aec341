// Imported first by main.ts, so it runs before the rest of the entry chunk is evaluated: inside the
// console, ask who is signed in and which remotes are deployed, and start downloading the remote
// being entered, while the shell's own code still evaluates (LCP budget, bench/).
import { startEarlyRequests } from './early-requests';
import { loadRemotesList } from './session/remotes-list';

declare global {
  interface Window { __AIRLOOM_UNSUPPORTED_BROWSER__?: boolean }
}

if (!window.__AIRLOOM_UNSUPPORTED_BROWSER__ && !window.location.pathname.startsWith('/static/')) {
  startEarlyRequests();
  loadRemotesList().catch(() => {});
}
