// Shared vitest settings: workspace packages resolve to their TypeScript sources.
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// A package's `/testing` entry comes before the package, which would otherwise match it as a prefix.
export const workspaceAlias = {
  '@airloom/contracts/config': here('./contracts/src/config/index.ts'),
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

/**
 * Reporters for `npm test`: when AIRLOOM_TEST_REPORT_DIR is set, each package also writes a JSON report
 * that scripts/test.mjs sums into the closing "N passed, N failed" line.
 */
export function testReporters(name: string): { reporters?: string[]; outputFile?: Record<string, string> } {
  const dir = process.env.AIRLOOM_TEST_REPORT_DIR;
  return dir ? { reporters: ['default', 'json'], outputFile: { json: `${dir}/${name}.json` } } : {};
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
      ...testReporters(name),
    },
  };
}
