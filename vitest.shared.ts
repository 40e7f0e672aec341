// Shared vitest settings: workspace packages resolve to their TypeScript sources.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Reporter } from 'vitest/node';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// A package's `/testing` entry comes before the package, which would otherwise match it as a prefix.
export const workspaceAlias = {
  '@airloom/contracts/config': here('./contracts/src/config/index.ts'),
  '@airloom/contracts/regions': here('./contracts/src/domain/regions.ts'),
  '@airloom/contracts': here('./contracts/src/index.ts'),
  '@airloom/shared-ui/testing': here('./shared-ui/src/testing.ts'),
  '@airloom/shared-ui/remote': here('./shared-ui/src/remote.ts'),
  '@airloom/shared-ui': here('./shared-ui/src/index.ts'),
  '@airloom/usp': here('./usp/src/index.ts'),
  '@airloom/gateway/testing': here('./gateway/src/testing.ts'),
  '@airloom/gateway/public': here('./gateway/src/public.ts'),
  '@airloom/gateway': here('./gateway/src/index.ts'),
  '@airloom/device-sim': here('./device-sim/src/index.ts'),
};

/** Setup file of the front-end packages' tests (happy-dom): shared-ui/src/test/dom-setup.ts */
export const domTestSetup = here('./shared-ui/src/test/dom-setup.ts');

/**
 * Reporters for `npm test`: when AIRLOOM_TEST_REPORT_DIR is set, each package also writes a JSON report
 * that scripts/test.mjs sums into the closing "N passed, N failed" line.
 */
export function testReporters(name: string): { reporters?: (string | Reporter)[]; outputFile?: Record<string, string> } {
  const dir = process.env.AIRLOOM_TEST_REPORT_DIR;
  // a package whose suites run in two processes side by side names each part (AIRLOOM_TEST_REPORT_PART)
  const part = process.env.AIRLOOM_TEST_REPORT_PART ? `-${process.env.AIRLOOM_TEST_REPORT_PART}` : '';
  return dir
    ? { reporters: ['default', 'json', retriedTests(`${dir}/${name}${part}.retried`)], outputFile: { json: `${dir}/${name}${part}.json` } }
    : {};
}

/**
 * Writes the tests that passed only when run again (`retry`) to `file`, one per line, so the run's
 * closing lines name them: a retry keeps a loaded machine from failing a run, never hides that it happened.
 */
function retriedTests(file: string): Reporter {
  const retried: string[] = [];
  return {
    onTestCaseResult(test) {
      const diagnostic = test.diagnostic();
      if (diagnostic?.flaky) retried.push(`${test.module.moduleId} > ${test.fullName} (passed on try ${diagnostic.retryCount + 1})`);
    },
    onTestRunEnd() {
      if (retried.length) writeFileSync(file, `${retried.join('\n')}\n`);
    },
  };
}

/**
 * Test settings of a server package (bff, gateway, device-sim, usp). Suites share the machine's
 * MariaDB and Mosquitto and each creates its own database or broker; running files one by one keeps
 * the 2-core machine responsive and timing-sensitive suites stable.
 */
export function serverTestConfig(name: string) {
  return {
    resolve: { alias: workspaceAlias },
    test: {
      environment: 'node' as const,
      include: ['src/**/*.test.ts'],
      fileParallelism: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // CI runs these suites beside the browser flows on two cores, as e2e/vitest.config.ts says: a test
      // that waited past its deadline there is run once more, and the run's closing lines name it
      retry: process.env.CI ? 1 : 0,
      ...testReporters(name),
    },
  };
}
