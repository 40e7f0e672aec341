import { defineConfig } from 'vitest/config';
import { domTestSetup, testReporters, workspaceAlias } from '../vitest.shared.ts';

export default defineConfig({
  resolve: { alias: workspaceAlias },
  define: { __AIRLOOM_FLAGS__: JSON.stringify(['beta']) },
  test: {
    ...testReporters('shell'),
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'public/**/*.test.{ts,tsx}'],
    setupFiles: [domTestSetup, './src/test-setup.ts'],
  },
});
