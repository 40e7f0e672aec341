// The signed-in console (layout, menu, federation with single-spa) is a chunk of its own: the login
// pages never fetch it, and inside the console main.ts asks for it at once, beside /auth/me and
// /remotes.json, so its first paint waits for no extra round trip (bench: shell JS, LCP).
let pending: Promise<typeof import('./MainApp')> | undefined;

export function loadMainApp(): Promise<typeof import('./MainApp')> {
  pending ??= import('./MainApp').catch((err: unknown) => {
    pending = undefined; // a reload of the page tries again
    throw err;
  });
  return pending;
}
