// Async boundary (Module Federation): the shared singletons are negotiated before any app code
// runs. An old Internet Explorer already got the notice from legacy-browser.js: start nothing.
declare global {
  interface Window { __AIRLOOM_UNSUPPORTED_BROWSER__?: boolean }
}

if (!window.__AIRLOOM_UNSUPPORTED_BROWSER__) void import('./bootstrap');

export {};
