// Standalone entry: the designer without the shell, for partner portals that frame it
// (docs/solutions-embedding.md). The async boundary lets Module Federation resolve the shared
// singletons before React starts.
void import('./app').then(({ remote }) => remote.standalone());
