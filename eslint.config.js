// One lint config for the monorepo. The boundary rules are ARCHITECTURE §1's table as allow-lists:
// each package may import only the workspace packages listed for it (and its own files); contracts
// imports zod only; radio imports nothing; no remote imports another; server packages import no
// React; the BFF reaches the gateway through `@airloom/gateway/public` only. Breaking one fails
// `npm run lint` (bff/src/boundaries.test.ts shows each rule firing).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const remotes = ['mfe-overview', 'mfe-network', 'mfe-devices', 'mfe-wireless', 'mfe-data', 'mfe-solutions', 'mfe-dashboard'];
const packages = ['contracts', 'usp', 'radio', 'shared-ui', 'shell', ...remotes, 'bff', 'gateway', 'device-sim', 'e2e', 'bench'];
const serverPackages = ['bff', 'gateway', 'device-sim', 'usp'];
const reactPackages = ['react', 'react-dom', 'react-router', 'styled-components', 'react-i18next', 'i18next'];
const TESTS = ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/testing/**', 'src/testing.ts', 'src/test-harness.tsx', 'src/test-setup.ts', 'vitest.config.ts'];

/** Workspace imports allowed per package (ARCHITECTURE §1); `x/*` allows x's named subpaths too. */
const MAY_IMPORT = {
  contracts: [],
  usp: ['contracts/*'],
  radio: [],
  'shared-ui': ['contracts/*', 'shared-ui/*'],
  shell: ['contracts/*', 'shared-ui/*'],
  ...Object.fromEntries(remotes.map((r) => [r, ['contracts/*', 'shared-ui/*', 'radio']])),
  bff: ['contracts/*', 'gateway/public', 'radio'],
  gateway: ['contracts/*', 'usp', 'radio'],
  'device-sim': ['contracts/*', 'usp', 'radio'],
};

/** What tests (and the listed process entries) may use beyond their package's list. */
const EXTRA = {
  tests: { bff: ['gateway/testing', 'device-sim'], gateway: ['device-sim'], shell: [], 'shared-ui': [] },
  // the BFF's process entry runs the demo fleet in the embedded default (docs/decisions/platform.md)
  entries: { 'bff/src/main.ts': ['device-sim'], 'bff/src/runtime/demo-fleet.ts': ['device-sim'], 'bff/src/runtime/demo-config.ts': ['device-sim'] },
};

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const allowedName = (entry) => (entry.endsWith('/*') ? `${escape(entry.slice(0, -2))}(/[a-z-]+)?$` : `${escape(entry)}$`);

/** `tests`: test files use a test runner beside what the package may import. */
function boundaries(pkg, allow, tests = false) {
  const others = packages.filter((p) => p !== pkg).map(escape).join('|');
  const patterns = [
    {
      regex: allow.length ? `^@airloom/(?!(${allow.map(allowedName).join('|')}))` : '^@airloom/',
      message: `ARCHITECTURE §1: ${pkg} may import ${allow.length ? allow.map((a) => `@airloom/${a}`).join(', ') : 'no workspace package'} only.`,
    },
    { regex: `^(\\.\\./)+(${others})/`, message: 'ARCHITECTURE §1: reach another package through its package name, never a relative path.' },
  ];
  if (pkg === 'contracts' && !tests) patterns.push({ regex: '^(?!zod$|\\.)', message: 'ARCHITECTURE §1: contracts imports zod only.' });
  if (pkg === 'radio' && !tests) patterns.push({ regex: '^(?!\\.)', message: 'ARCHITECTURE §1: radio/ imports nothing but its own files.' });
  if (serverPackages.includes(pkg)) {
    patterns.push({ regex: `^(${reactPackages.map(escape).join('|')})(/|$)`, message: 'ARCHITECTURE §1: server packages import no React.' });
  }
  return ['error', { patterns }];
}

const ruled = Object.keys(MAY_IMPORT);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': true, 'ts-expect-error': 'allow-with-description' }],
    },
  },
  ...ruled.map((pkg) => ({
    files: [`${pkg}/**/*.{ts,tsx,js,mjs}`],
    rules: { 'no-restricted-imports': boundaries(pkg, MAY_IMPORT[pkg]) },
  })),
  ...ruled.map((pkg) => ({
    files: TESTS.map((t) => `${pkg}/${t}`),
    rules: { 'no-restricted-imports': boundaries(pkg, [...MAY_IMPORT[pkg], ...(EXTRA.tests[pkg] ?? []), pkg, `${pkg}/*`], true) },
  })),
  ...Object.entries(EXTRA.entries).map(([file, extra]) => {
    const pkg = file.split('/')[0];
    return { files: [file], rules: { 'no-restricted-imports': boundaries(pkg, [...MAY_IMPORT[pkg], ...extra]) } };
  }),
);
