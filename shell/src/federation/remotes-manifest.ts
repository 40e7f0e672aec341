// GET /remotes.json → [{name, entry}] (ARCHITECTURE §3), overridable at deploy time. It is a static
// deployment file, not an /api/v1 call with an envelope, so it is read here once, validated, and
// anything malformed is left out rather than breaking the console.
import { RemoteEntrySchema, type RemoteEntry } from '@airloom/contracts';

/** The entries that match contracts' RemoteEntrySchema (the BFF's own check), each name once. */
export function parseRemotesManifest(json: unknown): RemoteEntry[] {
  if (!Array.isArray(json)) return [];
  const seen = new Set<string>();
  const out: RemoteEntry[] = [];
  for (const item of json) {
    const parsed = RemoteEntrySchema.safeParse(item);
    if (!parsed.success || seen.has(parsed.data.name)) continue;
    seen.add(parsed.data.name);
    out.push(parsed.data);
  }
  return out;
}

/**
 * Reads the manifest. An unreachable server rejects (the shell offers to try again); a manifest
 * that is not JSON counts as "no remote deployed".
 */
export async function fetchRemotesManifest(url = '/remotes.json', fetchImpl: typeof fetch = (i, init) => fetch(i, init)): Promise<RemoteEntry[]> {
  const response = await fetchImpl(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-cache' });
  if (response.status === 404) return [];
  if (!response.ok) throw new Error(`remotes manifest: HTTP ${response.status}`);
  try {
    return parseRemotesManifest(await response.json());
  } catch {
    return [];
  }
}
