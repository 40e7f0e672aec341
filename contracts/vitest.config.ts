import { defineConfig } from 'vitest/config';
import { testReporters, workspaceAlias } from '../vitest.shared.ts';

export default defineConfig({
  resolve: { alias: workspaceAlias },
  test: { ...testReporters('contracts'), environment: 'node', include: ['src/**/*.test.ts'] },
});
