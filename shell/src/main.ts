// The shell's entry. Its shared singletons are eager (rspack.config.js), so no async boundary is
// needed. An old Internet Explorer already got the notice from legacy-browser.js: start nothing.
import './early-start'; // first, on purpose: see early-start.ts
import { startShell } from './bootstrap';

if (!window.__AIRLOOM_UNSUPPORTED_BROWSER__) startShell();
