import { defineConfig } from 'vitest/config';
import { testReporters, workspaceAlias } from '../vitest.shared.ts';

export default defineConfig({
  resolve: { alias: workspaceAlias },
  test: {
    ...testReporters('mfe-dashboard'),
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
