// GET /remotes.json → [{name, entry}] (ARCHITECTURE §3), overridable at deploy time. It is a static
// deployment file, not an /api/v1 call with an envelope, so it is read here once, validated, and
// anything malformed is left out rather than breaking the console.
import type { RemoteInfo } from '../state/shell-store';

const NAME = /^[a-z][a-z0-9_-]{0,63}$/;

export function parseRemotesManifest(json: unknown): RemoteInfo[] {
  if (!Array.isArray(json)) return [];
  const seen = new Set<string>();
  const out: RemoteInfo[] = [];
  for (const item of json) {
    if (typeof item !== 'object' || item === null) continue;
    const { name, entry } = item as Record<string, unknown>;
    if (typeof name !== 'string' || !NAME.test(name) || typeof entry !== 'string' || entry.length === 0 || seen.has(name)) continue;
    seen.add(name);
    out.push({ name, entry });
  }
  return out;
}

/**
 * Reads the manifest. An unreachable server rejects (the shell offers to try again); a manifest
 * that is not JSON counts as "no remote deployed".
 */
export async function fetchRemotesManifest(url = '/remotes.json', fetchImpl: typeof fetch = (i, init) => fetch(i, init)): Promise<RemoteInfo[]> {
  const response = await fetchImpl(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-cache' });
  if (response.status === 404) return [];
  if (!response.ok) throw new Error(`remotes manifest: HTTP ${response.status}`);
  try {
    return parseRemotesManifest(await response.json());
  } catch {
    return [];
  }
}
