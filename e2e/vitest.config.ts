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
    // a flow's expect.poll waits for what a user would see; vitest's 1 s default is a timing assert on
    // two loaded cores (a layout read after a resize took longer than that in a CI run of 29 Nov)
    expect: { poll: { timeout: 10_000 } },
    // CI runs the flows beside every other suite on two cores; a flow that times out there is run once
    // more, and the run's closing lines name it (vitest.shared.ts, retriedTests)
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 120_000,
    ...testReporters('e2e'),
  },
});
