import { defineConfig } from 'vitest/config';
import { testReporters, workspaceAlias } from '../vitest.shared.ts';

export default defineConfig({
  resolve: { alias: workspaceAlias },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Suites share the machine's MariaDB and each creates its own database; running files one by one
    // keeps the 2-core machine responsive and makes timing-sensitive auth tests stable.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    ...testReporters('bff'),
  },
});
