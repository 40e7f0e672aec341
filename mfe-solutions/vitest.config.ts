import { defineConfig } from 'vitest/config';
import { domTestSetup, testReporters, workspaceAlias } from '../vitest.shared.ts';

export default defineConfig({
  resolve: { alias: workspaceAlias },
  test: {
    ...testReporters('mfe-solutions'),
    environment: 'happy-dom',
    setupFiles: [domTestSetup],
    include: ['src/**/*.test.{ts,tsx}'],
    // one DOM and one import of the remote per worker, not per file (docs/decisions/platform.md)
    isolate: false,
  },
});
