// The main application's first two questions — who is signed in, which remotes are deployed — are
// asked by the entry chunk, so they travel while the app's chunks download and parse instead of
// after (LCP budget, bench/). Each early answer is handed out once, to the first matching GET.
const early = new Map<string, Promise<Response>>();

export const EARLY_URLS = ['/api/v1/auth/me', '/remotes.json'] as const;

export function startEarlyRequests(urls: readonly string[] = EARLY_URLS, fetchImpl: typeof fetch = (i, init) => fetch(i, init)): void {
  for (const url of urls) {
    const response = fetchImpl(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    response.catch(() => {}); // a failure is seen (and retried) by whoever takes it
    early.set(url, response);
  }
}

/** `fetch` that answers a GET for an early URL with the early response, once. */
export function fetchWithEarly(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
  const method = (init?.method ?? 'GET').toUpperCase();
  const response = method === 'GET' ? early.get(url) : undefined;
  if (response) {
    early.delete(url);
    return response;
  }
  return fetch(input, init);
}
