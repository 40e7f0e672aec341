// The multi-instance layout's test (deploy.int.test.ts): `npm run test:deploy` from the repository root.
// Workspace packages resolve to their sources, as in the server packages' suites (vitest.shared.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testReporters, workspaceAlias } from '../../vitest.shared.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // the repository's node_modules, not a new one beside the test
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite/deploy', import.meta.url)),
  resolve: { alias: workspaceAlias },
  test: {
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // starting the layout: a fresh database, a broker, two consoles, two gateways
    hookTimeout: 180_000,
    ...testReporters('deploy'),
  },
});
