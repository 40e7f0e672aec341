// Imported first by main.ts and importing nothing heavy, so it runs before the rest of the entry
// chunk is evaluated: inside the console, ask who is signed in and which remotes are deployed while
// the shell's own code still evaluates (LCP budget, bench/).
import { startEarlyRequests } from './early-requests';
import { prepareRuntime } from './federation/runtime';
import { loadMainApp } from './session/load-main-app';

declare global {
  interface Window { __AIRLOOM_UNSUPPORTED_BROWSER__?: boolean }
}

export const insideConsole = !window.__AIRLOOM_UNSUPPORTED_BROWSER__ && !window.location.pathname.startsWith('/static/');

if (insideConsole) {
  startEarlyRequests();
  // the console's chunk and the federation runtime download while the rest of this chunk evaluates
  loadMainApp().catch(() => {});
  prepareRuntime();
}
