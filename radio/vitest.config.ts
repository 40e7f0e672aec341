import { defineConfig } from 'vitest/config';
import { testReporters } from '../vitest.shared.ts';

// Pure math: no database or broker, so files may run in parallel.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    ...testReporters('radio'),
  },
});
