// The shell's entry. It is a plain bundle (no federation plugin, so no async boundary is needed);
// the federation runtime is fetched at once inside the console, never on the login pages. An old
// Internet Explorer already got the notice from legacy-browser.js: start nothing.
import { insideConsole } from './early-start'; // first, on purpose: see early-start.ts
import { startShell } from './bootstrap';
import { loadRemotesList } from './session/remotes-list';

if (!window.__AIRLOOM_UNSUPPORTED_BROWSER__) {
  // The remote being entered starts downloading as soon as the list is in (remotes-list.ts).
  if (insideConsole) loadRemotesList().catch(() => {});
  startShell();
}
