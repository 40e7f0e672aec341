import { defineConfig } from 'vitest/config';
import { testReporters } from '../vitest.shared.ts';

// Browser flows: one console for the whole run (started in global-setup.ts), flows run one after another.
export default defineConfig({
  test: {
    include: ['flows/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    ...testReporters('e2e'),
  },
});
