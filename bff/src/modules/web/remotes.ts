// The remotes list (ARCHITECTURE §3): by default every built remote under STATIC_ROOT
// (`mfe-<name>/dist/mf-manifest.json`), or the deploy-time file named by REMOTES_MANIFEST.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RemotesManifestSchema, type RemotesManifest } from '@airloom/contracts';

export interface LocalRemote {
  name: string;
  dist: string;
}

/** Built remotes found on disk; each is served at /remotes/<name>/. */
export function discoverRemotes(staticRoot: string): LocalRemote[] {
  if (!existsSync(staticRoot)) return [];
  return readdirSync(staticRoot, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^mfe-[a-z0-9-]+$/.test(d.name))
    .map((d) => ({ name: d.name.slice('mfe-'.length), dist: path.join(staticRoot, d.name, 'dist') }))
    .filter((r) => existsSync(path.join(r.dist, 'mf-manifest.json')))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The manifest served at /remotes.json. A broken REMOTES_MANIFEST stops the start with a clear message. */
export function loadRemotesManifest(manifestFile: string | undefined, local: readonly LocalRemote[]): RemotesManifest {
  if (!manifestFile) return local.map((r) => ({ name: r.name, entry: `/remotes/${r.name}/mf-manifest.json` }));
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch (err) {
    throw new Error(`REMOTES_MANIFEST ${manifestFile} cannot be read as JSON: ${(err as Error).message}`, { cause: err });
  }
  const parsed = RemotesManifestSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`REMOTES_MANIFEST ${manifestFile} is not a list of {name, entry}: ${parsed.error.message}`);
  return parsed.data;
}

/** Origins of absolute remote entries (a CDN): the CSP must allow scripts from them. */
export function remoteOrigins(manifest: RemotesManifest): string[] {
  const origins = new Set<string>();
  for (const r of manifest) if (/^https?:\/\//.test(r.entry)) origins.add(new URL(r.entry).origin);
  return [...origins];
}
