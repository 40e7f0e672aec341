// ARCHITECTURE §3: the remotes manifest `GET /remotes.json`, one entry per deployed remote.
import { z } from 'zod';

export const RemoteEntrySchema = z.object({
  /** remote name without the `mfe-` prefix, e.g. 'overview' */
  name: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/),
  /** URL of the remote's mf-manifest.json (or remoteEntry.js): site-relative or absolute http(s) */
  entry: z.string().min(1).refine((v) => v.startsWith('/') || /^https?:\/\//.test(v)),
});
export type RemoteEntry = z.output<typeof RemoteEntrySchema>;

export const RemotesManifestSchema = z.array(RemoteEntrySchema);
export type RemotesManifest = z.output<typeof RemotesManifestSchema>;
